"""Scenarios from the lessons (issue 30): scripted starts that put the learner
in one lesson's rule moment, after which play goes on freely.

A scenario is a seed and fixed tiles: the learner's 13 tiles (the learner
is seat 0, East and the dealer), the wall's draws in order from the
dealer's first, a riichi dora indicator, MCR flowers set aside on the deal,
and the first turns, played by the game itself (so every rule holds: the
furiten a discard makes, the riichi stick, the flowers' replacements).
Each scripted turn draws a tile and discards one; the others let every
scripted discard go, except that play stops at the last one when the
learner may answer it: that answer is the moment.  The rest of the wall
and the bots' hands are shuffled from the seed.

Titles and goals are catalogue messages (`scenario.<id>.title`, `.goal`);
`moment` is the code the moment shows (a refusal or coach note's code, or
the kind of an action then legal), which tests/test_scenarios.py checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from tutor.engine.game.actions import Action, ActionKind
from tutor.engine.game.arranged import arranged_wall
from tutor.engine.game.kyoku import deal, step
from tutor.engine.game.legal import decision_for, decisions
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrAction, McrActionKind
from tutor.engine.game.mcr.state import McrEvent, McrHandState, McrOptions, McrPhase
from tutor.engine.game.options import RiichiOptions
from tutor.engine.game.simulate import Turn
from tutor.engine.game.state import Event, KyokuState, Phase
from tutor.engine.notation import format_tiles, parse_tile, parse_tiles
from tutor.engine.table import FLOWER_KINDS

ScenarioRules = Literal["riichi", "mcr"]
LEARNER: Final = 0
"""The learner's seat in a scenario: East, the dealer."""


class ScenarioError(ValueError):
    """A scenario whose script the game refuses: a discard not held, a riichi not allowed."""


@dataclass(frozen=True)
class Scenario:
    """One scripted start.  `turns` are written `4m` (draw 4m and discard
    it), `9p/4m` (draw 9p, discard 4m), with `!` after the discard for a
    riichi; turn order from the learner.  `draws` are the wall's next tiles
    after the scripted turns.  `flowers` of the learner's dealt tiles are
    flowers (MCR), replaced from the back by the last of `hand`'s tiles.
    `act` is an action the goal asks the learner to take first (a chi),
    after which the moment comes."""

    id: str
    rules: ScenarioRules
    lesson: str
    seed: int
    hand: str
    turns: tuple[str, ...] = ()
    draws: str = ""
    dora: str | None = None
    flowers: int = 0
    moment: str = ""
    act: str | None = None


def _scenarios(*found: Scenario) -> dict[str, Scenario]:
    return {scenario.id: scenario for scenario in found}


