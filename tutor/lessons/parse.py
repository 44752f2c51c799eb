"""Reading a lesson file: front matter, Markdown body, hand blocks, links.

Front matter is a small YAML subset between `---` lines: `key: value`, with
lists written `[a, b]`.  Nothing more is needed, and a hand-written parser
gives a message with the line for every mistake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tutor.engine.numbers import NumberError, read_whole_number
from tutor.lessons.files import UnreadableFile, read_regular, shown_short
from tutor.lessons.model import HEADING, LANGUAGES, QUIZ_KINDS, TRACKS, HandBlock, Lesson, LessonPart, TextChunk
from tutor.lessons.unchanged import parsed_once
from tutor.locale.problems import problem_text

REQUIRED = ("id", "track", "order", "title", "quiz")
LINK = re.compile(r"\]\(lesson:([^)\s]*)\)")
"""Every `lesson:` link, whatever it names, so that a bad one is reported, not skipped."""
TABLE_LINK = re.compile(r"\]\(table:([^)\s]*)\)")
"""Every `table:` link (the table screen opened at a step), likewise."""
PLAY_LINK = re.compile(r"\]\(play:([^)\s]*)\)")
"""Every `play:` link (the play screen opened at a scenario), likewise."""
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MAX_MESSAGE = 300
"""The longest problem message printed, in characters."""
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Characters a lesson never holds: C0 and C1 controls but tab and newline.  ESC
starts terminal escape sequences (an OSC 52 clipboard write, a window title),
and a lesson's text is written to the learner's terminal."""
SETUP_KEYS = ("win", "seat", "round", "flags", "dora", "ura", "flowers", "discard", "from", "rules", "options")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a lesson file."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        # A message quotes the lesson (a hand, a line): a hostile file could make it as long as itself.
        message = self.message if len(self.message) <= MAX_MESSAGE else self.message[: MAX_MESSAGE - 3] + "..."
        return f"{shown_short(self.path)}:{self.line}: {message}"


class LessonError(Exception):
    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))


def _fail(path: Path, line: int, message: str) -> LessonError:
    return LessonError(Problem(path, line, message))


def _front_matter(path: Path, lines: list[str]) -> tuple[dict[str, str], int]:
    if not lines or lines[0].strip() != "---":
        raise _fail(path, 1, "the file must start with front matter between '---' lines")
    values: dict[str, str] = {}
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            return values, number
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, colon, value = line.partition(":")
        if not colon or not key.strip():
            raise _fail(path, number, f"front matter line {line.strip()!r} is not 'key: value'")
        values[key.strip()] = value.strip()
    raise _fail(path, 1, "the front matter has no closing '---' line")


def _list(value: str) -> list[str]:
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        value = value[1:-1]
    return [item.strip().strip("'\"") for item in value.split(",") if item.strip()]


def _settings(text: str) -> dict[str, str]:
    """`win: 4m ron  seat: S  round: E` -> {"win": "4m ron", "seat": "S", "round": "E"}."""
    found: dict[str, str] = {}
    for part in re.split(r"\s{2,}", text.strip()):
        key, _, value = part.partition(":")
        found[key.strip()] = value.strip()
    return found


def _hand_block(path: Path, start: int, body: list[str]) -> HandBlock:
    content = [line for line in body if line.strip()]
    if not content:
        raise _fail(path, start, "an empty hand block")
    setup: dict[str, str] = {}
    expect: dict[str, str] = {}
    for offset, line in enumerate(content[1:], start=1):
        stripped = line.strip()
        if stripped.startswith("expect:"):
            for claim in stripped[len("expect:") :].split():
                key, equals, value = claim.partition("=")
                if not equals:
                    raise _fail(path, start + offset + 1, f"expect claim {claim!r} is not key=value")
                expect[key] = value
            continue
        for key, value in _settings(stripped).items():
            if key not in SETUP_KEYS:
                raise _fail(
                    path, start + offset + 1, f"unknown hand setting {key!r}; expected one of {', '.join(SETUP_KEYS)}"
                )
            setup[key] = value
    return HandBlock(start, content[0].strip(), setup, expect, "\n".join(line.rstrip() for line in body))


