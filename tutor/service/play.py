"""`tutor play --simulate`: bot-only games played out, each written as a log
and summed up, the invariants checked at every step.

Riichi games are played by the beginner bot (`--bots beginner`) or the
intermediate bot (`--bots intermediate`: yaku-aware calls, riichi, defence
by rule) at all four seats and written as mjai JSON lines
(`tutor.engine.game.log_mjai`) or, with `--log tenhou`, as tenhou.net/6 JSON
(`tutor.engine.game.log_tenhou`); MCR games by the beginner bot or the
fan-route bot (`--bots intermediate`, the MCR bot that aims at 8 points) and
written as the JSON lines of `tutor.engine.game.mcr.match`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tutor.engine.game import log_mjai, log_tenhou
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.intermediate import IntermediateBot
from tutor.engine.game.invariants import violations
from tutor.engine.game.match import standings
from tutor.engine.game.mcr import match as mcr_match
from tutor.engine.game.mcr.state import McrOptions
from tutor.engine.game.options import GameLength, RiichiOptions
from tutor.engine.game.simulate import GameRecord, Player, play_game
from tutor.engine.game.state import EndKind


@dataclass(frozen=True)
class Simulation:
    """What `tutor play --simulate` was asked for."""

    games: int
    seed: int
    rules: str = "riichi"
    length: GameLength | None = None
    bots: str = "beginner"
    log: str = "mjai"
    out: Path | None = None


class NotAvailable(ValueError):
    """A choice of the command that the game model does not offer (yet):
    its catalogue key (`play.no_<what>`)."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(key)


def check(simulation: Simulation) -> None:
    """Refuses a combination the model cannot play, by its catalogue key."""
    if simulation.rules == "riichi":
        return
    if simulation.length is not None:
        raise NotAvailable("play.mcr_length")
    if simulation.log != "mjai":
        raise NotAvailable("play.mcr_log")


RIICHI_BOTS: dict[str, Callable[[str], Player]] = {"beginner": BeginnerBot, "intermediate": IntermediateBot}


def riichi_game(simulation: Simulation, seed: int) -> tuple[dict[str, Any], str]:
    """One riichi game: its summary and its log, mjai JSON lines or tenhou.net/6 JSON."""
    options = replace(RiichiOptions(), length=simulation.length or "south")
    bot = RIICHI_BOTS[simulation.bots]
    record = play_game(options, seed, [bot(f"{seed}/{seat}") for seat in range(4)])
    if simulation.log == "tenhou":
        return riichi_summary(record, seed), log_tenhou.dumps(log_tenhou.game_log(record))
    return riichi_summary(record, seed), log_mjai.dumps(log_mjai.game_events(record))


def riichi_violations(record: GameRecord) -> int:
    """Invariants broken at any state, and choices that were not legal."""
    total = 4 * record.end.options.start_points
    found = 0
    for hand in record.hands:
        for turn in hand.turns:
            found += len(violations(turn.state, total))
            legal = {decision.seat: decision.legal for decision in turn.decisions}
            found += sum(1 for seat, action in turn.choices.items() if action not in legal[seat])
        found += len(violations(hand.end, total))
    return found


def riichi_summary(record: GameRecord, seed: int) -> dict[str, Any]:
    results = [hand.result for hand in record.hands]
    return {
        "rules": "riichi",
        "seed": seed,
        "scores": list(record.end.scores),
        "standings": [item.place for item in standings(record.end)],
        "final": [item.final for item in standings(record.end)],
        "hands": len(record.hands),
        "wins": sum(len(result.wins) for result in results),
        "draws": sum(1 for result in results if result.kind is not EndKind.WIN),
        "invariant_violations": riichi_violations(record),
    }


def mcr_game(simulation: Simulation, seed: int) -> tuple[dict[str, Any], str]:
    """One MCR game: its summary and its JSON-lines log."""
    bot = "beginner" if simulation.bots == "beginner" else "fan_route"
    record = mcr_match.play_game(McrOptions(), seed, [bot] * 4)
    return mcr_match.summary(record), mcr_match.write_log(record)


GAMES: dict[str, Callable[[Simulation, int], tuple[dict[str, Any], str]]] = {
    "riichi": riichi_game,
    "mcr": mcr_game,
}


def simulate(simulation: Simulation) -> list[dict[str, Any]]:
    """Plays the games (seeds S, S+1, ...), writes each log into `out` if
    given (`riichi-S.jsonl`, `mcr-S.jsonl`, or `riichi-S.json` for a
    tenhou.net/6 log), and returns their summaries."""
    check(simulation)
    if simulation.out is not None:
        simulation.out.mkdir(parents=True, exist_ok=True)
    summaries = []
    for number in range(simulation.games):
        seed = simulation.seed + number
        summary, log = GAMES[simulation.rules](simulation, seed)
        if simulation.out is not None:
            suffix = "json" if simulation.log == "tenhou" else "jsonl"
            path = simulation.out / f"{simulation.rules}-{seed}.{suffix}"
            path.write_text(log, encoding="utf-8")
            summary["log"] = str(path)
        summaries.append(summary)
    return summaries
