"""Time to generate one quiz question, per kind: median and 99th percentile.

Goal (quizzes issue): at most 10 ms at the 99th percentile.

    python -m bench.quiz_generation [questions per kind] [kind ...]

With kinds named, only those are timed (`points-steps`, say).
"""

from __future__ import annotations

import statistics
import sys
import time

from tutor.quiz.kinds import KINDS, generate


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    kinds = sys.argv[2:] or list(KINDS)
    worst = 0.0
    for kind in kinds:
        times = []
        for seed in range(count):
            start = time.perf_counter()
            generate(kind, seed, 1 + seed % 3)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p99 = times[int(len(times) * 0.99) - 1]
        worst = max(worst, p99)
        print(f"{kind:14} median {statistics.median(times):6.3f} ms   p99 {p99:6.3f} ms   max {times[-1]:6.3f} ms")
    print(f"worst p99: {worst:.3f} ms (goal: at most 10 ms)")


if __name__ == "__main__":
    main()
