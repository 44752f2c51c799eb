"""The quiz kind `defence`: another player has declared riichi; which tile of
your fourteen can you discard that is safe by rule?

Safe by rule (tutor/engine/game/safety.py) are the kinds the riichi player
cannot ron on whatever they wait on: their own discards (genbutsu: a wait
among them is furiten), and every kind let go by since the riichi stood
(riichi furiten).  Any of those held is right.  Level 1 shows no tile
passed since the riichi (only genbutsu); level 2 some; at level 3 the hand
holds none of the riichi player's discards, so only the tiles passed since
the riichi are safe.  A deal-in of a game reviewed becomes a question of
this kind from its own position (`defence_question`, tutor/quiz/review_findings.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from tutor.engine.hand import Hand
from tutor.engine.notation import format_hand
from tutor.engine.tiles import TILE_KINDS, Tile, tile_name
from tutor.locale import Value, joined, message
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import FeedbackLine
from tutor.quiz.kinds.discard_words import picked
from tutor.quiz.kinds.plain_words import explain_with, missed_lines
from tutor.quiz.names import tile_message
from tutor.quiz.question import Question

LESSON: Final = "r13-defence"
CONCEPT: Final = "defence:safe_by_rule"
HAND: Final = 14
TRIES: Final = 200


def _names(tiles: Sequence[Tile]) -> list[str]:
    return [tile_name(tile) for tile in tiles]


def _listed(tiles: Sequence[Tile]) -> Value:
    return joined((tile_name(tile) for tile in tiles), empty=message("quiz.defence.none"))


def defence_question(
    hand: Hand, river: Sequence[Tile], riichi_at: int, passed: Sequence[Tile], seed: int, level: int
) -> Question:
    """Which of these fourteen is safe by rule against a riichi: the riichi
    player's discards in order (`riichi_at` the riichi discard's index) and
    the kinds let go by since.  Raises ValueError (`no_safe_tile`) when none
    is, or when the riichi is not among the discards."""
    held = sorted(set(hand.concealed))
    genbutsu = [tile for tile in held if tile in river]
    let_go = [tile for tile in held if tile in passed and tile not in river]
    safe = sorted({*genbutsu, *let_go})
    if not safe or not 0 <= riichi_at < len(river):
        raise ValueError("no_safe_tile")
    choices = tuple(_names(held))
    return Question(
        kind="defence",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message(
            "quiz.defence.prompt",
            river=_listed(river),
            riichi=tile_name(river[riichi_at]),
            passed=_listed(passed),
        ),
        request={
            "hand": format_hand(hand),
            "rules": "riichi",
            "river": _names(river),
            "riichi_at": riichi_at,
            "passed": _names(passed),
        },
        answer={"safe": _names(safe)},
        explanation=message(
            "quiz.defence.explanation", safe=_listed(safe), genbutsu=_listed(genbutsu), passed=_listed(let_go)
        ),
        concept=CONCEPT,
        lesson=LESSON,
        answer_type="choice",
        choices=choices,
        choice_labels=tuple(
            message("efficiency.tile_choice", notation=name, tile=tile_message(tile))
            for name, tile in zip(choices, held, strict=True)
        ),
    )


def _position(rng: random.Random, level: int) -> tuple[list[Tile], int, list[Tile], list[Tile]]:
    """A riichi player's discards, the riichi's index, the kinds passed since, and a hand of 14."""
    pool = [kind for kind in range(TILE_KINDS) for _ in range(4)]
    rng.shuffle(pool)
    river = [pool.pop() for _ in range(rng.randint(5, 12))]
    riichi_at = rng.randint(len(river) // 2, len(river) - 1)
    if level == 3:
        # None of the riichi player's discards in hand: only the passed tiles are safe.
        rest = [kind for kind in pool if kind not in river]
        hand = sorted(rest[:HAND])
        for kind in hand:
            pool.remove(kind)
    else:
        hand = sorted(pool.pop() for _ in range(HAND))
    passed: list[Tile] = []
    if level >= 2:
        passed = [pool.pop() for _ in range(rng.randint(1, 4))]
        if level == 3:
            shared = [kind for kind in pool if kind in hand]
            if shared:
                passed[rng.randrange(len(passed))] = rng.choice(shared)
    return river, riichi_at, passed, hand


def generate_defence(seed: int, level: int) -> Question:
    rng = random.Random(seed)
    for _ in range(TRIES):
        river, riichi_at, passed, tiles = _position(rng, level)
        held = set(tiles)
        safe = held & ({*river} | {*passed})
        if safe and safe != held:
            return defence_question(Hand(tuple(tiles)), river, riichi_at, passed, seed, level)
    raise AssertionError("no_position")


def check_defence(question: Question, response: dict[str, Any]) -> bool:
    """One tile (the drill's pick) is right when it is safe by rule; a list
    (a worksheet's answer) must name every safe tile in hand."""
    given = response.get("safe")
    right = question.answer["safe"]
    if isinstance(given, str):
        return given in right
    return isinstance(given, list) and sorted(map(str, given)) == sorted(right)


def given(judgement: Judgement[Any, Any]) -> Value:
    """The tile picked. The answer's own name ("Safe by rule") would call the pick safe."""
    return picked(judgement, "safe")


def missed(judgement: Judgement[Any, Any]) -> list[FeedbackLine]:
    """A tile picked that is not safe: the riichi player can ron on it; then what any answer misses."""
    if judgement.right or not judgement.response:
        return []
    picked = judgement.response.get("safe")
    lines: list[FeedbackLine] = []
    if isinstance(picked, str) and picked in judgement.question.choices:
        lines.append(message("quiz.defence.not_safe", tile=picked))
    return lines + missed_lines(judgement)


explain = explain_with(missed, given)
