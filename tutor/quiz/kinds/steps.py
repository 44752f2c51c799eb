"""Quiz kind `fu-steps`: the fu of a riichi hand, line by line.

The learner fills one line per step, in the order lesson r09-fu teaches
them: the base (and 10 more for a closed ron, as the engine writes it), each
set, the pair, the wait, how the hand was won, the sum before rounding and
the rounded fu.  Every line is the engine's (`fu_lines`); the checker judges
each on its own and names the rule of each wrong one.

A hand with several readings is judged on the learner's own reading when
their lines (sets, pair, wait) are exactly those of another complete
reading with a yaku;
the feedback then says why the engine's reading is worth more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from tutor.engine.notation import format_decomposition
from tutor.engine.riichi.fu import RUN, SET_ITEMS, FuLine, count_fu, fu_lines, round_fu
from tutor.engine.riichi.reading import hand_facts, reading_facts
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.riichi.yaku import yaku_of
from tutor.locale import message, text
from tutor.quiz.kinds.scoring import DEFAULT_RULES, fu_explanation, request_score, riichi_request, riichi_win
from tutor.quiz.names import FU_ITEMS, WAIT_NAMES
from tutor.quiz.question import Question

LESSON: Final = "r09-fu"
SUM: Final = "sum"
"""The step id of the sum before rounding."""
ROUNDED: Final = "rounded"
"""The step id of the rounded fu."""

SET_LINE_ITEMS: Final = frozenset({RUN, *(item for kan in SET_ITEMS for closed in kan for item in closed)})
"""The fu line items that are sets: the lines a learner's reading is told by."""

SEVEN_PAIRS_FU: Final = 25
"""The one fu that is never rounded (and no rounded fu of another hand ends in 5)."""

OPEN_TRIPLET_ITEMS: Final = frozenset(item for item in SET_ITEMS[0][0])


def rule_concept(step: str) -> str:
    """The progress store's concept for the rule a step applies: "fu:closed_ron"."""
    return "fu:rounding" if step == ROUNDED else f"fu:{step}"


def rule_name(concept: str, language: str) -> str:
    """A fu rule concept in words: "fu:closed_ron" reads "closed ron"."""
    rule = concept.removeprefix("fu:")
    if rule in ("sum", "rounding"):
        return text(language, f"steps.rule.{rule}")
    return FU_ITEMS[language].get(rule, rule)


@dataclass(frozen=True, slots=True)
class Step:
    """One line to fill: which step, the tiles it counts, its fu."""

    step: str
    """A fu line item (tutor/engine/riichi/fu.py), or SUM or ROUNDED."""
    tiles: str
    fu: int


@dataclass(frozen=True, slots=True)
class StepVerdict:
    """One line as the learner filled it."""

    step: Step
    given: int | None
    right: bool

    @property
    def concept(self) -> str:
        return rule_concept(self.step.step)


@dataclass(frozen=True, slots=True)
class Reading:
    """A complete reading of the hand with its steps."""

    text: str
    """The reading in notation: "123m 456p 999s 11z 78s"."""
    wait: str
    """Its wait kind ("penchan"): readings may differ in nothing else."""
    steps: tuple[Step, ...]
    fu: int

    def words(self, language: str) -> str:
        """The reading with its wait named: "777m 789m 123p 333s 22s (penchan (edge))"."""
        return f"{self.text} ({WAIT_NAMES[language].get(self.wait, self.wait)})"


@dataclass(frozen=True, slots=True)
class StepJudgement:
    """Every line judged, on the reading the learner's set lines follow."""

    verdicts: tuple[StepVerdict, ...]
    reading: Reading
    engine: Reading
    own_reading: bool
    """Judged on a valid reading other than the engine's."""
    lines_given: int
    """How many fu lines the response held (lines beyond the reading's are wrong)."""

    @property
    def right(self) -> bool:
        return self.lines_given == len(self.verdicts) - 2 and all(verdict.right for verdict in self.verdicts)

    @property
    def concepts(self) -> tuple[tuple[str, bool], ...]:
        """Each rule exercised, with whether the learner applied it rightly
        (a rule met on two lines is right only if both are)."""
        found: dict[str, bool] = {}
        for verdict in self.verdicts:
            found[verdict.concept] = found.get(verdict.concept, True) and verdict.right
        return tuple(found.items())


