"""What one seat did in a replayed round that a lesson speaks to.

Rule mistakes, found by the finders of our own games (`mistakes`: a win
available and not taken, a call that left no yaku, riichi declared in
furiten), and by this module: a discard that left the hand waiting in
furiten (no ron can win), and a deal-in on a tile when a tile safe by rule
against the winner's riichi was in hand (`safety.safe_by_rule`).  Apart
from them, marked `rule=False`: a discard whose ukeire was below the best
(efficiency, the discard table's count; not looked for while another
seat's riichi stands, when a discard may be defence), and each of the
seat's own wins as a scoring question.

Each finding carries the concept the spaced repetition stores (as the
mistakes of our own games do) and the index of its event in the round: the
play it is about, or for a ron not taken the discard it was not taken on.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Final

from tutor.engine.efficiency import DiscardOption
from tutor.engine.efficiency.discards import Counted, discard_concept, discard_counts, discard_shanten
from tutor.engine.game.actions import ActionKind
from tutor.engine.game.coach import DEFENCE, EFFICIENCY, WAITS
from tutor.engine.game.legal import decision_of_kind
from tutor.engine.game.mistakes import RULES, Mistake, waits_concept
from tutor.engine.game.replay import ReplayedHand, red_kinds
from tutor.engine.game.review import WinReview
from tutor.engine.game.rules import hand_waits, score_win
from tutor.engine.game.safety import safe_by_rule
from tutor.engine.game.simulate import Turn
from tutor.engine.game.state import Phase
from tutor.engine.hand import Hand
from tutor.engine.mcr.score import McrScore
from tutor.engine.riichi.score import RiichiScore, score_riichi

_POINTS_LESSON: Final = "r08-points"
_YAKUMAN_LESSON: Final = "r10-yakuman"
_SAFE_CONCEPT: Final = "defence:safe_by_rule"


class FindingKind(StrEnum):
    MISSED_WIN = "missed_win"
    CALL_NO_YAKU = "call_no_yaku"
    FURITEN_RIICHI = "furiten_riichi"
    FURITEN_WAIT = "furiten_wait"
    """A discard left the hand tenpai on a wait it had discarded: no ron."""
    DEAL_IN_SAFE_HELD = "deal_in_safe_held"
    """Dealt in to a riichi with a tile safe by rule in hand."""
    EFFICIENCY = "efficiency"
    SCORING = "scoring"
    FALSE_WIN = "false_win"
    """MCR: a hu declared that the rules refuse (under 8 points, or no complete hand)."""


@dataclass(frozen=True)
class Finding:
    """One finding: its kind, the seat, the event's index in the round, the
    concept and lesson, whether a rule was broken (else efficiency or a
    scoring question), and its tiles (kinds: the tiles concerned; for
    efficiency the discard then the best ones) and values."""

    kind: FindingKind
    seat: int
    event: int
    concept: str
    lesson: str
    rule: bool
    tiles: tuple[int, ...] = ()
    values: tuple[tuple[str, int], ...] = ()
    hand: Hand | None = None
    """The position: the seat's hand at the decision (14 tiles on its turn, 13
    answering a discard), or the winning hand for a scoring question."""
    river: tuple[int, ...] = ()
    """For a deal-in: the riichi player's discards (kinds, in order, those called away included)."""
    riichi_at: int | None = None
    """For a deal-in: the index in `river` of the riichi discard."""
    passed: tuple[int, ...] = ()
    """For a deal-in: the kinds the riichi player let go by since the riichi."""
    score: RiichiScore | McrScore | None = field(default=None, hash=False)
    """For a scoring question: our engine's score of the win, as its position
    (hand, win tile, winds, flags, indicators, the log's red fives; for MCR
    its flowers and flags) gives it.  Left out of the hash (a score is not hashable); the position
    and values hashed already tell findings apart."""


