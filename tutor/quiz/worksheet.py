"""Worksheets for a teacher to print: questions, then an answer key.

The same kind, count, seed, level and language always give the same sheet.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tutor.locale import Value, joined, message, render, text
from tutor.locale.message import render_value
from tutor.quiz.answer_text import answer_words
from tutor.quiz.kinds import generate
from tutor.quiz.kinds.fu_steps_words import step_label
from tutor.quiz.kinds.mcr_steps import ANSWER_TYPE as FAN_STEPS
from tutor.quiz.kinds.mcr_steps_words import fan_step_lines
from tutor.quiz.kinds.points_steps_words import blank_lines
from tutor.quiz.kinds.steps import question_steps
from tutor.quiz.names import FLAG_NAMES, WIN_WORDS, flowers_message, short_wind_name
from tutor.quiz.question import Question, QuizError

FORMATS = ("text", "md", "json")


def sheet_questions(kind: str, count: int, seed: int, level: int) -> list[Question]:
    if count < 1 or count > 500:
        raise QuizError("quiz.error.count", count=count)
    return [generate(kind, seed * 1000 + number, level) for number in range(count)]


def hand_lines(question: Question, language: str, markdown: bool = False) -> list[str]:
    """The question's hand, and the tile it won on, as a printed sheet gives them (the teacher's pages too)."""
    request = question.request
    lines = []
    if "hand" in request:
        hand = f"`{request['hand']}`" if markdown else request["hand"]
        lines.append(f"{text(language, 'worksheet.hand')}: {hand}")
    if "win" in request:
        lines.append(f"{text(language, 'worksheet.won_on')}: {_win_text(request, language)}")
    return lines


def _win_text(request: dict[str, Any], language: str) -> str:
    """How the hand was won, with everything the answer depends on: the
    winds, the situation flags and the flowers."""
    words: list[Value] = [
        joined((request["win"], WIN_WORDS.name("tsumo" if request.get("tsumo") else "ron")), " "),
        joined((WIN_WORDS.name("seat"), short_wind_name(request.get("seat", "E"))), " "),
        joined((WIN_WORDS.name("round"), short_wind_name(request.get("round", "E"))), " "),
    ]
    words += [FLAG_NAMES.name(flag) for flag in request.get("flags", ())]
    if request.get("dora"):
        words.append(message("setup.dora", tiles=request["dora"]))
    if request.get("flowers"):
        words.append(flowers_message(request["flowers"]))
    return render(joined(words), language)


def _indented(lines: Sequence[Value], language: str) -> list[str]:
    """Lines to fill in under a question, in `language`."""
    return [f"   {render_value(line, language)}" for line in lines]


def worksheet(kind: str, count: int, seed: int, level: int, language: str, fmt: str) -> str:
    if fmt not in FORMATS:
        raise QuizError("quiz.error.format", format=repr(fmt), formats=", ".join(FORMATS))
    questions = sheet_questions(kind, count, seed, level)
    if fmt == "json":
        return json.dumps([question.to_json(language) for question in questions], ensure_ascii=False, indent=2)
    questions_title, key_title = text(language, "worksheet.questions"), text(language, "worksheet.answer_key")
    choices_word = text(language, "worksheet.choices")
    markdown = fmt == "md"
    title = text(language, "worksheet.title", kind=text(language, f"drill.kind.{kind}"), level=level, seed=seed)
    lines = [f"# {title}" if markdown else title, ""]
    lines.append(f"## {questions_title}" if markdown else questions_title.upper())
    for number, question in enumerate(questions, 1):
        lines.append("")
        rules = text(language, "worksheet.rules", rules=text(language, question.rules))
        lines.append(f"{number}. {question.prompt_text(language)}  [{rules}]")
        lines += [f"   {line}" for line in hand_lines(question, language, markdown)]
        if question.answer_type == "steps":
            blanks = [message("worksheet.blank", label=step_label(step)) for step in question_steps(question)]
            lines += _indented(blanks, language)
        if question.answer_type == "points_steps":
            # The yaku list is the same for every points-steps hand: the learner writes the yaku instead.
            lines += _indented(blank_lines(question), language)
        elif question.answer_type == FAN_STEPS:
            lines += _indented(fan_step_lines(question), language)
        elif question.choices and question.choice_labels:
            lines.append(f"   {choices_word}: " + " / ".join(question.labels(language)))
    lines.append("")
    lines.append(f"## {key_title}" if markdown else key_title.upper())
    for number, question in enumerate(questions, 1):
        lines.append("")
        lines.append(f"{number}. {render_value(answer_words(question), language)}")
        lines.append(f"   {question.explanation_text(language)}")
    return "\n".join(lines) + "\n"
