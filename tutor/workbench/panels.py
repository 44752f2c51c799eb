"""The workbench's panels in words: the hand's shape, its riichi score and
its MCR score, each a list of lines in one language.

Every sentence comes from the catalogue (`workbench.*` keys); names of fu
lines, yaku, fans and waits come from `tutor.quiz.names`, as everywhere
else in the app.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.analysis import Analysis
from tutor.engine.efficiency import DiscardOption, TileCount
from tutor.engine.mcr.fans import Fan
from tutor.engine.mcr.score import McrScore
from tutor.engine.mcr.settlement import MINIMUM_POINTS
from tutor.engine.notation import NotationError, format_decomposition
from tutor.engine.refusal import Detail
from tutor.engine.riichi.fu import FuLine
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.rules import Rules
from tutor.engine.tiles import Tile
from tutor.locale import joined, render, text
from tutor.locale.fan_names import fan_name
from tutor.locale.fan_tiles import fan_tiles
from tutor.locale.message import listed, render_value
from tutor.quiz.faces import columns, face, faces_in_text
from tutor.quiz.names import (
    FLAG_NAMES,
    FU_ITEMS,
    PRINCIPLE_NAMES,
    SHAPE_NAMES,
    WAIT_NAMES,
    YAKU_NAMES,
    YAKUMAN_NAMES,
    limit_message,
    tile_kinds,
)
from tutor.workbench.analysis import Outcome, WorkbenchAnalysis

DISCARDS_SHOWN = 5
"""Discards listed for a 14-tile hand, best first; the rest are counted in one
line, so that the table still fits the tab of an 80x24 screen."""


@dataclass(frozen=True, slots=True)
class DiscardRow:
    """One discard of a 14-tile hand: the shanten after it, its ukeire in
    words, and the tiles of that ukeire (drawn as tiles by the screen)."""

    discard: Tile
    words: str
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Efficiency:
    """Shanten and ukeire of one rule family's reading of the hand.

    For 13 tiles: the shanten sentence, the ukeire sentence and the ukeire
    tiles with their unseen copies.  For 14 tiles: the shanten sentence, a
    heading, the best discards and how many more there are."""

    shanten: str
    ukeire: str = ""
    ukeire_tiles: tuple[TileCount, ...] = ()
    discards_heading: str = ""
    discards: tuple[DiscardRow, ...] = ()
    more: str = ""


@dataclass(frozen=True, slots=True)
class Panels:
    """What the workbench shows for one analysis, in one language."""

    summary: str
    shape: dict[Rules, list[str]]
    riichi: list[str]
    mcr: list[str]
    efficiency: dict[Rules, Efficiency]


WAIT_WIDTH = 3
"""Columns for a waiting tile's face ("4萬" takes three, "中" two), so that the wait names line up."""


KAN = 4
"""The most tiles a set has."""


def in_column(line: FuLine) -> bool:
    """Whether a fu line's tiles stand in the tiles column: a set's, a pair's
    or a wait's do; seven pairs count the whole hand, wider than any set,
    whose tiles follow the name instead."""
    return len(line.group) <= KAN


def padded(faces: str, width: int) -> str:
    """Faces padded with spaces to `width` terminal columns."""
    return faces + " " * (width - columns(faces))


def problem_text(problem: NotationError, language: str) -> str:
    """A notation problem as a whole sentence with its column, by the
    reader's own code for it."""
    what = text(language, f"workbench.error.{problem.code}", fragment=problem.fragment, count=problem.count)
    if problem.column:
        return text(language, "workbench.error_at", column=problem.column, problem=what)
    return what


def summary_text(analysis: WorkbenchAnalysis, language: str) -> str:
    if analysis.problem is not None:
        return problem_text(analysis.problem, language)
    if analysis.hand is None:
        return text(language, "workbench.empty")
    count = analysis.tile_count
    if count not in (13, 14):
        return text(language, "workbench.count_partial", count=count)
    if count == 13:
        return text(language, "workbench.count_waiting", count=count)
    tile = face(analysis.win) if analysis.win is not None else "-"
    key = "workbench.count_won_tsumo" if analysis.settings.tsumo else "workbench.count_won_ron"
    return text(language, key, count=count, tile=tile)


