"""`tutor lessons check`: every problem in a folder of lessons, with file and line."""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tutor.engine.game.scenarios import SCENARIOS
from tutor.engine.notation import quote
from tutor.engine.table import step_ids
from tutor.lessons.blocks import CLAIMS, BlockError, evaluate, normalise
from tutor.lessons.files import refusal, shown
from tutor.lessons.model import LANGUAGES, Lesson
from tutor.lessons.parse import ID, LessonError, Problem, parse_lesson


@dataclass(frozen=True, slots=True)
class Library:
    """Every lesson that read cleanly, by language and id, and the problems met."""

    lessons: dict[str, dict[str, Lesson]]
    problems: list[Problem]

    def in_order(self, language: str, track: str) -> list[Lesson]:
        return sorted(
            (lesson for lesson in self.lessons.get(language, {}).values() if lesson.track == track),
            key=lambda lesson: (lesson.order, lesson.id),
        )


def _is_folder(path: Path) -> bool:
    """Path.is_dir, but False for a path the system refuses (too long, say) rather than an OSError."""
    try:
        return path.is_dir()
    except OSError:
        return False


def language_folders(root: Path) -> dict[str, Path]:
    """`root/ko` and `root/en` when present; otherwise `root` itself is one
    language (a teacher's folder), English unless its name says `ko`."""
    found = {language: root / language for language in LANGUAGES if _is_folder(root / language)}
    # A language folder that is a link may lead anywhere: it is reported, not read.
    found = {language: folder for language, folder in found.items() if not folder.is_symlink()}
    if found:
        return found
    return {"ko" if root.name == "ko" else "en": root}


def load_library(root: Path) -> Library:
    lessons: dict[str, dict[str, Lesson]] = {}
    problems: list[Problem] = []
    unreadable = _unreadable_folder(root)
    if unreadable:
        return Library({}, [Problem(root, 0, unreadable)])
    for language in LANGUAGES:
        if (root / language).is_symlink():
            problems.append(Problem(root / language, 1, "is a symbolic link; only folders inside the lessons are read"))
    for language, folder in language_folders(root).items():
        by_id: dict[str, Lesson] = {}
        unreadable = _unreadable_folder(folder)
        if unreadable:
            problems.append(Problem(folder, 0, unreadable))
            continue
        for path in sorted(folder.glob("*.md")):
            reason = refusal(path)
            if reason:
                problems.append(Problem(path, 1, reason))
                continue
            try:
                lesson = parse_lesson(path, language)
            except LessonError as error:
                problems.append(error.problem)
                continue
            if lesson.id in by_id:
                problems.append(
                    Problem(path, 1, f"id {lesson.id!r} is also used by {shown(by_id[lesson.id].path.name)}")
                )
                continue
            by_id[lesson.id] = lesson
        lessons[language] = by_id
    return Library(lessons, problems)


def _unreadable_folder(folder: Path) -> str | None:
    """Why a lesson folder cannot be read (missing, not a folder, not allowed, a name too long), or None."""
    try:
        with os.scandir(folder) as entries:
            next(entries, None)
    except FileNotFoundError:
        return "no such lesson folder"
    except NotADirectoryError:
        return "is not a folder"
    except OSError as error:
        return f"cannot be read: {error.strerror or error}"
    return None


def with_english_for_the_rest(library: Library) -> Library:
    """The library as the app reads it: a language the app speaks but no
    lesson is written in reads the English lessons, as a learner of a new
    translation would. (The checks read the files as they are.)"""
    if "en" not in library.lessons:
        return library
    lessons = dict(library.lessons)
    for language in LANGUAGES:
        lessons.setdefault(language, library.lessons["en"])
    return Library(lessons, library.problems)


AMBIGUOUS_ALLOWED: frozenset[str] = frozenset()
"""East-Asian ambiguous-width characters allowed in lesson text: none.  They
take one column or two depending on the terminal, and break borders."""


def _width_problems(lesson: Lesson) -> Iterable[Problem]:
    in_fence = False
    for offset, line in enumerate(lesson.body.splitlines()):
        if line.strip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for char in line:
            if unicodedata.east_asian_width(char) == "A" and char not in AMBIGUOUS_ALLOWED:
                name = unicodedata.name(char, f"U+{ord(char):04X}")
                yield Problem(
                    lesson.path,
                    lesson.body_line + offset,
                    f"ambiguous-width character {char!r} ({name}): it breaks borders in wide terminals",
                )
                break


HANGUL_RANGES = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7AF), (0xD7B0, 0xD7FF))
"""Hangul syllables and jamo: none belong on an English screen."""


def _is_hangul(char: str) -> bool:
    return any(low <= ord(char) <= high for low, high in HANGUL_RANGES)


def _hangul_problems(lesson: Lesson) -> Iterable[Problem]:
    """An English lesson has no Hangul: not in its title, prose or hand blocks
    (other fenced code, such as a notation example, is left alone)."""
    if lesson.language != "en":
        return
    if any(_is_hangul(char) for char in lesson.title):
        yield Problem(lesson.path, 1, "Hangul in the title of an English lesson")
    in_fence = False
    hand_fence = False
    for offset, line in enumerate(lesson.body.splitlines()):
        if line.strip().startswith("```"):
            hand_fence = not in_fence and line.strip() == "```hand"
            in_fence = not in_fence
            continue
        if in_fence and not hand_fence:
            continue
        hangul = next((char for char in line if _is_hangul(char)), None)
        if hangul is not None:
            start = line.index(hangul)
            yield Problem(
                lesson.path,
                lesson.body_line + offset,
                f"Hangul in an English lesson: {quote(line[start:], 20)}; an English screen shows no Korean",
            )


