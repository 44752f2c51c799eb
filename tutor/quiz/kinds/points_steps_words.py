"""The words of a `points-steps` drill: what each step asks, the rule a wrong step breaks, and the worksheet's lines."""

from __future__ import annotations

from typing import Any

from tutor.engine.notation import parse_tile
from tutor.engine.riichi.yaku import REPLACES
from tutor.engine.tiles import Tile, dora_from_indicator
from tutor.locale import text
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import LessonTitle
from tutor.quiz.kinds.points_steps import DORA, FROM_NON_DEALER, HAN, HAN_OF, TOTAL, limit_of
from tutor.quiz.kinds.points_steps_judge import PointsJudgement, PointStep, PointVerdict, answer_steps, step_lesson
from tutor.quiz.names import limit_name, tile_words, yaku_name
from tutor.quiz.question import Question


def step_label(step: PointStep, request: dict[str, Any], language: str) -> str:
    """What a step asks: "Pinfu", "Dora", "Han", "The dealer pays", "Total"."""
    if step.step == "yaku":
        return yaku_name(step.yaku, language)
    if step.step == TOTAL and not request.get("tsumo"):
        return text(language, "points_steps.label.discarder")
    if step.step == FROM_NON_DEALER and request.get("seat", "E") == "E":
        return text(language, "points_steps.label.each")
    return text(language, f"points_steps.label.{step.step}")


def given_text(verdict: PointVerdict, language: str) -> str:
    """What the learner gave for a step: a yaku's han as "2 han", a number as itself."""
    if verdict.given is None:
        return "-"
    if verdict.step.step == "yaku":
        return text(language, "points_steps.han", han=verdict.given)
    return str(verdict.given)


def right_text(step: PointStep, language: str) -> str:
    """A step's right value as `given_text` writes it."""
    if step.step == "yaku":
        return text(language, "points_steps.han", han=step.value)
    return str(step.value)


def _dora_words(request: dict[str, Any], language: str) -> tuple[str, str]:
    """The indicators and the dora they point at, in words ("South wind")."""
    indicators = [parse_tile(tile) for tile in str(request.get("dora", "")).split() if tile]
    doras = [dora_from_indicator(tile) for tile in indicators]
    return _words(indicators, language), _words(doras, language)


def _words(tiles: list[Tile], language: str) -> str:
    return ", ".join(tile_words(tile, language) for tile in tiles) or "-"


def why_wrong(verdict: PointVerdict, question: Question, language: str) -> str:
    """The rule a wrong step breaks, in one sentence."""
    step = verdict.step
    request, answer = question.request, question.answer
    given = "-" if verdict.given is None else verdict.given
    if step.step == "yaku":
        return _yaku_why(verdict, question, language)
    if verdict.follows:
        return _follows_why(verdict, question, language)
    if step.step == DORA:
        indicators, doras = _dora_words(request, language)
        return text(language, "points_steps.why.dora", indicators=indicators, doras=doras, dora=step.value, given=given)
    if step.step == HAN:
        parts = [f"{yaku_name(yaku['id'], language)} {yaku['han']}" for yaku in answer["yaku"]]
        if answer["dora"]:
            parts.append(text(language, "points_steps.dora_part", dora=answer["dora"]))
        return text(language, "points_steps.why.han", parts=" + ".join(parts), han=step.value, given=given)
    points = answer["points"]
    values = {"base": points["base"], "han": answer["han"], "fu": answer["fu"], "paid": step.value, "given": given}
    if step.step != TOTAL:
        key = "each" if step.step == FROM_NON_DEALER and request.get("seat", "E") == "E" else step.step
        return text(language, f"points_steps.why.pay_{key}", **values)
    how = _how_paid(request)
    limit = limit_of(answer, request)
    rule = step.concept.removeprefix("points:")
    return text(
        language,
        f"points_steps.why.total_{rule}",
        how=text(language, f"points_steps.how.{how}"),
        limit=limit_name(limit, language) if limit else "",
        **values,
    )


