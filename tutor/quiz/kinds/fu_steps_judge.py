"""Judging a `fu-steps` response line by line, on the engine's reading or on the learner's own valid reading (see tutor/quiz/kinds/steps.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine.notation import format_decomposition
from tutor.engine.riichi.fu import count_fu, fu_lines, round_fu
from tutor.engine.riichi.reading import hand_facts, reading_facts
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.riichi.yaku import yaku_of
from tutor.locale import Message, message
from tutor.quiz.judgement import Judgement
from tutor.quiz.kinds.scoring import request_score
from tutor.quiz.kinds.steps import ROUNDED, SEVEN_PAIRS_FU, SUM, Step, question_steps, rule_concept, steps_of
from tutor.quiz.names import WAIT_NAMES
from tutor.quiz.question import Question


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

    def words(self) -> Message:
        """The reading with its wait named: "777m 789m 123p 333s 22s (penchan (edge))"."""
        return message("steps.reading", tiles=self.text, wait=WAIT_NAMES.name(self.wait))


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


def judge(question: Question, response: dict[str, Any]) -> Judgement[StepVerdict, StepJudgement]:
    """A response judged once, line by line; unanswered, the lines as the answer has them."""
    judged = judge_fu_steps(question, response)
    concepts = judged.concepts if response else ()
    return Judgement(question, response, bool(response) and judged.right, judged.verdicts, concepts, judged)