SCENARIOS: Final[Mapping[str, Scenario]] = _scenarios(
    Scenario(
        "r03-no-yaku",
        "riichi",
        "r03-winning",
        303,
        "123m99m456p789s24s",
        ("4z", "6m", "8p", "3s"),
        moment="no_yaku",
    ),
    Scenario(
        "r04-furiten",
        "riichi",
        "r04-waits",
        304,
        "234m456p789s56s11z",
        ("9m/4m", "8p", "2p", "6m", "7s/9m", "3p", "8s", "1m"),
        moment="furiten",
    ),
    Scenario(
        "r05-kuikae",
        "riichi",
        "r05-calls",
        305,
        "45645m789p19s234s",
        ("4z", "9s", "3z", "3m"),
        moment="kuikae",
        act="chi",
    ),
    Scenario(
        "r06-riichi",
        "riichi",
        "r06-riichi",
        306,
        "23m456p789s567s11z",
        ("9m!", "8p", "2p", "9s"),
        draws="6z",
        moment="riichi_locked",
    ),
    Scenario(
        "r07-open-honitsu",
        "riichi",
        "r07-yaku",
        307,
        "12345678m99m111z",
        ("4z", "6s", "8s", "3m"),
        moment="call_lowers_yaku",
    ),
    Scenario(
        "r08-dora-ron",
        "riichi",
        "r08-points",
        308,
        "234m567m234p66p45s",
        ("9m", "1p", "8s", "3s"),
        dora="5p",
        moment="ron",
    ),
    Scenario(
        "r09-kanchan-tsumo",
        "riichi",
        "r09-fu",
        309,
        "999m111p24s567p88s",
        ("4z", "6m", "2z", "7m"),
        draws="3s",
        moment="tsumo",
    ),
    Scenario(
        "r10-daisangen",
        "riichi",
        "r10-yakuman",
        310,
        "555z666z77z123m44p",
        ("9s", "1p", "8s", "7z"),
        moment="ron",
    ),
    Scenario(
        "r11-kan-dora",
        "riichi",
        "r11-table",
        311,
        "555p123m789s11z46m",
        draws="5p",
        moment="closed_kan",
    ),
    Scenario(
        "m03-chow-left",
        "mcr",
        "m03-calls-and-flowers",
        403,
        "12m456p789p11s234s",
        ("9m", "7z", "3m"),
        flowers=1,
        moment="chow_not_left",
    ),
    Scenario(
        "m04-under-eight",
        "mcr",
        "m04-routes-to-eight",
        404,
        "123m567p789s234s5m",
        ("7z", "9m", "1p", "5m"),
        moment="under_eight",
    ),
    Scenario(
        "m05-edge-wait",
        "mcr",
        "m05-win-and-wait",
        405,
        "12m456m789m345p99s",
        ("7z", "9p", "1p", "2s"),
        draws="3m",
        moment="hu",
    ),
    Scenario(
        "m13-false-win",
        "mcr",
        "m13-penalties-and-payments",
        413,
        "123m567p789s234s5m",
        ("7z", "9m", "1p", "6z"),
        draws="5m",
        moment="under_eight",
    ),
)
"""Every scenario by id; ids start with their lesson's number."""


def scenario_ids() -> tuple[str, ...]:
    return tuple(SCENARIOS)


@dataclass(frozen=True)
class ScriptTurn:
    """One scripted turn read: the tile drawn, the tile discarded, and whether with riichi."""

    drawn: int
    discarded: int
    riichi: bool


def read_turn(text: str) -> ScriptTurn:
    riichi = text.endswith("!")
    drawn, _, discarded = text.removesuffix("!").partition("/")
    return ScriptTurn(parse_tile(drawn), parse_tile(discarded or drawn), riichi)


def script_of(scenario: Scenario) -> tuple[ScriptTurn, ...]:
    return tuple(read_turn(text) for text in scenario.turns)


def learner_tiles(scenario: Scenario) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The learner's 13 dealt kinds (flowers among them) and the kinds drawn from the back to replace them."""
    hand = parse_tiles(scenario.hand)
    kept = len(hand) - scenario.flowers
    return (*hand[:kept], *FLOWER_KINDS[: scenario.flowers]), hand[kept:]


def scenario_draws(scenario: Scenario) -> tuple[int, ...]:
    later = parse_tiles(scenario.draws) if scenario.draws else ()
    return (*(turn.drawn for turn in script_of(scenario)), *later)


# --- riichi ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RiichiStart:
    """A riichi scenario's hand at its moment: the deal, the scripted turns, the state now."""

    dealt: KyokuState
    dealt_events: tuple[Event, ...]
    turns: tuple[Turn, ...]
    state: KyokuState


def _learner_answers(state: KyokuState) -> bool:
    return state.phase is Phase.CLAIMS and any(decision.seat == LEARNER for decision in decisions(state))


def _taken(state: KyokuState, choices: dict[int, Action], turns: list[Turn]) -> KyokuState:
    """The state after the choices, the step kept as a turn of the record."""
    following, happened = step(state, choices)
    turns.append(Turn(state, decisions(state), choices, happened))
    return following