def _follows_why(verdict: PointVerdict, question: Question, language: str) -> str:
    """A wrong step the learner worked out rightly from their own earlier steps."""
    answer = question.answer
    values = {"given": verdict.given, "right": verdict.step.value, "han": answer["han"], "fu": answer["fu"]}
    if verdict.step.step == HAN:
        return text(language, "points_steps.why.han_follows", **values)
    return text(language, "points_steps.why.pay_follows", **values)


def _how_paid(request: dict[str, Any]) -> str:
    dealer = request.get("seat", "E") == "E"
    if request.get("tsumo"):
        return "tsumo_dealer" if dealer else "tsumo"
    return "ron_dealer" if dealer else "ron"


def _yaku_why(verdict: PointVerdict, question: Question, language: str) -> str:
    step = verdict.step
    name = yaku_name(step.yaku, language)
    is_open = "[" in question.request["hand"]
    if step.value is None:
        closed, opened = HAN_OF.get(step.yaku, (1, 1))
        replaced = next(
            (yaku["id"] for yaku in question.answer["yaku"] if step.yaku in REPLACES.get(yaku["id"], ())), None
        )
        if replaced is not None:
            return text(language, "points_steps.why.replaced", name=name, by=yaku_name(replaced, language))
        if is_open and not opened and step.yaku in HAN_OF:
            return text(language, "points_steps.why.closed_only", name=name)
        return text(language, "points_steps.why.extra", name=name)
    if verdict.given is None:
        return text(language, "points_steps.why.missed", name=name, han=step.value)
    closed, opened = HAN_OF[step.yaku]
    if opened and opened != closed:
        key = "points_steps.why.han_open" if is_open else "points_steps.why.han_closed"
    else:
        key = "points_steps.why.han_same"
    return text(language, key, name=name, han=step.value, given=verdict.given)


def blank_lines(question: Question, language: str) -> list[str]:
    """The lines a worksheet leaves to fill: the yaku with their han, then
    each step after them; the fu are given."""
    request = question.request
    lines = [text(language, "points_steps.sheet_yaku")]
    for step in answer_steps(question):
        if step.step != "yaku":
            lines.append(f"{step_label(step, request, language)}: ____")
        if step.step == HAN:
            lines.append(f"{text(language, 'points_steps.label.fu')}: {question.answer['fu']}")
    return lines


def step_line(verdict: PointVerdict, question: Question, language: str, answered: bool) -> str:
    """One step in words: "✓ Pinfu: 1 han", "✗ Dora: <the rule>", or, for
    an answer not given (skipped, shown), the step and its value."""
    label = step_label(verdict.step, question.request, language)
    value = right_text(verdict.step, language)
    if not answered:
        return text(language, "steps.line_shown", label=label, fu=value)
    if verdict.right:
        return text(language, "steps.line_right", label=label, fu=value)
    return text(language, "steps.line_wrong", label=label, why=why_wrong(verdict, question, language))


def missed(judgement: Judgement[PointVerdict, PointsJudgement], language: str) -> list[str]:
    """Each wrong step's rule sentence (the drill summary's lines)."""
    if judgement.right or not judgement.answered:
        return []
    return [why_wrong(verdict, judgement.question, language) for verdict in judgement.verdicts if not verdict.right]


def lessons_line(judgement: Judgement[PointVerdict, PointsJudgement], language: str, title: LessonTitle) -> str | None:
    """The lessons that teach the rules missed (not the steps that only
    follow from them), in the order met; None when nothing was missed."""
    wrong = [verdict for verdict in judgement.verdicts if not verdict.right and not verdict.follows]
    lessons = dict.fromkeys(step_lesson(verdict.step) for verdict in wrong)
    if not lessons:
        return None
    return text(language, "points_steps.lessons", titles="; ".join(title(lesson) for lesson in lessons))


def explain(judgement: Judgement[PointVerdict, PointsJudgement], language: str, title: LessonTitle) -> list[str]:
    """Everything after the verdict: one line per step (the widget marks
    them beside the answer), the whole count, and the lessons."""
    question = judgement.question
    answered = judgement.answered
    lines = [step_line(verdict, question, language, answered) for verdict in judgement.verdicts]
    lines.append(question.explanation_text(language))
    lessons = lessons_line(judgement, language, title) if answered else None
    return [*lines, lessons] if lessons else lines
