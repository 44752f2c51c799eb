"""The stored head tables of number suits (tutor/engine/number_heads.bin)
are what the full tables count, suit by suit."""

from __future__ import annotations

import subprocess
import sys

from tutor.engine import number_heads

# Counted in a fresh process: counting all 262,144 suits fills the memo
# tables with entries no other test needs.
_RECOUNT = """
from tutor.engine import efficiency, number_heads
stored = number_heads.read()
counted = efficiency.computed_number_heads()
if stored != counted:
    changed = sum(1 for a, b in zip(stored[1], counted[1]) if stored[0][a] != counted[0][b])
    raise SystemExit(f"{changed} suits differ: write the file anew (python -m tutor.engine.number_heads_writer)")
"""


def test_stored_heads_are_the_counted_ones() -> None:
    done = subprocess.run([sys.executable, "-c", _RECOUNT], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def test_suit_index_round_trips() -> None:
    for index in (0, 1, 4**9 - 1, 0o123456 % 4**9):
        assert number_heads.suit_index(number_heads.suit_counts(index)) == index
    assert number_heads.suit_index([3, 0, 0, 0, 0, 0, 0, 0, 1]) == 3 + 4**8