def _passes(state: KyokuState) -> dict[int, Action]:
    return {decision.seat: Action(decision.seat, ActionKind.PASS) for decision in decisions(state)}


def riichi_start(scenario: Scenario, options: RiichiOptions) -> RiichiStart:
    """The scenario dealt and its turns played; raises ScenarioError if the game refuses its script."""
    if scenario.rules != "riichi":
        raise ScenarioError(f"{scenario.id} is not a riichi scenario")
    hand, _ = learner_tiles(scenario)
    dora = parse_tile(scenario.dora) if scenario.dora else None
    wall = arranged_wall(0, {LEARNER: hand}, scenario_draws(scenario), dora, scenario.seed)
    dealt, events = deal(options, wall, 0, learner=LEARNER)
    state = dealt
    turns: list[Turn] = []
    script = script_of(scenario)
    for number, turn in enumerate(script):
        seat = state.turn
        if state.phase is not Phase.TURN:
            raise ScenarioError(f"{scenario.id}: turn {number + 1} comes when no seat draws")
        if turn.riichi:
            state = _taken(state, {seat: _legal(state, seat, ActionKind.RIICHI, None, scenario.id)}, turns)
        state = _taken(state, {seat: _legal(state, seat, ActionKind.DISCARD, turn.discarded, scenario.id)}, turns)
        if state.phase is Phase.CLAIMS and not (number == len(script) - 1 and _learner_answers(state)):
            state = _taken(state, _passes(state), turns)
    return RiichiStart(dealt, events, tuple(turns), state)


def _legal(state: KyokuState, seat: int, kind: ActionKind, tile: int | None, name: str) -> Action:
    found = [
        action
        for action in decision_for(state, seat).legal
        if action.kind is kind and (tile is None or action.tile == tile)
    ]
    if not found:
        shown = format_tiles((tile,)) if tile is not None else ""
        raise ScenarioError(f"{name}: {kind.value} {shown} is not legal for seat {seat}".replace("  ", " "))
    return found[0]


# --- MCR ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class McrStart:
    """An MCR scenario's hand at its moment, and every event since the deal
    (`dealt`: the hand as dealt, flowers set aside, that a review starts from)."""

    state: McrHandState
    events: tuple[McrEvent, ...]
    dealt: McrHandState


def mcr_start(scenario: Scenario, options: McrOptions, prevalent: int = 0) -> McrStart:
    """The MCR scenario dealt (flowers set aside) and its turns played."""
    if scenario.rules != "mcr":
        raise ScenarioError(f"{scenario.id} is not an MCR scenario")
    hand, back = learner_tiles(scenario)
    wall = arranged_wall(0, {LEARNER: hand}, scenario_draws(scenario), None, scenario.seed, "mcr", back)
    state, dealt = mcr_hand.deal_wall(options, prevalent, wall)
    start = state
    events = list(dealt)
    script = script_of(scenario)
    for number, turn in enumerate(script):
        if state.phase is not McrPhase.TURN or turn.riichi:
            raise ScenarioError(f"{scenario.id}: turn {number + 1} is not a discard in turn")
        action = McrAction(state.turn, McrActionKind.DISCARD, turn.discarded)
        if not any(action in decision.legal for decision in mcr_hand.decisions(state)):
            shown = format_tiles((turn.discarded,))
            raise ScenarioError(f"{scenario.id}: seat {state.turn} holds no {shown} to discard")
        state, happened = mcr_hand.step(state, {state.turn: action})
        events += happened
        if number == len(script) - 1 and _mcr_learner_answers(state):
            break
        state, happened = mcr_hand.step(state, {})
        events += happened
    return McrStart(state, tuple(events), start)


def _mcr_learner_answers(state: McrHandState) -> bool:
    """Whether the learner may answer the discard, or try and be told why not."""
    if state.phase is not McrPhase.CLAIMS:
        return False
    decision = next(decision for decision in mcr_hand.decisions(state) if decision.seat == LEARNER)
    return len(decision.legal) > 1 or bool(decision.forbidden)
