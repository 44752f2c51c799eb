"""Quiz kinds about tiles and groups: `tiles` and `sets`."""

from __future__ import annotations

import random
from typing import Any

from tutor.engine.groups import classify_group
from tutor.engine.notation import format_tiles
from tutor.engine.tiles import EAST, HONOURS, Tile, tile_name
from tutor.locale import Value, message
from tutor.quiz.names import choice_labels, name, tile_message
from tutor.quiz.question import Question


def generate_tiles(seed: int, level: int) -> Question:
    """Name a tile, or pick the tile named."""
    rng = random.Random(seed)
    numbers = list(range(EAST))
    pool = numbers if level == 1 else list(HONOURS) if level == 2 else numbers + list(HONOURS)
    tile = rng.choice(pool)
    others = rng.sample([t for t in pool if t != tile], 3)
    options = sorted([tile, *others])
    choices = tuple(tile_name(t) for t in options)
    concept = "tiles:honours" if tile >= EAST else "tiles:numbers"
    explanation = message("quiz.tiles.explanation", notation=tile_name(tile), tile=tile_message(tile))
    if rng.random() < 0.5:
        prompt = message("quiz.tiles.prompt_name")
        labels: tuple[Value, ...] = tuple(tile_message(t) for t in options)
        request: dict[str, Any] = {"hand": tile_name(tile)}
    else:
        prompt = message("quiz.tiles.prompt_pick", tile=tile_message(tile))
        labels = choices
        request = {"hand": format_tiles(options)}
    return Question(
        kind="tiles",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=prompt,
        request=request,
        answer={"tile": tile_name(tile)},
        explanation=explanation,
        concept=concept,
        lesson="r01-tiles",
        answer_type="choice",
        choices=choices,
        choice_labels=labels,
    )


def check_tiles(question: Question, response: dict[str, Any]) -> bool:
    return bool(response.get("tile") == question.answer["tile"])


GROUP_KINDS = ("shuntsu", "koutsu", "kantsu", "penta", "kanta", "ryanta", "toitsu", "none")


def _group_tiles(rng: random.Random, kind: str) -> list[Tile]:
    suit = rng.randrange(3) * 9
    if kind == "shuntsu":
        start = suit + rng.randrange(7)
        return [start, start + 1, start + 2]
    if kind in ("koutsu", "kantsu", "toitsu"):
        tile = rng.randrange(34)
        return [tile] * {"koutsu": 3, "kantsu": 4, "toitsu": 2}[kind]
    if kind == "penta":
        return [suit, suit + 1] if rng.random() < 0.5 else [suit + 7, suit + 8]
    if kind == "kanta":
        start = suit + rng.randrange(7)
        return [start, start + 2]
    if kind == "ryanta":
        start = suit + 1 + rng.randrange(6)
        return [start, start + 1]
    # Two tiles that make nothing: far apart, different suits, or two different honours.
    roll = rng.random()
    if roll < 0.4:
        rank = rng.randrange(6)
        return [suit + rank, suit + rank + rng.randint(3, 8 - rank)]
    if roll < 0.7:
        first, second = rng.sample(list(HONOURS), 2)
        return [first, second]
    return [suit + rng.randrange(9), (suit + 9) % 27 + rng.randrange(9)]


def generate_sets(seed: int, level: int) -> Question:
    """What is this group?"""
    rng = random.Random(seed)
    pool = GROUP_KINDS[:3] if level == 1 else GROUP_KINDS[3:7] if level == 2 else GROUP_KINDS
    wanted = rng.choice(pool)
    tiles = _group_tiles(rng, wanted)
    group = classify_group(tiles)
    kind = group.kind.value if group.kind else "none"
    labels = choice_labels("group", GROUP_KINDS)
    return Question(
        kind="sets",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("quiz.sets.prompt"),
        request={"hand": format_tiles(tiles)},
        answer={"group": kind},
        explanation=message("quiz.sets.explanation", tiles=format_tiles(tiles), group=name("group", kind)),
        concept=f"sets:{kind}",
        lesson="r02-sets",
        answer_type="choice",
        choices=GROUP_KINDS,
        choice_labels=labels,
    )


def check_sets(question: Question, response: dict[str, Any]) -> bool:
    return bool(response.get("group") == question.answer["group"])
