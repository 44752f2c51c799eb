"""Quiz kind `points-steps`: the han and points of a riichi hand, step by step.

The learner names each yaku with its han (picked from a list, where a yaku
worth less when open is listed with both values), counts the dora, adds up
the han, and reads the points for that han and the fu (which are given) as
the hand was won: what the discarder pays for a ron, or each payment of a
tsumo and their total.  The checker judges every step on its own and names
the rule of each wrong one; each step's rule is stored as a concept:

* `yaku:<id>` (`yaku:pinfu`): that yaku, with its han open or closed;
* `points:dora`: counting the dora the indicators point at;
* `points:han_sum`: adding the yaku and the dora;
* `points:tsumo_split`: who pays what on a tsumo (each payment of a tsumo);
* the total's rule, one of: `points:limit` (5 han or more: mangan,
  haneman, baiman, sanbaiman, counted yakuman), `points:mangan_threshold`
  (under 5 han but over 2000 base points: 4 han 40 fu, 3 han 70 fu),
  `points:dealer` (a dealer's win below the limits: 6x or 2x base each),
  `points:base` (a non-dealer's win below the limits: fu x 2^(han+2),
  times 4 or split, rounded up to 100).

Yaku are taught by lessons r06-riichi (the core yaku and dora) and r07-yaku
(the others); the points by r08-points.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Final

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.points import MANGAN_BASE, base_points, points_json
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.score import RiichiScore, score_riichi
from tutor.engine.riichi.yaku import YAKU
from tutor.engine.tiles import DRAGONS, HONOURS, TERMINALS, TILE_KINDS, WINDS, Tile, dora_from_indicator
from tutor.locale import Message, Value, joined, message
from tutor.quiz.answer_text import payment_message
from tutor.quiz.deal import random_complete, random_seven_pairs
from tutor.quiz.kinds.scoring import request_rules, win_request
from tutor.quiz.names import YAKU_NAMES, limit_message, name
from tutor.quiz.question import Question

KIND: Final = "points-steps"
LESSON: Final = "r08-points"
YAKU_LESSON: Final = "r07-yaku"
CORE_LESSON: Final = "r06-riichi"
CORE_YAKU: Final = frozenset(
    {
        "riichi",
        "ippatsu",
        "menzen_tsumo",
        "pinfu",
        "tanyao",
        "iipeikou",
        "yakuhai_haku",
        "yakuhai_hatsu",
        "yakuhai_chun",
        "yakuhai_seat_wind",
        "yakuhai_round_wind",
    }
)
"""The yaku lesson r06-riichi teaches (with dora); the others are in r07-yaku."""

RULES: Final = RiichiRules()
HAN_OF: Final = {yaku.id: (yaku.han_closed, yaku.han_open) for yaku in YAKU}
LISTED_YAKU: Final = tuple(yaku for yaku in YAKU if yaku.id != "renhou")
"""The yaku a learner picks from (renhou is a yakuman by default, not a yaku)."""

# The steps after the yaku, by id: the dora, the han, the payments and the total.
DORA: Final = "dora"
HAN: Final = "han"
FROM_DEALER: Final = "dealer"
FROM_NON_DEALER: Final = "non_dealer"
TOTAL: Final = "total"


def yaku_choices() -> tuple[str, ...]:
    """The yaku list's values, "pinfu:1": each yaku with its closed han, and
    with its open han too when that differs."""
    choices = []
    for yaku in LISTED_YAKU:
        choices.append(f"{yaku.id}:{yaku.han_closed}")
        if yaku.han_open and yaku.han_open != yaku.han_closed:
            choices.append(f"{yaku.id}:{yaku.han_open}")
    return tuple(choices)


CHOICES: Final = yaku_choices()


def choice_label(choice: str) -> Message:
    """A yaku list entry: "Honitsu: 3 han (closed)", "Pinfu: 1 han"."""
    yaku, han = choice.split(":")
    closed, opened = HAN_OF[yaku]
    key = (
        "points_steps.choice"
        if opened in (0, closed)
        else "points_steps.choice_" + ("closed" if int(han) == closed else "open")
    )
    return message(key, name=name("yaku", yaku), han=han)


CHOICE_LABELS: Final = tuple(choice_label(choice) for choice in CHOICES)


def yaku_lesson(yaku: str) -> str:
    return CORE_LESSON if yaku in CORE_YAKU else YAKU_LESSON


def concept_lesson(concept: str) -> str:
    """The lesson that teaches a points-steps concept."""
    if concept.startswith("yaku:"):
        return yaku_lesson(concept.removeprefix("yaku:"))
    return CORE_LESSON if concept == "points:dora" else LESSON


def concept_name(concept: str) -> Value:
    """A concept in words: "yaku:pinfu" reads "Pinfu"; "points:dora" "counting dora"."""
    if concept.startswith("yaku:"):
        return YAKU_NAMES.name(concept.removeprefix("yaku:"))
    return message(f"points_steps.rule.{concept.removeprefix('points:')}")


# --- generating -------------------------------------------------------------------------------

_INDICATOR_OF: Final = {dora_from_indicator(indicator): indicator for indicator in range(TILE_KINDS)}


def _run(rng: random.Random, suit: int | None = None, start: int | None = None) -> list[Tile]:
    suit = rng.randrange(3) if suit is None else suit
    start = rng.randrange(7) if start is None else start
    return [suit * 9 + start + offset for offset in range(3)]


def _number_pair(rng: random.Random) -> list[Tile]:
    return [rng.randrange(27)] * 2


def _terminal_set(rng: random.Random, honours: bool) -> list[Tile]:
    """A set holding a terminal (or an honour): 123, 789 or a triplet of them."""
    roll = rng.random()
    if roll < 0.5:
        return _run(rng, start=rng.choice((0, 6)))
    return [rng.choice([*TERMINALS, *(HONOURS if honours else ())])] * 3


def _shaped_sets(rng: random.Random) -> list[list[Tile]]:
    """Four sets and a pair (the pair last) shaped for a yaku that random
    hands seldom make: pinfu, ittsu, sanshoku, iipeikou and ryanpeikou,
    chanta and junchan, shousangen, toitoi, honroutou, sanshoku doukou."""
    shape = rng.choice(("runs", "ittsu", "sanshoku", "peikou", "chanta", "junchan", "dragons", "triplets"))
    if shape == "runs":
        return [_run(rng) for _ in range(4)] + [_number_pair(rng)]
    if shape == "ittsu":
        suit = rng.randrange(3)
        return [_run(rng, suit, start) for start in (0, 3, 6)] + [_run(rng), _number_pair(rng)]
    if shape == "sanshoku":
        start = rng.randrange(7)
        return [_run(rng, suit, start) for suit in range(3)] + [_run(rng), _number_pair(rng)]
    if shape == "peikou":
        twice, other = _run(rng), _run(rng)
        return [twice, twice, other, other if rng.random() < 0.4 else _run(rng), _number_pair(rng)]
    if shape in ("chanta", "junchan"):
        honours = shape == "chanta"
        pair = rng.choice([*TERMINALS, *(HONOURS if honours else ())])
        return [_run(rng, start=rng.choice((0, 6)))] + [_terminal_set(rng, honours) for _ in range(3)] + [[pair] * 2]
    if shape == "dragons":
        dragons = list(DRAGONS)
        rng.shuffle(dragons)
        return [[dragons[0]] * 3, [dragons[1]] * 3, _run(rng), _run(rng), [dragons[2]] * 2]
    # Triplets: any, of terminals and honours only (honroutou), or one number in the three suits (sanshoku doukou).
    pool = rng.choice((list(range(TILE_KINDS)), [*TERMINALS, *HONOURS], None))
    if pool is None:
        number = rng.randrange(9)
        return [[suit * 9 + number] * 3 for suit in range(3)] + [[rng.randrange(34)] * 3, _number_pair(rng)]
    return [[rng.choice(pool)] * 3 for _ in range(4)] + [[rng.choice(pool)] * 2]


def _shaped_hand(rng: random.Random, level: int) -> Hand | None:
    """A hand of `_shaped_sets`, some sets called from level 2; None when
    the sets would need a fifth copy of a tile."""
    sets = _shaped_sets(rng)
    # Two runs twice over (ryanpeikou) count only in a closed hand: those stay closed.
    closed = sets[0] == sets[1] and sets[2] == sets[3]
    tiles = [tile for group in sets for tile in group]
    if any(tiles.count(tile) > 4 for tile in set(tiles)):
        return None
    concealed: list[Tile] = [*sets[-1]]
    melds = []
    for group in sets[:-1]:
        if level > 1 and not closed and rng.random() < 0.3:
            melds.append(Meld(MeldKind.PON if group[0] == group[1] else MeldKind.CHI, tuple(group)))
        else:
            concealed += group
    return Hand(tuple(sorted(concealed)), tuple(melds))


def _hand(rng: random.Random, level: int) -> Hand:
    """A complete hand: closed at level 1, with calls at 2, kans and seven
    pairs at 3; from level 2 some of one suit (for honitsu and chinitsu);
    and at every level some shaped for the rarer yaku."""
    while True:
        if level == 3 and rng.random() < 0.1:
            return random_seven_pairs(rng)
        if rng.random() < 0.35:
            shaped = _shaped_hand(rng, level)
            if shaped is not None:
                return shaped
            continue
        pool = None
        if level > 1 and rng.random() < 0.3:
            suit = rng.randrange(3)
            pool = list(range(suit * 9, suit * 9 + 9)) + (list(range(27, 34)) if rng.random() < 0.6 else [])
        hand = random_complete(rng, pool, max_melds=0 if level == 1 else 2 if level == 2 else 4)
        if level == 3 or not any(meld.is_kan for meld in hand.melds):
            return hand


def _flags(rng: random.Random, hand: Hand, tsumo: bool, level: int) -> frozenset[Flag]:
    """Riichi on most closed hands; from level 2 now and then a yaku of the
    moment (ippatsu, the last tile, a kan's replacement tile)."""
    flags = set()
    if hand.is_closed and rng.random() < 0.7:
        flags.add(Flag.DOUBLE_RIICHI if level > 1 and rng.random() < 0.05 else Flag.RIICHI)
        if level > 1 and rng.random() < 0.15:
            flags.add(Flag.IPPATSU)
    if level > 1 and rng.random() < 0.1:
        flags.add(Flag.HAITEI if tsumo else Flag.HOUTEI)
    elif level > 1 and not tsumo and rng.random() < 0.03:
        flags.add(Flag.CHANKAN)
    if level == 3 and tsumo and any(meld.is_kan for meld in hand.melds) and rng.random() < 0.3:
        flags.discard(Flag.HAITEI)
        flags.add(Flag.RINSHAN)
    return frozenset(flags)


def _indicators(rng: random.Random, hand: Hand, level: int) -> tuple[Tile, ...]:
    """One dora indicator, and one more for each kan; at level 3 most point
    at a tile of the hand (so that limits are reached).  An indicator is
    never a fifth copy of a tile."""
    counts = list(hand.all_counts())
    tiles = [tile for tile in range(TILE_KINDS) if counts[tile]]
    chosen: list[Tile] = []
    wanted = 1 + sum(meld.is_kan for meld in hand.melds)
    while len(chosen) < wanted:
        aimed = rng.random() < (0.8 if level == 3 else 0.35)
        indicator = _INDICATOR_OF[rng.choice(tiles)] if aimed else rng.randrange(TILE_KINDS)
        if counts[indicator] < 4:
            counts[indicator] += 1
            chosen.append(indicator)
    return tuple(chosen)


def _fits(score: RiichiScore, level: int) -> bool:
    """Level 1: one or two yaku, at most 3 han, no limit; level 2: below
    the limits; level 3: a limit (mangan by the threshold or by han, and above)."""
    if score.yakuman:
        return False
    limit = score.points.limit
    if level == 1:
        return len(score.yaku) <= 2 and score.han <= 3 and limit is None
    return (limit is None) if level == 2 else limit is not None


def points_score(rng: random.Random, level: int, rules: RiichiRules = RULES) -> RiichiScore:
    """A scored win fitting the level (see `_fits`)."""
    while True:
        hand = _hand(rng, level)
        tsumo = level > 1 and rng.random() < 0.45
        flags = _flags(rng, hand, tsumo, level)
        context = WinContext(rng.choice(hand.concealed), tsumo, rng.choice(WINDS), rng.choice(WINDS[:2]), flags)
        context = replace(context, dora_indicators=_indicators(rng, hand, level))
        try:
            score = score_riichi(hand, context, rules)
        except Refusal:
            continue
        if _fits(score, level):
            return score


def points_answer(score: RiichiScore) -> dict[str, Any]:
    """Every step's answer: the yaku with their han, the dora, the han, the
    fu, and the points as `tutor score --json` reports them."""
    return {
        "yaku": [{"id": name, "han": han} for name, han in score.yaku],
        "dora": score.dora,
        "han": score.han,
        "fu": score.fu.fu,
        "points": points_json(score.points),
    }


def total_rule(han: int, base: int, dealer: bool) -> str:
    """The rule that decides the total (see the module's note)."""
    if han >= 5:
        return "points:limit"
    if base >= MANGAN_BASE:
        return "points:mangan_threshold"
    return "points:dealer" if dealer else "points:base"


def payment_steps(request: dict[str, Any]) -> tuple[str, ...]:
    """The point steps a hand asks: the total for a ron; for a tsumo each
    payment (one for the dealer's, two for a non-dealer's) and the total."""
    if not request.get("tsumo"):
        return (TOTAL,)
    return (FROM_NON_DEALER, TOTAL) if request.get("seat", "E") == "E" else (FROM_DEALER, FROM_NON_DEALER, TOTAL)


def generate_points_steps(seed: int, level: int, rules: RiichiRules = RULES) -> Question:
    """A winning hand to score step by step (see `_fits` for the levels)."""
    return points_steps_question(points_score(random.Random(seed), level, rules), seed, level)


def points_steps_question(score: RiichiScore, seed: int, level: int) -> Question:
    request = win_request(score.hand, score.context, score.rules)
    answer = points_answer(score)
    rule = total_rule(score.han, score.points.base, score.context.dealer)
    concepts = [f"yaku:{name}" for name, _ in score.yaku]
    concepts += ["points:dora", "points:han_sum", rule]
    if score.context.tsumo:
        concepts.append("points:tsumo_split")
    return Question(
        kind=KIND,
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("points_steps.prompt", fu=score.fu.fu),
        request=request,
        answer=answer,
        explanation=explanation(answer, request),
        concept=rule,
        lesson=LESSON,
        answer_type="points_steps",
        choices=CHOICES,
        choice_labels=CHOICE_LABELS,
        step_concepts=tuple(concepts),
    )


def explanation(answer: dict[str, Any], request: dict[str, Any]) -> Message:
    """The whole count in a few sentences: yaku and dora to han, then the points."""
    parts: list[Value] = [
        message("points_steps.yaku_part", name=name("yaku", yaku["id"]), han=yaku["han"]) for yaku in answer["yaku"]
    ]
    if answer["dora"]:
        parts.append(message("points_steps.dora_part", dora=answer["dora"]))
    points = answer["points"]
    limit = limit_of(answer, request)
    return message(
        "points_steps.explanation",
        parts=joined(parts, " + ", empty=""),
        han=answer["han"],
        fu=answer["fu"],
        base=points["base"],
        limit=message("points_steps.limit_part", limit=limit_message(limit)) if limit else "",
        paid=payment_message(points),
    )


def limit_of(answer: dict[str, Any], request: dict[str, Any]) -> str | None:
    """The limit's name, as the engine names it (`points.base_points`, under
    the rules the question was scored by): never worked out a second way."""
    return base_points(answer["han"], answer["fu"], 0, request_rules(request))[1]


# --- judging ----------------------------------------------------------------------------------


# --- words ------------------------------------------------------------------------------------
