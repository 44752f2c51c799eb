"""`tutor lessons check` on a hostile folder (issue 12, items 12-14; issue 14's Hangul rule).

Only regular files inside the folder are read, with a size cap; links,
FIFOs, devices and folders are reported in one line each and never opened;
names are printed escaped; every bad `lesson:` link is reported.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lesson_helpers import GOOD, problems_in, write
from tutor.lessons.files import MAX_LESSON_BYTES


def check(folder: Path) -> subprocess.CompletedProcess[str]:
    """The real command in its own process, so a FIFO that is opened fails the test instead of hanging it."""
    return subprocess.run(
        [sys.executable, "-m", "tutor", "lessons", "check", "--lessons", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a"))
    return tmp_path


class TestOnlyRegularFilesInside:
    def test_link_to_dev_zero(self, folder: Path) -> None:
        (folder / "en" / "zero.md").symlink_to("/dev/zero")
        done = check(folder)
        assert done.returncode == 1 and done.stderr == ""
        assert f"{folder}/en/zero.md:1: is a symbolic link; only regular files in the folder are read" in done.stdout

    def test_fifo_is_not_opened(self, folder: Path) -> None:
        os.mkfifo(folder / "en" / "b.md")
        done = check(folder)
        assert done.returncode == 1
        assert f"{folder}/en/b.md:1: is a FIFO; only regular files in the folder are read" in done.stdout

    def test_link_to_a_file_outside_is_not_printed(
        self, folder: Path, tmp_path_factory: pytest.TempPathFactory
    ) -> None:
        outside = tmp_path_factory.mktemp("outside") / "secret.txt"
        outside.write_text("root:x:0:0:SECRET LINE\n")
        (folder / "en" / "secret.md").symlink_to(outside)
        done = check(folder)
        assert "SECRET" not in done.stdout and "secret.md:1: is a symbolic link" in done.stdout

    def test_language_folder_that_is_a_link(self, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
        outside = tmp_path_factory.mktemp("elsewhere")
        write(outside, "en", "a.md", GOOD.format(id="a", link="a"))
        write(tmp_path, "ko", "a.md", GOOD.format(id="a", link="a"))
        (tmp_path / "en").symlink_to(outside / "en")
        problems = problems_in(tmp_path)
        assert f"{tmp_path}/en:1: is a symbolic link; only folders inside the lessons are read" in problems

    def test_folder_named_like_a_lesson(self, folder: Path) -> None:
        (folder / "en" / "c.md").mkdir()
        assert f"{folder}/en/c.md:1: is a folder; only regular files in the folder are read" in problems_in(folder)

    def test_oversized_file(self, folder: Path) -> None:
        (folder / "en" / "big.md").write_bytes(b"x" * (MAX_LESSON_BYTES + 1))
        [problem] = problems_in(folder)
        assert (
            problem == f"{folder}/en/big.md:1: is {MAX_LESSON_BYTES + 1} bytes; a lesson is at most {MAX_LESSON_BYTES}"
        )


class TestNamesPrintedEscaped:
    def test_escape_codes_and_newlines_in_names(self, folder: Path) -> None:
        (folder / "en" / "t\x1b]0;pwned\x07.md").write_text("no front matter\n")
        (folder / "en" / "n\nfake.md:1: all good.md").write_text("no front matter\n")
        done = check(folder)
        assert "\x1b" not in done.stdout and "\x07" not in done.stdout
        lines = done.stdout.splitlines()
        assert len(lines) == 3, lines  # two problems and the summary, one line each
        assert any("t\\x1b]0;pwned\\x07.md:1:" in line for line in lines)
        assert any("n\\nfake.md:1: all good.md:1:" in line for line in lines)

    def test_escaped_folder_name_in_the_summary(self, tmp_path: Path) -> None:
        root = tmp_path / "x\x1b[2Jy"
        write(root, "en", "a.md", GOOD.format(id="a", link="a"))
        done = check(root)
        assert "\x1b" not in done.stdout and "x\\x1b[2Jy" in done.stdout


class TestBadLinks:
    @pytest.mark.parametrize("target", ["../../etc", "/etc/passwd", "A B", "", "r01-tiles#x"])
    def test_bad_link_is_reported(self, folder: Path, target: str) -> None:
        path = write(folder, "en", "b.md", GOOD.format(id="b", link=target.replace(" ", "")))
        problems = [problem for problem in problems_in(folder) if problem.startswith(f"{path}:17:")]
        assert problems and "bad lesson link 'lesson:" in problems[0]

    def test_good_link_to_a_missing_lesson_still_says_so(self, folder: Path) -> None:
        path = write(folder, "en", "b.md", GOOD.format(id="b", link="r99-nowhere"))
        assert f"{path}:17: link to lesson 'r99-nowhere', which does not exist" in problems_in(folder)


class TestNoHangulInEnglish:
    def test_hangul_in_english_prose(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a") + "\nThe pair (작두) counts.\n")
        assert problems_in(tmp_path) == [
            f"{path}:19: Hangul in an English lesson: '작두) counts.'; an English screen shows no Korean"
        ]

    def test_hangul_in_an_english_hand_block_and_title(self, tmp_path: Path) -> None:
        text = GOOD.format(id="a", link="a").replace("seat: S", "seat: S  flags: 리치").replace("A lesson", "작두")
        path = write(tmp_path, "en", "a.md", text)
        problems = problems_in(tmp_path)
        assert f"{path}:1: Hangul in the title of an English lesson" in problems
        assert any(problem.startswith(f"{path}:13: Hangul in an English lesson: '리치") for problem in problems)

    def test_korean_lessons_and_other_code_are_left_alone(self, tmp_path: Path) -> None:
        write(tmp_path, "ko", "a.md", GOOD.format(id="a", link="a") + "\n작두는 두 장이다.\n")
        write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a") + "\n```\n작두 = pair\n```\n")
        assert problems_in(tmp_path) == []
