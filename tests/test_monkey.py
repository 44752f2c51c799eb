"""A short monkey test in the suite (issue 33): random keys over every screen,
seeded and bounded, with no crash.  bench/monkey.py is the longer run."""

from __future__ import annotations

from bench.monkey import STARTS, monkey


def test_random_keys_over_every_screen_crash_nothing() -> None:
    tally = monkey(runs=len(STARTS), presses=10, seed=33, sizes=((80, 24), (120, 40)))
    assert tally.runs == len(STARTS) and set(tally.by_start) == set(STARTS)
    assert tally.presses >= len(STARTS) * 5  # a run ends early only if a key closed the app
    assert tally.crashes == [], "\n".join(
        f"{c.start} {c.size} seed {c.seed}: {c.error} after {c.last_keys}" for c in tally.crashes
    )