def shape_lines(shape: Analysis, language: str) -> list[str]:
    rules = shape.rules.value
    if shape.hand.tile_count == 13:
        # MCR words it as lesson m01 teaches (ready, 팅파이), riichi as r03 (tenpai, 텐파이).
        suffix = "_mcr" if shape.rules is Rules.MCR else ""
        if not shape.tenpai:
            return [text(language, f"workbench.not_tenpai{suffix}")]
        lines = [text(language, f"workbench.tenpai{suffix}", count=len(shape.waits))]
        for wait in shape.waits:
            kinds = render(listed(WAIT_NAMES.name(kind.value) for kind in wait.kinds), language)
            lines.append(f"  {padded(face(wait.tile), WAIT_WIDTH)} {kinds}")
        return lines
    if shape.complete:
        lines = [text(language, "workbench.complete", count=len(shape.decompositions))]
        for number, reading in enumerate(shape.decompositions, 1):
            name = render(SHAPE_NAMES[rules].name(reading.shape.value), language)
            lines.append(f"  {number}. {faces_in_text(format_decomposition(reading))}  ({name})")
    else:
        lines = [text(language, "workbench.not_complete")]
    # The analysis lists every discard (for the efficiency table); here only those that leave waits.
    keeping = [option for option in shape.discards if option.waits]
    if keeping:
        lines.append(text(language, "workbench.discards"))
        # One wrapped line, not one line per discard: a complete hand often has ten.
        lines.append(
            "  "
            + ";  ".join(
                f"{face(option.discard)} → {' '.join(face(wait.tile) for wait in option.waits)}" for option in keeping
            )
        )
    elif not shape.complete:
        lines.append(text(language, "workbench.no_discard"))
    return lines


def shanten_text(shape: Analysis, language: str) -> str:
    """The least shanten and each shape's own figure, by the shape names of the hand's rule family."""
    names = SHAPE_NAMES[shape.rules.value]
    figures = "; ".join(
        text(language, "workbench.shape_shanten", shape=names.name(name), shanten=figure)
        for name, figure in shape.shanten.by_shape().items()
    )
    return text(language, "workbench.shanten", shanten=shape.shanten.shanten, shapes=figures)


def discard_row(option: DiscardOption, language: str) -> DiscardRow:
    words = text(language, "workbench.discard_row", shanten=option.shanten, count=option.ukeire.count)
    return DiscardRow(option.discard, words, tuple(item.tile for item in option.ukeire.tiles))


def efficiency(shape: Analysis, language: str) -> Efficiency:
    """What the efficiency engine says about the hand (what `tutor analyze` answers)."""
    shanten = shanten_text(shape, language)
    if shape.ukeire is not None:
        found = shape.ukeire
        if not found.tiles:
            return Efficiency(shanten, text(language, "workbench.ukeire_none"))
        words = text(language, "workbench.ukeire", count=found.count, kinds=tile_kinds(len(found.tiles)))
        return Efficiency(shanten, words, found.tiles)
    rows = tuple(discard_row(option, language) for option in shape.discards[:DISCARDS_SHOWN])
    hidden = len(shape.discards) - len(rows)
    more = text(language, "workbench.discards_more", count=hidden) if hidden > 0 else ""
    return Efficiency(shanten, discards_heading=text(language, "workbench.discard_table"), discards=rows, more=more)


def _riichi_payment(score: RiichiScore, language: str) -> str:
    points = score.points
    if points.discarder is not None:
        return text(language, "workbench.pay_ron", total=points.total)
    if points.dealer is None:
        return text(language, "workbench.pay_dealer_tsumo", total=points.total, each=points.non_dealer)
    return text(language, "workbench.pay_tsumo", total=points.total, dealer=points.dealer, each=points.non_dealer)


