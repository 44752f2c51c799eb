"""An imported game replayed step by step, as data: where the replay stands
(the round, the step, the seat whose view it is, whether every hand is
open) and what the table shows there.  The replay screen
(tutor/ui/screens/replay.py) draws it and passes its keys to it; this
module knows nothing of Textual.

A round's steps are the decisions of its replay (`ReplayedHand.record.turns`:
a seat to play, or the seats answering a discard) and then its end; an
MCR log's hands are walked alike (tutor/quiz/mcr_replay.py).  Each
step stands at an event of the log: the last event before the decision, or
the log's last at the end; what happened since the step before (a draw and
a discard, a call, a win) is said in words.  A finding is found at the
step of the decision it is about.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Final

from tutor.engine.game import log_findings
from tutor.engine.game.actions import ActionKind
from tutor.engine.game.log_findings import Finding, FindingKind
from tutor.engine.game.log_review import RoundReview
from tutor.engine.game.mcr.log_replay import McrReplayedHand
from tutor.engine.game.mcr.log_review import McrRoundReview
from tutor.engine.game.read_tenhou import LogRound
from tutor.engine.game.replay import ReplayedHand, replay
from tutor.engine.game.state import Event, KyokuState
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.tiles import WIND_LETTERS, tile_name
from tutor.locale import Message, message
from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.kinds import KINDS, concept_kind, generate
from tutor.quiz.mcr_replay import McrReplayRound
from tutor.quiz.names import CALL_NAMES, WIN_WORDS
from tutor.quiz.play_view import riichi_table
from tutor.quiz.question import Question
from tutor.quiz.replay_table import ReplayedRound, TableAt, hands_open
from tutor.quiz.review_findings import LEVEL, finding_question
from tutor.quiz.review_words import wind_seat

SEATS: Final = 4
CALLS: Final = frozenset({"chi", "pon", "open_kan"})
KANS_DECLARED: Final = frozenset({"closed_kan", "added_kan"})
UNSAID: Final = frozenset({"riichi_accepted"})
"""Events the table shows for itself (the stick on the table)."""


@dataclass(frozen=True)
class ReplayRound:
    """One round of the log: the round as read, its review, and for an mjai
    log each of its events' line in the log (an event is named by its index
    in the log, as `tutor review` names it); `seats` are those whose
    findings the review holds (`review_log.LogReview.seats`)."""

    round: LogRound
    review: RoundReview
    lines: tuple[int, ...] = ()
    seats: tuple[int, ...] = (0, 1, 2, 3)
    kept: dict[int, tuple[Finding, ...]] = field(default_factory=dict, compare=False, repr=False)
    """The findings of seats the review left out, made when first asked."""

    def findings_of(self, seat: int) -> tuple[Finding, ...]:
        """The seat's findings in the round, in the review's order.  A seat the
        review left out is reviewed from the round's replay as `log_review.
        review_round` reviews it, and its findings kept: the import reviews only the seat
        the replay opens at, as a 500-hand log's every seat would cost seconds."""
        if seat in self.seats:
            return tuple(finding for finding in self.review.findings if finding.seat == seat)
        found = self.kept.get(seat)
        if found is None:
            wins = tuple((check.event, check.ours) for check in self.review.wins)
            # review_round's order: by event, stably (the order findings() gives within an event).
            found = tuple(sorted(log_findings.findings(self._played(), seat, wins), key=lambda finding: finding.event))
            self.kept[seat] = found
        return found

    def _played(self) -> ReplayedHand:
        """The round's replay: the one kept once the round was shown, else one
        made for the asking and let go, as a seat's findings of the whole game
        would otherwise keep every round's states (tens of MiB for a long log,
        in a served session's memory)."""
        shown = self.__dict__.get("hand")  # where cached_property keeps it
        return shown if isinstance(shown, ReplayedHand) else replay(self.round)

    def has_findings(self, seat: int) -> bool:
        """The seat's findings are at hand (reviewed, or made already): asking costs nothing."""
        return seat in self.seats or seat in self.kept

    @cached_property
    def hand(self) -> ReplayedHand:
        """The round played again, when first shown (some milliseconds).  The
        review played this very round without a LogError, and replaying is
        deterministic."""
        return replay(self.round)

    @property
    def steps(self) -> int:
        """The decisions, and the end."""
        return len(self.hand.record.turns) + 1

    def state(self, step: int) -> KyokuState:
        turns = self.hand.record.turns
        return turns[step].state if step < len(turns) else self.hand.record.end

    def event(self, step: int) -> int:
        """The index in the round's events where the step stands."""
        if step < len(self.hand.plays):
            return self.hand.plays[step][0]
        return max(len(self.hand.round.events) - 1, 0)

    def log_index(self, event: int) -> int:
        """An event's index in the log (see `review_log.LogReview.event_index`)."""
        lines = self.lines
        return lines[event] if lines and 0 <= event < len(lines) else event

    def made(self, step: int) -> tuple[Event, ...]:
        """The events that led to the step: the deal, or what the choices before it made."""
        if step == 0:
            return self.hand.record.start_events
        return self.hand.record.turns[step - 1].events

    def wind_of(self, seat: int) -> int:
        return (seat - self.hand.round.dealer) % SEATS

    def label(self) -> Message:
        """A round as the list names it: "East 2, 1 honba"."""
        review = self.review
        return message(
            "replay.round",
            round=message(f"round_wind.{WIND_LETTERS[review.round_wind]}"),
            number=review.hand_number + 1,
            honba=review.honba,
        )

    def winning_hand(self) -> tuple[Hand, int] | None:
        if not self.review.wins:
            return None
        win = self.review.wins[0].ours
        return self.hand.record.end.engine_hand(win.seat, None if win.source is None else win.tile), win.tile

    def view(self, step: int, seat: int, open: bool) -> TableAt:
        state = self.state(step)
        table = riichi_table(state, seat)
        if open:
            table = hands_open(table, lambda relation: _hand_kinds(state, (seat + relation) % SEATS))
        player = state.players[seat]
        said = tuple(
            said
            for event in self.made(step)
            if event.kind not in UNSAID
            and (said := event_message(state, event, open or event.seat == seat)) is not None
        )
        ending = step == self.steps - 1
        return TableAt(
            table=table,
            hand=_hand_kinds(state, seat),
            drawn=player.drawn is not None and player.drawn in player.hand,
            said=said,
            event=self.log_index(self.event(step)),
            events=self.log_index(max(len(self.hand.round.events) - 1, 0)) + 1,
            wins=self.review.wins if ending else (),
            draw=self.review.draw if ending else None,
        )

    def step_of(self, finding: Finding) -> int:
        """The step of the decision a finding is about: the seat's own play
        at the finding's event, else the answering of the discard it names."""
        plays = self.hand.plays
        turns = self.hand.record.turns
        for index, (_before, first) in enumerate(plays):
            chosen = turns[index].choices.get(finding.seat)
            if first == finding.event and chosen is not None and chosen.kind is not ActionKind.PASS:
                return index
        for index, (before, _first) in enumerate(plays):
            if before >= finding.event:
                return index
        return self.steps - 1


def seat_named(state: KyokuState, seat: int) -> Message:
    """A seat by its wind this hand, as the review names seats."""
    return wind_seat((seat - state.dealer) % 4)


def event_message(state: KyokuState, event: Event, shown: bool) -> Message | None:
    """One event in words; a draw names its tile only when `shown` (the
    drawer's hand is in view).  None for those the table shows by itself."""
    kind = event.kind
    seat = seat_named(state, event.seat) if event.seat is not None else ""
    tile = tile_name(state.kind(event.slots[0])) if event.slots else ""
    if kind == "start":
        return message("replay.event.start")
    if kind == "draw":
        return (
            message("replay.event.draw", seat=seat, tile=tile)
            if shown
            else message("replay.event.draw_hidden", seat=seat)
        )
    if kind == "discard":
        return message("play.bot.discard", seat=seat, tile=tile)
    if kind == "riichi":
        return message("play.bot.declare", seat=seat, action=message("play.action.riichi"), tile="")
    if kind in CALLS and event.called is not None:
        called = tile_name(state.kind(event.called))
        return message("play.bot.call", seat=seat, action=CALL_NAMES.name(kind), tile=called)
    if kind in KANS_DECLARED:
        return message("play.bot.declare_tile", seat=seat, action=message(f"play.action.{kind}"), tile=tile)
    if kind == "dora":
        return message("replay.event.dora", tile=tile)
    if kind == "win":
        how = WIN_WORDS.name("tsumo" if event.source is None else "ron")
        return message("play.bot.win", seat=seat, action=how, tile=tile)
    return None


def _hand_kinds(state: KyokuState, seat: int) -> tuple[int, ...]:
    """The seat's concealed tiles sorted, the tile just drawn last."""
    player = state.players[seat]
    drawn = player.drawn if player.drawn in player.hand else None
    kinds = sorted(state.kind(slot) for slot in player.hand if slot != drawn)
    return (*kinds, state.kind(drawn)) if drawn is not None else tuple(kinds)


@dataclass
class GameReplay:
    """Where the replay of a game stands, and the moves that change it."""

    rounds: tuple[ReplayedRound, ...]
    round: int = 0
    step: int = 0
    seat: int = 0
    """The seat viewed, at the bottom; its findings are listed."""
    open: bool = False
    """Every hand shown, not only the seat viewed's."""
    format: str = ""

    @classmethod
    def of(
        cls,
        format: str,
        rounds: Sequence[LogRound],
        reviews: Sequence[RoundReview],
        lines: Sequence[tuple[int, ...]],
        seats: Sequence[int],
    ) -> GameReplay:
        """The replay of an imported game, at its first step, from seat 0;
        `seats` are those the review holds the findings of (the others' are
        made when first asked)."""
        reviewed = tuple(seats)
        return cls(
            tuple(ReplayRound(*found, seats=reviewed) for found in zip(rounds, reviews, lines, strict=True)),
            format=format,
        )

    @classmethod
    def of_mcr(cls, format: str, hands: Sequence[McrReplayedHand], reviews: Sequence[McrRoundReview]) -> GameReplay:
        """The replay of an imported MCR log, at its first step, from player 0."""
        return cls(tuple(McrReplayRound(*found) for found in zip(hands, reviews, strict=True)), format=format)

    @property
    def rules(self) -> Rules:
        """The game's rules: MCR for our own MCR logs, else riichi."""
        return Rules.MCR if any(isinstance(found, McrReplayRound) for found in self.rounds) else Rules.RIICHI

    @property
    def current(self) -> ReplayedRound:
        return self.rounds[self.round]

    def forward(self) -> bool:
        """One step on; False at the round's end."""
        if self.step + 1 >= self.current.steps:
            return False
        self.step += 1
        return True

    def back(self) -> bool:
        if self.step == 0:
            return False
        self.step -= 1
        return True

    def jump(self, round_index: int, step: int = 0) -> None:
        """To a round (kept within the game) at a step."""
        self.round = max(0, min(len(self.rounds) - 1, round_index))
        self.step = max(0, min(self.current.steps - 1, step))

    def next_round(self) -> bool:
        if self.round + 1 >= len(self.rounds):
            return False
        self.jump(self.round + 1)
        return True

    def previous_round(self) -> bool:
        """To the start of the round before (or of this one, if it is the first)."""
        self.jump(self.round - 1)
        return True

    def at_end(self) -> bool:
        return self.step == self.current.steps - 1

    def next_seat(self) -> int:
        self.seat = (self.seat + 1) % SEATS
        return self.seat

    def toggle_open(self) -> bool:
        self.open = not self.open
        return self.open

    def findings(self, seat: int | None = None) -> list[tuple[int, Finding]]:
        """The game's findings of a seat (the seat viewed by default), each with its round's index, in order."""
        wanted = self.seat if seat is None else seat
        return [(index, finding) for index, found in enumerate(self.rounds) for finding in found.findings_of(wanted)]

    def has_findings(self, seat: int) -> bool:
        """Every round's findings of the seat are at hand: `findings(seat)` costs
        nothing, where otherwise it replays the rounds not yet shown."""
        return all(found.has_findings(seat) for found in self.rounds)

    def go_to(self, round_index: int, finding: Finding) -> None:
        """To the step of a finding's decision, seen from its seat."""
        self.jump(round_index)
        self.seat = finding.seat
        self.step = self.current.step_of(finding)

    def at(self) -> TableAt:
        found = self.current
        step = self.step
        findings = tuple(finding for finding in found.findings_of(self.seat) if found.step_of(finding) == step)
        return replace(found.view(step, self.seat, self.open), findings=findings)

    def round_label(self, index: int) -> Message:
        return self.rounds[index].label()


DRILLED_ALONE: Final = frozenset({FindingKind.DEAL_IN_SAFE_HELD})
"""Findings whose concept no drill kind asks of a new hand (`review_findings.finding_answer`)."""


def drill_questions(
    findings: Iterable[Finding], seed: int, rules: DrillRules, game_rules: Rules = Rules.RIICHI
) -> list[Question]:
    """A drill of findings: a finding with a position (a discard, a deal-in,
    a win missed, the seat's own win) asks its question of that very position
    (`finding_question`); every other asks a question of its
    concept, dealt as review deals a concept due.  One question a position
    or concept.  `game_rules` are the game's, which a discard's question
    is asked by (as `tutor review --store` keeps it)."""
    questions: list[Question] = []
    seen: set[object] = set()
    for offset, finding in enumerate(findings):
        asked = finding_question(finding, seed + offset, game_rules)
        if asked is not None:
            key: object = (finding.kind, finding.hand)
        elif finding.kind in DRILLED_ALONE or concept_kind(finding.concept) not in KINDS:
            continue
        else:
            key = finding.concept
            asked = generate(concept_kind(finding.concept), seed + offset, LEVEL, concept=finding.concept, rules=rules)
        if key not in seen:
            seen.add(key)
            questions.append(asked)
    return questions
