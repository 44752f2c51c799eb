"""Quiz kind `mcr-steps`: the fans of an MCR hand, step by step.

The learner ticks the fans that count (with how many times), then marks
each fan the hand shows but the rules leave out "not counted", with the
principle that leaves it out (by its official name, design brief section 5)
and the fan that includes it; the total and the 8-point question come last.
Every step is the engine's (`score_mcr`, its `left_out`); the checker judges
each on its own and names each wrong one in one sentence, with the lesson
that teaches it.

Concepts are stored per step: `mcr:fan:一般高` for a fan missed, added or
miscounted; `mcr:不计:一色三同顺>一般高` for a fan another one includes;
`mcr:principle:套算一次` for each principle; `mcr:total`, `mcr:eight_points`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Final

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.exclusions import ACCOUNT_ONCE, TAKE_HIGHER
from tutor.engine.mcr.fans import BY_ZH, FANS, STANDARD_FANS
from tutor.engine.mcr.rules import McrRules
from tutor.engine.mcr.score import FLOWER_FAN, McrScore, score_mcr
from tutor.engine.mcr.settlement import MINIMUM_POINTS
from tutor.engine.refusal import Refusal
from tutor.engine.tiles import DRAGONS, TILE_KINDS, WINDS, Tile
from tutor.locale import Message, Value, message
from tutor.locale.fan_names import fan_choice, fan_name
from tutor.quiz.deal import random_complete, random_set, take_tiles
from tutor.quiz.kinds.mcr import DEFAULT_MCR, explanation, lesson_of_fan, win_request
from tutor.quiz.names import PRINCIPLE_NAMES, PRINCIPLE_ZH
from tutor.quiz.question import Question

KIND: Final = "mcr-steps"
ANSWER_TYPE: Final = "fan_steps"
PRINCIPLES_LESSON: Final = "m12-principles"
EIGHT_LESSON: Final = "m04-routes-to-eight"
"""The lesson of the total and of the 8-point minimum."""

FAN: Final = "fan"
LEFT_OUT: Final = "left_out"
TOTAL: Final = "total"
CAN_WIN: Final = "can_win"

DISTRACTORS: Final = 3
"""Fans the hand does not show, offered beside those it does."""

TOTAL_CONCEPT: Final = "mcr:total"
EIGHT_CONCEPT: Final = "mcr:eight_points"


# --- concepts ------------------------------------------------------------------------------


def fan_concept(zh: str) -> str:
    return f"mcr:fan:{zh}"


def principle_concept(principle: str) -> str:
    """`mcr:principle:套算一次`: principles by their official (Chinese) names."""
    return f"mcr:principle:{PRINCIPLE_ZH.get(principle, principle)}"


def pair_concept(zh: str, because_of: str) -> str:
    """`mcr:不计:一色三同顺>一般高`: a fan the larger one includes."""
    return f"mcr:不计:{because_of}>{zh}"


def fan_words(zh: str) -> Value:
    """A fan by its Chinese name and its name in the learner's language."""
    fan = BY_ZH.get(zh)
    if fan is None:
        return zh
    return fan_name(fan.id)


def principle_words(principle: str) -> Message:
    """A principle by its official name, glossed: "套算一次 (account-once)"."""
    zh = PRINCIPLE_ZH.get(principle, principle)
    return message("mcrsteps.principle", zh=zh, name=PRINCIPLE_NAMES.name(principle))


def concept_name(concept: str) -> Value:
    """A stored concept in words, for the progress screen."""
    parts = concept.split(":", 2)
    if concept == TOTAL_CONCEPT:
        return message("mcrsteps.rule.total")
    if concept == EIGHT_CONCEPT:
        return message("mcrsteps.rule.eight_points")
    if len(parts) == 3 and parts[1] == "fan":
        return fan_words(parts[2])
    if len(parts) == 3 and parts[1] == "principle":
        principle = next((key for key, zh in PRINCIPLE_ZH.items() if zh == parts[2]), parts[2])
        return principle_words(principle)
    if len(parts) == 3 and parts[1] == "不计":
        larger, _, smaller = parts[2].partition(">")
        return message("mcrsteps.rule.included", fan=fan_words(smaller), by=fan_words(larger))
    return concept


