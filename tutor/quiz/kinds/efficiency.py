"""Quiz kinds about hand efficiency: `shanten`, `ukeire` and `discard`.

Every answer comes from `engine.efficiency`; the explanations put the same
data into words from the catalogue (keys `efficiency.*`).  Levels: 1 hands
of one suit, 2 mixed hands one or two tiles from tenpai, 3 hands three or
four from it and hands where seven pairs (or, under MCR, a knitted shape)
competes with four sets and a pair.  About a third of the questions are
asked under MCR rules.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Final

from tutor.engine.efficiency import (
    DiscardOption,
    Shanten,
    Split,
    TileCount,
    Ukeire,
    best_discards,
    best_split,
    discard_table,
    shanten,
    ukeire,
)
from tutor.engine.efficiency.discards import discard_concept
from tutor.engine.hand import Hand
from tutor.engine.irregular import KNITTED_SETS
from tutor.engine.notation import format_hand, format_tiles, parse_hand
from tutor.engine.rules import Rules
from tutor.engine.tiles import HONOURS, TERMINAL_TILES, TILE_KINDS, Tile, tile_name
from tutor.locale import Message, Value, joined, message, render_all
from tutor.quiz.deal import near_tenpai_hand, one_suit_pool, random_seven_pairs, random_wall_hand
from tutor.quiz.names import name, tile_kinds, tile_message
from tutor.quiz.question import Question

LESSON: Final = "r12-efficiency"
TRIES: Final = 400
"""Deals tried before a question settles for the last hand dealt."""
MCR_SHARE: Final = 0.35


# ---------------------------------------------------------------------------
# Dealing a hand for a level.


def _rules(rng: random.Random) -> Rules:
    return Rules.MCR if rng.random() < MCR_SHARE else Rules.RIICHI


def _knitted_hand(rng: random.Random, size: int) -> Hand:
    """Most of a knitted set with honours and a few other tiles: an MCR hand
    where a knitted shape competes."""
    knitted = list(rng.choice(KNITTED_SETS))
    tiles = rng.sample(knitted, rng.randint(5, 8)) + rng.sample(list(HONOURS), rng.randint(2, 5))
    while len(tiles) < size:
        tile = rng.randrange(TILE_KINDS)
        if tiles.count(tile) < 4:
            tiles.append(tile)
    return Hand(tuple(sorted(tiles[:size])))


def _seven_pairs_hand(rng: random.Random, size: int) -> Hand:
    """Seven pairs with two or three tiles changed: a hand where seven pairs competes."""
    hand = random_seven_pairs(rng)
    for _ in range(rng.randint(2, 3)):
        held = hand.all_counts()
        hand = hand.without_tile(rng.choice(hand.concealed)).with_tile(
            rng.choice([tile for tile in range(TILE_KINDS) if held[tile] < 4])
        )
    return hand if size == 14 else hand.without_tile(rng.choice(hand.concealed))


def _deal(rng: random.Random, level: int, size: int, rules: Rules) -> Hand:
    """One candidate hand of `size` tiles for the level (not yet checked)."""
    if level == 1:
        return random_wall_hand(rng, size, one_suit_pool(rng))
    if level == 2:
        return near_tenpai_hand(rng, size, rng.randint(2, 3), max_melds=1)
    roll = rng.random()
    if rules is Rules.MCR and roll < 0.4:
        return _knitted_hand(rng, size)
    if roll < 0.5:
        return _seven_pairs_hand(rng, size)
    return random_wall_hand(rng, size)


def _fits(found: Shanten, level: int, size: int) -> bool:
    """Whether a hand's shanten (after the best discard for 14 tiles) suits the level."""
    value = found.shanten
    if level == 1:
        return 0 <= value <= 3
    if level == 2:
        return 1 <= value <= 2
    competing = [figure for name, figure in found.by_shape().items() if name != "regular"]
    return 3 <= value <= 4 or (1 <= value <= 4 and min(competing, default=99) <= found.regular)


