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

from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, Protocol, TypeVar

from tutor.engine.game.actions import Action, Decision, Forbidden, Refusal
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.bot_reasons import why
from tutor.engine.game.coach import HintLevel, Note, coach, forbidden_note
from tutor.engine.game.intermediate import IntermediateBot
from tutor.engine.game.kyoku import step
from tutor.engine.game.legal import decision_for, decisions
from tutor.engine.game.match import GameState, Standing, after_hand, new_game, standings, start_hand
from tutor.engine.game.mcr.actions import McrAction, McrForbidden
from tutor.engine.game.mcr.state import McrHandState
from tutor.engine.game.mistakes import Mistake, mistakes, tried
from tutor.engine.game.options import GameLength
from tutor.engine.game.presets import PRESETS
from tutor.engine.game.review import HandReview, review_hand
from tutor.engine.game.scenarios import SCENARIOS, Scenario, riichi_start
from tutor.engine.game.simulate import HandRecord, Player, Turn
from tutor.engine.game.state import EndKind, Event, KyokuState, Phase
from tutor.engine.hand import Hand
from tutor.locale import Message, message
from tutor.quiz.play_view import PlayView, TenpaiHand, game_meld_text, riichi_table, tenpai_hand
from tutor.quiz.review_words import riichi_review_lines

LEARNER: Final = 0
"""The learner's seat: the first dealer, drawn at the bottom of the table."""

BotLevel = Literal["beginner", "intermediate"]
Pace = Literal["instant", "normal", "slow"]
PACES: Final[tuple[Pace, ...]] = ("instant", "normal", "slow")
CLAIM_ORDER: Final = ("tsumo", "ron", "hu", "open_kan", "kong", "pon", "pung", "chi", "chow")
"""Which of the bots' answers to one discard took effect: a win, then a kan or pon, then a chi (both rules)."""
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
    pace: Pace = "instant"
    """How fast the screen plays the bots' moves (instant here; the setup screen offers normal first)."""
    scenario: str | None = None
    presentation: bool = False


@dataclass(frozen=True)
class Move:
    """One thing the learner did, in order: an action played (`play`), a
    refused action tried (`try`, which may count as a mistake), or the next
    hand asked for (`next`).  The bots are deterministic by the seed, so the
    setup and these moves make the game again, step for step (a saved game)."""

    kind: Literal["play", "try", "next"]
    action: Action | McrAction | None = None


class Named(Protocol):
    """An action of either rules, by its kind and tile."""

    @property
    def kind(self) -> str: ...
    @property
    def tile(self) -> int | None: ...


class Refused(Protocol):
    @property
    def action(self) -> Named: ...


N = TypeVar("N", bound=Named)
R = TypeVar("R", bound=Refused)


def of_kind(actions: Iterable[N], kind: str, tile: int | None = None) -> tuple[N, ...]:
    """The actions of a kind (on a tile, if given)."""
    return tuple(action for action in actions if action.kind == kind and (tile is None or action.tile == tile))


def refusal_of(refused: Iterable[R], kind: str, tile: int | None = None) -> R | None:
    """The first refused action of a kind (on a tile, if given)."""
    return next((found for found in refused if of_kind((found.action,), kind, tile)), None)


def one_per_refusal(notes: Iterable[Note], refusals: Collection[str], hidden: Collection[str] = ()) -> tuple[Note, ...]:
    """The coach's notes for the panel: one for each refusal code (after
    riichi every tile but the drawn one is locked, and one line says so),
    none of the `hidden` codes."""
    shown: list[Note] = []
    codes: set[str] = set()
    for note in notes:
        if note.code in hidden or (note.code in refusals and note.code in codes):
            continue
        codes.add(note.code)
        shown.append(note)
    return tuple(shown)


@dataclass(frozen=True)
class BotMove:
    """A bot's action and the state it was chosen in (for the line that says it, and "why?")."""

    state: KyokuState | McrHandState
    action: Action | McrAction


def bot_move(
    state: KyokuState | McrHandState, choices: Mapping[int, Action | McrAction], learner: int
) -> BotMove | None:
    """The bots' action that took effect at a step: the only one, or of answers to a discard the one ranked first."""
    acting = [action for seat, action in choices.items() if seat != learner and action.kind != "pass"]
    if not acting:
        return None
    rank = {kind: number for number, kind in enumerate(CLAIM_ORDER)}
    return BotMove(state, min(acting, key=lambda action: rank.get(action.kind, len(rank))))