def concept_lesson(concept: str) -> str:
    """The lesson that teaches a stored concept: a fan's lesson (for a fan
    another includes, the including fan's, whose lesson lists what it
    includes), the principles lesson, or the lesson of the 8-point minimum."""
    parts = concept.split(":", 2)
    if concept in (TOTAL_CONCEPT, EIGHT_CONCEPT) or len(parts) < 3:
        return EIGHT_LESSON
    if parts[1] == "fan" and parts[2] in BY_ZH:
        return lesson_of_fan(BY_ZH[parts[2]].id)
    larger = parts[2].partition(">")[0]
    if parts[1] == "不计" and larger in BY_ZH:
        return lesson_of_fan(BY_ZH[larger].id)
    return PRINCIPLES_LESSON


# --- steps ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class McrStep:
    """One step to judge: a fan that counts, a fan left out, the total, the 8-point question."""

    step: str
    """FAN, LEFT_OUT, TOTAL or CAN_WIN."""
    zh: str = ""
    count: int = 0
    """For FAN: how many times it counts (0: a fan the learner added that does not count)."""
    principle: str = ""
    because_of: str | None = None
    also: str | None = None
    """For LEFT_OUT: another principle that leaves it out too, also accepted."""
    value: int = 0
    """For TOTAL the total; for CAN_WIN 1 when the hand can be declared."""


@dataclass(frozen=True, slots=True)
class McrVerdict:
    """One step as the learner took it."""

    step: McrStep
    right: bool
    fault: str = ""
    """Why it is wrong: missed, count, extra, counted, unmarked, principle, because, marked, value."""
    given: str = ""
    """What the learner gave, in data terms (a count, a principle id, a fan's zh)."""
    shown: bool = False
    """The step was not the learner's to take (the answer was shown)."""

    @property
    def concepts(self) -> tuple[tuple[str, bool], ...]:
        step = self.step
        if step.step == TOTAL:
            return ((TOTAL_CONCEPT, self.right),)
        if step.step == CAN_WIN:
            return ((EIGHT_CONCEPT, self.right),)
        if step.step == FAN:
            return ((fan_concept(step.zh), self.right),)
        # A fan left out drills its principle and, when a fan includes it, that pair:
        # a wrong principle misses the one, a wrong including fan the other.
        principle_right = self.fault not in ("counted", "unmarked", "principle")
        found = [(principle_concept(step.principle), principle_right)]
        if step.because_of:
            pair_right = self.fault not in ("counted", "unmarked", "because")
            found.insert(0, (pair_concept(step.zh, step.because_of), pair_right))
        return tuple(found)

    @property
    def lesson(self) -> str:
        """The lesson that teaches this step."""
        step = self.step
        if step.step in (TOTAL, CAN_WIN):
            return EIGHT_LESSON
        if step.step == FAN:
            fan = BY_ZH.get(step.zh)
            return lesson_of_fan(fan.id) if fan else PRINCIPLES_LESSON
        if self.fault == "because" and step.because_of in BY_ZH:
            return lesson_of_fan(BY_ZH[step.because_of].id)
        return PRINCIPLES_LESSON


def answer_steps(answer: dict[str, Any]) -> tuple[McrStep, ...]:
    """The steps of an `mcr-steps` answer: the fans that count, the fans
    left out, the total, the 8-point question."""
    return (
        *(McrStep(FAN, fan["zh"], int(fan["count"])) for fan in answer["fans"]),
        *(
            McrStep(
                LEFT_OUT, left["zh"], principle=left["principle"], because_of=left["because_of"], also=left.get("also")
            )
            for left in answer["left_out"]
        ),
        McrStep(TOTAL, value=int(answer["total"])),
        McrStep(CAN_WIN, value=int(bool(answer["can_win"]))),
    )


def question_steps(question: Question) -> tuple[McrStep, ...]:
    return answer_steps(question.answer)


# --- judging -------------------------------------------------------------------------------


# --- words ---------------------------------------------------------------------------------


