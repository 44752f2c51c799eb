"""The rules coach: what the learner's seat may not do now and why, what an
offered call would do to the hand's yaku, and at the higher hint level the
discard table and the tiles safe against a riichi.

It returns notes as data (a code, the rule's id, the lesson that teaches it,
tiles and values), never words: tutor/quiz/coach_words.py says them through
the catalogue.  The refusals themselves are the game's (`legal.decision_for`);
the coach only names each one's rule and lesson and adds what a learner needs
to find it (which discard made the hand furiten, and on which turn).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from tutor.engine.efficiency import best_discards, discard_table
from tutor.engine.game.actions import CALLS, Action, ActionKind, Decision, Forbidden, Refusal
from tutor.engine.game.mcr.actions import McrAction
from tutor.engine.game.routes import CLOSED_ONLY, LOWERED, called_hand, open_routes, value_tiles
from tutor.engine.game.rules import live_tiles, score_win, waits
from tutor.engine.game.safety import safe_by_rule, suji
from tutor.engine.game.simulate import Turn
from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.hand import Hand, MeldKind
from tutor.engine.refusal import Refusal as ScoreRefusal
from tutor.engine.rules import Rules


class HintLevel(StrEnum):
    """How much the coach says, chosen by the learner."""

    OFF = "off"
    RULES = "rules"
    """What is allowed and why not, and what a call would do to the yaku."""
    RULES_AND_EFFICIENCY = "rules_and_efficiency"
    """The rules, the discard table, and the tiles safe against a riichi."""


class NoteCode(StrEnum):
    """What a note is about, besides a refusal (whose code is the `Refusal`'s)."""

    CALL_NO_YAKU = "call_no_yaku"
    """The call leaves the hand open with no yaku it can still reach."""
    CALL_LOSES_YAKU = "call_loses_yaku"
    """The call opens the hand: the closed-only yaku in `names` are lost."""
    CALL_LOWERS_YAKU = "call_lowers_yaku"
    """The call opens the hand: the yaku in `names` are worth a han less."""
    DISCARD = "discard"
    """One row of the discard table: the tile, the shanten and ukeire it leaves."""
    SAFE_BY_RULE = "safe_by_rule"
    """Tiles in hand the riichi seat cannot ron on (genbutsu, tiles passed)."""
    SUJI = "suji"
    """Tiles in hand a two-sided wait of the riichi seat cannot take: a guess."""
    CLAIM_LOST = "claim_lost"
    """The call or ron chosen gave way to a higher-priority claim."""


@dataclass(frozen=True)
class Note:
    """One thing the coach says: its code (a `NoteCode`, or a refusal's code),
    the rule's id, the lesson that teaches it, the action concerned, tiles
    (kinds), named values (a turn, a shanten, a seat) and names (yaku or fan ids)."""

    code: str
    rule: str
    lesson: str
    action: Action | McrAction | None = None
    tiles: tuple[int, ...] = ()
    values: tuple[tuple[str, int], ...] = ()
    names: tuple[str, ...] = ()

    def value(self, name: str) -> int | None:
        return dict(self.values).get(name)


WAITS: Final = "r04-waits"
WINNING: Final = "r03-winning"
CALLS_LESSON: Final = "r05-calls"
RIICHI: Final = "r06-riichi"
TABLE: Final = "r11-table"
EFFICIENCY: Final = "r12-efficiency"
DEFENCE: Final = "r13-defence"
YAKU_LESSON: Final = "r07-yaku"

RIICHI_REFUSAL_LESSONS: Final[dict[Refusal, str]] = {
    Refusal.FURITEN: WAITS,
    Refusal.FURITEN_TEMPORARY: WAITS,
    Refusal.FURITEN_RIICHI: WAITS,
    Refusal.NO_YAKU: WINNING,
    Refusal.KUIKAE: CALLS_LESSON,
    Refusal.NO_DISCARD_LEFT: CALLS_LESSON,
    Refusal.RIICHI_LOCKED: RIICHI,
    Refusal.NOT_ENOUGH_POINTS: RIICHI,
    Refusal.NOT_CLOSED: RIICHI,
    Refusal.NOT_TENPAI: RIICHI,
    Refusal.NOT_TENPAI_DISCARD: RIICHI,
    Refusal.TOO_FEW_TILES: RIICHI,
    Refusal.KAN_LIMIT: CALLS_LESSON,
    Refusal.FOUR_KANS: TABLE,
}
"""The lesson that teaches each refusal's rule."""


def rule_id(code: str) -> str:
    """A riichi rule's id: `riichi.<code>`."""
    return f"riichi.{code}"


def refusal_lesson(forbidden: Forbidden) -> str:
    """The lesson of a refusal; too few tiles is riichi's rule for a riichi, the calls' for a kan or call."""
    if forbidden.code is Refusal.TOO_FEW_TILES and forbidden.action.kind is not ActionKind.RIICHI:
        return CALLS_LESSON
    return RIICHI_REFUSAL_LESSONS[forbidden.code]


def discard_turns(state: KyokuState, seat: int, kinds: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """Own-discard furiten: the turn (1-based, in the seat's discards) on which
    it first discarded the first of `kinds`, so a learner can find it in the river."""
    discards = state.players[seat].discards
    for index, slot in enumerate(discards):
        if state.kind(slot) in kinds:
            return (("turn", index + 1), ("tile", state.kind(slot)))
    return ()


def refusal_values(state: KyokuState, forbidden: Forbidden) -> tuple[tuple[str, int], ...]:
    """What a learner needs to find a refusal's cause: for own-discard
    furiten the discard's turn; for a riichi refused for the wall or the
    points, how many there are and how many the rule asks for."""
    seat = forbidden.action.seat
    if forbidden.code is Refusal.FURITEN:
        return discard_turns(state, seat, forbidden.tiles)
    if forbidden.code is Refusal.TOO_FEW_TILES and forbidden.action.kind is ActionKind.RIICHI:
        return (("left", live_tiles(state)), ("needed", state.options.riichi_min_wall))
    if forbidden.code is Refusal.NOT_ENOUGH_POINTS:
        return (("points", state.scores[seat]), ("cost", state.options.riichi_cost))
    return ()


def forbidden_note(state: KyokuState, forbidden: Forbidden) -> Note:
    """A refused action as a note: its code, rule and lesson, with its tiles
    and the values that find its cause (`refusal_values`)."""
    values = refusal_values(state, forbidden)
    code = forbidden.code.value
    return Note(code, rule_id(code), refusal_lesson(forbidden), forbidden.action, forbidden.tiles, values)


def forbidden_notes(state: KyokuState, decision: Decision) -> tuple[Note, ...]:
    return tuple(forbidden_note(state, forbidden) for forbidden in decision.forbidden)


def as_forbidden(note: Note) -> Forbidden | None:
    """The refusal a forbidden note states, or None for any other note."""
    if not isinstance(note.action, Action) or note.code not in Refusal.__members__.values():
        return None
    return Forbidden(note.action, Refusal(note.code), note.tiles)


def _meld_kind(action: Action) -> MeldKind:
    return {ActionKind.CHI: MeldKind.CHI, ActionKind.PON: MeldKind.PON}.get(action.kind, MeldKind.OPEN_KAN)


def closed_yaku_now(state: KyokuState, seat: int) -> frozenset[str]:
    """The yaku the closed hand would win with now, on any of its waits by
    ron (and riichi and menzen tsumo, which any closed hand may still make)."""
    found = {"riichi", "menzen_tsumo"}
    for tile in waits(state, seat):
        try:
            score = score_win(state, seat, tile, tsumo=False)
        except ScoreRefusal:
            continue
        found |= {name for name, _ in score.yaku}
    return frozenset(found)


def call_notes(state: KyokuState, action: Action) -> tuple[Note, ...]:
    """What a call offered would do to the seat's hand and its yaku (see `hand_call_notes`)."""
    seat = action.seat
    closed = closed_yaku_now(state, seat) if state.players[seat].closed else None
    options = state.options.scoring
    return hand_call_notes(
        state.engine_hand(seat), action, state.seat_wind(seat), state.round_tile, options.open_tanyao, closed
    )


def hand_call_notes(
    hand: Hand, action: Action, seat_wind: int, round_wind: int, open_tanyao: bool, closed_yaku: frozenset[str] | None
) -> tuple[Note, ...]:
    """What a call would do to the hand's yaku: no yaku left to reach (r03),
    and for a closed hand (`closed_yaku` its yaku now) the closed-only yaku
    lost (r06) and those worth a han less once open (r07)."""
    assert action.tile is not None
    after = called_hand(hand, action.tile, action.uses, _meld_kind(action))
    notes: list[Note] = []
    if not open_routes(after, value_tiles(seat_wind, round_wind), open_tanyao):
        notes.append(Note(NoteCode.CALL_NO_YAKU, rule_id("no_yaku"), WINNING, action, (action.tile,)))
    if closed_yaku is not None:
        lost = tuple(sorted(closed_yaku & CLOSED_ONLY))
        lowered = tuple(sorted(closed_yaku & LOWERED))
        notes.append(Note(NoteCode.CALL_LOSES_YAKU, rule_id("closed_only"), RIICHI, action, (action.tile,), (), lost))
        if lowered:
            notes.append(Note(NoteCode.CALL_LOWERS_YAKU, rule_id("open_han"), YAKU_LESSON, action, (), (), lowered))
    return tuple(notes)


def offered_call_notes(state: KyokuState, decision: Decision) -> tuple[Note, ...]:
    return tuple(note for action in decision.legal if action.kind in CALLS for note in call_notes(state, action))


def table_notes(hand: Hand, allowed: Mapping[int, Action | McrAction], rules: Rules) -> tuple[Note, ...]:
    """The discard table (r12) over the allowed discards (by kind): each with
    the shanten and ukeire it leaves, best first; `best` 1 on the best ones."""
    if not allowed:
        return ()
    rows = [row for row in discard_table(hand, rules, with_waits=False) if row.discard in allowed]
    best = set(best_discards(rows))
    return tuple(
        Note(
            NoteCode.DISCARD,
            "efficiency.discard",
            EFFICIENCY,
            allowed[row.discard],
            (row.discard,),
            (("shanten", row.shanten), ("ukeire", row.ukeire.count), ("best", int(row.discard in best))),
        )
        for row in rows
    )


def discard_notes(state: KyokuState, decision: Decision) -> tuple[Note, ...]:
    allowed = {
        action.tile: action
        for action in decision.legal
        if action.kind is ActionKind.DISCARD and action.tile is not None
    }
    return table_notes(state.engine_hand(decision.seat), allowed, Rules.RIICHI)


def safety_notes(state: KyokuState, seat: int) -> tuple[Note, ...]:
    """Against each other seat whose riichi stands, the kinds in hand safe by
    rule (r13: genbutsu and tiles passed) and, apart, those suji only (a
    guess); `seat` is the riichi seat, `learner` the seat told."""
    held = frozenset(state.kind(slot) for slot in state.players[seat].hand)
    notes: list[Note] = []
    for other in range(4):
        if other == seat or not state.players[other].riichi:
            continue
        seat_value = (("seat", other), ("learner", seat))
        safe = tuple(sorted(held & safe_by_rule(state, other)))
        guessed = tuple(sorted(held & suji(state, other)))
        notes.append(Note(NoteCode.SAFE_BY_RULE, "defence.safe_by_rule", DEFENCE, None, safe, seat_value))
        notes.append(Note(NoteCode.SUJI, "defence.suji", DEFENCE, None, guessed, seat_value))
    return tuple(notes)


def coach(state: KyokuState, decision: Decision, level: HintLevel) -> tuple[Note, ...]:
    """Everything the coach says to the learner's seat at this decision, at this hint level."""
    if level is HintLevel.OFF:
        return ()
    notes = forbidden_notes(state, decision) + offered_call_notes(state, decision)
    if level is HintLevel.RULES_AND_EFFICIENCY and state.phase in (Phase.TURN, Phase.RIICHI_DISCARD):
        notes += discard_notes(state, decision) + safety_notes(state, decision.seat)
    return notes


CLAIM_EVENTS: Final = frozenset({"chi", "pon", "open_kan", "win"})


def claim_lost(turn: Turn, seat: int) -> Note | None:
    """After a step: the seat's call or ron gave way to another seat's claim
    (ron before pon and kan, those before chi; without double ron only the
    ron nearest the discarder), r05.  `names` holds the claim that won."""
    chosen = turn.choices.get(seat)
    if chosen is None or chosen.kind not in (*CALLS, ActionKind.RON):
        return None
    claims = [event for event in turn.events if event.kind in CLAIM_EVENTS]
    if not claims or any(event.seat == seat for event in claims):
        return None
    winner = claims[0]
    assert winner.seat is not None
    return Note(
        NoteCode.CLAIM_LOST, "riichi.priority", CALLS_LESSON, chosen, (), (("seat", winner.seat),), (winner.kind,)
    )