def _block_problems(lesson: Lesson) -> Iterable[Problem]:
    for block in lesson.blocks:
        unknown = [claim for claim in block.expect if claim not in CLAIMS]
        if unknown:
            yield Problem(
                lesson.path, block.line, f"unknown expect claim {unknown[0]!r}; expected one of {', '.join(CLAIMS)}"
            )
            continue
        try:
            evaluation = evaluate(block, lesson.track)
        except BlockError as error:
            yield Problem(lesson.path, block.line, f"hand {block.hand!r}: {error}")
            continue
        for claim, value in block.expect.items():
            actual = evaluation.answers.get(claim)
            if actual is None:
                yield Problem(
                    lesson.path, block.line, f"{claim} cannot be checked for this block (give win: or discard:)"
                )
            elif normalise(claim, value) != normalise(claim, actual):
                yield Problem(
                    lesson.path,
                    block.line,
                    f"hand {block.hand!r}: expect {claim}={value}, but the engine says {actual}",
                )


def _pairing_problems(library: Library) -> Iterable[Problem]:
    if not {"ko", "en"} <= set(library.lessons):
        return
    ko, en = library.lessons["ko"], library.lessons["en"]
    for lesson_id in sorted(set(ko) ^ set(en)):
        lesson = ko.get(lesson_id) or en[lesson_id]
        other = "en" if lesson.language == "ko" else "ko"
        yield Problem(lesson.path, 1, f"lesson {lesson_id!r} has no {other} version")
    for lesson_id in sorted(set(ko) & set(en)):
        first, second = ko[lesson_id], en[lesson_id]
        if (first.track, first.order, first.quiz) != (second.track, second.order, second.quiz):
            yield Problem(second.path, 1, f"track, order or quiz differ from {shown(first.path.name)} in ko")
        if [block.source for block in first.blocks] != [block.source for block in second.blocks]:
            for one, two in zip(first.blocks, second.blocks, strict=False):
                if one.source != two.source:
                    yield Problem(second.path, two.line, f"this hand block differs from ko line {one.line}")
                    break
            else:
                yield Problem(second.path, 1, f"{len(second.blocks)} hand blocks here, {len(first.blocks)} in ko")


def check_library(library: Library) -> list[Problem]:
    problems = list(library.problems)
    known = {lesson_id for by_id in library.lessons.values() for lesson_id in by_id}
    for by_id in library.lessons.values():
        for lesson in by_id.values():
            problems.extend(_block_problems(lesson))
            problems.extend(_width_problems(lesson))
            problems.extend(_hangul_problems(lesson))
            for line, target in lesson.links:
                if not ID.match(target):
                    message = (
                        f"bad lesson link 'lesson:{quote(target)[1:-1]}'; a link names a lesson id such as r01-tiles"
                    )
                    problems.append(Problem(lesson.path, line, message))
                elif target not in known:
                    problems.append(Problem(lesson.path, line, f"link to lesson {target!r}, which does not exist"))
    problems.extend(_table_link_problems(library))
    problems.extend(_play_link_problems(library))
    problems.extend(_pairing_problems(library))
    return problems


def _target_problems(
    library: Library,
    read: Callable[[Lesson], tuple[tuple[int, str], ...]],
    known_for: Callable[[str], Sequence[str]],
    say: Callable[[Lesson, str, Sequence[str]], str],
) -> Iterable[Problem]:
    """Each link (`read` from a lesson) whose target is not among those
    `known_for` the lesson's rules, with the problem `say` states."""
    for by_id in library.lessons.values():
        for lesson in by_id.values():
            known = known_for("mcr" if lesson.track == "mcr" else "riichi")
            for line, target in read(lesson):
                if target not in known:
                    yield Problem(lesson.path, line, say(lesson, target, known))


def _table_link_problems(library: Library) -> Iterable[Problem]:
    """A `table:` link must name a step of the table for the lesson's rules."""
    return _target_problems(
        library,
        lambda lesson: lesson.table_links,
        lambda rules: step_ids("mcr" if rules == "mcr" else "riichi"),
        lambda lesson, target, known: (
            f"link to table step {quote(target)}, which the {lesson.track} table does not have; "
            f"steps: {', '.join(known)}"
        ),
    )


def _play_link_problems(library: Library) -> Iterable[Problem]:
    """A `play:` link must name a scenario of the lesson's rules."""
    return _target_problems(
        library,
        lambda lesson: lesson.play_links,
        lambda rules: [scenario.id for scenario in SCENARIOS.values() if scenario.rules == rules],
        lambda lesson, target, known: (
            f"link to scenario {quote(target)}, which the {lesson.track} scenarios do not have; "
            f"scenarios: {', '.join(known)}"
        ),
    )


def check_folder(root: Path) -> tuple[Library, list[Problem]]:
    library = load_library(root)
    return library, check_library(library)