def parse_lesson(path: Path, language: str) -> Lesson:
    """Read one lesson; raises LessonError naming the file and line."""
    try:
        text = read_regular(path)
    except UnreadableFile as error:
        raise _fail(path, 1, str(error)) from None
    return parsed_once("lesson", (path, language), text, lambda: _parse_text(path, language, text))


def _parse_text(path: Path, language: str, text: str) -> Lesson:
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        control = CONTROL.search(line)
        if control:
            raise _fail(
                path,
                number,
                f"control character U+{ord(control.group()):04X} at column {control.start() + 1}; "
                "a lesson holds text, never terminal control codes",
            )
    meta, end = _front_matter(path, lines)
    for key in REQUIRED:
        if key not in meta:
            raise _fail(path, 1, f"the front matter has no '{key}'")
    lesson_id = meta["id"]
    if not ID.match(lesson_id):
        raise _fail(path, 1, f"id {lesson_id!r} is not lower-case letters, digits and '-'")
    if meta["track"] not in TRACKS:
        raise _fail(path, 1, f"track {meta['track']!r} is not one of {', '.join(TRACKS)}")
    try:
        order = read_whole_number(meta["order"])
    except NumberError as error:
        raise _fail(path, 1, f"order: {problem_text(error)}") from None
    quiz = _list(meta["quiz"])
    unknown = [kind for kind in quiz if kind not in QUIZ_KINDS]
    if unknown:
        raise _fail(path, 1, f"quiz kind {unknown[0]!r} is not one of {', '.join(QUIZ_KINDS)}")
    if language not in LANGUAGES:
        raise _fail(path, 1, f"language {language!r} is not one of {', '.join(LANGUAGES)}")

    blocks: list[HandBlock] = []
    links: list[tuple[int, str]] = []
    table_links: list[tuple[int, str]] = []
    play_links: list[tuple[int, str]] = []
    fence_start: int | None = None
    fence_lines: list[str] = []
    for number in range(end + 1, len(lines) + 1):
        line = lines[number - 1]
        if fence_start is None:
            if line.strip() == "```hand":
                fence_start, fence_lines = number, []
            for pattern, found in ((LINK, links), (TABLE_LINK, table_links), (PLAY_LINK, play_links)):
                found.extend((number, match.group(1)) for match in pattern.finditer(line))
        elif line.strip() == "```":
            blocks.append(_hand_block(path, fence_start, fence_lines))
            fence_start = None
        else:
            fence_lines.append(line)
    if fence_start is not None:
        raise _fail(path, fence_start, "a hand block with no closing ```")
    body = "\n".join(lines[end:])
    return Lesson(
        id=lesson_id,
        track=meta["track"],
        order=order,
        title=meta["title"],
        quiz=tuple(quiz),
        path=path,
        language=language,
        body=body,
        body_line=end + 1,
        blocks=tuple(blocks),
        links=tuple(links),
        table_links=tuple(table_links),
        play_links=tuple(play_links),
        parts=body_parts(body, blocks),
    )


def body_parts(body: str, blocks: list[HandBlock]) -> tuple[LessonPart, ...]:
    """The body as Markdown chunks (one per heading, so the contents can jump
    to it) with the hand blocks, already read, in between."""
    lines = body.splitlines()
    hands = iter(blocks)
    parts: list[LessonPart] = []
    chunk: list[str] = []
    chunk_id = "heading-top"
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.strip() == "```hand":
            if chunk:
                parts.append(TextChunk(chunk_id, "\n".join(chunk)))
                chunk = []
                chunk_id = f"after-{index}"
            index += 1
            while index < len(lines) and lines[index].strip() != "```":
                index += 1
            parts.append(next(hands))
        elif HEADING.match(line):
            if chunk:
                parts.append(TextChunk(chunk_id, "\n".join(chunk)))
            chunk = [line]
            chunk_id = f"heading-{index}"
        else:
            chunk.append(line)
        index += 1
    if chunk:
        parts.append(TextChunk(chunk_id, "\n".join(chunk)))
    return tuple(parts)