def steps_of(lines: tuple[FuLine, ...], raw: int, fu: int) -> tuple[Step, ...]:
    return (*(Step(line.item, line.tiles, line.fu) for line in lines), Step(SUM, "", raw), Step(ROUNDED, "", fu))


def answer_lines(steps: tuple[Step, ...]) -> list[dict[str, Any]]:
    """The fu lines of the answer JSON (design brief section 4), sum and rounding left to `fu_raw` and `fu`."""
    return [
        {"item": step.step, "fu": step.fu, "tiles": step.tiles} for step in steps if step.step not in (SUM, ROUNDED)
    ]


def generate_fu_steps(seed: int, level: int, rules: RiichiRules = DEFAULT_RULES) -> Question:
    """A winning hand to score line by line: level 1 closed ron, level 2
    calls and tsumo, level 3 anything (kans, seven pairs)."""
    score = riichi_win(random.Random(seed), level, rules)[2]
    return fu_steps_question(score, seed, level)


def fu_steps_question(score: RiichiScore, seed: int, level: int) -> Question:
    """The `fu-steps` question of a scored hand."""
    steps = steps_of(score.fu.lines, score.fu.raw, score.fu.fu)
    return Question(
        kind="fu-steps",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("steps.prompt"),
        request=riichi_request(score.hand, score.context, score.rules),
        answer={"fu": score.fu.fu, "fu_raw": score.fu.raw, "lines": answer_lines(steps)},
        explanation=fu_explanation(score),
        concept=main_concept(steps),
        lesson=LESSON,
        answer_type="steps",
        step_concepts=tuple(dict.fromkeys(rule_concept(step.step) for step in steps)),
    )


def main_concept(steps: tuple[Step, ...]) -> str:
    """The rule the hand is about: its line worth most after the base and closed ron
    (the first among equals), else the rounding."""
    worth = [step for step in steps if step.step not in ("base", "closed_ron", SUM, ROUNDED) and step.fu]
    return rule_concept(max(worth, key=lambda step: step.fu).step if worth else ROUNDED)


def question_steps(question: Question) -> tuple[Step, ...]:
    """The lines of a `fu-steps` question, from its answer."""
    answer = question.answer
    lines = tuple(Step(line["item"], line["tiles"], line["fu"]) for line in answer["lines"])
    return (*lines, Step(SUM, "", answer["fu_raw"]), Step(ROUNDED, "", answer["fu"]))


def valid_readings(score: RiichiScore) -> list[Reading]:
    """Every complete reading of the hand that has a yaku, with its steps."""
    rules = score.rules
    found = []
    for facts in reading_facts(hand_facts(score.hand, score.context)):
        if not yaku_of(facts, rules):
            continue
        raw = count_fu(facts, rules)
        fu = round_fu(raw, facts.shape)
        steps = steps_of(fu_lines(facts, rules), raw, fu)
        found.append(Reading(format_decomposition(facts.decomposition), facts.wait.value, steps, fu))
    return found


def given_numbers(response: dict[str, Any], count: int) -> list[int | None]:
    """The learner's number for each line: the fu lines, then the sum and the rounded fu."""
    lines = response.get("lines")
    given: list[int | None] = []
    for line in lines if isinstance(lines, list) else []:
        value = line.get("fu") if isinstance(line, dict) else line
        given.append(value if isinstance(value, int) and not isinstance(value, bool) else None)
    given = (given + [None] * count)[: count - 2]
    for key in ("fu_raw", "fu"):
        value = response.get(key)
        given.append(value if isinstance(value, int) and not isinstance(value, bool) else None)
    return given


def _fits(steps: tuple[Step, ...], given: list[int | None]) -> bool:
    """Whether the learner's numbers are a reading's on every fu line (sets, pair, wait, how won)."""
    return all(step.fu == number for step, number in zip(steps[:-2], given, strict=False))


def _given_tiles(response: dict[str, Any]) -> list[str] | None:
    lines = response.get("lines")
    if not isinstance(lines, list) or not all(isinstance(line, dict) and "tiles" in line for line in lines):
        return None
    return [str(line["tiles"]) for line in lines]


