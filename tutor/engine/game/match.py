"""A game of hands: who deals next, honba and sticks, when the game ends, the standings.

Tenhou's flow: the dealer keeps the deal (renchan) after winning, after an
exhaustive draw in tenpai and after an abortive draw; a honba is added then
and at every draw, and cleared when the deal passes after a win.  The game
ends after the last scheduled hand if someone has the target points (with a
renchan there, only if the dealer is then in the lead with them), otherwise
it goes on into the next round until someone has them (sudden death), at
most one round; and at once when a player goes below zero.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine.game.kyoku import Step, deal, shuffled_wall
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.state import EndKind, HandResult, Scores


@dataclass(frozen=True)
class GameState:
    """Between hands: the next hand's round, dealer, honba and sticks, the
    scores, how many hands were played, and whether the game is over."""

    options: RiichiOptions
    seed: int | str
    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    scores: Scores = (0, 0, 0, 0)
    hands_played: int = 0
    over: bool = False

    @property
    def dealer(self) -> int:
        """Seat 0 deals first; the deal passes to the right each hand of a round."""
        return self.hand_number


def new_game(options: RiichiOptions, seed: int | str) -> GameState:
    return GameState(options, seed, scores=(options.start_points,) * 4)


def start_hand(game: GameState) -> Step:
    """The next hand, dealt from a wall shuffled from the game's seed and the hand's number."""
    if game.over:
        raise ValueError("the game is over")
    wall = shuffled_wall(f"{game.seed}/{game.hands_played}")
    return deal(
        game.options, wall, game.dealer, game.round_wind, game.hand_number, game.honba, game.sticks, game.scores
    )


def renchan(result: HandResult, dealer: int) -> bool:
    """The dealer keeps the deal: a dealer's win, the dealer tenpai at an exhaustive draw, any abortive draw."""
    if result.kind is EndKind.WIN:
        return any(win.seat == dealer for win in result.wins)
    if result.kind is EndKind.EXHAUSTIVE:
        return dealer in result.tenpai
    return True


def next_honba(result: HandResult, honba: int, keeps: bool) -> int:
    """A honba is added at a renchan and at every draw; a win that passes the deal clears them."""
    return honba + 1 if keeps or result.kind is not EndKind.WIN else 0


def ranks(scores: Scores) -> tuple[int, int, int, int]:
    """Each seat's place (1-4); equal scores are placed by seat order from the first dealer."""
    order = sorted(range(4), key=lambda seat: (-scores[seat], seat))
    places = [0, 0, 0, 0]
    for place, seat in enumerate(order, start=1):
        places[seat] = place
    return (places[0], places[1], places[2], places[3])


def game_ends(game: GameState, scores: Scores, keeps: bool, abortive: bool = False) -> bool:
    """Whether the game is over after a hand: someone below zero, or the last
    hand or a hand of the extra round played with the target reached.  An
    abortive draw ends no game but by a score below zero: the hand is played
    again, and the dealer's stop in the last hand needs a win or tenpai (as
    Tenhou, and riichienv, play it)."""
    options = game.options
    if options.bust_ends and min(scores) < 0:
        return True
    if abortive:
        return False
    last = game.round_wind == options.last_round and game.hand_number == 3
    extra = game.round_wind > options.last_round
    if not (last or extra):
        return False
    if keeps:
        leads = ranks(scores)[game.dealer] == 1 and scores[game.dealer] >= options.target_points
        return options.dealer_stops_all_last and leads
    if max(scores) >= options.target_points or not options.sudden_death:
        return True
    return extra and game.hand_number == 3


def after_hand(game: GameState, result: HandResult, scores: Scores, sticks: int) -> GameState:
    """The game after a hand: the next dealer, honba and sticks, or the end."""
    keeps = renchan(result, game.dealer)
    honba = next_honba(result, game.honba, keeps)
    played = replace(game, honba=honba, sticks=sticks, scores=scores, hands_played=game.hands_played + 1)
    if game_ends(game, scores, keeps, result.abortive):
        return replace(played, over=True)
    if keeps:
        return played
    number = game.hand_number + 1
    return replace(played, round_wind=game.round_wind + number // 4, hand_number=number % 4)


def final_scores(game: GameState) -> Scores:
    """The scores at the end, the sticks still on the table going to the leader."""
    scores = list(game.scores)
    if game.options.sticks_to_leader:
        leader = ranks(game.scores).index(1)
        scores[leader] += game.sticks * game.options.riichi_cost
    return (scores[0], scores[1], scores[2], scores[3])


@dataclass(frozen=True)
class Standing:
    """One seat at the end: its raw points, its place, and its final value
    in points after the return (oka) and uma."""

    seat: int
    points: int
    place: int
    final: int


def standings(game: GameState) -> tuple[Standing, ...]:
    """Final standings: points less the return points, oka to first place,
    uma by place; with `split_ties`, tied seats share their places' uma and oka."""
    options = game.options
    scores = final_scores(game)
    places = ranks(scores)
    oka = 4 * (options.return_points - options.start_points)
    bonus = [options.uma[0] + oka, *options.uma[1:]]
    shares = [bonus[place - 1] for place in places]
    if options.split_ties:
        for seat in range(4):
            tied = [other for other in range(4) if scores[other] == scores[seat]]
            shares[seat] = sum(bonus[places[other] - 1] for other in tied) // len(tied)
    return tuple(
        Standing(seat, scores[seat], places[seat], scores[seat] - options.return_points + shares[seat])
        for seat in range(4)
    )
