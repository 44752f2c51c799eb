"""Every write to the progress store, on one path that never loses one,
and off the screen's thread.

Saving can fail for reasons that pass: another program holds the file's
lock, the disk is full, the folder is read-only for a moment.  A learner's
answer, a lesson marked read, a setting, a reset: none is dropped for that.
Each write goes through `Writes.save`, which queues it for the writer: one
thread, taking the writes in their order, each in its own transaction.  A
write waits for another program's lock there (WRITE_TIMEOUT in store.py),
never on the screen's thread; one the store still cannot take is kept, with
every write after it, and tried again at the next write and on the app's
timer.  Reads see the writes not saved yet (read-your-writes): while some
wait, a read goes to a copy of the store in memory with them applied.

When the app ends, the writer has a moment (QUIT_WAIT) to save what it
holds; what is still waiting then goes to a small pending file beside the
store (`progress.sqlite3.pending`, one JSON object a line) and is merged at
the next start; an answer merged twice is stored once.

A store in memory (its file unavailable, or a served session before its
learner is named) is written at once on the calling thread: no other
program can lock it.  If its file was unavailable its writes are carried,
so that they reach the pending file too.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tutor.quiz.store import Store
from tutor.quiz.store_api import AssignedPlace, ProgressStore, place_of

PENDING_SUFFIX = ".pending"
MAX_PENDING_BYTES = 16 * 1024 * 1024
"""A pending file larger than this is not the tutor's own and is not read."""
QUIT_WAIT = 2.0
"""Seconds the end of the app waits for the writer to save what it holds,
before handing the rest to the pending file."""


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
    place: AssignedPlace | None = None
    """The class's assignment and question it answers, if any."""


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


@dataclass(frozen=True, slots=True)
class ResetProgress:
    """Every answer, review box and read mark forgotten (the settings stay)."""

    at: float = field(default_factory=time.time)


@dataclass(frozen=True, slots=True)
class TurnDecision:
    """A learner's decision in a class's shared play deal (tutor/quiz/deal_turns.py)."""

    assignment: str
    turn: int
    situation: str
    decision: str
    decided_at: float


Write = Answer | SettingWrite | ReadMark | ResetProgress | TurnDecision


@dataclass(frozen=True, slots=True)
class Handover:
    """What the end of the app did with the writes still waiting: `path` is
    the pending file they went to, or None with `error` if even that failed."""

    count: int
    path: Path | None
    error: str | None = None


def pending_path(store_path: Path) -> Path:
    return store_path.with_name(store_path.name + PENDING_SUFFIX)