def judge_fu_steps(question: Question, response: dict[str, Any]) -> StepJudgement:
    """Each line of the response judged, on the engine's reading, or on the
    learner's own reading when their lines follow another valid one:
    told by the tiles of their lines when they differ from the engine's,
    else by their numbers where the engine's do not fit."""
    engine = Reading("", "", question_steps(question), question.answer["fu"])
    score = request_score(question.request)
    readings = valid_readings(score) if score is not None else []
    if score is not None:
        reading = score.reading
        engine = Reading(format_decomposition(reading.decomposition), reading.wait.value, engine.steps, engine.fu)
    chosen = engine
    tiles = _given_tiles(response)
    given = given_numbers(response, len(engine.steps))
    if tiles is not None and tiles != [step.tiles for step in engine.steps[:-2]]:
        # Lines given with their own tiles: the reading of those tiles, the one their numbers fit first.
        same = [r for r in readings if [step.tiles for step in r.steps[:-2]] == tiles]
        chosen = next((r for r in same if _fits(r.steps, given)), same[0] if same else engine)
    elif not _fits(engine.steps, given):
        chosen = next((r for r in readings if len(r.steps) == len(engine.steps) and _fits(r.steps, given)), engine)
    given = given_numbers(response, len(chosen.steps))
    steps = own_totals(chosen.steps, given)
    verdicts = tuple(StepVerdict(step, number, number == step.fu) for step, number in zip(steps, given, strict=True))
    lines = response.get("lines")
    count = len(lines) if isinstance(lines, list) else 0
    return StepJudgement(verdicts, chosen, engine, chosen.steps != engine.steps, count)


def own_totals(steps: tuple[Step, ...], given: list[int | None]) -> tuple[Step, ...]:
    """The steps with the sum and the rounding the learner's own lines call
    for (#28.2): the sum of their numbers (a line left empty counted as the
    reading's), and their own sum rounded up to the next 10 (seven pairs is
    not rounded: its sum stands). One wrong line then leaves arithmetic that is right
    marked right; the line itself is still wrong."""
    lines, raw, rounded = steps[:-2], steps[-2], steps[-1]
    own_raw = sum(step.fu if number is None else number for step, number in zip(lines, given, strict=False))
    given_raw = given[-2] if given[-2] is not None else own_raw
    seven_pairs = rounded.fu == SEVEN_PAIRS_FU
    own_rounded = given_raw if seven_pairs else -(-given_raw // 10) * 10
    return (*lines, Step(SUM, raw.tiles, own_raw), Step(ROUNDED, rounded.tiles, own_rounded))


def check_fu_steps(question: Question, response: dict[str, Any]) -> bool:
    return judge_fu_steps(question, response).right


def step_label(step: Step, language: str) -> str:
    """What a line asks, without giving its rule away: "Set 999s", "Pair 55z", "Wait (3m)"."""
    if step.step in (SUM, ROUNDED):
        return text(language, f"steps.label.{step.step}")
    if step.step in SET_LINE_ITEMS:
        return text(language, "steps.label.set", tiles=step.tiles)
    if step.step.endswith("pair"):
        return text(language, "steps.label.pair", tiles=step.tiles)
    if step.step in ("ryanmen", "kanchan", "penchan", "tanki", "shanpon"):
        return text(language, "steps.label.wait", tiles=step.tiles)
    if step.step in ("tsumo", "pinfu_tsumo"):
        return text(language, "steps.label.tsumo", tiles=step.tiles)
    return text(language, f"steps.label.{step.step}", tiles=step.tiles)


def why_wrong(verdict: StepVerdict, language: str) -> str:
    """The rule a wrong line breaks, in one sentence: "999s is a concealed
    triplet of terminals or honours: 8, not 4."."""
    step = verdict.step
    given = "-" if verdict.given is None else verdict.given
    key = step.step
    # A triplet that looks concealed but is counted open: the discard finished it (shanpon ron).
    if key in OPEN_TRIPLET_ITEMS and not step.tiles.startswith("["):
        key = "ron_triplet"
    elif key == ROUNDED and step.fu == SEVEN_PAIRS_FU:
        key = "rounded_seven_pairs"
    return text(language, f"steps.why.{key}", tiles=step.tiles, fu=step.fu, given=given)


def reading_note(judgement: StepJudgement, language: str) -> str:
    """Why the engine scores another reading than the learner's."""
    return text(
        language,
        "steps.own_reading",
        reading=judgement.reading.words(language),
        fu=judgement.reading.fu,
        reading_engine=judgement.engine.words(language),
        engine_fu=judgement.engine.fu,
    )
