"""The words of a `points-steps` drill: what each step asks, the rule a wrong step breaks, and the worksheet's lines."""

from __future__ import annotations

from typing import Any

from tutor.engine.notation import parse_tile
from tutor.engine.riichi.yaku import REPLACES
from tutor.engine.tiles import Tile, dora_from_indicator
from tutor.locale import Message, Value, joined, message
from tutor.quiz.judgement import Judgement
from tutor.quiz.kind import FeedbackLine, LessonTitle
from tutor.quiz.kinds.points_steps import DORA, FROM_NON_DEALER, HAN, HAN_OF, TOTAL, limit_of
from tutor.quiz.kinds.points_steps_judge import PointsJudgement, PointStep, PointVerdict, answer_steps, step_lesson
from tutor.quiz.names import YAKU_NAMES, limit_message, tile_message
from tutor.quiz.question import Question


def step_label(step: PointStep, request: dict[str, Any]) -> Value:
    """What a step asks: "Pinfu", "Dora", "Han", "The dealer pays", "Total"."""
    if step.step == "yaku":
        return YAKU_NAMES.name(step.yaku)
    if step.step == TOTAL and not request.get("tsumo"):
        return message("points_steps.label.discarder")
    if step.step == FROM_NON_DEALER and request.get("seat", "E") == "E":
        return message("points_steps.label.each")
    return message(f"points_steps.label.{step.step}")


def given_words(verdict: PointVerdict) -> Value:
    """What the learner gave for a step: a yaku's han as "2 han", a number as itself."""
    if verdict.given is None:
        return "-"
    if verdict.step.step == "yaku":
        return message("points_steps.han", han=verdict.given)
    return str(verdict.given)


def right_words(step: PointStep) -> Value:
    """A step's right value as `given_words` writes it."""
    if step.step == "yaku":
        return message("points_steps.han", han=step.value)  # type: ignore[arg-type]  # a yaku step's value is its han
    return str(step.value)


def _dora_words(request: dict[str, Any]) -> tuple[Value, Value]:
    """The indicators and the dora they point at, in words ("South wind")."""
    indicators = [parse_tile(tile) for tile in str(request.get("dora", "")).split() if tile]
    doras = [dora_from_indicator(tile) for tile in indicators]
    return _words(indicators), _words(doras)


def _words(tiles: list[Tile]) -> Value:
    return joined(tile_message(tile) for tile in tiles)


def why_wrong(verdict: PointVerdict, question: Question) -> Message:
    """The rule a wrong step breaks, in one sentence."""
    step = verdict.step
    request, answer = question.request, question.answer
    given = "-" if verdict.given is None else verdict.given
    if step.step == "yaku":
        return _yaku_why(verdict, question)
    if verdict.follows:
        return _follows_why(verdict, question)
    if step.step == DORA:
        indicators, doras = _dora_words(request)
        return message("points_steps.why.dora", indicators=indicators, doras=doras, dora=str(step.value), given=given)
    if step.step == HAN:
        parts: list[Value] = [joined((YAKU_NAMES.name(yaku["id"]), yaku["han"]), " ") for yaku in answer["yaku"]]
        if answer["dora"]:
            parts.append(message("points_steps.dora_part", dora=answer["dora"]))
        return message("points_steps.why.han", parts=joined(parts, " + ", empty=""), han=str(step.value), given=given)
    points = answer["points"]
    values: dict[str, Value] = {
        "base": points["base"],
        "han": answer["han"],
        "fu": answer["fu"],
        "paid": str(step.value),
        "given": given,
    }
    if step.step != TOTAL:
        key = "each" if step.step == FROM_NON_DEALER and request.get("seat", "E") == "E" else step.step
        return message(f"points_steps.why.pay_{key}", **values)
    how = _how_paid(request)
    limit = limit_of(answer, request)
    rule = step.concept.removeprefix("points:")
    return message(
        f"points_steps.why.total_{rule}",
        how=message(f"points_steps.how.{how}"),
        limit=limit_message(limit) if limit else "",
        **values,
    )


