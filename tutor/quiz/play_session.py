"""A game played by a learner against bots (issue 30), without a screen.

The session holds the riichi game between hands (`match.GameState`), the
hand being played (`KyokuState`) and the bots at the other seats.  After
every learner action it lets the bots play on until the learner must decide
again (`decision`) or the hand is over; the learner's seat is marked in the
state, so play also stops where the learner could only try a refused ron or
call, and be told why not.  What the screen shows (the coach's notes, the
review, the standings) is data here; its words are coach_words' and
review_words'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from tutor.engine.game.actions import Action, ActionKind, Decision, Forbidden, Refusal
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.coach import HintLevel, Note, coach, forbidden_note
from tutor.engine.game.intermediate import IntermediateBot
from tutor.engine.game.kyoku import step
from tutor.engine.game.legal import decision_for, decisions
from tutor.engine.game.match import GameState, Standing, after_hand, new_game, standings, start_hand
from tutor.engine.game.mistakes import Mistake, mistakes, tried
from tutor.engine.game.options import GameLength
from tutor.engine.game.presets import PRESETS
from tutor.engine.game.review import HandReview, review_hand
from tutor.engine.game.scenarios import SCENARIOS, Scenario, riichi_start
from tutor.engine.game.simulate import HandRecord, Player, Turn
from tutor.engine.game.state import Event, KyokuState, Phase
from tutor.locale import Message, message

LEARNER: Final = 0
"""The learner's seat: the first dealer, drawn at the bottom of the table."""

BotLevel = Literal["beginner", "intermediate"]
BOT_LEVELS: Final[tuple[BotLevel, ...]] = ("beginner", "intermediate")
LENGTHS: Final[tuple[GameLength, ...]] = ("east", "south")
HINT_LEVELS: Final = tuple(HintLevel)
REFUSAL_CODES: Final = frozenset(code.value for code in Refusal)


@dataclass(frozen=True)
class PlaySetup:
    """What the learner chose before the game: the rule preset, the length,
    the bots' level, the coach's hint level and the seed (shown, so that a
    class can play the same deal), and a scenario from the lessons whose
    scripted start deals the first hand (`tutor.engine.game.scenarios`);
    `presentation` draws the hand and the last discard large, for a projector."""

    seed: int
    preset: str = "tenhou"
    length: GameLength = "east"
    bots: BotLevel = "beginner"
    hint: HintLevel = HintLevel.RULES
    scenario: str | None = None
    presentation: bool = False


def scenario_refusal(scenario_id: str) -> Message | None:
    """Why a lesson's `play:` link cannot open its scenario: an id the tutor
    has no scenario for (a lesson folder of the learner's own), or an MCR
    scenario, as this session plays riichi only until MCR play comes in."""
    scenario = SCENARIOS.get(scenario_id)
    if scenario is None:
        return message("play.scenario_unknown", name=scenario_id)
    if scenario.rules != "riichi":
        return message("play.scenario_mcr_later", title=scenario_title(scenario_id))
    return None


def scenario_title(scenario_id: str) -> Message:
    return message(f"scenario.{scenario_id}.title")


def scenario_goal(scenario_id: str) -> Message:
    """The scenario's title and goal, as the play screen says them at its start."""
    return message("play.scenario", title=scenario_title(scenario_id), goal=message(f"scenario.{scenario_id}.goal"))


def scenario_setup(scenario_id: str) -> PlaySetup:
    """The setup a lesson's `play:` link opens: the scenario's seed, the rest as chosen by default."""
    return PlaySetup(seed=SCENARIOS[scenario_id].seed, scenario=scenario_id)


def make_bot(level: BotLevel, seed: str) -> Player:
    return IntermediateBot(seed) if level == "intermediate" else BeginnerBot(seed)


