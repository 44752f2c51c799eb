"""What the engine says about a lesson's hand block, in the block's own terms.

`evaluate` answers every claim a block can make, as text to compare with its
`expect:` line:

* shape claims: `group` (a set or partial set), `complete`, `tenpai`,
  `waits` (of the hand without its winning tile), `kinds` (the winning
  tile's wait kinds), `shape`;
* efficiency claims of a hand with no `win:`: `shanten` (13 or 14 tiles),
  `ukeire` (13 tiles: how many tiles lower the shanten), `best_discard`
  (14 tiles: every discard with the least shanten and then the most ukeire);
* riichi scores: `fu_raw`, `fu`, `han`, `points`, `yaku`, `yakuman`,
  `limit`, `dora`;
* MCR scores: `fans` (Chinese names, `x2` for a fan counted twice),
  `total`, `can_win`;
* calls: `calls`, the kinds of call on `discard:` from `from:`.

A hand that cannot win answers every score claim with `refused:REASON`
(for example `points=refused:no_yaku`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.calls import Seat, calls_on_discard
from tutor.engine.efficiency import best_discards, discard_table, shanten, ukeire
from tutor.engine.groups import classify_group
from tutor.engine.hand import Hand
from tutor.engine.mcr.score import McrScore
from tutor.engine.notation import NotationError, parse_hand, parse_tile, parse_tiles
from tutor.engine.numbers import NumberError, read_whole_number
from tutor.engine.options import OptionValue, option_items
from tutor.engine.refusal import Refusal
from tutor.engine.request import RequestProblem, Score, ScoreRequest, score_request
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.rules import Rules
from tutor.engine.shapes import decompositions
from tutor.engine.tiles import WindError, tile_name, wind_tile
from tutor.engine.waits import WaitKind, waits, winning_tiles
from tutor.lessons.model import HandBlock
from tutor.locale.problems import problem_text

SHAPE_CLAIMS = ("group", "complete", "tenpai", "waits", "kinds", "shape", "calls")
EFFICIENCY_CLAIMS = ("shanten", "ukeire", "best_discard")
RIICHI_CLAIMS = ("fu_raw", "fu", "han", "points", "yaku", "yakuman", "limit", "dora")
MCR_CLAIMS = ("fans", "total", "can_win")
CLAIMS = SHAPE_CLAIMS + EFFICIENCY_CLAIMS + RIICHI_CLAIMS + MCR_CLAIMS


class BlockError(ValueError):
    """A block the engine cannot read: bad notation, a bad setting."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    rules: Rules
    hand: Hand
    answers: dict[str, str]
    """Claim name -> what the engine says, for every claim this block supports."""
    riichi_score: RiichiScore | None = None
    """The score of a riichi block with a winning tile, read from the block's
    settings here and nowhere else: what the claims were checked against,
    and so the fu lines a reader reveals."""


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _tiles(tiles: list[int]) -> str:
    return ",".join(tile_name(tile) for tile in tiles) or "none"


def block_rules(block: HandBlock, track: str) -> Rules:
    name = block.setup.get("rules", track)
    if name not in ("riichi", "mcr"):
        raise BlockError(f"rules {name!r} is not riichi or mcr")
    return Rules(name)


def evaluate(block: HandBlock, track: str) -> Evaluation:
    rules = block_rules(block, track)
    try:
        if not block.expect:
            # A block that claims nothing only shows tiles: any number will do.
            return Evaluation(rules, parse_hand(block.hand, sizes=None), {})
        if "group" in block.expect:
            hand = parse_hand(block.hand, sizes=None)
            return Evaluation(rules, hand, {"group": _group(hand)})
        hand = parse_hand(block.hand)
    except NotationError as error:
        raise BlockError(problem_text(error)) from None
    answers: dict[str, str] = {}
    riichi_score = None
    win_setting = block.setup.get("win", "").split()
    if win_setting:
        win_answers, riichi_score = _win_answers(block, hand, win_setting, rules)
        answers |= win_answers
    else:
        answers |= _shape_answers(hand, rules)
    if any(claim in block.expect for claim in EFFICIENCY_CLAIMS):
        # Counted only when claimed: a discard table is the dearest answer here.
        answers |= _efficiency_answers(hand, rules)
    if "discard" in block.setup:
        answers["calls"] = _calls(block, hand, rules)
    return Evaluation(rules, hand, answers, riichi_score)


def _group(hand: Hand) -> str:
    if hand.melds and not hand.concealed and len(hand.melds) == 1:
        group = classify_group(hand.melds[0].tiles, open=hand.melds[0].is_open)
    else:
        group = classify_group(hand.concealed)
    return group.kind.value if group.kind else "none"


def _shape_answers(hand: Hand, rules: Rules) -> dict[str, str]:
    if hand.tile_count == 13:
        found = waits(hand, rules)
        return {"tenpai": _bool(bool(found)), "waits": _tiles([wait.tile for wait in found]), "complete": "false"}
    readings = decompositions(hand, rules)
    shapes = sorted({reading.shape.value for reading in readings})
    return {"complete": _bool(bool(readings)), "shape": ",".join(shapes) or "none"}


def _efficiency_answers(hand: Hand, rules: Rules) -> dict[str, str]:
    """Shanten, and ukeire (13 tiles) or the best discards (14 tiles)."""
    answers = {"shanten": str(shanten(hand, rules).shanten)}
    if hand.tile_count == 13:
        answers["ukeire"] = str(ukeire(hand, rules).count)
    else:
        table = discard_table(hand, rules, with_waits=False, worse_ukeire=False)
        answers["best_discard"] = _tiles(list(best_discards(table)))
    return answers


