"""Time to generate one quiz question, per kind: median and 99th percentile.

Goal (quizzes issue): at most 10 ms at the 99th percentile.

    python -m bench.quiz_generation [questions per kind] [kind ...]

With kinds named, only those are timed (`points-steps`, say).
"""

from __future__ import annotations

import statistics
import time

from bench.arguments import count_parser
from tutor.quiz.kinds import KINDS, generate


def main() -> None:
    parser = count_parser(__doc__, 1000, "questions per kind")
    parser.add_argument("kinds", nargs="*", metavar="kind", help="the kinds to time (default all)")
    arguments = parser.parse_args()
    # Checked here: argparse's `choices` refuses an empty list for nargs="*" on Python 3.11.
    unknown = [kind for kind in arguments.kinds if kind not in KINDS]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r}; choose from {', '.join(KINDS)}")
    count, kinds = arguments.count, arguments.kinds or list(KINDS)
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