def scenario_refusal(scenario_id: str) -> Message | None:
    """Why a lesson's `play:` link cannot open its scenario: an id the tutor
    has no scenario for (a lesson folder of the learner's own)."""
    scenario = SCENARIOS.get(scenario_id)
    if scenario is None:
        return message("play.scenario_unknown", name=scenario_id)
    return None


def scenario_title(scenario_id: str) -> Message:
    return message(f"scenario.{scenario_id}.title")


def scenario_goal(scenario_id: str) -> Message:
    """The scenario's title and goal, as the play screen says them at its start."""
    return message("play.scenario", title=scenario_title(scenario_id), goal=message(f"scenario.{scenario_id}.goal"))


def make_bot(level: BotLevel, seed: str) -> Player:
    return IntermediateBot(seed) if level == "intermediate" else BeginnerBot(seed)


class BotsPlay(ABC):
    """What both rules' sessions share: after the learner's action the bots
    play on, all at once (`auto`, `advance`) or a step at a time for the
    screen's pace (`bot_step`), until the learner must decide or the hand is over."""

    moves: list[Move]
    auto: bool
    last_bot: BotMove | None
    """The last bot action that took effect this hand, and the state it was chosen in."""

    @property
    @abstractmethod
    def hand_over(self) -> bool: ...

    @property
    @abstractmethod
    def decision(self) -> object | None: ...

    @abstractmethod
    def _step(self, chosen: dict[int, Any]) -> None:
        """One step of the game: the seats deciding, the learner's choice in `chosen`, the bots' made here."""

    @property
    def bots_to_play(self) -> bool:
        """The bots play next: the hand goes on and the learner has no decision."""
        return not self.hand_over and self.decision is None

    def advance(self) -> None:
        """The bots play until the learner must decide or the hand is over."""
        while self.bots_to_play:
            self._step({})

    def bot_step(self) -> None:
        """One step of the bots' play (the screen's pace)."""
        if self.bots_to_play:
            self._step({})

    def dealt(self) -> None:
        """A hand dealt: no bot has acted in it yet, and the bots play up to the learner's turn unless paced."""
        self.last_bot = None
        if self.auto:
            self.advance()

    def played(self, action: Action | McrAction, advance: bool) -> None:
        """The learner's action kept as a move, and the bots' play after it unless the screen paces them."""
        self.moves.append(Move("play", action))
        if advance:
            self.advance()