class PlaySession:
    """One game: the learner at seat 0, bots at seats 1-3."""

    def __init__(self, setup: PlaySetup) -> None:
        self.setup = setup
        self.hint = setup.hint
        options = replace(PRESETS[setup.preset], length=setup.length)
        self.game: GameState = new_game(options, setup.seed)
        """The game as it stood when the hand being played was dealt."""
        self.bots: dict[int, Player] = {
            seat: make_bot(setup.bots, f"{setup.seed}/{seat}") for seat in range(4) if seat != LEARNER
        }
        self.mistakes: list[Mistake] = []
        """The learner's rule mistakes in the hands finished so far."""
        self._decided: tuple[KyokuState, Decision] | None = None
        self._deal()

    @property
    def scenario(self) -> Scenario | None:
        """The scenario the game began with, if any (its scripted start is the first hand only)."""
        return SCENARIOS[self.setup.scenario] if self.setup.scenario is not None else None

    def _deal(self) -> None:
        scenario = self.scenario
        self.turns: list[Turn] = []
        if scenario is not None and self.game.hands_played == 0:
            start = riichi_start(scenario, self.game.options)
            self.state: KyokuState = start.state
            self.start: tuple[KyokuState, tuple[Event, ...]] = (start.dealt, start.dealt_events)
            self.turns = list(start.turns)
        else:
            state, events = start_hand(self.game)
            self.state = replace(state, learner=LEARNER)
            self.start = (self.state, events)
        self.scripted = len(self.turns)
        """Turns of the scenario's script: the learner did not choose them, so they hold no mistakes."""
        self.tried: list[Mistake] = []
        """Refused actions the learner tried this hand that count as mistakes (a ron in furiten)."""
        self.advance()

    # --- where play stands -----------------------------------------------------------------

    @property
    def hand_over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def decision(self) -> Decision | None:
        """The learner's decision now, or None while the hand is over."""
        if self.hand_over:
            return None
        # A state never changes (frozen): its decision is worked out once,
        # though the screen asks for it at every redraw (prompt, coach, keys).
        if self._decided is None or self._decided[0] is not self.state:
            self._decided = (self.state, decision_for(self.state, LEARNER))
        found = self._decided[1]
        return found if found.legal else None

    def legal(self, kind: ActionKind, tile: int | None = None) -> tuple[Action, ...]:
        """The learner's legal actions of a kind now (on a tile, if given)."""
        decision = self.decision
        if decision is None:
            return ()
        return tuple(
            action for action in decision.legal if action.kind is kind and (tile is None or action.tile == tile)
        )

    def refusal(self, kind: ActionKind, tile: int | None = None) -> Forbidden | None:
        """Why the learner may not take an action of this kind now, if the rules refuse one."""
        decision = self.decision
        if decision is None:
            return None
        return next(
            (
                forbidden
                for forbidden in decision.forbidden
                if forbidden.action.kind is kind and (tile is None or forbidden.action.tile == tile)
            ),
            None,
        )

    def refused(self, forbidden: Forbidden) -> Note:
        """The coach's note on a refused action the learner tried; a ron
        tried in furiten is kept as a mistake of the hand."""
        mistake = tried(self.state, forbidden, len(self.turns))
        if mistake is not None:
            self.tried.append(mistake)
        return self.refusal_note(forbidden)

    def refusal_note(self, forbidden: Forbidden) -> Note:
        """What the coach says of a refused action: its rule, its lesson, and what to look for."""
        return forbidden_note(self.state, forbidden)

    def notes(self) -> tuple[Note, ...]:
        """What the coach says at the learner's decision, at the hint level
        chosen, for a panel beside the table: one note for each refusal code
        (after riichi every tile but the drawn one is locked, and one line
        says so), and none for a riichi refused as not tenpai, which is most
        turns' state (trying `r` still tells why)."""
        decision = self.decision
        if decision is None:
            return ()
        shown: list[Note] = []
        codes: set[str] = set()
        for note in coach(self.state, decision, self.hint):
            if note.code == Refusal.NOT_TENPAI or (note.code in REFUSAL_CODES and note.code in codes):
                continue
            codes.add(note.code)
            shown.append(note)
        return tuple(shown)

    def last_discard(self) -> tuple[int, int] | None:
        """The hand's latest discard, (seat, kind), called or not; None before the first."""
        for turn in reversed(self.turns):
            for event in reversed(turn.events):
                if event.kind == "discard" and event.seat is not None:
                    return event.seat, self.state.kind(event.slots[0])
        return None

    # --- playing --------------------------------------------------------------------------

    def advance(self) -> None:
        """The bots play until the learner must decide or the hand is over."""
        while not self.hand_over and self.decision is None:
            self._step({})

    def play(self, action: Action) -> None:
        """The learner's action (one of `decision.legal`; the game raises
        IllegalAction for any other), the bots' answers at the same moment,
        and the bots' play after it."""
        self._step({LEARNER: action})
        self.advance()

    def _step(self, chosen: dict[int, Action]) -> None:
        deciding = decisions(self.state)
        choices = dict(chosen)
        for decision in deciding:
            if decision.seat != LEARNER:
                choices[decision.seat] = self.bots[decision.seat].choose(self.state, decision)
        following, events = step(self.state, choices)
        self.turns.append(Turn(self.state, deciding, choices, events))
        self.state = following

    # --- between hands --------------------------------------------------------------------

    def record(self) -> HandRecord:
        return HandRecord(self.start[0], self.start[1], tuple(self.turns), self.state)

    def review(self) -> HandReview:
        """The finished hand's review (raises ReviewError while it is being played)."""
        return review_hand(self.game, self.state)

    def hand_mistakes(self) -> tuple[Mistake, ...]:
        """The learner's rule mistakes in the hand finished: those its record shows, and those tried."""
        chosen = tuple(mistake for mistake in mistakes(self.record(), LEARNER) if mistake.turn >= self.scripted)
        return (*chosen, *self.tried)

    def next_hand(self) -> None:
        """After a finished hand: its mistakes kept, the game moved on, and the next hand dealt unless the game is over."""
        result = self.state.result
        if result is None:
            raise RuntimeError("next_hand called while a hand is played")
        self.mistakes.extend(self.hand_mistakes())
        self.game = after_hand(self.game, result, self.state.scores, self.state.sticks)
        if not self.game.over:
            self._deal()

    @property
    def game_over(self) -> bool:
        return self.game.over

    def standings(self) -> tuple[Standing, ...]:
        return standings(self.game)


def hand_order(state: KyokuState, seat: int = LEARNER) -> Sequence[int]:
    """The seat's concealed slots as the screen lays them out: sorted by
    kind, the tile just drawn apart at the end."""
    player = state.players[seat]
    kept = sorted((slot for slot in player.hand if slot != player.drawn), key=lambda slot: (state.kind(slot), slot))
    return (*kept, player.drawn) if player.drawn is not None else tuple(kept)
