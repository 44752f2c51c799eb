"""Our riichi game model against `riichienv`, an engine nobody here wrote.

Bot games played by `tutor.engine.game` are played again in riichienv (with
`GameRule.default_tenhou()`), hand by hand: each hand is reset in riichienv
with our wall, dealer, round, honba, sticks and scores, and then every
decision of ours is taken there too by riichienv's own `step`, which draws
from that wall, turns the dora, and scores the end itself.  At every
decision each seat's legal actions are compared (as kinds: riichienv lists a
discard once per copy held), and at the end of each hand the score changes,
whether the game is over, and riichienv's next dealer, round, honba and
sticks.

riichienv always plays with red fives (one copy each of 5m, 5p and 5s) and
ours has none, so the red copy is given to a tile no winner holds at the
end, where it changes nothing; a hand whose winner holds all four of a five
is not compared (counted as `red_unavoidable`).

Why `step` and not an mjai replay: riichienv's `apply_event` path takes
legal actions right (tests/test_game_riichienv.py replays our mjai log so),
but it keeps no ippatsu, no nagashi eligibility and no wall, so the points it
gives a replayed win or draw are not its own rules' answer.

    python -m bench.game_riichienv [HANDS] [beginner|intermediate]

The bots (beginner by default, or intermediate: calls for yaku, riichi, and
defence against a riichi) decide which decisions arise; the comparison is
the same.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from riichienv import ActionType, GameRule, RiichiEnv

from tutor.engine.game.actions import Action, ActionKind
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.intermediate import IntermediateBot
from tutor.engine.game.match import GameState, after_hand, final_scores, new_game
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import HandRecord, Player, play_game
from tutor.engine.game.state import KyokuState
from tutor.engine.table import DEAD_WALL

Normal = tuple[Any, ...]

THEIR_KINDS = {
    ActionType.DISCARD: "discard",
    ActionType.RIICHI: "riichi",
    ActionType.TSUMO: "tsumo",
    ActionType.RON: "ron",
    ActionType.CHI: "chi",
    ActionType.PON: "pon",
    ActionType.DAIMINKAN: "open_kan",
    ActionType.ANKAN: "closed_kan",
    ActionType.KAKAN: "added_kan",
    ActionType.KYUSHU_KYUHAI: "nine_terminals",
    ActionType.PASS: "pass",
}
FIVES = (4, 13, 22)
"""5m, 5p, 5s: riichienv's copy 0 of each (ids 16, 52, 88) is red."""
WIND_NAMES = "ESWN"