class PlaySession(BotsPlay):
    """One game: the learner at seat 0, bots at seats 1-3."""

    game_name: Final = "riichi"
    learner: Final = LEARNER

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
        self.moves: list[Move] = []
        """Everything the learner did, in order (see Move)."""
        self.auto = True
        """The bots play on at once after each learner action and deal; off, the screen steps them at its pace."""
        self.last_bot: BotMove | None = None
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
        self.dealt()

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

    @property
    def stage(self) -> str:
        """The phase as the screen reads it: turn, riichi_discard, claim (a discard answered), rob (chankan), over."""
        phase = self.state.phase
        return {Phase.CLAIMS: "claim", Phase.CHANKAN: "rob"}.get(phase, phase.value)

    def legal(self, kind: str, tile: int | None = None) -> tuple[Action, ...]:
        """The learner's legal actions of a kind now (on a tile, if given)."""
        decision = self.decision
        return of_kind(decision.legal, kind, tile) if decision is not None else ()

    def refusal(self, kind: str, tile: int | None = None) -> Forbidden | None:
        """Why the learner may not take an action of this kind now, if the rules refuse one."""
        decision = self.decision
        return refusal_of(decision.forbidden, kind, tile) if decision is not None else None

    def refused(self, forbidden: Forbidden | McrForbidden) -> Note:
        """The coach's note on a refused action the learner tried; a ron
        tried in furiten is kept as a mistake of the hand."""
        if not isinstance(forbidden, Forbidden):
            raise TypeError("an MCR refusal in a riichi game")
        self.moves.append(Move("try", forbidden.action))
        mistake = tried(self.state, forbidden, len(self.turns))
        if mistake is not None:
            self.tried.append(mistake)
        return self.refusal_note(forbidden)

    def refusal_note(self, forbidden: Forbidden | McrForbidden) -> Note:
        """What the coach says of a refused action: its rule, its lesson, and what to look for."""
        if not isinstance(forbidden, Forbidden):
            raise TypeError("an MCR refusal in a riichi game")
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
        return one_per_refusal(coach(self.state, decision, self.hint), REFUSAL_CODES, {Refusal.NOT_TENPAI})

    def hand_order(self) -> Sequence[int]:
        return hand_order(self.state)

    @property
    def drawn(self) -> bool:
        """The learner holds a tile just drawn, laid apart."""
        return self.state.players[LEARNER].drawn is not None

    def learner_melds(self) -> str:
        return " ".join(game_meld_text(self.state, meld) for meld in self.state.players[LEARNER].melds)

    def relative(self, seat: int) -> int:
        """Where a seat sits from the learner: 0 the learner, 1 right, 2 across, 3 left."""
        return (seat - LEARNER) % 4

    def view(self) -> PlayView:
        return riichi_table(self.state, LEARNER)

    # --- playing --------------------------------------------------------------------------

    def why(self) -> Note | None:
        """Why the last bot action was taken (bot_reasons), or None before any."""
        move = self.last_bot
        if move is None or not isinstance(move.state, KyokuState) or not isinstance(move.action, Action):
            return None
        return why(move.state, move.action, LEARNER)

    def play(self, action: Action | McrAction, advance: bool = True) -> None:
        """The learner's action (one of `decision.legal`; the game raises
        IllegalAction for any other, TypeError for an MCR action), the bots' answers at the same moment,
        and the bots' play after it."""
        if not isinstance(action, Action):
            raise TypeError(f"{action} is an MCR action")
        self._step({LEARNER: action})
        self.played(action, advance)

    def _step(self, chosen: dict[int, Action]) -> None:
        deciding = decisions(self.state)
        choices = dict(chosen)
        for decision in deciding:
            if decision.seat != LEARNER:
                choices[decision.seat] = self.bots[decision.seat].choose(self.state, decision)
        following, events = step(self.state, choices)
        self.turns.append(Turn(self.state, deciding, choices, events))
        self.last_bot = bot_move(self.state, choices, LEARNER) or self.last_bot
        self.state = following

    # --- between hands --------------------------------------------------------------------

    def record(self) -> HandRecord:
        return HandRecord(self.start[0], self.start[1], tuple(self.turns), self.state)

    def review(self) -> HandReview:
        """The finished hand's review (raises ReviewError while it is being played)."""
        return review_hand(self.game, self.state)

    def review_lines(self) -> tuple[Message, ...]:
        return riichi_review_lines(self.review())

    def winning_hand(self) -> tuple[Hand, int] | None:
        """The first winner's hand as the review shows it, and the winning tile; None at a draw."""
        result = self.state.result
        if result is None or not result.wins:
            return None
        win = result.wins[0]
        return self.state.engine_hand(win.seat, extra=win.tile if win.source is not None else None), win.tile

    @property
    def hands_played(self) -> int:
        return self.game.hands_played

    def tenpai_hands(self) -> tuple[TenpaiHand, ...]:
        """At an exhaustive draw, each tenpai seat's hand and waits (as the review counts them)."""
        draw = self.review().draw if self.hand_over else None
        if draw is None or self.state.result is None or self.state.result.kind is not EndKind.EXHAUSTIVE:
            return ()
        state = self.state
        return tuple(
            tenpai_hand(
                state,
                self.relative(seat),
                (seat - state.dealer) % 4,
                state.engine_hand(seat),
                state.players[seat].melds,
                waits,
            )
            for seat, waits in draw.tenpai
        )

    def hand_mistakes(self) -> tuple[Mistake, ...]:
        """The learner's rule mistakes in the hand finished: those its record shows, and those tried."""
        chosen = tuple(mistake for mistake in mistakes(self.record(), LEARNER) if mistake.turn >= self.scripted)
        return (*chosen, *self.tried)

    def next_hand(self) -> None:
        """After a finished hand: its mistakes kept, the game moved on, and the next hand dealt unless the game is over."""
        result = self.state.result
        if result is None:
            raise RuntimeError("next_hand called while a hand is played")
        self.moves.append(Move("next"))
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