def findings(hand: ReplayedHand, seat: int, wins: Sequence[tuple[int, WinReview]]) -> tuple[Finding, ...]:
    """Everything found for the seat in the round; `wins` are the round's
    wins re-scored, each with the index of its event."""
    positions = _Positions(hand, seat)
    return tuple(
        [
            *_rule_mistakes(hand, seat, positions),
            *_furiten_waits(hand, seat, positions),
            *_deal_ins(hand, seat),
            *_efficiency(hand, seat, positions),
            *_scoring(hand, seat, wins),
        ]
    )


@dataclass
class _Positions:
    """The seat's hand at each turn (by the turn's index), built once for
    the finders that ask it at the same turns."""

    hand: ReplayedHand
    seat: int
    built: dict[int, Hand] = field(default_factory=dict)
    listed: list[tuple[int, Turn, int]] | None = None

    def at(self, index: int) -> Hand:
        found = self.built.get(index)
        if found is None:
            found = self.built[index] = self.hand.record.turns[index].state.engine_hand(self.seat)
        return found

    def discards(self) -> list[tuple[int, Turn, int]]:
        """The seat's discards by choice (`_discards`), listed once for the finders that ask them."""
        if self.listed is None:
            self.listed = list(_discards(self.hand, self.seat))
        return self.listed


def _rule_mistakes(hand: ReplayedHand, seat: int, positions: _Positions) -> Iterator[Finding]:
    for index, recorded in enumerate(hand.record.turns):
        if seat not in recorded.choices:
            # Each rule asks what the seat chose or might have: here nothing
            # (the replay chooses for every seat deciding, as `kyoku.step` asks).
            continue
        turn = _with_tsumo(recorded, positions.at(index)) if recorded.state.turn == seat else recorded
        for mistake, event in turn_mistakes(hand, index, turn, seat):
            yield Finding(
                FindingKind(mistake.kind.value),
                seat,
                event,
                mistake.concept,
                mistake.lesson,
                True,
                mistake.tiles,
                hand=turn.state.engine_hand(seat),
            )


def turn_mistakes(hand: ReplayedHand, index: int, turn: Turn, seat: int) -> Iterator[tuple[Mistake, int]]:
    """What the rules (`mistakes.RULES`) find the seat did wrong at the
    hand's turn `index` (`turn` as the finders list it), each with its
    event: a win let go on a discard stands at that discard, anything
    else at the seat's own play."""
    for rule in RULES:
        mistake = rule(turn, index, seat)
        if mistake is None:
            continue
        before, play = hand.plays[index]
        answered = turn.state.phase in (Phase.CLAIMS, Phase.CHANKAN) and mistake.kind.value == "missed_win"
        yield mistake, before if answered else play


def _with_tsumo(turn: Turn, position: Hand) -> Turn:
    """On its own turn the record keeps only the seat's actions of the kind it
    played (`ReplayedHand.turn`); of the others the rules here ask only
    whether a tsumo was legal (a win not taken), so only that is listed.
    `position`: the seat's hand.  A tsumo needs a drawn tile that the hand
    before it waited on (`legal`'s first test): without one the record's
    own decision, which lists no tsumo unless one was played, answers the
    same, and the listing is not asked."""
    state = turn.state
    if state.phase is not Phase.TURN:
        return turn
    drawn = state.players[state.turn].drawn
    if drawn is None:
        return turn
    tile = state.kind(drawn)
    if tile not in hand_waits(position.without_tile(tile)):
        return turn
    return replace(turn, decisions=(decision_of_kind(state, ActionKind.TSUMO),))


def _discards(hand: ReplayedHand, seat: int) -> Iterator[tuple[int, Turn, int]]:
    """The seat's discards by choice (riichi discards included): turn index, turn, kind."""
    for index, turn in enumerate(hand.record.turns):
        chosen = turn.choices.get(seat)
        if chosen is not None and chosen.kind is ActionKind.DISCARD and chosen.tile is not None:
            yield index, turn, chosen.tile