# --- generating ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Core:
    """The sets a hand is built around, so that it shows the left-out fans its level drills."""

    melds: tuple[Meld, ...] = ()
    concealed: tuple[tuple[Tile, ...], ...] = ()
    has_pair: bool = False
    win: Tile | None = None
    seat: Tile | None = None


def _honour_pung_core(rng: random.Random) -> Core:
    """A dragon pung (箭刻 leaves out 幺九刻), or a pung of the seat wind."""
    tile = rng.choice((*DRAGONS, *DRAGONS, *WINDS))
    pung = (tile,) * 3
    seat = tile if tile in WINDS else None
    if rng.random() < 0.5:
        return Core(melds=(Meld(MeldKind.PON, pung),), seat=seat)
    return Core(concealed=(pung,), seat=seat)


def _take_higher_core(rng: random.Random) -> Core:
    """A chow and a pair sharing the winning tile: 12-3 (edge) or 33 (single
    wait), and only one wait fan counts (就高不就低)."""
    base = 9 * rng.randrange(3)
    if rng.random() < 0.5:
        return Core(concealed=((base, base + 1, base + 2), (base + 2, base + 2)), has_pair=True, win=base + 2)
    return Core(concealed=((base + 6, base + 7, base + 8), (base + 6, base + 6)), has_pair=True, win=base + 6)


def _account_once_core(rng: random.Random, melded: bool) -> Core:
    """Four chows in two suits whose two-chow fans are more than each chow
    can join (套算一次): 234 567 in both suits (two 喜相逢, two 连六), or 234
    twice in one suit and 234 567 in the other (一般高, 喜相逢 twice, 连六)."""
    first, second = rng.sample((0, 9, 18), 2)
    start = rng.randrange(4)
    steps = rng.choice(((0, 3, 0, 3), (0, 0, 0, 3)))
    bases = (first, first, second, second)
    chows = [
        tuple(range(base + start + step, base + start + step + 3)) for base, step in zip(bases, steps, strict=True)
    ]
    melds = (Meld(MeldKind.CHI, chows.pop(rng.randrange(4))),) if melded else ()
    return Core(melds=melds, concealed=tuple(chows))


def _build(rng: random.Random, core: Core, meld_chance: float) -> Hand | None:
    counts = [0] * TILE_KINDS
    melds = list(core.melds)
    concealed: list[Tile] = []
    for meld in melds:
        if not take_tiles(counts, list(meld.tiles)):
            return None
    for tiles in core.concealed:
        if not take_tiles(counts, list(tiles)):
            return None
        concealed += tiles
    sets = len(melds) + sum(1 for tiles in core.concealed if len(tiles) == 3)
    pool = list(range(TILE_KINDS))
    for _ in range(4 - sets):
        dealt = random_set(rng, pool)
        if not take_tiles(counts, dealt):
            return None
        if rng.random() < meld_chance:
            melds.append(Meld(MeldKind.CHI if dealt[0] != dealt[1] else MeldKind.PON, tuple(dealt)))
        else:
            concealed += dealt
    if not core.has_pair:
        pair = rng.choice(pool)
        if not take_tiles(counts, [pair, pair]):
            return None
        concealed += [pair, pair]
    return Hand(tuple(sorted(concealed)), tuple(melds))


def _core(rng: random.Random, level: int, roll: float) -> tuple[Core, float]:
    """The core of a hand for a level, and the chance each other set is
    called; `roll` (drawn once per question) picks the kind of core, so that
    the kinds keep their shares whichever is quicker to deal."""
    if level == 1:
        return (_honour_pung_core(rng) if roll < 0.9 else Core()), 0.5
    if level == 2:
        return (_take_higher_core(rng) if roll < 0.6 else _account_once_core(rng, False)), 0.2
    if roll < 0.35:
        return _account_once_core(rng, rng.random() < 0.5), 0.0
    if roll < 0.7:
        return _take_higher_core(rng), 0.5
    return Core(), 0.6