@dataclass
class Writes:
    """Saves writes to `store`, holding those it could not save yet.

    `target` is the file the writes belong to: the store's own path, or,
    for a store running in memory because its file was unavailable, that
    file's path (then every write is also carried to the pending file).

    `waiting` holds every write not committed yet, in order: queued, being
    written, or refused by the store.  It and everything the writer shares
    with the screen's thread change only under the lock; a write is
    committed and taken off `waiting` in one step under it, so a read sees
    each write once, in the store or in `waiting`."""

    store: ProgressStore
    target: Path | None = None
    waiting: list[Write | _Merged] = field(default_factory=list)
    carried: list[Write] = field(default_factory=list)
    problem: str | None = None
    """The store's last error, in one line, while writes are waiting."""
    saved_late: int = 0
    """Writes saved since the store last refused one (the app says they are saved, then sets it to 0)."""
    merged_saved: int = 0
    """Writes of an earlier run's pending file, once all are saved (the app says so, then sets it to 0)."""
    on_change: Callable[[], None] | None = None
    """Called after each round of the writer, from its thread: the app looks at what changed."""
    failure: Exception | None = None
    """What ended the writer, if not the store's refusal (a bug): the app ends on it, not with 0,
    and what the writer held goes to the pending file."""
    _lock: threading.Condition = field(default_factory=lambda: threading.Condition(threading.RLock()), repr=False)
    _thread: threading.Thread | None = field(default=None, repr=False)
    _wanted: bool = False
    _writing: bool = False
    _checkpoint_wanted: bool = False
    _stopping: bool = False
    _close_store: bool = False
    _handed_over: bool = False
    _writer_done: bool = False
    _connection_closed: bool = False
    _merged_count: int = 0
    _version: int = 0
    _copy: tuple[int, Store] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.target is None and self.store.in_file:
            self.target = self.store.path
        self.store.view = self

    @property
    def carrying(self) -> bool:
        return not self.store.in_file and self.target is not None

    @property
    def threaded(self) -> bool:
        """Whether a writer thread saves the writes: for a store another program or a network can make wait."""
        return self.store.threaded

    # --- the screen's side --------------------------------------------------------------------

    def save(self, write: Write | None = None) -> str | None:
        """Queue `write` after the waiting ones, and have them saved.

        Returns the store's error in one line while writes are waiting for
        it (they are kept, in order), else None.  Never waits for the store:
        the writer's thread does (a store in memory is written at once)."""
        with self._lock:
            if self._handed_over:
                return self.problem
            if write is not None and not self._repeated(write):
                self.waiting.append(write)
                self._version += 1
            if self.threaded:
                self._wake()
                return self.problem
        self._drain()
        return self.problem

    def checkpoint(self) -> None:
        """The -wal into the main file, once the writes held so far are saved."""
        if not self.threaded:
            self.store.checkpoint()
            return
        with self._lock:
            self._checkpoint_wanted = True
            self._wake()

    def idle(self, timeout: float) -> bool:
        """Wait until the writer has nothing in hand (saved all, or the store
        refused the next one); False if it still had after `timeout` seconds."""
        with self._lock:
            return self._lock.wait_for(lambda: self._writer_done or not (self._wanted or self._writing), timeout)

    def take_saved_late(self) -> int:
        """How many writes were saved since the store last refused one, counted afresh from now."""
        with self._lock:
            count, self.saved_late = self.saved_late, 0
            return count

    def take_merged_saved(self) -> int:
        """How many writes of an earlier run's pending file were saved, once all were (then 0)."""
        with self._lock:
            count, self.merged_saved = self.merged_saved, 0
            return count

    def lessons_read_waiting(self) -> set[str]:
        """Lessons marked read whose marks are not in the store yet: read all the same."""
        with self._lock:
            return {write.lesson_id for write in map(_unwrap, self.waiting) if isinstance(write, ReadMark)}

    def answers_waiting(self) -> int:
        with self._lock:
            return sum(isinstance(_unwrap(write), Answer) for write in self.waiting)

    @contextlib.contextmanager
    def reading(self) -> Iterator[ProgressStore]:
        """Where a read goes: the store, or, while writes wait, a copy of it
        in memory with them applied, so that the screen shows every answer
        given (the progress screen right after a drill)."""
        with self._lock:
            yield self._copy_with_waiting() if self.waiting else self.store

    def merge_pending(self) -> int:
        """Take up the pending file of an earlier run: its writes go first
        (and wait, like any other); returns how many there were.  The file
        goes once they are all saved."""
        if self.target is None or not self.store.in_file:
            return 0
        earlier = _read_pending(pending_path(self.target))
        if not earlier:
            return 0
        with self._lock:
            self.waiting[:0] = [_Merged(write) for write in earlier]
            self._version += 1
            self._merged_count = len(earlier)
        self.save()
        return len(earlier)

    def finish(self, *, close_store: bool, wait: float = QUIT_WAIT) -> Handover | None:
        """The end of the app: the writer's last try, for at most `wait`
        seconds; then what is still waiting goes to the pending file; the
        -wal into the main file; the store closed if `close_store` (by the
        writer, if it is still busy).  Returns what was handed over, if
        anything was.  Safe to call twice."""
        thread = None
        with self._lock:
            if self._stopping:
                return None
            self._stopping = True
            self._close_store = close_store
            self._checkpoint_wanted = True
            if self.threaded:
                thread = self._wake()
        if thread is not None:
            thread.join(wait)
        else:
            self._drain()
        with self._lock:
            count = len(self.waiting) + len(self.carried)
            try:
                path = self.keep_pending()
            except OSError as error:
                handover: Handover | None = Handover(count, None, error.strerror or str(error))
            else:
                handover = Handover(count, path) if path is not None else None
        if thread is None:
            self.store.checkpoint()
            if close_store:
                self.store.close()
        elif close_store:
            self.store.close_reader()
            with self._lock:
                if self._writer_done:  # ended before it was asked to close (a bug): closed here
                    self._close_connection()
        return handover

    def keep_pending(self) -> Path | None:
        """What is still waiting (and what was carried) goes to the pending
        file, and the writer stops; returns its path, or None if nothing
        needed it.  Raises OSError if even that file cannot be written."""
        with self._lock:
            self._handed_over = True
            keep = [*self.carried, *map(_unwrap, self.waiting)]
            if not keep or self.target is None:
                return None
            path = pending_path(self.target)
            # A file this run merged is in `waiting` already, what of it is not saved.
            earlier = [] if self._merged_count else _read_pending(path)
            _write_pending(path, [*earlier, *keep])
            # In the file now, and only there: a second call must not write them twice.
            self.carried.clear()
            self.waiting.clear()
            self._version += 1
            return path

    # --- the writer's side --------------------------------------------------------------------

    def _wake(self) -> threading.Thread | None:
        """Have the writer go through the waiting writes (under the lock)."""
        self._wanted = True
        if self._thread is None:
            # A daemon: a writer waiting for a lock never keeps the process
            # alive; the end of the app hands what it holds over first (finish).
            self._thread = threading.Thread(target=self._run, name="store writer", daemon=True)
            self._thread.start()
        self._lock.notify_all()
        return self._thread

    def _run(self) -> None:
        try:
            while self._round():
                pass
        except Exception as error:  # noqa: BLE001 - a bug, not the store: the app ends on it, not with 0
            self.failure = error
            if self.on_change is not None:
                self.on_change()
        finally:
            with self._lock:
                self._writing = False
                self._writer_done = True
                if self._close_store:
                    self._close_connection()
                self._lock.notify_all()

    def _round(self) -> bool:
        """One round of the writer: the waiting writes, then a checkpoint if
        one is wanted; False when it is the last."""
        with self._lock:
            self._lock.wait_for(lambda: self._wanted)
            self._wanted, self._writing, stopping = False, True, self._stopping
        self._drain()
        with self._lock:
            checkpoint = self._checkpoint_wanted and not self.waiting and not self._handed_over
            if checkpoint:
                self._checkpoint_wanted = False
        if checkpoint:
            self.store.checkpoint()
        with self._lock:
            self._writing = False
            self._lock.notify_all()
        return not stopping

    def _close_connection(self) -> None:
        """The writer's connection closed, once (under the lock)."""
        if not self._connection_closed:
            self._connection_closed = True
            self.store.close_writer()

    def _drain(self) -> None:
        """Save the waiting writes, oldest first, until one is refused."""
        error = None
        while error is None:
            with self._lock:
                if self._handed_over or not self.waiting:
                    break
                first = self.waiting[0]
            error = self._save_one(first)
        with self._lock:
            if error is not None or not self.waiting:
                self.problem = error
        if self.on_change is not None:
            self.on_change()

    def _save_one(self, write: Write | _Merged) -> str | None:
        """One write in its own transaction, committed and taken off
        `waiting` in one step; the store's error in one line if it refused."""
        store = self.store
        committing = False
        try:
            store.begin_write()  # another program's lock is waited for here
            _apply(store, write)
            with self._lock:
                if self._handed_over or not self.waiting or self.waiting[0] is not write:
                    store.rollback()  # handed to the pending file meanwhile: saved from there
                    return None
                committing = True
                store.commit()
                self._saved(write)
        except store.refusals as error:
            with contextlib.suppress(*store.refusals):
                store.rollback()
            if committing:
                self._in_doubt(write)
            return _one_line(error)
        if isinstance(_unwrap(write), ResetProgress):
            self.store.count_reset()
        elif isinstance(_unwrap(write), Answer):
            self.store.count_answers()
        return None

    def _in_doubt(self, write: Write | _Merged) -> None:
        """A commit that failed on its way may have been done all the same (a
        database server that went away before it said so): the next try of
        an answer asks first whether it is stored."""
        with self._lock:
            if self.waiting and self.waiting[0] is write and not isinstance(write, _Merged):
                self.waiting[0] = _Merged(write, from_file=False)

    def _saved(self, write: Write | _Merged) -> None:
        """A write committed (under the lock): off `waiting`, and said later."""
        self.waiting.pop(0)
        self._version += 1
        if self.problem is not None:
            self.saved_late += 1
        if self.carrying:
            self.carried.append(_unwrap(write))
        if _from_file(write) and not any(_from_file(other) for other in self.waiting):
            self.merged_saved, self._merged_count = self._merged_count, 0
            if self.target is not None:
                with contextlib.suppress(OSError):
                    pending_path(self.target).unlink()

    def _repeated(self, write: Write) -> bool:
        """A read mark waiting already, with no reset since (each scroll to a lesson's end marks it)."""
        if not isinstance(write, ReadMark):
            return False  # a setting set back and forth must keep each value, in order
        for earlier in reversed(self.waiting):
            if isinstance(_unwrap(earlier), ResetProgress):
                return False
            if _unwrap(earlier) == write:
                return True
        return False

    def _copy_with_waiting(self) -> Store:
        """The store and the waiting writes, in memory (made again only when they change)."""
        if self._copy is not None and self._copy[0] == self._version:
            return self._copy[1]
        if self._copy is not None:
            self._copy[1].close()
        copy = Store.in_memory()
        # A store that cannot be read now (an exclusive lock, a server away): the waiting writes alone.
        with contextlib.suppress(*self.store.read_errors, *copy.refusals):
            self.store.copy_into(copy)
        for write in self.waiting:
            with contextlib.suppress(*copy.refusals):
                _apply(copy, write)
        self._copy = (self._version, copy)
        return copy


