"""Quiz kinds about shapes: `complete`, `waits` and `wait-kind`."""

from __future__ import annotations

import random
from typing import Any, Final

from tutor.engine.hand import Hand
from tutor.engine.notation import format_decomposition, format_hand
from tutor.engine.rules import Rules
from tutor.engine.shapes import decompositions
from tutor.engine.tiles import TILE_KINDS, tile_name
from tutor.engine.waits import waits, winning_tiles
from tutor.locale import Message, joined, message
from tutor.quiz.deal import (
    drop_one,
    one_suit_pool,
    random_complete,
    random_seven_pairs,
    random_thirteen_orphans,
)
from tutor.quiz.names import choice_labels, name, tile_list
from tutor.quiz.question import Question

YES_NO = ("yes", "no")
YES_NO_LABELS: Final = choice_labels("answer", YES_NO)


def _changed(rng: random.Random, hand: Hand) -> Hand:
    """A hand with one concealed tile replaced: often no longer a win."""
    rest = hand.without_tile(rng.choice(hand.concealed))
    for _ in range(50):
        tile = rng.randrange(TILE_KINDS)
        if rest.all_counts()[tile] < 4:
            return rest.with_tile(tile)
    return hand


def _reading_text(hand: Hand) -> Message:
    readings = decompositions(hand, Rules.RIICHI)
    if not readings:
        return message("quiz.complete.no_reading")
    text = " | ".join(format_decomposition(reading) for reading in readings)
    return message("quiz.complete.reads_as", readings=text)


def generate_complete(seed: int, level: int) -> Question:
    """Is this hand complete?  (Level 2: is it tenpai?)"""
    rng = random.Random(seed)
    if level == 2:
        complete = random_complete(rng, max_melds=1)
        if rng.random() < 0.5:
            complete = _changed(rng, complete)
        hand = drop_one(rng, complete)
        found = winning_tiles(hand)
        answer = {"tenpai": bool(found)}
        explanation = (
            message("quiz.complete.tenpai", tiles=tile_list(found)) if found else message("quiz.complete.not_tenpai")
        )
        prompt = message("quiz.complete.prompt_tenpai")
        concept = "complete:tenpai"
    else:
        if level == 1:
            hand = random_complete(rng, max_melds=1)
        else:
            hand = random_seven_pairs(rng) if rng.random() < 0.5 else random_thirteen_orphans(rng)
        if rng.random() < 0.5:
            hand = _changed(rng, hand)
        answer = {"complete": bool(decompositions(hand))}
        explanation = _reading_text(hand)
        prompt = message("quiz.complete.prompt")
        concept = "complete:special" if level == 3 else "complete:regular"
    return Question(
        kind="complete",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=prompt,
        request={"hand": format_hand(hand), "rules": "riichi"},
        answer=answer,
        explanation=explanation,
        concept=concept,
        lesson="r03-winning",
        answer_type="choice",
        choices=YES_NO,
        choice_labels=YES_NO_LABELS,
    )


def check_complete(question: Question, response: dict[str, Any]) -> bool:
    key = next(iter(question.answer))
    value = response.get(key)
    if isinstance(value, str):
        value = value == "yes"
    return value is question.answer[key]


def _tenpai_hand(rng: random.Random, level: int) -> Hand:
    for _ in range(500):
        if level == 3:
            hand = drop_one(rng, random_complete(rng, one_suit_pool(rng), max_melds=0))
        else:
            hand = drop_one(rng, random_complete(rng, max_melds=1))
        count = len(winning_tiles(hand))
        if (level == 1 and count == 1) or (level == 2 and count == 2) or (level == 3 and count >= 3):
            return hand
    return hand


def _waits_explanation(hand: Hand) -> Message:
    found = [
        message(
            "quiz.waits.wait",
            tile=tile_name(wait.tile),
            kinds=joined(name("wait", kind.value) for kind in wait.kinds),
            reading=format_decomposition(decompositions(hand.with_tile(wait.tile))[0]),
        )
        for wait in waits(hand)
    ]
    return message("quiz.waits.explanation", waits=joined(found, "; ", empty=""))


def generate_waits(seed: int, level: int) -> Question:
    """Pick every tile this hand waits on."""
    return waits_question(_tenpai_hand(random.Random(seed), level), seed, level)


def waits_question(hand: Hand, seed: int, level: int) -> Question:
    """Every tile this very hand (13 tiles, tenpai) waits on: also the
    position of a win a game's review found missed."""
    found = winning_tiles(hand)
    concept = "waits:single" if len(found) == 1 else "waits:two" if len(found) == 2 else "waits:many"
    return Question(
        kind="waits",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("quiz.waits.prompt"),
        request={"hand": format_hand(hand), "rules": "riichi"},
        answer={"waits": [tile_name(tile) for tile in found]},
        explanation=_waits_explanation(hand),
        concept=concept,
        lesson="r04-waits",
        answer_type="tiles",
    )


def check_waits(question: Question, response: dict[str, Any]) -> bool:
    given = response.get("waits")
    return isinstance(given, list) and sorted(given) == sorted(question.answer["waits"])


WAIT_CHOICES = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")


def generate_wait_kind(seed: int, level: int) -> Question:
    """How did the winning tile complete the hand?"""
    rng = random.Random(seed)
    for _ in range(500):
        hand = random_complete(rng, max_melds=1 if level < 3 else 2)
        win = rng.choice(hand.concealed)
        kinds = next((w.kinds for w in waits(hand.without_tile(win)) if w.tile == win), ())
        names = [kind.value for kind in kinds if kind.value in WAIT_CHOICES]
        if names and len(names) == len(kinds) and ((level < 3) == (len(names) == 1)):
            break
    readings = " | ".join(format_decomposition(d) for d in decompositions(hand))
    return Question(
        kind="wait-kind",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("quiz.wait_kind.prompt", tile=tile_name(win)),
        request={"hand": format_hand(hand), "win": tile_name(win), "rules": "riichi"},
        answer={"kinds": sorted(names)},
        explanation=(
            message(
                "quiz.wait_kind.explanation", tile=tile_name(win), kinds=joined(name("wait", kind) for kind in names)
            ),
            message("quiz.wait_kind.readings", readings=readings),
        ),
        concept=f"wait-kind:{'+'.join(sorted(names))}",
        lesson="r04-waits",
        answer_type="checklist",
        choices=WAIT_CHOICES,
        choice_labels=choice_labels("wait", WAIT_CHOICES),
    )


def check_wait_kind(question: Question, response: dict[str, Any]) -> bool:
    given = response.get("kinds")
    return isinstance(given, list) and sorted(given) == question.answer["kinds"]
