"""An MCR game played by a learner against bots (issue 30), without a screen.

As play_session.PlaySession for riichi: the learner plays player 0, the
bots the others, and after every learner action the bots play on until the
learner must decide again or the hand is over.  MCR's own: the seats change
at each round (document 004; `match.seats_of`), so the learner's seat wind
moves and the table is drawn from wherever the learner sits; flowers are set
aside and shown; a hu under 8 points (or on no complete hand) is refused
with the coach's reason, the fans it has and its points, and counts as the
mistake it would be (a false win), as the session plays without the
false-win penalty (McrOptions.false_win_penalty off: it is simply refused).
A game is one round (4 hands, the East round) or a full game of 16 hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from tutor.engine.game.actions import Action, Forbidden
from tutor.engine.game.bot_reasons import why_mcr
from tutor.engine.game.coach import Note
from tutor.engine.game.match import Standing, ranks
from tutor.engine.game.mcr.actions import McrAction, McrDecision, McrForbidden, McrRefusal
from tutor.engine.game.mcr.bots import BOTS, Bot
from tutor.engine.game.mcr.coach import coach, forbidden_note
from tutor.engine.game.mcr.hand import deal, decisions, step
from tutor.engine.game.mcr.match import seats_of
from tutor.engine.game.mcr.mistakes import McrHandPlay, McrTurn, false_win, mistakes
from tutor.engine.game.mcr.review import McrHandReview, review_mcr_hand
from tutor.engine.game.mcr.state import McrHandState, McrOptions, McrPhase
from tutor.engine.game.mistakes import Mistake
from tutor.engine.game.scenarios import SCENARIOS, mcr_start
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.table import MCR_HANDS
from tutor.engine.waits import winning_tiles
from tutor.locale import Message
from tutor.quiz.play_session import (
    LEARNER,
    BotsPlay,
    Move,
    PlaySetup,
    bot_move,
    of_kind,
    one_per_refusal,
    refusal_of,
)
from tutor.quiz.play_view import PlayView, TenpaiHand, game_meld_text, mcr_table, tenpai_hand
from tutor.quiz.review_words import mcr_review_lines

MCR: Final = "mcr"
"""The preset name that plays MCR (the setup's rules row)."""
HANDS: Final = {"east": 4, "south": MCR_HANDS}
"""Hands in a game by its length: one round, or the four rounds."""
MCR_REFUSAL_CODES: Final = frozenset(code.value for code in McrRefusal)
BOT_NAMES: Final = {"beginner": "beginner", "intermediate": "fan_route"}
"""The MCR bot at each level the setup offers."""


class McrPlaySession(BotsPlay):
    """One MCR game: the learner is player 0, bots the others."""

    game_name: Final = MCR

    def __init__(self, setup: PlaySetup) -> None:
        self.setup = setup
        self.hint = setup.hint
        self.hands = HANDS[setup.length]
        self.number = 0
        """The hand being played, 0 first."""
        self.scores: list[int] = [0, 0, 0, 0]
        """By player, before the hand being played."""
        self.bot: Bot = BOTS[BOT_NAMES[setup.bots]]
        self.rngs = {player: random.Random(f"{setup.seed}/{player}") for player in range(1, 4)}
        self.mistakes: list[Mistake] = []
        self.moves: list[Move] = []
        self.over = False
        self.auto = True
        """As PlaySession.auto: off, the screen steps the bots at its pace."""
        self.last_bot = None
        self._deal()

    def _deal(self) -> None:
        self.seats = seats_of(self.number)
        """The player at each seat wind this hand."""
        self.learner = self.seats.index(LEARNER)
        """The learner's seat (wind) this hand."""
        options = McrOptions(false_win_penalty=False)
        scenario = SCENARIOS[self.setup.scenario] if self.setup.scenario is not None else None
        if scenario is not None and self.number == 0:
            # The scenario's scripted start deals the first hand (the learner
            # East, as in any first hand); its turns were not the learner's
            # choice.
            scripted = mcr_start(scenario, options)
            self.start = scripted.dealt
            self.state: McrHandState = scripted.state
        else:
            wall_seed = random.Random(f"{self.setup.seed}/hand/{self.number}").randrange(2**32)
            state, _events = deal(options, self.number // 4, wall_seed)
            self.start = state
            self.state = state
        self.turns: list[McrTurn] = []
        self.tried: list[Mistake] = []
        self.dealt()

    # --- where play stands -----------------------------------------------------------------

    @property
    def hand_over(self) -> bool:
        return self.state.phase is McrPhase.OVER

    @property
    def stage(self) -> str:
        """The phase as the screen reads it: turn, claim (a discard answered), rob (an added kong), over."""
        phase = self.state.phase
        return {McrPhase.CLAIMS: "claim", McrPhase.ROB: "rob"}.get(phase, phase.value)

    def _decision_of(self, state: McrHandState) -> McrDecision | None:
        return next((found for found in decisions(state) if found.seat == self.learner), None)

    @property
    def decision(self) -> McrDecision | None:
        """The learner's decision now; a claim with nothing to do but pass is
        no decision, unless a hu or call the learner might try is refused."""
        if self.hand_over:
            return None
        found = self._decision_of(self.state)
        if found is None or (len(found.legal) == 1 and not found.forbidden and self.state.phase is not McrPhase.TURN):
            return None
        return found

    def legal(self, kind: str, tile: int | None = None) -> tuple[McrAction, ...]:
        decision = self.decision
        return of_kind(decision.legal, kind, tile) if decision is not None else ()

    def refusal(self, kind: str, tile: int | None = None) -> McrForbidden | None:
        decision = self.decision
        return refusal_of(decision.forbidden, kind, tile) if decision is not None else None

    def refused(self, forbidden: Forbidden | McrForbidden) -> Note:
        """The coach's note on a refused action; a hu refused is kept as the false win it would be."""
        if not isinstance(forbidden, McrForbidden):
            raise TypeError("a riichi refusal in an MCR game")
        self.moves.append(Move("try", forbidden.action))
        mistake = false_win(forbidden, len(self.turns))
        if mistake is not None:
            self.tried.append(mistake)
        return self.refusal_note(forbidden)

    def refusal_note(self, forbidden: Forbidden | McrForbidden) -> Note:
        if not isinstance(forbidden, McrForbidden):
            raise TypeError("a riichi refusal in an MCR game")
        return forbidden_note(forbidden)

    def notes(self) -> tuple[Note, ...]:
        """The coach's notes at the learner's decision: one for each refusal code."""
        decision = self.decision
        if decision is None:
            return ()
        return one_per_refusal(coach(self.state, decision, self.hint), MCR_REFUSAL_CODES)

    def hand_order(self) -> Sequence[int]:
        """The learner's concealed slots, sorted by kind, the tile just drawn apart at the end (in its turn)."""
        hand = self.state.players[self.learner].hand
        drawn = self.drawn
        kept = sorted(hand[:-1] if drawn else hand, key=lambda slot: (self.state.kind(slot), slot))
        return (*kept, hand[-1]) if drawn else tuple(kept)

    @property
    def drawn(self) -> bool:
        """The learner holds a tile just drawn (its turn, not after a call)."""
        state = self.state
        return state.phase is McrPhase.TURN and state.turn == self.learner and not state.called

    def learner_melds(self) -> str:
        state = self.state
        return " ".join(game_meld_text(state, meld) for meld in state.players[self.learner].melds)

    def relative(self, seat: int) -> int:
        """Where a seat sits from the learner: 0 the learner, 1 right, 2 across, 3 left."""
        return (seat - self.learner) % 4

    # --- playing --------------------------------------------------------------------------

    def why(self) -> Note | None:
        """Why the last bot action was taken (bot_reasons), or None before any."""
        move = self.last_bot
        if move is None or not isinstance(move.state, McrHandState) or not isinstance(move.action, McrAction):
            return None
        return why_mcr(move.state, move.action)

    def play(self, action: Action | McrAction, advance: bool = True) -> None:
        """The learner's action (one of `decision.legal`; the game raises ValueError for any other)."""
        if not isinstance(action, McrAction):
            raise TypeError(f"{action} is a riichi action")
        self._step({self.learner: action})
        self.played(action, advance)

    def _step(self, chosen: dict[int, McrAction]) -> None:
        deciding = decisions(self.state)
        choices = dict(chosen)
        for decision in deciding:
            if decision.seat not in choices:
                if decision.seat == self.learner:
                    choices[decision.seat] = decision.legal[0]  # a claim of the learner's with only pass
                else:
                    choices[decision.seat] = self.bot(self.state, decision, self.rngs[self.seats[decision.seat]])
        following, events = step(self.state, choices)
        self.turns.append(McrTurn(self.state, deciding, choices, tuple(events)))
        self.last_bot = bot_move(self.state, choices, self.learner) or self.last_bot
        self.state = following

    # --- between hands --------------------------------------------------------------------

    def review(self) -> McrHandReview:
        review = review_mcr_hand(self.number, self.state, (), self.scores)
        if self.number == self.hands - 1 and not review.game_over:
            # A game of one round ends with its fourth hand.
            review = replace(review, next_seats=None, next_prevalent=None, new_round=False, game_over=True)
        return review

    def review_lines(self) -> tuple[Message, ...]:
        return mcr_review_lines(self.review())

    def winning_hand(self) -> tuple[Hand, int] | None:
        """The winner's hand with the winning tile, and that tile; None at a draw."""
        result = self.state.result
        if result is None or result.win is None:
            return None
        win = result.win
        return self.state.engine_hand(win.seat, extra=win.tile if win.source is not None else None), win.tile

    def tenpai_hands(self) -> tuple[TenpaiHand, ...]:
        """At an exhaustive draw, each seat whose hand waits on a tile (its shape complete with it), and its waits."""
        state = self.state
        if state.result is None or state.result.win is not None:
            return ()
        found = []
        for relation in range(4):
            seat = (self.learner + relation) % 4
            hand = state.engine_hand(seat)
            waits = winning_tiles(hand, Rules.MCR) if hand.tile_count == 13 else []
            if waits:
                found.append(tenpai_hand(state, relation, seat, hand, state.players[seat].melds, waits))
        return tuple(found)

    def hand_mistakes(self) -> tuple[Mistake, ...]:
        play = McrHandPlay(self.start, tuple(self.turns), self.state)
        return (*mistakes(play, self.learner), *self.tried)

    def next_hand(self) -> None:
        if not self.hand_over:
            raise RuntimeError("next_hand called while a hand is played")
        self.moves.append(Move("next"))
        self.mistakes.extend(self.hand_mistakes())
        self.scores = list(self.review().scores_after)
        self.number += 1
        if self.number >= self.hands:
            self.over = True
        else:
            self._deal()

    @property
    def hands_played(self) -> int:
        return self.number

    @property
    def game_over(self) -> bool:
        return self.over

    def standings(self) -> tuple[Standing, ...]:
        """Each player's points and place; MCR has no uma: the final value is the points."""
        scores = (self.scores[0], self.scores[1], self.scores[2], self.scores[3])
        places = ranks(scores)
        return tuple(Standing(player, scores[player], places[player], scores[player]) for player in range(4))

    # --- the table ------------------------------------------------------------------------

    def view(self) -> PlayView:
        points = tuple(self.scores[player] for player in self.seats)
        return mcr_table(self.state, self.learner, points, self.number, self.hands)
