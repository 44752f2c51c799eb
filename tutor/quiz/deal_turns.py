"""A class's shared play deal (issue 32): an assignment of one riichi hand
dealt from a fixed seed, the same for every learner.  Each of a learner's
decisions in it is stored, with the situation it was taken in, so that the
teacher sees the class's decisions side by side, turn by turn.

The situation and the decision are JSON (the `play_turns` table); `END` as
a decision marks the hand played to its end, which finishes the assignment.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any, Final

from tutor.engine.game.actions import Action, ActionKind
from tutor.engine.notation import format_tiles
from tutor.engine.tiles import tile_name
from tutor.quiz.play_session import LEARNER, PlaySession
from tutor.quiz.play_view import last_discard
from tutor.quiz.store_api import PlayTurn
from tutor.quiz.writes import TurnDecision

DEAL_KIND: Final = "play"
"""The kinds of an assignment that is a shared play deal."""
END: Final = json.dumps({"kind": "end"})
END_TURN: Final = -1
"""The turn END is stored at, apart from every decision's: a turn stored
is never overwritten, so a deal left half-way and played again from its
start would otherwise find its end's turn taken by the first try's
decision, and never be finished."""


def situation(session: PlaySession) -> str:
    """The learner's situation as they decide: their concealed tiles, melds,
    the tile just drawn, and, when they answer a discard, that discard."""
    state = session.state
    drawn = state.players[LEARNER].drawn
    concealed = sorted(state.kind(slot) for slot in session.hand_order() if slot != drawn)
    discard = last_discard(session.turns, state) if session.stage != "turn" else None
    return json.dumps(
        {
            "hand": format_tiles(concealed),
            "melds": session.learner_melds(),
            "drawn": None if drawn is None else tile_name(state.kind(drawn)),
            "discard": None if discard is None else tile_name(discard[1]),
        },
        sort_keys=True,
    )


def decision(action: Action) -> str:
    return json.dumps({"kind": action.kind.value, "tile": None if action.tile is None else tile_name(action.tile)})


def ended(assignment: str, at: float) -> TurnDecision:
    """The write that marks the shared deal `assignment` played to its end."""
    return TurnDecision(assignment, END_TURN, "{}", END, at)


def finished(turns: list[PlayTurn]) -> bool:
    """Whether the learner played the deal to its end, in any attempt: the assignment is done."""
    return any(turn.decision == END for turn in turns)


@dataclass(frozen=True, slots=True)
class Attempt:
    """The one of a learner's attempts at a shared deal that the teacher's page shows."""

    number: int
    """From 1."""
    of: int
    """How many attempts the learner made."""
    complete: bool
    """Played to its end."""
    turns: tuple[PlayTurn, ...]
    """Its decisions, by turn, without its end."""


def attempts(turns: list[PlayTurn]) -> dict[int, list[PlayTurn]]:
    """A learner's decisions in a deal, by attempt."""
    by_number: dict[int, list[PlayTurn]] = {}
    for turn in turns:
        by_number.setdefault(turn.attempt, []).append(turn)
    return by_number


def shown_attempt(turns: list[PlayTurn]) -> Attempt | None:
    """The learner's latest attempt played to its end, else their latest (unfinished); None before any."""
    by_number = attempts(turns)
    if not by_number:
        return None
    complete = [number for number, played in by_number.items() if finished(played)]
    number = max(complete or by_number)
    decisions = sorted((turn for turn in by_number[number] if turn.decision != END), key=lambda turn: turn.turn)
    return Attempt(number, max(by_number), bool(complete), tuple(decisions))


@dataclass(frozen=True, slots=True)
class Seen:
    """A stored situation, read back: what the teacher's page shows."""

    hand: str
    melds: str
    drawn: str | None
    discard: str | None


@dataclass(frozen=True, slots=True)
class Done:
    """A stored decision, read back: its action's kind, and the tile it names."""

    kind: ActionKind
    tile: str | None


def read_situation(text: str) -> Seen | None:
    """None for a row that is not one (from another version, say)."""
    found = _object(text)
    if found is None or not isinstance(found.get("hand"), str):
        return None
    return Seen(
        found["hand"], str(found.get("melds") or ""), _text_or_none(found, "drawn"), _text_or_none(found, "discard")
    )


def read_decision(text: str) -> Done | None:
    found = _object(text)
    if found is None:
        return None
    with contextlib.suppress(ValueError):
        return Done(ActionKind(str(found.get("kind"))), _text_or_none(found, "tile"))
    return None


def _object(text: str) -> dict[str, Any] | None:
    try:
        found = json.loads(text)
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def _text_or_none(found: dict[str, Any], key: str) -> str | None:
    value = found.get(key)
    return value if isinstance(value, str) else None
