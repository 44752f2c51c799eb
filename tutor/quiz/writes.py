"""Every write to the progress store, on one path that never loses one.

Saving can fail for reasons that pass: another program holds the file's
lock, the disk is full, the folder is read-only for a moment.  A learner's
answer, a lesson marked read, a setting: none is dropped for that.  Each
write goes through `Writes.save`, which tries the waiting ones first, in
order, and keeps what the store could not take; the app tries again on a
timer and when the learner quits.  What is still waiting then goes to a
small pending file beside the store (`progress.sqlite3.pending`, one JSON
object a line) and is merged at the next start; an answer merged twice is
stored once.

A store that could not be opened at all (busy, full) runs in memory; its
writes are carried as well, so that they reach the pending file too.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tutor.quiz.store import Store

PENDING_SUFFIX = ".pending"
MAX_PENDING_BYTES = 16 * 1024 * 1024
"""A pending file larger than this is not the tutor's own and is not read."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer as the store records it."""

    kind: str
    level: int
    seed: int
    concept: str
    lesson: str
    correct: bool
    response: str
    answered_at: float
    rules: tuple[tuple[str, bool], ...] = ()
    """For a step question, each rule applied and whether rightly (see Store.record_answer)."""


@dataclass(frozen=True, slots=True)
class SettingWrite:
    """A setting (language, theme, the drill set-up) to remember."""

    key: str
    value: str


@dataclass(frozen=True, slots=True)
class ReadMark:
    """A lesson read to its end (or an answer of it revealed)."""

    lesson_id: str
    read_at: float = field(default_factory=time.time, compare=False)
    """Not compared: the same lesson marked twice is one write."""


Write = Answer | SettingWrite | ReadMark


def pending_path(store_path: Path) -> Path:
    return store_path.with_name(store_path.name + PENDING_SUFFIX)


@dataclass
class Writes:
    """Saves writes to `store`, holding those it could not save yet.

    `target` is the file the writes belong to: the store's own path, or,
    for a store running in memory because its file was unavailable, that
    file's path (then every write is also carried to the pending file)."""

    store: Store
    target: Path | None = None
    waiting: list[Write | _Merged] = field(default_factory=list)
    carried: list[Write] = field(default_factory=list)
    problem: str | None = None
    """The store's last error, in one line, while writes are waiting."""

    def __post_init__(self) -> None:
        if self.target is None and self.store.in_file:
            self.target = self.store.path

    @property
    def carrying(self) -> bool:
        return not self.store.in_file and self.target is not None

    def save(self, write: Write | None = None) -> str | None:
        """Save the waiting writes and then `write`, oldest first.

        Returns None when all are saved, or the store's error in one line
        when some are still waiting (they are kept, in order)."""
        if write is not None and write not in self.waiting:  # a read mark at each scroll to the end is one write
            self.waiting.append(write)
        while self.waiting:
            first = self.waiting[0]
            try:
                _apply(self.store, first)
            except (sqlite3.Error, OSError) as error:
                self.problem = _one_line(error)
                return self.problem
            self.waiting.pop(0)
            if self.carrying:
                self.carried.append(_unwrap(first))
        self.problem = None
        return None

    def lessons_read_waiting(self) -> set[str]:
        """Lessons marked read whose marks are not in the store yet: read all the same."""
        return {write.lesson_id for write in map(_unwrap, self.waiting) if isinstance(write, ReadMark)}

    def answers_waiting(self) -> int:
        return sum(isinstance(_unwrap(write), Answer) for write in self.waiting)

    def keep_pending(self) -> Path | None:
        """One last try, then what is still waiting (and what was carried)
        goes to the pending file; returns its path, or None if nothing
        needed it.  Raises OSError if even that file cannot be written."""
        self.save()
        keep = [*self.carried, *map(_unwrap, self.waiting)]
        if not keep or self.target is None:
            return None
        path = pending_path(self.target)
        earlier = _read_pending(path)
        _write_pending(path, [*earlier, *keep])
        # In the file now, and only there: a second call must not write them twice.
        self.carried.clear()
        self.waiting.clear()
        return path

    def merge_pending(self) -> int:
        """Take up the pending file of an earlier run: its writes are saved
        (or wait, like any other); returns how many there were."""
        if self.target is None or not self.store.in_file:
            return 0
        path = pending_path(self.target)
        earlier = _read_pending(path)
        if not earlier:
            return 0
        self.waiting[:0] = [_Merged(write) for write in earlier]
        self.save()
        with contextlib.suppress(OSError):
            if self.waiting:
                _write_pending(path, [_unwrap(write) for write in self.waiting])
            else:
                path.unlink()
        return len(earlier)


@dataclass(frozen=True, slots=True)
class _Merged:
    """A write from a pending file: an answer in it may be in the store already."""

    write: Write


def _unwrap(write: Write | _Merged) -> Write:
    return write.write if isinstance(write, _Merged) else write


def _apply(store: Store, write: Write | _Merged) -> None:
    merged = isinstance(write, _Merged)
    write = _unwrap(write)
    if isinstance(write, SettingWrite):
        store.set_setting(write.key, write.value)
    elif isinstance(write, ReadMark):
        store.mark_read(write.lesson_id, write.read_at)
    else:
        if merged and store.has_answer(
            kind=write.kind, seed=write.seed, concept=write.concept, answered_at=write.answered_at
        ):
            return
        store.record_answer(
            kind=write.kind,
            level=write.level,
            seed=write.seed,
            concept=write.concept,
            lesson=write.lesson,
            correct=write.correct,
            response=write.response,
            now=write.answered_at,
            rules=write.rules,
        )


def _one_line(error: BaseException) -> str:
    words = str(error).splitlines()
    return words[0] if words and words[0] else type(error).__name__


def _as_json(write: Write) -> dict[str, Any]:
    kind = {Answer: "answer", SettingWrite: "setting", ReadMark: "read"}[type(write)]
    return {"write": kind, **asdict(write)}


def _from_json(value: Any) -> Write | None:
    """A write from one line of a pending file, or None for a line that is not one."""
    if not isinstance(value, dict):
        return None
    fields = {key: item for key, item in value.items() if key != "write"}
    try:
        if value.get("write") == "setting":
            return SettingWrite(str(fields["key"]), str(fields["value"]))
        if value.get("write") == "read":
            return ReadMark(str(fields["lesson_id"]), float(fields["read_at"]))
        if value.get("write") == "answer":
            rules = tuple((str(rule), bool(right)) for rule, right in fields.get("rules", ()))
            return Answer(
                kind=str(fields["kind"]),
                level=int(fields["level"]),
                seed=int(fields["seed"]),
                concept=str(fields["concept"]),
                lesson=str(fields["lesson"]),
                correct=bool(fields["correct"]),
                response=str(fields["response"]),
                answered_at=float(fields["answered_at"]),
                rules=rules,
            )
    except (KeyError, TypeError, ValueError):
        return None
    return None


def _read_pending(path: Path) -> list[Write]:
    try:
        if not path.is_file() or path.stat().st_size > MAX_PENDING_BYTES:
            return []
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    writes = []
    for line in lines:
        try:
            write = _from_json(json.loads(line))
        except ValueError:
            continue  # a line cut short by a crash while it was written
        if write is not None:
            writes.append(write)
    return writes


def _write_pending(path: Path, writes: list[Write]) -> None:
    """Replace the pending file in one step, so a crash leaves the old one or the new."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as out:
            for write in writes:
                out.write(json.dumps(_as_json(write), ensure_ascii=False) + "\n")
            out.flush()
            os.fsync(out.fileno())
        temporary.replace(path)
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
