"""The rule mistakes of a hand played, stored as concepts so that review
brings them back (issue 29).

Each mistake (tutor/engine/game/mistakes.py) becomes one answer of the kind
`play`, wrong, whose concept (`waits:two`, `calls:left`, `mcr-fans:minimum`
...) goes back to Leitner box 0 with the lesson that teaches it.  The
concepts are those the quiz kinds drill (`concept_kind` maps each to one),
so a review asks a question of that rule.  Answers go through `Writes`, the
one path that never loses a write: a busy or full store keeps them waiting.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Final

from tutor.engine.game.mistakes import Mistake
from tutor.quiz.writes import Answer, Writes

PLAY_KIND: Final = "play"
"""The answers' kind: a game played, not a drill (the progress screen's accuracy leaves it out)."""
PLAY_LEVEL: Final = 0


def mistake_answer(mistake: Mistake, game: str, seed: int, now: float) -> Answer:
    """One mistake as a wrong answer of its concept; the response keeps what
    happened (kind, turn, tiles, fans) for a later look."""
    response = {
        "mistake": mistake.kind.value,
        "game": game,
        "turn": mistake.turn,
        "tiles": list(mistake.tiles),
        "fans": list(mistake.names),
    }
    return play_answer(mistake.concept, mistake.lesson, response, seed, now)


def play_answer(concept: str, lesson: str, response: Mapping[str, object], seed: int, now: float) -> Answer:
    """A mistake of a game (played here, or a log reviewed) as a wrong answer
    of its concept, the response kept as JSON for a later look."""
    return Answer(
        kind=PLAY_KIND,
        level=PLAY_LEVEL,
        seed=seed,
        concept=concept,
        lesson=lesson,
        correct=False,
        response=json.dumps(response, sort_keys=True),
        answered_at=now,
        rules=((concept, False),),
    )


def record_mistakes(
    writes: Writes, mistakes: Sequence[Mistake], game: str, seed: int, now: float | None = None
) -> str | None:
    """Saves every mistake of a hand; returns the store's problem in one line
    while they wait for it (they are kept and retried), else None."""
    moment = time.time() if now is None else now
    problem = None
    for offset, mistake in enumerate(mistakes):
        # Apart by a microsecond each: two mistakes of one hand are two answers, never one merged.
        problem = writes.save(mistake_answer(mistake, game, seed, moment + offset * 1e-6))
    return problem