def _win_answers(
    block: HandBlock, hand: Hand, win_setting: list[str], rules: Rules
) -> tuple[dict[str, str], RiichiScore | None]:
    try:
        win = parse_tile(win_setting[0])
    except NotationError as error:
        raise BlockError(f"win: {problem_text(error)}") from None
    how = win_setting[1] if len(win_setting) > 1 else "ron"
    if how not in ("ron", "tsumo"):
        raise BlockError(f"win: {how!r} is not ron or tsumo")
    if win not in hand.concealed:
        raise BlockError(f"win: {tile_name(win)} is not among the concealed tiles")
    waiting = hand.without_tile(win)
    answers = {"waits": _tiles(winning_tiles(waiting, rules))}
    kinds = next((w.kinds for w in waits(waiting, rules) if w.tile == win), ())
    answers["kinds"] = ",".join(kind.value for kind in kinds) or "none"
    shapes = sorted({reading.shape.value for reading in decompositions(hand, rules)})
    answers["complete"] = _bool(bool(shapes))
    answers["shape"] = ",".join(shapes) or "none"
    tsumo = how == "tsumo"
    if rules is Rules.RIICHI:
        riichi_answers, score = _riichi_answers(block, hand, win, tsumo)
        return answers | riichi_answers, score
    return answers | _mcr_answers(block, hand, win, tsumo), None


def _wind(block: HandBlock, key: str) -> int:
    try:
        return wind_tile(block.setup.get(key, "E"))
    except WindError as error:
        raise BlockError(f"{key}: {problem_text(error)}") from None


def _flags(block: HandBlock) -> list[str]:
    return [flag for flag in block.setup.get("flags", "").replace(",", " ").split() if flag]


def _options(block: HandBlock) -> dict[str, OptionValue]:
    try:
        return option_items(block.setup.get("options", ""))
    except NumberError as error:
        raise BlockError(problem_text(error)) from None


def _request(
    block: HandBlock,
    hand: Hand,
    win: int,
    tsumo: bool,
    rules: Rules,
    dora: tuple[int, ...] = (),
    ura: tuple[int, ...] = (),
    flowers: int = 0,
) -> ScoreRequest:
    """The block's score request: its hand and winning tile, and its settings."""
    seat, round_wind = _wind(block, "seat"), _wind(block, "round")
    return ScoreRequest(
        hand, win, tsumo, seat, round_wind, rules, tuple(_flags(block)), dora, ura, flowers, _options(block)
    )


def _score(request: ScoreRequest) -> Score:
    """The score of a block's request; raises Refusal for a hand that cannot win."""
    try:
        return score_request(request)
    except RequestProblem as problem:
        raise BlockError(problem_text(problem)) from None


def _riichi_answers(block: HandBlock, hand: Hand, win: int, tsumo: bool) -> tuple[dict[str, str], RiichiScore | None]:
    try:
        dora = parse_tiles(block.setup["dora"]) if block.setup.get("dora") else ()
        ura = parse_tiles(block.setup["ura"]) if block.setup.get("ura") else ()
    except NotationError as error:
        raise BlockError(problem_text(error)) from None
    try:
        score = _score(_request(block, hand, win, tsumo, Rules.RIICHI, dora=dora, ura=ura))
    except Refusal as refusal:
        refused = f"refused:{refusal.reason}"
        return {claim: refused for claim in RIICHI_CLAIMS}, None
    assert isinstance(score, RiichiScore)
    return {
        "fu_raw": str(score.fu.raw),
        "fu": str(score.fu.fu),
        "han": str(score.han),
        "points": str(score.points.total),
        "yaku": ",".join(sorted(name for name, _ in score.yaku)) or "none",
        "yakuman": ",".join(sorted(name for name, _ in score.yakuman)) or "none",
        "limit": score.points.limit or "none",
        "dora": str(score.dora + score.ura_dora),
    }, score


def _mcr_answers(block: HandBlock, hand: Hand, win: int, tsumo: bool) -> dict[str, str]:
    try:
        flowers = read_whole_number(block.setup.get("flowers", "0"))
    except NumberError as error:
        raise BlockError(problem_text(error)) from None
    try:
        score = _score(_request(block, hand, win, tsumo, Rules.MCR, flowers=flowers))
    except Refusal as refusal:
        refused = f"refused:{refusal.reason}"
        return {claim: refused for claim in MCR_CLAIMS}
    assert isinstance(score, McrScore)
    fans = ",".join(item.fan.zh + (f"x{item.count}" if item.count > 1 else "") for item in score.fans)
    return {"fans": fans, "total": str(score.total), "can_win": _bool(score.can_win)}


def _calls(block: HandBlock, hand: Hand, rules: Rules) -> str:
    try:
        discard = parse_tile(block.setup["discard"])
        seat = Seat(block.setup.get("from", "left"))
    except NotationError as error:
        raise BlockError(f"discard/from: {problem_text(error)}") from None
    except ValueError as error:
        raise BlockError(f"discard/from: {error}") from None
    if hand.tile_count != 13:
        # A player waits on another's discard between turns, with 13 tiles.
        raise BlockError(f"discard: a hand that may call a discard holds 13 tiles, this one {hand.tile_count}")
    found = calls_on_discard(hand, discard, seat, rules)
    return ",".join(sorted({call.kind.value for call in found})) or "none"


def normalise(claim: str, value: str) -> str:
    """Order-free claims compare as sets."""
    if claim in ("waits", "kinds", "yaku", "yakuman", "shape", "calls", "best_discard"):
        return ",".join(sorted(value.split(",")))
    if claim == "fans":
        return ",".join(sorted(value.split(",")))
    return value


WAIT_KIND_NAMES = tuple(kind.value for kind in WaitKind)