def _hand_for(rng: random.Random, level: int, size: int, rules: Rules, also: Any = None) -> tuple[Hand, Shanten]:
    """A hand of `size` tiles that suits the level (and `also`, a further test)."""
    for _ in range(TRIES):
        hand = _deal(rng, level, size, rules)
        found = shanten(hand, rules)
        if _fits(found, level, size) and (also is None or also(hand, found)):
            return hand, found
    return hand, found


# ---------------------------------------------------------------------------
# Words.


def _least_shape(found: Shanten) -> str:
    """The shape with the least figure, four sets and a pair first among equals."""
    figures = found.by_shape()
    return min(figures, key=lambda name: (figures[name], name != "regular"))


def _split_text(split: Split) -> str:
    """A split drawn as tiles, its groups in the order the sentence names them."""
    groups = [
        " ".join(format_tiles(block) for block in split.sets) or "-",
        format_tiles((split.pair, split.pair)) if split.pair is not None else "-",
        " ".join(format_tiles(block) for block in split.partials) or "-",
        format_tiles(split.loose) if split.loose else "-",
    ]
    return " | ".join(groups)


def _count_sentences(hand: Hand, found: Shanten, rules: Rules) -> tuple[Message, ...]:
    """How the least shape's figure is counted, sentence by sentence."""
    shape = _least_shape(found)
    counts = hand.concealed_counts()
    figure = found.by_shape()[shape]
    if shape == "regular":
        split = best_split(hand)
        made = len(split.sets) + split.called
        head = 1 if split.pair is not None else 0
        return (
            message("efficiency.split", split=_split_text(split)),
            message(
                "efficiency.regular_count",
                sets=made,
                sets_counted=message("efficiency.sets", count=made),
                partials=message("efficiency.partials", count=len(split.partials)),
                used=min(len(split.partials), 4 - made),
                head=head,
                heads=message("efficiency.heads", count=head),
                shanten=figure,
            ),
        )
    if shape == "seven_pairs":
        pairs = sum(count // 2 for count in counts) if rules is Rules.MCR else sum(count >= 2 for count in counts)
        kinds = sum(count > 0 for count in counts)
        return (message("efficiency.seven_pairs_count", count=pairs, kinds=tile_kinds(kinds), shanten=figure),)
    if shape == "thirteen_orphans":
        held = sum(1 for tile in TERMINAL_OR_HONOURS if counts[tile])
        return (message("efficiency.orphans_count", kinds=held, shanten=figure),)
    if shape == "knitted_straight":
        held = max(sum(1 for tile in knitted if counts[tile]) for knitted in KNITTED_SETS)
        return (message("efficiency.knitted_count", held=held, shanten=figure),)
    fitting = 14 - 1 - figure
    return (message("efficiency.lesser_count", held=fitting, shanten=figure),)


TERMINAL_OR_HONOURS: Final = (*sorted(TERMINAL_TILES), *HONOURS)


def _tile_counts(tiles: tuple[TileCount, ...]) -> str:
    return ", ".join(f"{tile_name(item.tile)} x{item.count}" for item in tiles) or "-"


def _question(
    kind: str,
    seed: int,
    level: int,
    rules: Rules,
    hand: Hand,
    answer: dict[str, Any],
    explanation: tuple[Message, ...],
    concept: str,
    choices: tuple[str, ...] = (),
) -> Question:
    """A question of one of these kinds: its prompt from the catalogue, the
    hand as its request, and how it is answered (a number, ticked tiles, or
    one of the hand's tiles picked from `choices`)."""
    return Question(
        kind=kind,
        level=level,
        seed=seed,
        rules=rules.value,
        prompt=message(f"efficiency.prompt_{kind}"),
        request={"hand": format_hand(hand), "rules": rules.value},
        answer=answer,
        explanation=explanation,
        concept=concept,
        lesson=LESSON,
        answer_type=ANSWER_TYPES[kind],
        choices=choices,
        choice_labels=tuple(
            message("efficiency.tile_choice", notation=name, tile=tile_message(_tile_of(name))) for name in choices
        ),
    )


ANSWER_TYPES: Final = {"shanten": "number", "ukeire": "tiles", "discard": "choice"}


# ---------------------------------------------------------------------------
# shanten


def generate_shanten(seed: int, level: int) -> Question:
    """How many tiles is this hand from tenpai?"""
    rng = random.Random(seed)
    rules = _rules(rng)
    hand, found = _hand_for(rng, level, 13, rules)
    shape = _least_shape(found)
    explanation = (
        message("efficiency.shanten_answer", shanten=found.shanten, shape=name(f"shape.{rules.value}", shape)),
        *_count_sentences(hand, found, rules),
    )
    return _question("shanten", seed, level, rules, hand, {"shanten": found.shanten}, explanation, f"shanten:{shape}")


def check_shanten(question: Question, response: dict[str, Any]) -> bool:
    given = response.get("shanten")
    if isinstance(given, str) and given.strip().lstrip("-").isdigit():
        given = int(given)
    return isinstance(given, int) and not isinstance(given, bool) and given == question.answer["shanten"]


# ---------------------------------------------------------------------------
# ukeire


UKEIRE_KINDS_AT_MOST: Final = 10
"""More kinds than this make ticking tedious and teach little."""


def _ukeire_in_hand_suits(rules: Rules) -> Any:
    """The drill ticks ukeire on the tiles of the hand's own suits: keep to
    hands whose ukeire lie there, and are not too many to tick."""

    def test(hand: Hand, _found: Shanten) -> bool:
        suits = {tile // 9 for tile in hand.concealed}
        found = ukeire(hand, rules)
        return 0 < len(found.tiles) <= UKEIRE_KINDS_AT_MOST and all(item.tile // 9 in suits for item in found.tiles)

    return test


def _ukeire_text(found: Shanten, accepted: Ukeire) -> Message:
    return message(
        "efficiency.ukeire_answer",
        shanten=found.shanten,
        kinds=tile_kinds(len(accepted.tiles)),
        tiles=_tile_counts(accepted.tiles),
        count=accepted.count,
    )


def generate_ukeire(seed: int, level: int) -> Question:
    """Pick every tile that lowers this hand's shanten."""
    rng = random.Random(seed)
    rules = _rules(rng)
    hand, found = _hand_for(rng, level, 13, rules, _ukeire_in_hand_suits(rules))
    accepted = ukeire(hand, rules)
    shape = _least_shape(found)
    explanation = (_ukeire_text(found, accepted), *_count_sentences(hand, found, rules))
    answer = {"tiles": [tile_name(item.tile) for item in accepted.tiles], "count": accepted.count}
    question = _question("ukeire", seed, level, rules, hand, answer, explanation, f"ukeire:{shape}")
    if found.shanten == 0:
        # A tenpai hand is not brought "closer to tenpai": its ukeire are the tiles that complete it.
        tenpai = message("efficiency.prompt_ukeire_tenpai")
        question = dataclasses.replace(question, prompt=tenpai)
    return question


def check_ukeire(question: Question, response: dict[str, Any]) -> bool:
    """Every tile, none more; the count too when one is given (the drill
    ticks tiles only, a worksheet's answer has both)."""
    given = response.get("tiles")
    if not isinstance(given, list) or sorted(map(str, given)) != sorted(question.answer["tiles"]):
        return False
    return "count" not in response or response["count"] == question.answer["count"]


# ---------------------------------------------------------------------------
# discard


def _names(tiles: tuple[Tile, ...]) -> str:
    return ", ".join(tile_name(tile) for tile in tiles) or "-"


def _lost(best: DiscardOption, option: DiscardOption) -> tuple[Tile, ...]:
    """The tiles the best discard accepts and this one does not."""
    kept = {item.tile for item in option.ukeire.tiles}
    return tuple(item.tile for item in best.ukeire.tiles if item.tile not in kept)


def _rank_lines(table: tuple[DiscardOption, ...]) -> tuple[Message, ...]:
    """Every discard, best first, with its shanten and ukeire, and what a
    worse one loses."""
    best = table[0]
    lines = []
    for rank, option in enumerate(table, 1):
        values: dict[str, Value] = {
            "rank": rank,
            "tile": tile_name(option.discard),
            "shanten": option.shanten,
            "count": option.ukeire.count,
        }
        if option.shanten > best.shanten:
            lines.append(Message("efficiency.rank_rises", values))
        elif option.ukeire.count < best.ukeire.count and _lost(best, option):
            lines.append(Message("efficiency.rank_loses", {"lost": _names(_lost(best, option)), **values}))
        else:
            lines.append(Message("efficiency.rank", values))
    return tuple(lines)


def discard_sentences(table: tuple[DiscardOption, ...]) -> tuple[Message, ...]:
    """The best discard, then every discard ranked, one sentence each."""
    best = table[0]
    right = best_discards(table)
    return (
        message(
            "efficiency.discard_best",
            tiles=", ".join(tile_name(tile) for tile in right),
            shanten=best.shanten,
            count=best.ukeire.count,
            ukeire=_tile_counts(best.ukeire.tiles),
        ),
        message("efficiency.discard_ranking"),
        *_rank_lines(table),
    )


def discard_explanation(table: tuple[DiscardOption, ...], language: str) -> str:
    return render_all(discard_sentences(table), language)


def generate_discard(seed: int, level: int) -> Question:
    """Which tile do you discard from these fourteen?"""
    rng = random.Random(seed)
    rules = _rules(rng)
    hand, _ = _hand_for(rng, level, 14, rules)
    return discard_question(hand, rules, seed, level)


def discard_question(hand: Hand, rules: Rules, seed: int, level: int) -> Question:
    """Which tile do you discard from these fourteen? -- of a given hand (a
    random one, or a position of a game reviewed, tutor/quiz/review_findings.py)."""
    table = discard_table(hand, rules, with_waits=False, worse_ukeire=False)
    right = best_discards(table)
    choices = tuple(tile_name(option.discard) for option in sorted(table, key=lambda option: option.discard))
    after = hand.without_tile(table[0].discard)
    shape = _least_shape(shanten(after, rules))
    if shape == "seven_pairs":
        concept = "discard:seven_pairs"
    elif shape in ("knitted_straight", "honours_and_knitted"):
        concept = "discard:knitted"
    else:
        concept = discard_concept(table[0].discard)
    return _question(
        "discard",
        seed,
        level,
        rules,
        hand,
        {"discards": [tile_name(tile) for tile in right]},
        discard_sentences(table),
        concept,
        choices,
    )


def _tile_of(name: str) -> Tile:
    return "mpsz".index(name[1]) * 9 + int(name[0]) - 1


def check_discard(question: Question, response: dict[str, Any]) -> bool:
    """One tile (the drill's pick) is right when it is among the best; a
    list (a worksheet's answer) must name every best discard."""
    given = response.get("discards")
    right = question.answer["discards"]
    if isinstance(given, str):
        return given in right
    return isinstance(given, list) and sorted(map(str, given)) == sorted(right)


def discard_feedback(question: Question, response: dict[str, Any]) -> Message | None:
    """Where the learner's pick ranks among every discard, with its ukeire
    against the best, and the tiles it loses when it is worse.  For a drill
    screen to show beside the explanation."""
    given = response.get("discards")
    picked = given if isinstance(given, str) else given[0] if isinstance(given, list) and given else ""
    table = discard_table(parse_hand(question.request["hand"]), Rules(question.rules), False, False)
    places = {tile_name(option.discard): rank for rank, option in enumerate(table, 1)}
    if picked not in places:
        return None
    option = table[places[picked] - 1]
    best = table[0]
    values = {
        "tile": picked,
        "rank": places[picked],
        "total": len(table),
        "shanten": option.shanten,
        "count": option.ukeire.count,
        "best_count": best.ukeire.count,
    }
    if picked in question.answer["discards"]:
        return message("efficiency.choice_best", **values)
    if option.shanten > best.shanten:
        return message("efficiency.choice_rises", **values)
    return message("efficiency.choice_loses", lost=joined(tile_name(tile) for tile in _lost(best, option)), **values)
