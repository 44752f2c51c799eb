"""Where a reader is in a lesson, so that another screen of the lesson (the
other language's, or a kept one shown again) can show it at the same place."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReadingState:
    """Where a reader is in a lesson, kept when the lesson is drawn again in
    the other language: the part at the top of the view (by position, since
    both languages have the same parts) and how far into it, the answers
    revealed, presentation mode and the contents panel. The default is a
    lesson as first opened."""

    top_part: int = 0
    into_part: int = 0
    revealed: tuple[int, ...] = ()
    presenting: bool = False
    contents_hidden: bool = False
