"""A lesson named in the learner's language, for the drills' words."""

from __future__ import annotations

from tutor.lessons.check import Library


def lesson_title(library: Library, lesson: str, language: str) -> str:
    """The lesson's title in `language`; its id when no lesson has it."""
    found = library.lessons.get(language, {}).get(lesson)
    return found.title if found else lesson