def _follows_why(verdict: PointVerdict, question: Question) -> Message:
    """A wrong step the learner worked out rightly from their own earlier steps."""
    answer = question.answer
    values: dict[str, Value] = {
        "given": str(verdict.given),
        "right": str(verdict.step.value),
        "han": answer["han"],
        "fu": answer["fu"],
    }
    if verdict.step.step == HAN:
        return message("points_steps.why.han_follows", **values)
    return message("points_steps.why.pay_follows", **values)


def _how_paid(request: dict[str, Any]) -> str:
    dealer = request.get("seat", "E") == "E"
    if request.get("tsumo"):
        return "tsumo_dealer" if dealer else "tsumo"
    return "ron_dealer" if dealer else "ron"


def _yaku_why(verdict: PointVerdict, question: Question) -> Message:
    step = verdict.step
    yaku = YAKU_NAMES.name(step.yaku)
    is_open = "[" in question.request["hand"]
    if step.value is None:
        closed, opened = HAN_OF.get(step.yaku, (1, 1))
        replaced = next(
            (yaku["id"] for yaku in question.answer["yaku"] if step.yaku in REPLACES.get(yaku["id"], ())), None
        )
        if replaced is not None:
            return message("points_steps.why.replaced", name=yaku, by=YAKU_NAMES.name(replaced))
        if is_open and not opened and step.yaku in HAN_OF:
            return message("points_steps.why.closed_only", name=yaku)
        return message("points_steps.why.extra", name=yaku)
    if verdict.given is None:
        return message("points_steps.why.missed", name=yaku, han=step.value)
    closed, opened = HAN_OF[step.yaku]
    if opened and opened != closed:
        key = "points_steps.why.han_open" if is_open else "points_steps.why.han_closed"
    else:
        key = "points_steps.why.han_same"
    return message(key, name=yaku, han=step.value, given=verdict.given)


def blank_lines(question: Question) -> list[Value]:
    """The lines a worksheet leaves to fill: the yaku with their han, then
    each step after them; the fu are given."""
    request = question.request
    lines: list[Value] = [message("points_steps.sheet_yaku")]
    for step in answer_steps(question):
        if step.step != "yaku":
            lines.append(message("worksheet.blank", label=step_label(step, request)))
        if step.step == HAN:
            lines.append(message("answer.part", name=message("points_steps.label.fu"), value=question.answer["fu"]))
    return lines


def step_line(verdict: PointVerdict, question: Question, answered: bool) -> Message:
    """One step in words: "✓ Pinfu: 1 han", "✗ Dora: <the rule>", or, for
    an answer not given (skipped, shown), the step and its value."""
    label = step_label(verdict.step, question.request)
    value = right_words(verdict.step)
    if not answered:
        return message("steps.line_shown", label=label, fu=value)
    if verdict.right:
        return message("steps.line_right", label=label, fu=value)
    return message("steps.line_wrong", label=label, why=why_wrong(verdict, question))


def missed(judgement: Judgement[PointVerdict, PointsJudgement]) -> list[FeedbackLine]:
    """Each wrong step's rule sentence (the drill summary's lines)."""
    if judgement.right or not judgement.answered:
        return []
    return [why_wrong(verdict, judgement.question) for verdict in judgement.verdicts if not verdict.right]


def lessons_line(judgement: Judgement[PointVerdict, PointsJudgement], title: LessonTitle) -> Message | None:
    """The lessons that teach the rules missed (not the steps that only
    follow from them), in the order met; None when nothing was missed."""
    wrong = [verdict for verdict in judgement.verdicts if not verdict.right and not verdict.follows]
    lessons = dict.fromkeys(step_lesson(verdict.step) for verdict in wrong)
    if not lessons:
        return None
    return message("points_steps.lessons", titles=joined((title(lesson) for lesson in lessons), "; "))


def explain(judgement: Judgement[PointVerdict, PointsJudgement], title: LessonTitle) -> list[FeedbackLine]:
    """Everything after the verdict: one line per step (the widget marks
    them beside the answer), the whole count as one paragraph, and the lessons."""
    question = judgement.question
    answered = judgement.answered
    lines: list[FeedbackLine] = [step_line(verdict, question, answered) for verdict in judgement.verdicts]
    lines.append(question.explanation_paragraph)
    lessons = lessons_line(judgement, title) if answered else None
    return [*lines, lessons] if lessons else lines
