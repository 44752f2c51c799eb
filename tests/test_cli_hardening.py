"""The command line under hostile input, third pass (issue 33, items 4-8, 12 and 16).

Every refusal is one bounded, escaped line with a documented exit code
(README, "Exit codes"), whatever the file system, the streams or the
arguments do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli_input import HOSTILE_TEXT, run
from tutor.cli import EXIT_INTERNAL, EXIT_IO, EXIT_USAGE, MAX_MESSAGE
from tutor.service.batch import MAX_LINE

HAND = "123m456p789s11z234s"
T = TypeVar("T")


def tutor(*args: str, stdin: int | None = None, stdout: int | None = None) -> subprocess.CompletedProcess[str]:
    """The real executable: streams (a closed stdin, /dev/full) cannot be faked in process."""
    return subprocess.run(
        [sys.executable, "-m", "tutor", *args],
        stdin=stdin,
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
    )


def error_line(err: str) -> str:
    """argparse's error line (after its usage lines)."""
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err[:2000]
    assert "Traceback" not in err and "internal error" not in err
    return lines[0]


class TestLessonsCheckPaths:
    """Item 4 and 12: every file-system error is one line naming the path, shortened."""

    def test_a_path_too_long_for_the_file_system(self, tmp_path: Path) -> None:
        code, out, err = run(["lessons", "check", "--lessons", str(tmp_path / ("x" * 300))])
        assert code == 1 and err == "" and "Traceback" not in out
        first = out.splitlines()[0]
        assert "name too long" in first.lower() and len(first) < 300 and "..." in first

    def test_an_unreadable_folder_is_a_problem_not_an_empty_success(self, tmp_path: Path) -> None:
        folder = tmp_path / "lessons"
        (folder / "en").mkdir(parents=True)
        (folder / "en" / "r01.md").write_text("---\n", encoding="utf-8")
        (folder / "en").chmod(0)
        try:
            result = subprocess.run(
                ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] * (os.geteuid() == 0)
                + [sys.executable, "-m", "tutor", "lessons", "check", "--lessons", str(folder)],
                capture_output=True,
                text=True,
                timeout=120,
                cwd="/",
                env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
                check=False,
            )
        finally:
            (folder / "en").chmod(0o755)
        tmp_path.chmod(0o700)
        assert result.returncode == 1, result.stderr
        assert "cannot be read: Permission denied" in result.stdout.splitlines()[0]

    def test_escape_sequences_in_a_lesson_are_refused(self, tmp_path: Path) -> None:
        """An OSC 52 clipboard write and a window title in a lesson: refused, never passed on."""
        folder = tmp_path / "en"
        folder.mkdir()
        front = "---\nid: r01-x\ntrack: riichi\norder: 1\ntitle: T\nquiz: []\n---\n"
        (folder / "r01-x.md").write_text(front + "Hello \x1b]52;c;aGVsbG8=\x07 there\n", encoding="utf-8")
        (folder / "r02-y.md").write_text(front.replace("r01-x", "r02-y") + "\x1b]0;owned\x07 title\n", encoding="utf-8")
        code, out, _ = run(["lessons", "check", "--lessons", str(folder)])
        assert code == 1 and "\x1b" not in out
        assert out.count("control character U+001B") == 2
        from tutor.lessons.check import load_library

        assert load_library(folder).lessons["en"] == {}  # the app shows neither

    def test_check_messages_are_bounded(self, tmp_path: Path) -> None:
        folder = tmp_path / "en"
        folder.mkdir()
        front = "---\nid: r01-x\ntrack: riichi\norder: 1\ntitle: T\nquiz: []\n---\n"
        (folder / "r01-x.md").write_text(front + "```hand\n" + "1m" * 100_000 + "\n```\n", encoding="utf-8")
        code, out, _ = run(["lessons", "check", "--lessons", str(folder)])
        assert code == 1 and max(len(line) for line in out.splitlines()) <= 500


def without_hanging(fifo: Path, call: Callable[[], T]) -> T:
    """`call()`, which must not open `fifo`: if it does and blocks, the FIFO is
    opened from this side to release it, and the test fails rather than hangs."""
    outcome: list[T | BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:  # noqa: BLE001 - handed to the test
            outcome.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=60)
    if worker.is_alive():
        with open(fifo, "w", encoding="utf-8"):  # the blocked reader gets an empty file
            pass
        worker.join()
        pytest.fail(f"{fifo.name}: a FIFO was opened and blocked")
    [result] = outcome
    if isinstance(result, BaseException):
        raise result
    return result


