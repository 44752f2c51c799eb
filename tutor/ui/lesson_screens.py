"""Lesson screens kept after they leave the stack, to be shown again.

Building a lesson screen is what a learner waits for: a lesson has a hundred
to three hundred widgets, each composed, styled and laid out. A learner goes
back and forth between the same few screens (`l` and `l` again, `]` and `[`,
home and the lesson they were reading), so the last few are kept, installed
in the app so that Textual does not remove them, and shown again as they are.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from textual.app import App

from tutor.lessons.model import Lesson
from tutor.ui.screens.lesson import LessonScreen

KEPT = 6
"""Lesson screens kept at most (those on the stack are never let go)."""


class LessonScreens:
    """The lesson screens built so far, the least recently shown first."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._kept: OrderedDict[tuple[str, str], LessonScreen] = OrderedDict()

    def screen_for(self, lesson: Lesson) -> LessonScreen:
        """The screen of this lesson in its language: the one kept, or a new one
        (a kept screen of an older copy of the lesson is let go). A screen
        already on the stack cannot be shown twice: then a new one, not kept."""
        key = (lesson.language, lesson.id)
        screen = self._kept.get(key)
        if screen is not None and self._on_stack(screen):
            return LessonScreen(lesson)
        if screen is not None and screen.lesson is not lesson:
            self._let_go(key)
            screen = None
        if screen is None:
            screen = LessonScreen(lesson)
            self._kept[key] = screen
            self._app.install_screen(screen, f"lesson-{lesson.language}-{lesson.id}")
        self._kept.move_to_end(key)
        self._trim()
        return screen

    def _on_stack(self, screen: LessonScreen) -> bool:
        return screen in self._app.screen_stack

    def _trim(self) -> None:
        for key in list(self._kept)[:-KEPT]:
            if not self._on_stack(self._kept[key]):
                self._let_go(key)

    def _let_go(self, key: tuple[str, str]) -> None:
        screen = self._kept.pop(key)
        self._app.uninstall_screen(screen)
        if screen.is_attached:
            screen.remove()
