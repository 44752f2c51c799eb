"""The lesson a mistake sends the learner to: the one the drill's feedback
named for it, so that the summary opens what the drill pointed to."""

from __future__ import annotations

from tutor.quiz.attempt import Attempt
from tutor.quiz.kinds.mcr_steps import ANSWER_TYPE as FAN_STEPS
from tutor.quiz.kinds.mcr_steps import judge_mcr_steps
from tutor.quiz.kinds.points_steps import judge_points_steps, step_lesson


def missed_lesson(attempt: Attempt) -> str:
    """The lesson of the first rule missed: for points-steps and MCR steps
    the lesson of that step's rule (as their feedback names it), else the
    question's own lesson."""
    question = attempt.question
    if attempt.response and question.answer_type == "points_steps":
        missed = [
            verdict
            for verdict in judge_points_steps(question, attempt.response).verdicts
            if not verdict.right and not verdict.follows
        ]
        if missed:
            return step_lesson(missed[0].step)
    if attempt.response and question.answer_type == FAN_STEPS:
        wrong = [verdict for verdict in judge_mcr_steps(question, attempt.response).verdicts if not verdict.right]
        if wrong:
            return wrong[0].lesson
    return question.lesson
