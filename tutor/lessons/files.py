"""Which files in a lesson folder are read, and how.

A lesson folder may come from anyone (a teacher's download, a shared drive),
so `tutor lessons check` and the app read only regular files that are in the
folder itself, never through a symbolic link, never a FIFO or a device, and
never more than `MAX_LESSON_BYTES`.  Anything else is reported in one line,
without being opened.  Names are shown escaped, so a name holding escape
codes or a newline cannot retitle the terminal or fake a report line.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_LESSON_BYTES = 512 * 1024
"""The largest lesson read; the longest bundled lesson is a few tens of KiB."""


class UnreadableFile(Exception):
    """A file that is not read: its one-line reason, without the file's name."""


def shown(path: Path | str) -> str:
    """A path as printed: every character that is not printable is escaped like repr() does."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in str(path))


MAX_SHOWN_PATH = 120
"""The longest path printed in a message, in characters: its start and its end are kept."""


def shown_short(path: Path | str) -> str:
    """A path as printed (see `shown`), its middle left out if it is very long."""
    whole = shown(path)
    if len(whole) <= MAX_SHOWN_PATH:
        return whole
    half = (MAX_SHOWN_PATH - 3) // 2
    return f"{whole[:half]}...{whole[-half:]}"


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def refusal(path: Path) -> str | None:
    """Why `path` is not read as a lesson, or None if it is a regular file of a sane size."""
    try:
        status = path.lstat()
    except OSError as error:
        return f"cannot be read: {error.strerror}"
    if not stat.S_ISREG(status.st_mode):
        return f"is {_kind(status.st_mode)}; only regular files in the folder are read"
    if status.st_size > MAX_LESSON_BYTES:
        return f"is {status.st_size} bytes; a lesson is at most {MAX_LESSON_BYTES}"
    return None


def read_regular(path: Path) -> str:
    """The UTF-8 text of a regular file, opened without following links or blocking on a FIFO."""
    reason = refusal(path)
    if reason:
        raise UnreadableFile(reason)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise UnreadableFile(f"cannot be read: {error.strerror}") from None
    with os.fdopen(descriptor, "rb") as file:
        # Checked again on the open file: the name may have been swapped since.
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise UnreadableFile("is not a regular file; only regular files in the folder are read")
        data = file.read(MAX_LESSON_BYTES + 1)
    if len(data) > MAX_LESSON_BYTES:
        raise UnreadableFile(f"is more than {MAX_LESSON_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"cannot be read: not UTF-8 (byte {error.start + 1})") from None
