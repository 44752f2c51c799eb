"""What a lesson file holds once read."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

TRACKS = ("riichi", "mcr")
LANGUAGES = ("ko", "en")
QUIZ_KINDS = (
    "tiles",
    "sets",
    "complete",
    "waits",
    "wait-kind",
    "calls",
    "fu",
    "yakuman",
    "riichi-points",
    "mcr-fans",
    "game-flow",
    "shanten",
    "ukeire",
    "discard",
)
"""The quiz kinds of the quizzes issue, by id."""


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