def _legal_discards(turn: Turn) -> set[int | None]:
    """The kinds the seat to play might have discarded (after declaring
    riichi, those keeping tenpai).  The record keeps only the discard played
    (`ReplayedHand.turn`), so they are listed again, for the seats reviewed alone."""
    decision = decision_of_kind(turn.state, ActionKind.DISCARD)
    return {action.tile for action in decision.legal if action.kind is ActionKind.DISCARD}


def _furiten_waits(hand: ReplayedHand, seat: int, positions: _Positions) -> Iterator[Finding]:
    """Each discard after which the hand waits on a kind the seat discarded,
    when the discard before it did not already leave those waits (riichi in
    furiten is its own finding)."""
    known: tuple[int, ...] = ()
    for index, turn, kind in positions.discards():
        state = turn.state
        if state.players[seat].riichi:
            continue
        # Remembered: the replay asked the waits of this very hand at the discards that followed.
        waits = hand_waits(positions.at(index).without_tile(kind))
        furiten: tuple[int, ...] = ()
        if waits:
            discarded = {state.kind(slot) for slot in state.players[seat].discards} | {kind}
            furiten = tuple(wait for wait in waits if wait in discarded)
        riichi = state.phase is Phase.RIICHI_DISCARD
        if furiten and waits != known and not riichi:
            yield Finding(
                FindingKind.FURITEN_WAIT,
                seat,
                hand.plays[index][1],
                waits_concept(waits),
                WAITS,
                True,
                furiten,
                hand=positions.at(index),
            )
        known = waits if furiten else ()


def _deal_ins(hand: ReplayedHand, seat: int) -> Iterator[Finding]:
    """The seat's discard that a riichi player ronned, when the hand held a
    kind that player could not ron on (genbutsu, or passed since the riichi)."""
    result = hand.record.result
    dealt_in = [win for win in result.wins if win.source == seat]
    if not dealt_in:
        return
    found = [item for item in _discards(hand, seat)]
    if not found:
        return
    index, turn, kind = found[-1]
    state = turn.state
    if state.players[seat].riichi or index != len(hand.record.turns) - 2:
        return
    # The kinds the seat could have discarded instead (after declaring riichi, only those keeping tenpai).
    legal = _legal_discards(turn)
    held = frozenset(kind for kind in (state.kind(slot) for slot in state.players[seat].hand) if kind in legal)
    for win in dealt_in:
        if not state.players[win.seat].riichi or win.tile != kind:
            continue
        safe = tuple(sorted(held & safe_by_rule(state, win.seat)))
        if safe:
            values = (("winner", win.seat),)
            play = hand.plays[index][1]
            position = state.engine_hand(seat)
            winner = state.players[win.seat]
            river = tuple(state.kind(slot) for slot in winner.discards)
            yield Finding(
                FindingKind.DEAL_IN_SAFE_HELD,
                seat,
                play,
                _SAFE_CONCEPT,
                DEFENCE,
                True,
                safe,
                values,
                position,
                river,
                winner.riichi_at,
                winner.passed_since_riichi,
            )


def _efficiency(hand: ReplayedHand, seat: int, positions: _Positions) -> Iterator[Finding]:
    counted = Counted()
    for index, turn, kind in positions.discards():
        state = turn.state
        # Not after anyone's riichi, the seat's own included.
        if state.phase is not Phase.TURN or any(player.riichi for player in state.players):
            continue
        position = positions.at(index)
        shanten = discard_shanten(position, counted=counted)
        # With no riichi and nothing barred by kuikae, every kind held may go.
        allowed = _legal_discards(turn) if state.players[seat].kuikae else set(shanten)
        if _only_best(shanten, allowed, kind):
            continue
        ranked = _legal_ranked(position, allowed, kind, counted, shanten)
        found = _ranked_finding(seat, hand.plays[index][1], kind, ranked, position)
        if found is not None:
            yield found


def efficiency_finding(
    seat: int, event: int, kind: int, table: Sequence[DiscardOption], position: Hand
) -> Finding | None:
    """An efficiency finding when the discard of `kind` is below the best of
    `table` (the legal discards, best first), else None."""
    ranked = [(option.shanten, option.ukeire.count, option.discard) for option in table]
    return _ranked_finding(seat, event, kind, ranked, position)


