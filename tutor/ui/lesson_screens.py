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

The first `l` on a lesson used to make and lay out its other language's
parts while the learner waited (10 to 50 ms of the switch). While the
learner reads, with no key pressed for a moment, that is done ahead
(`prepare`), in slices of a few milliseconds, so that a key pressed
meanwhile hardly waits; the prepared lesson is kept aside until it is shown
(one lesson: memory does not grow with it).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from textual.app import App

from tutor.lessons.model import Lesson, TextChunk
from tutor.ui.lesson_hand import LessonHand
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.shell import tutor_of
from tutor.ui.tile_art import TileSize
from tutor.ui.widgets.lesson_document import LessonDocument, Part, TextPart, kept_hand_lines
from tutor.ui.widgets.row_view import FRAME

KEPT = 12
"""Lessons (one language each) whose parts are kept at most."""

PREPARE_AFTER = 0.5
"""Seconds without a key or a click before the other language is prepared:
longer than the gaps between a learner's keys in a burst, and than those
between the keys of bench/ui_latency.py, which so times `l` unprepared."""

PREPARE_EVERY = 0.2
"""Seconds between two slices of the preparation."""

PREPARE_SLICE = 0.008
"""Seconds of preparation at most in one slice (and one part more)."""


def lesson_parts(lesson: Lesson) -> Iterator[Part]:
    """The lesson's parts (read with the file) as the document shows them."""
    for part in lesson.parts:
        if isinstance(part, TextChunk):
            yield TextPart(part.id, part.text)
        else:
            yield LessonHand(part, lesson.track, lesson.language)


class LessonScreens:
    """The kept lesson screen and the parts of the lessons shown lately."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._screen: LessonScreen | None = None
        self._parts: OrderedDict[tuple[str, str], tuple[Lesson, list[Part]]] = OrderedDict()
        self._prepared: tuple[Lesson, list[Part]] | None = None
        """The parts of the lesson `l` would show next, made ahead (see `prepare`)."""
        self._preparing: tuple[tuple[object, ...], Iterator[None]] | None = None
        """What is being prepared (the lesson, width, tile size and answers
        shown), and the steps left."""

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
            prepared, self._prepared = self._prepared, None
            if prepared is None or prepared[0] is not lesson:
                prepared = (lesson, list(lesson_parts(lesson)))
            kept = self._parts[key] = prepared
        self._parts.move_to_end(key)
        while len(self._parts) > KEPT:
            self._parts.popitem(last=False)
        return kept[1]

    def kept_lessons(self) -> list[tuple[str, str]]:
        """The lessons whose parts are kept, as (language, id), the least recent first."""
        return list(self._parts)

    def prepare(self, seconds: float) -> bool:
        """Some of what `l` on the lesson on top will do, done ahead for at
        most about `seconds`: the lesson's other language made into parts
        and laid out as the lesson is shown now (its width, its tile size,
        its answers shown). The next call goes on where this one stopped.
        True when nothing is left to do."""
        if not self._app.screen_stack:
            return True  # The app is closing: its timer may fire once more.
        screen = self._app.screen
        if not isinstance(screen, LessonScreen):
            return True
        # A lesson screen still being composed has no document yet, or one
        # not laid out.
        documents = list(screen.query(LessonDocument))
        if not documents or not documents[0].size:
            return True
        tutor = tutor_of(self._app)
        language = "en" if screen.lesson.language == "ko" else "ko"
        other = tutor.library.lessons.get(language, {}).get(screen.lesson.id)
        if other is None:
            return True
        document = documents[0]
        width, size = document.layout_width(), document.tile_size
        revealed = tuple(hand.revealed for hand in document.hands)
        wanted = (other, width, size, revealed)
        if self._preparing is None or self._preparing[0] != wanted:
            self._preparing = (wanted, self._preparation(other, width, size, revealed))
        steps = self._preparing[1]
        deadline = time.perf_counter() + seconds
        # Each step is taken, then the clock looked at: one step at least.
        return all(time.perf_counter() < deadline for _ in steps)

    def _preparation(self, lesson: Lesson, width: int, size: TileSize, revealed: tuple[int, ...]) -> Iterator[None]:
        """The steps of `prepare`: one part made, or one laid out, each."""
        key = (lesson.language, lesson.id)
        kept = self._parts.get(key)
        if kept is not None and kept[0] is lesson:
            parts = kept[1]
        elif self._prepared is not None and self._prepared[0] is lesson:
            parts = self._prepared[1]
        else:
            parts = []
            for part in lesson_parts(lesson):
                parts.append(part)
                yield
            self._prepared = (lesson, parts)
        hands = [part for part in parts if isinstance(part, LessonHand)]
        for part in parts:
            if isinstance(part, TextPart):
                part.lines(width)
                yield
        for position, hand in enumerate(hands):
            # As the switch lays it out: with the answers of the lesson on
            # screen, which LessonScreen.show gives it first. (The hand is not
            # on screen: its lesson is the other language's.)
            now = hand.revealed
            hand.revealed = revealed[position] if position < len(revealed) else 0
            try:
                kept_hand_lines(hand, max(width - FRAME, 4), size)
            finally:
                hand.revealed = now
            yield