def _fits(score: McrScore, level: int, short: bool) -> bool:
    """Whether a scored hand drills what its level asks for."""
    left_out = score.left_out
    fans = len(score.fans)
    if level == 1:
        return 2 <= fans <= 4 and len(left_out) == 1
    principles = {left.principle for left in left_out}
    if level == 2:
        return fans >= 4 and len(left_out) >= 2 and len(principles) >= 2
    if short:
        return not score.can_win and bool(left_out)
    return bool(principles & {ACCOUNT_ONCE, TAKE_HIGHER})


def mcr_steps_win(rng: random.Random, level: int, rules: McrRules = DEFAULT_MCR) -> McrScore:
    """A hand that drills its level: one left-out fan at level 1; two or
    more under different principles at level 2; account-once, take-the-higher,
    or a hand short of 8 points at level 3, whose flowers bring its total to 8
    or more (flowers do not count towards the minimum)."""
    roll = rng.random()
    while True:
        core, meld_chance = _core(rng, level, roll)
        short = level == 3 and not core.concealed and not core.melds
        hand = _build(rng, core, meld_chance) if core.concealed or core.melds else random_complete(rng, max_melds=3)
        if hand is None:
            continue
        win = core.win if core.win is not None else rng.choice(hand.concealed)
        seat = core.seat if core.seat is not None else rng.choice(WINDS)
        context = McrContext(win_tile=win, self_drawn=rng.random() < 0.3, seat=seat, prevalent=rng.choice(WINDS))
        try:
            score = score_mcr(hand, context, rules)
        except Refusal:
            continue
        if not _fits(score, level, short):
            continue
        if short:
            # Enough flowers to bring the total to 8: and still it cannot be declared.
            flowers = rng.randint(max(1, MINIMUM_POINTS - score.total), MINIMUM_POINTS)
            return score_mcr(hand, replace(context, flowers=flowers), rules)
        return score


def generate_mcr_steps(seed: int, level: int, rules: McrRules = DEFAULT_MCR) -> Question:
    rng = random.Random(seed)
    score = mcr_steps_win(rng, level, rules)
    return mcr_steps_question(score, seed, level, rng)


def answer_of(score: McrScore) -> dict[str, Any]:
    """The answer JSON of design brief section 4."""
    return {
        "fans": [{"zh": item.fan.zh, "count": item.count} for item in score.fans],
        "left_out": [
            {
                "zh": left.fan.zh,
                "principle": left.principle,
                "because_of": left.because_of.zh if left.because_of else None,
                # Only where another principle fits too, so other answers keep their keys.
                **({"also": left.also} if left.also else {}),
            }
            for left in score.left_out
        ],
        "total": score.total,
        "can_win": score.can_win,
    }


def mcr_steps_question(score: McrScore, seed: int, level: int, rng: random.Random) -> Question:
    """The `mcr-steps` question of a scored hand: its fans offered with a few
    the hand does not show."""
    answer = answer_of(score)
    shown = [BY_ZH[fan["zh"]].id for fan in answer["fans"]] + [BY_ZH[left["zh"]].id for left in answer["left_out"]]
    others = [fan.id for fan in STANDARD_FANS if fan.id not in shown and fan.id != FLOWER_FAN]
    choices = tuple(sorted({*shown, *rng.sample(others, DISTRACTORS)}, key=list(FANS).index))
    steps = tuple(McrVerdict(step, True) for step in answer_steps(answer))
    return Question(
        kind=KIND,
        level=level,
        seed=seed,
        rules="mcr",
        prompt=message("mcrsteps.prompt"),
        request=win_request(score.hand, score.context, score.rules),
        answer=answer,
        explanation=explanation(score),
        concept=main_concept(steps),
        lesson=PRINCIPLES_LESSON,
        answer_type=ANSWER_TYPE,
        choices=choices,
        choice_labels=tuple(fan_choice(c) for c in choices),
        step_concepts=tuple(dict.fromkeys(concept for verdict in steps for concept, _ in verdict.concepts)),
    )


def main_concept(steps: tuple[McrVerdict, ...]) -> str:
    """What the hand is about: its first left-out fan's concept (the fan
    that includes it, else its principle), else the 8-point question."""
    for verdict in steps:
        if verdict.step.step == LEFT_OUT:
            return verdict.concepts[0][0]
    return EIGHT_CONCEPT