def _ranked_finding(
    seat: int, event: int, kind: int, ranked: Sequence[tuple[int, int, int]], position: Hand
) -> Finding | None:
    """`efficiency_finding` of a table given as (shanten, ukeire count, discard), best first."""
    chosen = next((row for row in ranked if row[2] == kind), None)
    if chosen is None or not ranked:
        return None
    best = ranked[0]
    if (chosen[0], -chosen[1]) <= (best[0], -best[1]):
        return None
    tops = tuple(row[2] for row in ranked if row[:2] == best[:2])
    values = (
        ("shanten", chosen[0]),
        ("ukeire", chosen[1]),
        ("best_shanten", best[0]),
        ("best_ukeire", best[1]),
    )
    concept = discard_concept(best[2])
    return Finding(FindingKind.EFFICIENCY, seat, event, concept, EFFICIENCY, False, (kind, *tops), values, position)


def _only_best(shanten: Mapping[int, int], allowed: Container[int | None], kind: int) -> bool:
    """Whether the discard chosen is the one legal discard leaving the least
    shanten: then it is the best whatever the ukeire, and none is counted."""
    legal = [after for tile, after in shanten.items() if tile in allowed]
    if kind not in allowed or kind not in shanten:
        return False
    return shanten[kind] == min(legal) and legal.count(shanten[kind]) == 1


def _legal_ranked(
    hand: Hand, allowed: Container[int | None], kind: int, counted: Counted, shanten: Mapping[int, int]
) -> list[tuple[int, int, int]]:
    """The legal discards as (shanten, ukeire count, discard), best first.
    Ukeire is counted only for the legal discards keeping the least shanten
    (counting it was nine tenths of an efficiency finding's time; the others
    rank below them whatever their count, so it is left at 0); all legal
    ones are counted when the discard chosen or the best legal one (after
    kuikae) leaves more shanten than the hand's least, since the finding
    then shows those counts."""
    least = min(shanten.values())
    legal = [tile for tile in shanten if tile in allowed]
    chosen = shanten[kind] if kind in allowed and kind in shanten else None
    if legal and min(shanten[tile] for tile in legal) == least and (chosen is None or chosen == least):
        counts = discard_counts(hand, [tile for tile in legal if shanten[tile] == least], shanten, counted=counted)
    else:
        counts = discard_counts(hand, legal, shanten, counted=counted)
    ranked = [(shanten[tile], counts.get(tile, 0), tile) for tile in legal]
    ranked.sort(key=lambda row: (row[0], -row[1], row[2]))
    return ranked


def _scoring(hand: ReplayedHand, seat: int, wins: Sequence[tuple[int, WinReview]]) -> Iterator[Finding]:
    for event, ours in wins:
        if ours.seat != seat:
            continue
        end = hand.record.end
        position = end.engine_hand(seat, None if ours.source is None else ours.tile)
        concept, lesson = _scoring_concept(ours)
        values = (("han", ours.han), ("fu", ours.fu), ("points", ours.points))
        score = score_win(end, seat, ours.tile, ours.source is None, ours.chankan)
        if ours.red_dora:
            # The model has no red fives: the log's, as the position's aka dora.
            red = red_kinds(hand.round, seat, ours.source)
            score = score_riichi(score.hand, replace(score.context, red=red), score.rules)
        yield Finding(
            FindingKind.SCORING,
            seat,
            event,
            concept,
            lesson,
            False,
            (ours.tile,),
            values,
            position,
            score=score,
        )


def _scoring_concept(ours: WinReview) -> tuple[str, str]:
    """The concept and lesson of a win's scoring question: a yakuman's by
    its first name (as the yakuman drill names its questions), else the
    points rule its total follows (the table, or a limit)."""
    if ours.yakuman:
        return f"yakuman:{min(name for name, _ in ours.yakuman)}", _YAKUMAN_LESSON
    return f"riichi-points:{'limit' if ours.limit else 'table'}", _POINTS_LESSON