def riichi_lines(score: RiichiScore, language: str) -> list[str]:
    lines = [text(language, "workbench.fu_heading")]
    tiles = [faces_in_text(line.tiles) for line in score.fu.lines]
    # As wide as this hand's widest set (a kan's four faces are wider than a pair's two), so that the names line up.
    width = max(
        (columns(faces) for line, faces in zip(score.fu.lines, tiles, strict=True) if in_column(line)), default=0
    )
    for line, faces in zip(score.fu.lines, tiles, strict=True):
        name = render(FU_ITEMS.name(line.item), language)
        # Numbers first, then the name: a long name then never pushes a number out of its column.
        if in_column(line):
            lines.append(f"  {line.fu:>3}  {padded(faces, width)} {name}")
        else:
            lines.append(f"  {line.fu:>3}  {padded('', width)} {name}  {faces}")
    if score.fu.raw == score.fu.fu:
        lines.append(text(language, "workbench.fu_total", fu=score.fu.fu))
    else:
        lines.append(text(language, "workbench.fu_rounded", raw=score.fu.raw, fu=score.fu.fu))
    if score.yakuman:
        lines.append(text(language, "workbench.yakuman_heading"))
        for name, times in score.yakuman:
            lines.append(f"  x{times}  {render(YAKUMAN_NAMES.name(name), language)}")
    else:
        lines.append(text(language, "workbench.yaku_heading"))
        for name, han in score.yaku:
            lines.append(f"  {text(language, 'workbench.han', han=han):>5}  {render(YAKU_NAMES.name(name), language)}")
        for key, count in (("workbench.dora", score.dora), ("workbench.ura_dora", score.ura_dora)):
            if count:
                lines.append(f"  {text(language, 'workbench.han', han=count):>5}  {text(language, key)}")
        lines.append(text(language, "workbench.han_fu", han=score.han, fu=score.fu.fu))
    lines.append(_riichi_payment(score, language))
    if score.points.limit:
        lines.append(text(language, "workbench.limit", limit=limit_message(score.points.limit)))
    return lines


def _fan_name(fan: Fan, language: str) -> str:
    return render(fan_name(fan.id), language)


def mcr_lines(score: McrScore, language: str) -> list[str]:
    lines = [text(language, "workbench.fans_heading")]
    for item in score.fans:
        times = f" x{item.count}" if item.count > 1 else ""
        tiles = faces_in_text(render_value(fan_tiles(item), language))
        lines.append(f"  {item.fan.points * item.count:>3}  {_fan_name(item.fan, language)}{times}   {tiles}")
    if score.left_out:
        lines.append(text(language, "workbench.left_out_heading"))
        for left in score.left_out:
            principle = render(PRINCIPLE_NAMES.name(left.principle), language)
            if left.because_of is not None:
                why = text(language, "workbench.included_in", principle=principle, fan=left.because_of.zh)
            else:
                why = principle
            lines.append(f"  {_fan_name(left.fan, language)}: {why}")
    lines.append(text(language, "workbench.total", count=score.total, flowers=score.flowers))
    without = score.total - score.flowers
    key = "workbench.minimum_met" if score.can_win else "workbench.minimum_short"
    lines.append(text(language, key, count=without, minimum=MINIMUM_POINTS))
    if not score.can_win:
        # Nothing is paid for a win that cannot be declared.
        return lines
    payments = score.payments
    if payments.discarder is None:
        lines.append(text(language, "workbench.pay_mcr_tsumo", total=payments.received, each=payments.each_other))
    else:
        lines.append(
            text(
                language,
                "workbench.pay_mcr_ron",
                total=payments.received,
                discarder=payments.discarder,
                each=payments.each_other,
            )
        )
    return lines


def _detail_values(detail: Detail, language: str) -> dict[str, str | int]:
    """A refusal's values in words: its flags by their names."""
    values = dict(detail.values)
    if "flags" in values:
        values["flags"] = render(
            joined((FLAG_NAMES.name(flag) for flag in str(values["flags"]).split()), empty=""), language
        )
    return values


def score_lines(result: Outcome | None, language: str) -> list[str]:
    """One rule family's score in words, or why there is none."""
    if result is None:
        return [text(language, "workbench.scores_later")]
    if result.request_problem is not None:
        return [text(language, "workbench.setting_refused")]
    if result.refusal is not None or result.score is None:
        # The engine says which situation does not fit and why: name it
        # rather than the reason's general sentence.
        if result.refusal == "flags" and result.refusal_details:
            return [text(language, "workbench.refused.heading")] + [
                text(language, f"refusal.{detail.code}", **_detail_values(detail, language))
                for detail in result.refusal_details
            ]
        return [text(language, f"workbench.refused.{result.refusal or 'not_complete'}")]
    if isinstance(result.score, RiichiScore):
        return riichi_lines(result.score, language)
    return mcr_lines(result.score, language)


def panels(analysis: WorkbenchAnalysis, language: str) -> Panels:
    shapes = analysis.shapes or {}
    return Panels(
        summary=summary_text(analysis, language),
        shape={rules: shape_lines(shape, language) for rules, shape in shapes.items()},
        riichi=score_lines(analysis.riichi, language) if shapes else [],
        mcr=score_lines(analysis.mcr, language) if shapes else [],
        efficiency={rules: efficiency(shape, language) for rules, shape in shapes.items()},
    )
