"""A game in progress, kept in the learner's store so that it is offered
again on the next start (issue 30): nothing is lost on quit or a crash of
the terminal.

The game is kept as what makes it again: its setup and the learner's moves
(play_session.Move), as one JSON object in the store's settings under
SAVED_GAME, written through the one write path (writes.py) after every move.
The bots and the walls follow from the seed, so `restore` plays the moves
again and reaches the same step: the same hand, tiles and scores.  The
object carries its own `version`; one of another version, or one that does
not parse or does not replay, is a damaged game: `restore` raises
SavedGameError, and the screen says so once and sets it aside under
SET_ASIDE (never lost, never tried again).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from tutor.engine.game.actions import Action, ActionKind
from tutor.engine.game.coach import HintLevel
from tutor.engine.game.mcr.actions import McrAction, McrActionKind
from tutor.engine.game.scenarios import SCENARIOS
from tutor.quiz.mcr_play_session import MCR
from tutor.quiz.play_session import BOT_LEVELS, LENGTHS, PACES, Move, PlaySetup
from tutor.quiz.play_sessions import Session, replayed

SAVED_GAME: Final = "play.game"
"""The settings key of the game in progress (empty: none)."""
SET_ASIDE: Final = "play.game.set_aside"
"""Where a damaged game in progress is moved, for a look later."""
VERSION: Final = 1
MOVE_KINDS: Final = ("play", "try", "next")


class SavedGameError(ValueError):
    """A saved game that cannot be played again; the message says what is wrong, in one line."""


@dataclass(frozen=True)
class SavedGame:
    """What the saved object says: the setup, the hint level now, and the moves."""

    setup: PlaySetup
    hint: HintLevel
    moves: tuple[Move, ...]

    @property
    def hands_played(self) -> int:
        return sum(1 for move in self.moves if move.kind == "next")


def _action(action: Action | McrAction) -> list[Any]:
    return [action.seat, action.kind.value, action.tile, list(action.uses)]


def encode(session: Session) -> str:
    setup = session.setup
    return json.dumps(
        {
            "version": VERSION,
            "setup": {
                "seed": setup.seed,
                "preset": setup.preset,
                "length": setup.length,
                "bots": setup.bots,
                "hint": setup.hint.value,
                "pace": setup.pace,
                "scenario": setup.scenario,
                "presentation": setup.presentation,
            },
            "hint": session.hint.value,
            "moves": [
                [move.kind] if move.action is None else [move.kind, *_action(move.action)] for move in session.moves
            ],
        },
        separators=(",", ":"),
    )


def _move(value: Any, mcr: bool) -> Move:
    if not isinstance(value, list) or not value or value[0] not in MOVE_KINDS:
        raise SavedGameError(f"a move is not one: {str(value)[:40]}")
    if value[0] == "next":
        return Move("next")
    seat, kind, tile, uses = value[1:]
    if tile is not None and not isinstance(tile, int):
        raise SavedGameError(f"a move's tile is not one: {tile!r}")
    used = tuple(int(one) for one in uses)
    if mcr:
        return Move(value[0], McrAction(int(seat), McrActionKind(kind), tile, used))
    return Move(value[0], Action(int(seat), ActionKind(kind), tile, used))


def decode(text: str) -> SavedGame:
    """The saved object read (not played again); SavedGameError for anything but a game of this version."""
    try:
        value = json.loads(text)
        if not isinstance(value, dict):
            raise SavedGameError("not a JSON object")
        if value.get("version") != VERSION:
            raise SavedGameError(f"version {value.get('version')!r}, not {VERSION}")
        setup = value["setup"]
        length, bots, pace = setup["length"], setup["bots"], setup["pace"]
        if length not in LENGTHS or bots not in BOT_LEVELS or pace not in PACES or not isinstance(setup["seed"], int):
            raise SavedGameError("the setup is not one the game offers")
        # A scenario's game deals its first hand from the script: without its
        # id the moves would be played on another deal. (Both keys are new in
        # this version's objects; a save without them had neither.)
        scenario, presentation = setup.get("scenario"), setup.get("presentation", False)
        if (scenario is not None and scenario not in SCENARIOS) or not isinstance(presentation, bool):
            raise SavedGameError("the setup is not one the game offers")
        played = PlaySetup(
            int(setup["seed"]),
            str(setup["preset"]),
            length,
            bots,
            HintLevel(setup["hint"]),
            pace,
            scenario=scenario,
            presentation=presentation,
        )
        return SavedGame(
            played, HintLevel(value["hint"]), tuple(_move(move, played.preset == MCR) for move in value["moves"])
        )
    except SavedGameError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise SavedGameError(f"{type(error).__name__}: {str(error)[:80]}") from None


def restore(text: str) -> Session:
    """The saved game played again to where it stood; SavedGameError if it cannot be."""
    saved = decode(text)
    try:
        session = replayed(saved.setup, saved.moves)
    except (ValueError, KeyError, TypeError, IndexError, RuntimeError) as error:
        # The engine refuses a move (IllegalAction, ReplayError) or a preset unknown: not this game's moves.
        raise SavedGameError(f"{type(error).__name__}: {str(error)[:80]}") from None
    session.hint = saved.hint
    return session