def theirs(action: Any) -> Normal:
    """riichienv's action as (kind, tile kind, kinds from the hand)."""
    kind = THEIR_KINDS[action.action_type]
    consumed = tuple(sorted(tile // 4 for tile in action.consume_tiles))
    if kind in ("chi", "pon", "open_kan"):
        return (kind, action.tile // 4, consumed)
    if kind in ("discard", "added_kan"):
        return (kind, action.tile // 4, ())
    if kind == "closed_kan":
        return (kind, consumed[0], ())
    return (kind, None, ())


def ours(action: Action) -> Normal:
    kind = action.kind.value
    if action.kind in (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN):
        return (kind, action.tile, action.uses)
    if action.kind in (ActionKind.DISCARD, ActionKind.ADDED_KAN, ActionKind.CLOSED_KAN):
        return (kind, action.tile, ())
    return (kind, None, ())


def winners_slots(end: KyokuState) -> set[int]:
    result = end.result
    assert result is not None
    held: set[int] = set()
    for win in result.wins:
        player = end.players[win.seat]
        held.update(player.hand)
        for meld in player.melds:
            held.update(meld.slots)
        if win.source is not None and end.last_tile is not None:
            held.add(end.last_tile)  # the discard (or added tile) won on
    return held


def tile_ids(start: KyokuState, keep_plain: set[int]) -> tuple[dict[int, int], bool]:
    """A riichienv tile id for each of our slots: copies of a kind numbered in
    slot order, except that a five's red copy (copy 0) goes to a slot outside
    `keep_plain`; and whether that was possible for every five."""
    copies: dict[int, list[int]] = {}
    for slot, kind in enumerate(start.wall.kinds):
        copies.setdefault(kind, []).append(slot)
    ids: dict[int, int] = {}
    plain = True
    for kind, slots in copies.items():
        if kind in FIVES:
            free = [slot for slot in slots if slot not in keep_plain]
            plain = plain and bool(free)
            slots = [*free[:1], *(slot for slot in slots if slot not in free[:1])]
        for copy, slot in enumerate(slots):
            ids[slot] = 4 * kind + copy
    return ids, plain


def their_wall(start: KyokuState, ids: dict[int, int]) -> list[int]:
    """riichienv's wall order for our wall: the same deal and draws from the
    front; in the dead wall the two tiles of each stack swap places, since
    riichienv turns the lower of them as the indicator and draws its
    replacements top first (found by probing `reset(wall=...)`)."""
    total = start.wall.total
    return [ids[index ^ 1 if index >= total - DEAD_WALL else index] for index in range(total)]


@dataclass
class Comparison:
    games: int = 0
    hands: int = 0
    decisions: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    action_differences: list[tuple[str, Any]] = field(default_factory=list)
    delta_differences: list[tuple[str, Any]] = field(default_factory=list)
    flow_differences: list[tuple[str, Any]] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)


def _their_action(env: Any, seat: int, choice: Action, ids: dict[int, int], record_turn: Any) -> Any:
    """riichienv's legal action that is our choice, down to the copy (slot) moved."""
    wanted = ours(choice)
    slots = _slots_moved(record_turn, seat)
    candidates = [action for action in env.get_observation(seat).legal_actions() if theirs(action) == wanted]
    if slots is not None:
        moved = sorted(ids[slot] for slot in slots)
        for action in candidates:
            if action.action_type == ActionType.DISCARD and moved == [action.tile]:
                return action
            if action.action_type != ActionType.DISCARD and moved == sorted(action.consume_tiles):
                return action
    return candidates[0]


def _slots_moved(turn: Any, seat: int) -> tuple[int, ...] | None:
    for item in turn.events:
        if item.seat == seat and item.kind in ("discard", "chi", "pon", "open_kan", "closed_kan", "added_kan"):
            return tuple(item.slots)
    return None


def compare_hand(record: HandRecord, after: GameState, comparison: Comparison, label: str) -> None:
    """Plays the hand again in riichienv and compares every decision, the score changes and the flow."""
    start = record.start
    keep = winners_slots(record.end)
    ids, plain = tile_ids(start, keep)
    env = RiichiEnv(
        game_mode="4p-red-half" if start.options.length == "south" else "4p-red-east", rule=GameRule.default_tenhou()
    )
    env.reset(
        oya=start.dealer,
        honba=start.honba,
        round_wind=start.round_wind,
        kyotaku=start.sticks,
        scores=list(start.scores),
        wall=their_wall(start, ids),
    )
    before = list(env.scores())
    for number, turn in enumerate(record.turns):
        comparison.decisions += 1
        mine = {decision.seat: {ours(action) for action in decision.legal} for decision in turn.decisions}
        for seat in range(4):
            got = {theirs(action) for action in env.get_observation(seat).legal_actions()}
            want = mine.get(seat, set())
            if got != want:
                comparison.action_differences.append(
                    (f"{label} turn {number} seat {seat}", {"ours_only": want - got, "theirs_only": got - want})
                )
                return
        env.step({seat: _their_action(env, seat, choice, ids, turn) for seat, choice in turn.choices.items()})
    comparison.hands += 1
    comparison.endings[record.result.kind.value] += 1
    if not plain:
        # A winner holding every copy of a five holds riichienv's red one: the
        # points differ by its dora, and so may what follows.
        comparison.skipped["scores_with_a_red_five"] += 1
        return
    their_change = [b - a for a, b in zip(before, list(env.scores()), strict=True)]
    end_scores = final_scores(after) if after.over else record.end.scores
    our_change = [b - a for a, b in zip(start.scores, end_scores, strict=True)]
    if their_change != our_change:
        comparison.delta_differences.append((label, {"ours": our_change, "theirs": their_change}))
    if env.done() != after.over:
        comparison.flow_differences.append((label, {"our_end": after.over, "their_end": env.done()}))
    elif not after.over:
        nxt = [entry for entry in env.mjai_log if entry.get("type") == "start_kyoku"][-1]
        theirs_next = (nxt["oya"], nxt["bakaze"], nxt["honba"], nxt["kyotaku"])
        ours_next = (after.dealer, WIND_NAMES[after.round_wind], after.honba, after.sticks)
        if theirs_next != ours_next:
            comparison.flow_differences.append((label, {"ours": ours_next, "theirs": theirs_next}))


BOTS: dict[str, Callable[[str], Player]] = {"beginner": BeginnerBot, "intermediate": IntermediateBot}


def run(
    hands_wanted: int, options: RiichiOptions | None = None, first_game: int = 0, bot: str = "beginner"
) -> Comparison:
    """Plays games with four bots of the kind named (`BOTS`) until `hands_wanted` hands are compared."""
    options = options or RiichiOptions()
    comparison = Comparison()
    game = first_game
    while comparison.hands < hands_wanted:
        record = play_game(options, game, [BOTS[bot](f"{game}/{seat}") for seat in range(4)])
        states = game_states(record)
        for number, (hand, after) in enumerate(zip(record.hands, states, strict=True)):
            compare_hand(hand, after, comparison, f"game {game} hand {number}")
        game += 1
        comparison.games += 1
    return comparison


def game_states(record: Any) -> list[GameState]:
    """The game state after each hand (the last is the record's end)."""
    game = new_game(record.end.options, record.end.seed)
    states = []
    for hand in record.hands:
        game = after_hand(game, hand.result, hand.end.scores, hand.end.sticks)
        states.append(game)
    return states


def main(hands_wanted: int, bot: str) -> None:
    started = time.perf_counter()
    comparison = run(hands_wanted, bot=bot)
    print(f"bots {bot}")
    print(
        f"games {comparison.games}, hands {comparison.hands}, decisions {comparison.decisions}, endings {dict(comparison.endings)}, skipped {dict(comparison.skipped)}"
    )
    for name in ("action_differences", "delta_differences", "flow_differences"):
        found = getattr(comparison, name)
        print(f"{name.replace('_', ' ')} {len(found)}")
        for label, detail in found[:15]:
            print("  ", label, detail)
    print(f"seconds {time.perf_counter() - started:.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, sys.argv[2] if len(sys.argv) > 2 else "beginner")
