"""The lesson screen, kept and reused, and the lessons laid out for it.

Building a screen is most of what a learner waits for on opening a lesson:
its header, contents, footer keys and document are composed, styled and laid
out, several times over. So the app keeps one lesson screen and shows every
lesson in it: `]`, `[`, a link, or `l` (the lesson in the other language)
swap the lesson inside the screen on top instead of building another one.

What a lesson is made of (its Markdown parsed, its hands worked out by the
engine, and both laid out at the widths asked so far) is kept for the last
few lessons too, in each language: a learner goes back and forth between the
same few (`l` and `l` again, `]` and `[`, home and the lesson they were
reading).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from textual.app import App

from tutor.lessons.model import Lesson
from tutor.ui.lesson_hand import LessonHand
from tutor.ui.screens.lesson import HEADING, LessonScreen
from tutor.ui.widgets.lesson_document import Part, TextPart

KEPT = 12
"""Lessons (one language each) whose parts are kept at most."""


def lesson_parts(lesson: Lesson) -> Iterator[Part]:
    """The body as Markdown pieces (one per heading, so the contents can
    jump to it) with the hands in between."""
    lines = lesson.body.splitlines()
    blocks = iter(lesson.blocks)
    chunk: list[str] = []
    chunk_id = "heading-top"
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.strip() == "```hand":
            if chunk:
                yield TextPart(chunk_id, "\n".join(chunk))
                chunk = []
                chunk_id = f"after-{index}"
            index += 1
            while index < len(lines) and lines[index].strip() != "```":
                index += 1
            yield LessonHand(next(blocks), lesson.track, lesson.language)
        elif HEADING.match(line):
            if chunk:
                yield TextPart(chunk_id, "\n".join(chunk))
            chunk = [line]
            chunk_id = f"heading-{index}"
        else:
            chunk.append(line)
        index += 1
    if chunk:
        yield TextPart(chunk_id, "\n".join(chunk))


class LessonScreens:
    """The kept lesson screen and the parts of the lessons shown lately."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._screen: LessonScreen | None = None
        self._parts: OrderedDict[tuple[str, str], tuple[Lesson, list[Part]]] = OrderedDict()

    def screen(self) -> LessonScreen:
        """The kept screen, or, while it is on the stack already (a lesson
        under a drill, and another lesson opened from the palette), a new one
        that is not kept."""
        if self._screen is None:
            self._screen = LessonScreen()
            self._app.install_screen(self._screen, "lesson")
            return self._screen
        if self._screen in self._app.screen_stack:
            return LessonScreen()
        return self._screen

    def parts_for(self, lesson: Lesson) -> list[Part]:
        """The parts of a lesson in its language: those kept, or new ones (a
        kept older copy of the lesson, from before the lessons were read
        again, is let go)."""
        key = (lesson.language, lesson.id)
        kept = self._parts.get(key)
        if kept is None or kept[0] is not lesson:
            kept = self._parts[key] = (lesson, list(lesson_parts(lesson)))
        self._parts.move_to_end(key)
        while len(self._parts) > KEPT:
            self._parts.popitem(last=False)
        return kept[1]

    def kept_lessons(self) -> list[tuple[str, str]]:
        """The lessons whose parts are kept, as (language, id), the least recent first."""
        return list(self._parts)
