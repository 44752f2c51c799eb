"""A lesson body is split into text chunks and hand blocks once, when the
file is read (#25 §3): the lesson screen and its contents read those parts
instead of scanning the body's fences again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tutor.lessons.model import HandBlock, TextChunk
from tutor.lessons.parse import parse_lesson
from tutor.ui.lesson_screens import lesson_parts
from tutor.ui.widgets.lesson_document import TextPart

LESSON = """---
id: r99-parts
track: riichi
order: 99
title: Parts
quiz: [waits]
---
Before any heading.

# First

Some text.

```hand
123m456p789s1122z
expect: tenpai=true
```

After the hand.
## Second
```hand
123m456p789s11z234s
win: 4s
expect: complete=true
```
"""


def _lesson(tmp_path: Path) -> Path:
    path = tmp_path / "r99-parts.md"
    path.write_text(LESSON, encoding="utf-8")
    return path


def test_the_body_is_read_into_parts(tmp_path: Path) -> None:
    lesson = parse_lesson(_lesson(tmp_path), "en")
    kinds = [(part.id, part.text) if isinstance(part, TextChunk) else part.hand for part in lesson.parts]
    assert kinds == [
        ("heading-top", "Before any heading.\n"),
        ("heading-2", "# First\n\nSome text.\n"),
        "123m456p789s1122z",
        ("after-6", "\nAfter the hand."),
        ("heading-12", "## Second"),
        "123m456p789s11z234s",
    ]
    assert [part for part in lesson.parts if isinstance(part, HandBlock)] == list(lesson.blocks)


def test_the_screen_shows_the_parts_read(tmp_path: Path) -> None:
    """The parts shown follow `Lesson.parts`, not another reading of the body."""
    lesson = parse_lesson(_lesson(tmp_path), "en")
    only_text = replace(lesson, parts=(TextChunk("heading-top", "Only this."),))
    shown = list(lesson_parts(only_text))
    assert len(shown) == 1 and isinstance(shown[0], TextPart)
    assert (shown[0].id, shown[0].source) == ("heading-top", "Only this.")