class TestGlossaryFile:
    """Item 12: the glossary is read like a lesson, never hanging or crashing the start."""

    def lessons_with(self, tmp_path: Path) -> Path:
        from tutor.lessons.location import bundled_lessons

        folder = tmp_path / "lessons"
        folder.mkdir()
        for language in ("en", "ko"):
            (folder / language).symlink_to(bundled_lessons() / language)
        return folder

    def test_a_fifo_glossary_is_refused_at_once(self, tmp_path: Path) -> None:
        from tutor.lessons.glossary import GlossaryError, load_glossary

        fifo = tmp_path / "glossary.tsv"
        os.mkfifo(fifo)
        with pytest.raises(GlossaryError, match="FIFO"):
            without_hanging(fifo, lambda: load_glossary(fifo))  # before: blocked here forever

    def test_a_huge_field_is_refused_in_one_line(self, tmp_path: Path) -> None:
        from tutor.lessons.glossary import COLUMNS, GlossaryError, load_glossary

        path = tmp_path / "glossary.tsv"
        path.write_text("\t".join(COLUMNS) + "\nx\triichi\t" + "가" * 140_000 + "\tx\tx\n", encoding="utf-8")
        with pytest.raises(GlossaryError) as caught:
            load_glossary(path)
        assert len(str(caught.value)) < 400 and "\n" not in str(caught.value)

    async def test_the_app_starts_with_a_fifo_glossary(self, tmp_path: Path) -> None:
        from tutor.quiz.store import Store
        from tutor.ui.app import TutorApp

        folder = self.lessons_with(tmp_path)
        os.mkfifo(folder / "glossary.tsv")
        app = without_hanging(
            folder / "glossary.tsv", lambda: TutorApp(language="en", lessons=folder, store=Store.in_memory())
        )
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert any("FIFO" in notice.message for notice in app._notifications)


class TestBatch:
    def test_a_hand_with_batch_is_refused_not_ignored(self) -> None:
        """Item 5: before, exit 0 and nothing printed."""
        for argv in (
            ["score", "--batch", HAND, "--win", "4s"],
            ["score", "--batch", "--seat", "S"],
            ["score", "--batch", "--flag", "riichi"],
            ["analyze", "--batch", HAND],
        ):
            code, out, err = run(argv, b'{"hand": "123m"}\n')
            assert code == EXIT_USAGE and out == "", argv
            assert "--batch" in one_line(err)

    def test_batch_alone_still_answers(self) -> None:
        code, out, _ = run(["score", "--batch", "--json"], json.dumps({"hand": HAND, "win": "4s"}).encode() + b"\n")
        assert code in (0, 1) and len(out.splitlines()) == 1

    def test_a_line_without_end_is_refused_at_once_and_the_batch_stops(self) -> None:
        """Item 7: `</dev/zero` was read forever."""
        result = tutor("analyze", "--batch", stdin=os.open("/dev/zero", os.O_RDONLY))
        answers = [json.loads(line) for line in result.stdout.splitlines()]
        assert result.returncode == 1 and result.stderr == ""
        assert [answer["error"].split(":")[0] for answer in answers] == ["line 1", "line 1"]
        assert f"longer than {MAX_LINE}" in answers[0]["error"] and "stops" in answers[1]["error"]

    def test_a_long_line_that_ends_is_refused_and_the_next_answered(self) -> None:
        code, out, _ = run(["analyze", "--batch"], b"x" * (MAX_LINE * 3) + b"\n" + b'{"hand": "123m456p789s11z23s"}\n')
        answers = [json.loads(line) for line in out.splitlines()]
        assert code == 1 and "error" in answers[0] and "error" not in answers[1]


class TestStreams:
    """Item 8: one line and exit 74 (README), never an internal error."""

    @pytest.mark.parametrize(
        "argv",
        [["analyze", "123m456p789s11z23s"], ["quiz", "--kind", "fu", "--count", "2"], ["analyze", "--batch"]],
    )
    def test_output_to_a_full_device(self, argv: list[str]) -> None:
        stdin = os.open("/dev/null", os.O_RDONLY)
        if argv[-1] == "--batch":
            read, write = os.pipe()
            os.write(write, b'{"hand": "123m456p789s11z23s"}\n')
            os.close(write)
            stdin = read
        full = os.open("/dev/full", os.O_WRONLY)
        result = tutor(*argv, stdin=stdin, stdout=full)
        assert result.returncode == EXIT_IO
        assert "No space left on device" in one_line(result.stderr)

    def test_batch_with_standard_input_closed(self) -> None:
        result = subprocess.run(
            [sys.executable, "-m", "tutor", "analyze", "--batch"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            preexec_fn=lambda: os.close(0),
        )
        assert result.returncode == EXIT_IO
        assert "standard input is closed" in one_line(result.stderr)


class TestBoundedMessages:
    def test_a_refusal_quotes_a_short_prefix(self) -> None:
        """Item 6: thousands of words split by an option were echoed whole (81,978 characters)."""
        code, _, err = run(["analyze", "1m", "--json", *(["2m"] * 8000)])
        assert code == EXIT_USAGE and len(error_line(err)) <= MAX_MESSAGE + 20

    def test_argparse_escapes_what_it_quotes(self) -> None:
        """Item 16: raw ESC and newline reached the terminal."""
        code, _, err = run(["analyze", "1m", "--json", "2m", "\x1b]52;c;aGk=\x07", "a\nb"])
        assert code == EXIT_USAGE and "\x1b" not in err and "\x07" not in err
        assert "\\x1b" in error_line(err)


@settings(max_examples=80, deadline=None)
@given(
    command=st.sampled_from(["analyze", "score", "quiz", "lessons", "serve"]), words=st.lists(HOSTILE_TEXT, max_size=8)
)
def test_fuzzed_command_lines_print_bounded_escaped_lines(command: str, words: list[str]) -> None:
    if "--batch" in words or "--port" in words or command == "serve":
        words = [word for word in words if word not in ("--batch", "--port")] + ["--max-sessions", "0"]
    if command == "quiz" and "--count" in words:
        words = [word for word in words if word != "--count"]
    code, _out, err = run([command, *words])
    assert code != EXIT_INTERNAL and "Traceback" not in err
    for line in err.splitlines():
        assert "\x1b" not in line and len(line) <= 1000, line[:200]
