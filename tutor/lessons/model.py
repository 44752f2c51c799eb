"""What a lesson file holds once read."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from tutor.locale import LANGUAGES

TRACKS = ("riichi", "mcr")
__all__ = ["LANGUAGES", "QUIZ_KINDS", "TRACKS"]
QUIZ_KINDS = (
    "tiles",
    "sets",
    "complete",
    "waits",
    "wait-kind",
    "calls",
    "fu",
    "fu-steps",
    "yaku",
    "yakuman",
    "riichi-points",
    "points-steps",
    "mcr-fans",
    "mcr-steps",
    "game-flow",
    "shanten",
    "ukeire",
    "discard",
    "defence",
)
"""The quiz kinds of the quizzes issue, by id."""

RENAMED_LESSONS = {
    "r06-game-flow": "r11-table",
    "r07-fu": "r09-fu",
    "r08-fu-examples": "r09-fu",
    "r09-yakuman": "r10-yakuman",
    "r10-yaku": "r07-yaku",
    "r11-points": "r08-points",
}
"""Riichi lesson ids before the beginner's order (issue 14), old -> new.  A
learner's store keeps the ids it saw (lessons read, lessons to review), and
they must still lead to their lesson."""


def current_lesson_id(lesson_id: str) -> str:
    """The id a stored lesson id goes by now."""
    return RENAMED_LESSONS.get(lesson_id, lesson_id)


@dataclass(frozen=True, slots=True)
class HandBlock:
    """A fenced ```hand block: the hand, how it was won, and what the text claims.

    `setup` holds the block's `key: value` settings (win, seat, round, flags,
    dora, flowers, discard, from, rules); `expect` the `expect:` claims.
    """

    line: int
    """The line of the opening fence, 1-based."""
    hand: str
    setup: dict[str, str]
    expect: dict[str, str]
    source: str
    """The block's text as written, for comparing the two languages."""


HEADING: Final = re.compile(r"^(#{1,3}) (.+)$")
"""A Markdown heading of a lesson body (levels 1-3): its marks and its title."""


@dataclass(frozen=True, slots=True)
class TextChunk:
    """The Markdown of a lesson body from one heading (or the start, or the
    end of a hand block) to the next heading or hand block."""

    id: str
    """`heading-top` for the text before any heading, `heading-N` for the
    text under the heading on body line N (0-based), `after-N` for the text
    after the hand block whose fence opens on body line N: the ids the
    contents jump to."""
    text: str


LessonPart = TextChunk | HandBlock
"""One piece of a lesson body, in order: Markdown text or a hand block."""


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    track: str
    order: int
    title: str
    quiz: tuple[str, ...]
    path: Path
    language: str
    body: str
    """The Markdown after the front matter."""
    body_line: int
    """The file line the body starts on."""
    blocks: tuple[HandBlock, ...] = ()
    links: tuple[tuple[int, str], ...] = field(default=())
    """(line, lesson id) for each `lesson:ID` link."""
    table_links: tuple[tuple[int, str], ...] = field(default=())
    """(line, step id) for each `table:STEP-ID` link, which opens the table at that step."""
    play_links: tuple[tuple[int, str], ...] = field(default=())
    """(line, scenario id) for each `play:SCENARIO-ID` link, which opens the play screen at that scenario."""
    parts: tuple[LessonPart, ...] = field(default=())
    """The body as text chunks and hand blocks, in order (`parse.body_parts`),
    read once with the file."""
