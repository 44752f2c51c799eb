"""The drill screens' words, from the catalogue (keys `drill.*`): kind names,
the header, the verdict, and the feedback lines that name the step missed."""

from __future__ import annotations

from dataclasses import replace

from tutor.lessons.check import Library
from tutor.locale import text
from tutor.quiz.answer_text import answer_text
from tutor.quiz.attempt import Attempt
from tutor.quiz.faces import faces_in_text
from tutor.quiz.kinds import response_feedback
from tutor.quiz.kinds.mcr_steps import ANSWER_TYPE as FAN_STEPS
from tutor.quiz.kinds.mcr_steps import judge_mcr_steps
from tutor.quiz.kinds.mcr_steps import why_wrong as why_fan_step
from tutor.quiz.kinds.steps import judge_fu_steps, reading_note, step_label, why_wrong
from tutor.quiz.mistake import fu_miss, list_misses
from tutor.quiz.names import FU_ITEMS
from tutor.quiz.question import Question
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.mcr_steps_words import mcr_steps_feedback
from tutor.ui.points_feedback import points_feedback, wrong_lines
from tutor.ui.rule_words import request_rules_text


def word(language: str, key: str, **values: object) -> str:
    """A drill sentence from the catalogue (its keys start with `drill.`)."""
    return text(language, f"drill.{key}", **values)


def kind_name(kind: str, language: str) -> str:
    return word(language, f"kind.{kind}")


def kind_about(kind: str, language: str) -> str:
    """What a kind asks, in one line."""
    return word(language, f"about.{kind}")


def header_text(question: Question, language: str) -> str:
    """The kind and the rules of a question, by their names: the short name
    of the rules, so that the header fits 80 columns beside the question's
    number ("Chinese Official mahjong (MCR)" was cut there)."""
    rules = text(language, f"rules_short.{question.rules}")
    return word(language, "header", kind=kind_name(question.kind, language), rules=rules)


def verdict_text(attempt: Attempt, language: str) -> str:
    """An icon and a word, so right and wrong differ without colour."""
    return word(language, {"right": "right", "wrong": "wrong", "hint": "skipped", "shown": "shown"}[attempt.verdict])


def given_text(attempt: Attempt, language: str) -> str:
    """What the learner answered, in words."""
    if not attempt.response:
        return word(language, "no_answer")
    question = attempt.question
    if question.kind == "discard":
        # The learner picks one tile: the answer's own name ("Best discards") would call the pick best.
        picked = attempt.response.get("discards")
        picks = [picked] if isinstance(picked, str) else picked if isinstance(picked, list) else []
        labels = dict(zip(question.choices, question.choice_labels.get(language, ()), strict=False))
        return word(language, "discard_given", tiles=", ".join(labels.get(str(pick), str(pick)) for pick in picks))
    return answer_text(replace(question, answer=attempt.response), language)


def step_lines(attempt: Attempt, language: str) -> list[str]:
    """The step a wrong answer missed, when the engine's data shows it."""
    question = attempt.question
    if attempt.right or not attempt.response:
        return []
    if question.answer_type == "points_steps":
        return wrong_lines(attempt, language)
    if question.answer_type == "steps":
        # Each wrong line by the rule it breaks, rather than as lines missed and added.
        verdicts = judge_fu_steps(question, attempt.response).verdicts
        return [why_wrong(verdict, language) for verdict in verdicts if not verdict.right]
    if question.answer_type == FAN_STEPS:
        judged = judge_mcr_steps(question, attempt.response).verdicts
        return [why_fan_step(verdict, language) for verdict in judged if not verdict.right]
    lines = []
    # What the kind says of the learner's own response (a discard: where the pick ranks, what it loses).
    ranked = response_feedback(question, attempt.response, language)
    lines += [ranked] if ranked else []
    given = attempt.response.get("fu")
    miss = fu_miss(question, given) if isinstance(given, int) else None
    if miss is not None and miss.line is None:
        lines.append(word(language, "fu_unrounded", given=miss.given, fu=miss.fu))
    elif miss is not None and miss.line is not None:
        name = FU_ITEMS.get(language, FU_ITEMS["en"]).get(miss.line.item, miss.line.item)
        line = f"{name} {miss.line.tiles}".rstrip()
        lines.append(word(language, "fu_line_missed", given=miss.given, line=line, fu=miss.line.fu))
    for list_miss in list_misses(question, attempt.response):
        if list_miss.missed:
            items = answer_text(replace(question, answer={list_miss.key: list(list_miss.missed)}), language)
            lines.append(word(language, "missed_items", items=items))
        if list_miss.extra:
            items = answer_text(replace(question, answer={list_miss.key: list(list_miss.extra)}), language)
            lines.append(word(language, "extra_items", items=items))
    return lines


def prompt_text(question: Question, language: str) -> str:
    """The question as asked, its tiles by their faces ("A 5z is discarded"
    reads "A 白 is discarded"); then the rule options it is asked under,
    where they differ from the defaults."""
    rules = request_rules_text(question.request, language)
    return faces_in_text(question.prompt_text(language) + (f"\n{rules}" if rules else ""))


def choice_texts(question: Question, language: str) -> list[str]:
    """The options as shown, their tiles by their faces ("4p (four of dots)" reads "4筒 (four of dots)")."""
    return [faces_in_text(label) for label in question.choice_labels.get(language, question.choices)]


def feedback_lines(attempt: Attempt, language: str, library: Library) -> list[str]:
    """Everything after the verdict, in the order presentation reveals it:
    the right answer, the learner's answer and the step missed, the
    explanation sentence by sentence, and the lesson that teaches it; the
    tiles in every line by their faces, as the hand above them is drawn."""
    return [faces_in_text(line) for line in _feedback_in_notation(attempt, language, library)]


def _feedback_in_notation(attempt: Attempt, language: str, library: Library) -> list[str]:
    """The feedback lines as the quiz's data words them, tiles in notation."""
    question = attempt.question
    if question.answer_type == "steps":
        return step_feedback(attempt, language, library)
    if question.answer_type == "points_steps":
        return points_feedback(attempt, language, library)
    if question.answer_type == FAN_STEPS:
        return mcr_steps_feedback(attempt, language, library)
    lines = [word(language, "right_answer", answer=answer_text(question, language))]
    if not attempt.right:
        lines.append(word(language, "your_answer", answer=given_text(attempt, language)))
        lines += step_lines(attempt, language)
    lines += question.explanation_lines(language)
    if not attempt.right:
        lines.append(word(language, "lesson_link", title=lesson_title(library, question.lesson, language)))
    return lines


def step_feedback(attempt: Attempt, language: str, library: Library) -> list[str]:
    """A step question's feedback: each line right, wrong with the rule it
    breaks, or shown; then, for a learner's own valid reading, why the
    engine's is worth more; and the lesson, when something was missed."""
    question = attempt.question
    judgement = judge_fu_steps(question, attempt.response)
    lines = []
    for verdict in judgement.verdicts:
        label = step_label(verdict.step, language)
        if verdict.given is None:
            lines.append(text(language, "steps.line_shown", label=label, fu=verdict.step.fu))
        elif verdict.right:
            lines.append(text(language, "steps.line_right", label=label, fu=verdict.step.fu))
        else:
            lines.append(text(language, "steps.line_wrong", label=label, why=why_wrong(verdict, language)))
    if judgement.own_reading:
        lines.append(reading_note(judgement, language))
    if not attempt.right:
        lines.append(word(language, "lesson_link", title=lesson_title(library, question.lesson, language)))
    return lines
