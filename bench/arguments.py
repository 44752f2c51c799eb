"""The command line of a benchmark: how many cases, with `--help` that says so.

Every benchmark takes one optional number (hands, questions or sessions).
Read by argparse, so that `--help` or a word where the number belongs is
answered by a usage line, not a traceback."""

from __future__ import annotations

import argparse


def count_parser(doc: str | None, default: int, what: str) -> argparse.ArgumentParser:
    """A parser for one optional positive count, described by the benchmark's docstring."""
    parser = argparse.ArgumentParser(
        description=(doc or "").strip().splitlines()[0] if doc else None,
        epilog=doc,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("count", nargs="?", type=_positive, default=default, help=f"{what} (default {default})")
    return parser


def parse_count(doc: str | None, default: int, what: str, argv: list[str] | None = None) -> int:
    """The count given on the command line, or `default`."""
    count: int = count_parser(doc, default, what).parse_args(argv).count
    return count


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value