@dataclass(frozen=True, slots=True)
class _Merged:
    """A write that may be in the store already: from a pending file (an
    answer in it may have been saved before), or one whose commit failed on
    its way (see Writes._in_doubt)."""

    write: Write
    from_file: bool = True


def _from_file(write: Write | _Merged) -> bool:
    return isinstance(write, _Merged) and write.from_file


def _unwrap(write: Write | _Merged) -> Write:
    return write.write if isinstance(write, _Merged) else write


def _apply(store: ProgressStore, write: Write | _Merged) -> None:
    merged = isinstance(write, _Merged)
    write = _unwrap(write)
    if isinstance(write, SettingWrite):
        store.set_setting(write.key, write.value)
    elif isinstance(write, ResetProgress):
        store.reset_progress()
    elif isinstance(write, ReadMark):
        store.mark_read(write.lesson_id, write.read_at)
    elif isinstance(write, TurnDecision):
        store.record_turn(write.assignment, write.turn, write.situation, write.decision, write.decided_at)
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
            place=write.place,
        )


def _one_line(error: BaseException) -> str:
    words = str(error).splitlines()
    return words[0] if words and words[0] else type(error).__name__


def _as_json(write: Write) -> dict[str, Any]:
    kind = {Answer: "answer", SettingWrite: "setting", ReadMark: "read", ResetProgress: "reset", TurnDecision: "turn"}[
        type(write)
    ]
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
        if value.get("write") == "reset":
            return ResetProgress(float(fields["at"]))
        if value.get("write") == "turn":
            return TurnDecision(
                str(fields["assignment"]),
                int(fields["turn"]),
                str(fields["situation"]),
                str(fields["decision"]),
                float(fields["decided_at"]),
            )
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
                place=_place_from_json(fields.get("place")),
            )
    except (KeyError, TypeError, ValueError):
        return None
    return None


def _place_from_json(value: Any) -> AssignedPlace | None:
    """An answer's place as `asdict` wrote it (absent in a file of a tutor before assignments)."""
    if not isinstance(value, dict):
        return None
    return place_of(value.get("assignment"), value.get("question"))


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
