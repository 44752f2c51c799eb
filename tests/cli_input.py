"""What the command-line tests share: `tutor`'s main run in this process
with bytes on standard input, as a pipe gives them, and the hostile words
hypothesis draws command lines and batch requests from."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout

from hypothesis import strategies as st

from tutor.cli import main


def run(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """main(argv) with standard input as bytes, the way a pipe gives them."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


COMMAND_WORDS = [
    "analyze",
    "score",
    "quiz",
    "--json",
    "--batch",
    "--win",
    "--tsumo",
    "--seat",
    "--round",
    "--rules",
    "mcr",
    "riichi",
    "--flag",
    "kong,riichi",
    "--dora",
    "--ura",
    "--flowers",
    "--option",
    "kiriage=true",
    "double_wind_pair_fu=2",
    "--kind",
    "fu",
    "--count",
    "--seed",
    "--level",
    "--format",
    "json",
    "md",
    "--lang",
    "ko",
    "1112345678999m",
    "234m456s55s",
    "[777p]",
    "(1111m)",
    "4m",
    "1f2f",
]
HOSTILE_TEXT = st.one_of(
    st.sampled_from(COMMAND_WORDS),
    st.text(max_size=30),
    st.text(alphabet="0123456789mpszf[]() ²٣-+.,=eE", max_size=40),
    st.sampled_from(["9" * 5000, "[" * 3000, "-1", "99999", "\x1b]0;x\x07", "\udcff"]),
)
