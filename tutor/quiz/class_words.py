"""The words of a teacher's dashboard that come from the quiz: a concept's name."""

from __future__ import annotations

from tutor.locale.concept_words import concept_words
from tutor.locale.message import render_value
from tutor.quiz.kinds import mcr_steps, points_steps
from tutor.quiz.kinds.fu_steps_words import rule_name


def concept_label(concept: str, language: str) -> str:
    """The rule a concept key stands for, in `language`; a concept the quiz
    names no rule for shows as its catalogue entry (`concept_words`: a
    review finding's concept, a yakuman by its name), else as its key."""
    if concept.startswith("fu:"):
        return render_value(rule_name(concept), language)
    if concept.startswith(("yaku:", "points:")):
        return render_value(points_steps.concept_name(concept), language)
    if concept.startswith("mcr:"):
        return render_value(mcr_steps.concept_name(concept), language)
    return render_value(concept_words(concept), language)
