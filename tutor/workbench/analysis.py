"""Everything the engine knows about one workbench hand, as data.

The hand is typed in our notation, and the last tile written in the
concealed part is the winning tile, as in Tenhou's calculator:
`23m456s55s4m [777p] [777z]` is the concealed 234m 456s 55s won on 4m.
Shapes come from `tutor.engine.analysis.analyze` (what `tutor analyze`
answers) and scores from `tutor.service.score.score_of` (what `tutor score`
answers) of the `ScoreRequest` that `settings_request` builds, so the
workbench and the command can never disagree.  Nothing here raises on bad input: a hand
that does not parse comes back as the reader's `NotationError` (its code, column and fragment).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.analysis import Analysis, analyze
from tutor.engine.hand import Hand
from tutor.engine.mcr.score import McrScore
from tutor.engine.notation import (
    DIGITS,
    NotationError,
    format_meld,
    format_tiles,
    parse_hand,
    parse_tile,
)
from tutor.engine.refusal import Detail, Refusal
from tutor.engine.request import RequestProblem, ScoreRequest
from tutor.engine.request_json import indicator_tiles
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.rules import Rules
from tutor.engine.tiles import SUIT_LETTERS, Tile, make_tile, tile_name, wind_tile
from tutor.service.errors import RequestError
from tutor.service.score import score_of
from tutor.workbench.settings import Settings

HAND_SIZES = (13, 14)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rule family's score of a complete hand, or why there is none.

    `refusal` is the engine's reason (`no_yaku`, `not_complete`, `flags`)
    for a hand that cannot win, and `refusal_details` what exactly rules it
    out (each flag that does not fit, and why); `request_problem` is a setting the score
    request refuses (a dora indicator that is not a tile, say), in English
    as the command prints it, for the panel to name the setting."""

    rules: Rules
    score: RiichiScore | McrScore | None = None
    refusal: str | None = None
    refusal_details: tuple[Detail, ...] = ()
    request_problem: str | None = None


@dataclass(frozen=True, slots=True)
class WorkbenchAnalysis:
    """A typed hand and what the engine says about it.

    `hand` is None when the text does not parse (then `problem` says why
    and where) or is empty.  `shapes` holds one analysis per rule family for
    a 13- or 14-tile hand; the outcomes are there for 14 tiles."""

    source: str
    settings: Settings
    hand: Hand | None = None
    win: Tile | None = None
    problem: NotationError | None = None
    shapes: dict[Rules, Analysis] | None = None
    riichi: Outcome | None = None
    mcr: Outcome | None = None

    @property
    def tile_count(self) -> int:
        return self.hand.tile_count if self.hand is not None else 0


def last_concealed_tile(source: str) -> Tile | None:
    """The last tile written outside brackets: the winning tile.  Called only
    on text that parsed, so every run there is digits and a suit letter."""
    depth = 0
    last: Tile | None = None
    for position, char in enumerate(source):
        if char in "[(":
            depth += 1
        elif char in "])":
            depth -= 1
        elif depth == 0 and char in SUIT_LETTERS and position and source[position - 1] in DIGITS:
            last = make_tile(int(source[position - 1]), char)
    return last


def settings_request(hand: Hand, win: Tile, settings: Settings, rules: Rules) -> ScoreRequest:
    """The score request of the hand and the settings for one rule family.
    Raises the notation's problem (as a RequestError naming the setting)
    for dora or ura indicators that are not tiles."""
    if rules is Rules.RIICHI:
        flags, options, flowers = settings.riichi_flags, settings.riichi_options, 0
        try:
            dora, ura = indicator_tiles(settings.dora, "dora"), indicator_tiles(settings.ura, "ura")
        except RequestProblem as problem:
            raise RequestError.of(problem) from None
    else:
        flags, options, flowers = settings.mcr_flags, settings.mcr_options, len(hand.flowers)
        dora = ura = ()
    return ScoreRequest(
        Hand(hand.concealed, hand.melds),
        win,
        settings.tsumo,
        wind_tile(settings.seat),
        wind_tile(settings.round),
        rules,
        tuple(flags),
        dora,
        ura,
        flowers,
        dict(options),
    )


def outcome(hand: Hand, win: Tile, settings: Settings, rules: Rules) -> Outcome:
    try:
        request = settings_request(hand, win, settings, rules)
        score = score_of(request)
    except Refusal as refusal:
        return Outcome(rules, refusal=refusal.reason, refusal_details=refusal.details)
    except RequestError as error:
        return Outcome(rules, request_problem=str(error))
    return Outcome(rules, score=score)


def analyse(source: str, settings: Settings | None = None) -> WorkbenchAnalysis:
    """Read and analyse a typed hand; never raises for anything typed."""
    settings = settings or Settings()
    if not source.strip():
        return WorkbenchAnalysis(source, settings)
    try:
        hand = parse_hand(source, sizes=None)
    except NotationError as error:
        return WorkbenchAnalysis(source, settings, problem=error)
    win = last_concealed_tile(source)
    if hand.tile_count not in HAND_SIZES:
        return WorkbenchAnalysis(source, settings, hand, win)
    shapes = {rules: analyze(Hand(hand.concealed, hand.melds), rules) for rules in Rules}
    if hand.tile_count == 13 or win is None:
        return WorkbenchAnalysis(source, settings, hand, win, shapes=shapes)
    return WorkbenchAnalysis(
        source,
        settings,
        hand,
        win,
        shapes=shapes,
        riichi=outcome(hand, win, settings, Rules.RIICHI),
        mcr=outcome(hand, win, settings, Rules.MCR),
    )


def typed_notation(hand: Hand, win: Tile | None) -> str:
    """A hand written as the workbench reads it: the winning tile last among
    the concealed tiles, then the flowers and the melds."""
    concealed = list(hand.concealed)
    if win is not None and win in concealed:
        concealed.remove(win)
        concealed_text = format_tiles(concealed) + tile_name(win)
    else:
        concealed_text = format_tiles(concealed)
    flowers = "".join(str(flower) for flower in hand.flowers) + "f" if hand.flowers else ""
    return " ".join(part for part in (concealed_text, flowers, *map(format_meld, hand.melds)) if part)


def typed_from(hand_text: str, win_text: str | None, flowers: int = 0) -> str:
    """A lesson's or a question's hand and winning tile as the workbench
    reads them; text that does not parse is kept as it is, to be shown with
    its problem."""
    try:
        hand = parse_hand(hand_text, sizes=None)
        win = parse_tile(win_text) if win_text else None
    except NotationError:
        return hand_text
    return typed_notation_of(hand, win, flowers)


def typed_notation_of(hand: Hand, win: Tile | None, flowers: int = 0) -> str:
    """A hand as the workbench's input shows it; a count of flowers that the
    hand does not write (a question's `flowers`) is written in as 1f, 2f..."""
    if flowers and not hand.flowers:
        hand = Hand(hand.concealed, hand.melds, tuple(range(1, min(flowers, 8) + 1)))
    return typed_notation(hand, win)
