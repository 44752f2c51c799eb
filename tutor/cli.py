"""The `tutor` command: opens the app, or runs a non-interactive command.

Textual is imported only when the app opens, so `tutor analyze` starts fast
and works where no terminal UI is wanted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from tutor.commands.analyze import analysis_json, analysis_text, analyze_request
from tutor.commands.batch import run_batch
from tutor.commands.errors import RequestError

EXIT_OK = 0
EXIT_REFUSED = 1
"""The input was read but refused: a hand that does not parse, and so on."""
EXIT_USAGE = 2
"""The command line itself was wrong (argparse uses 2 as well)."""
EXIT_INTERNAL = 70


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tutor", description="Learn riichi and MCR mahjong rules.")
    parser.add_argument("--lang", choices=("ko", "en"), help="language of the app (default: from LANG)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    analyze = commands.add_parser(
        "analyze",
        help="shapes of a 13- or 14-tile hand: complete?, decompositions, tenpai?, waits",
        description="Shapes of a 13- or 14-tile hand, e.g.  tutor analyze '234m456s55s [777p] [777z]'",
    )
    analyze.add_argument("hand", nargs="*", help="the hand in notation; several words are joined by spaces")
    analyze.add_argument("--rules", choices=("riichi", "mcr"), default="riichi")
    analyze.add_argument("--json", action="store_true", help="print the result as JSON")
    analyze.add_argument("--batch", action="store_true", help="read one JSON request per line from standard input")
    return parser


def _analyze(args: argparse.Namespace) -> int:
    if args.batch:
        errors = run_batch(sys.stdin, sys.stdout, lambda request: analysis_json(analyze_request(request)))
        return EXIT_REFUSED if errors else EXIT_OK
    if not args.hand:
        print("tutor analyze: no hand given; expected a hand such as 123m456p789s1122z", file=sys.stderr)
        return EXIT_USAGE
    request = {"hand": " ".join(args.hand), "rules": args.rules}
    try:
        analysis = analyze_request(request)
    except RequestError as error:
        if args.json:
            print(json.dumps({"error": str(error)}, ensure_ascii=False))
        else:
            print(f"tutor analyze: {error}", file=sys.stderr)
        return EXIT_REFUSED
    if args.json:
        print(json.dumps(analysis_json(analysis), ensure_ascii=False))
    else:
        print(analysis_text(analysis))
    return EXIT_OK


def _open_app(args: argparse.Namespace) -> int:
    from tutor.ui.app import TutorApp

    TutorApp(language=args.lang).run()
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "analyze":
            return _analyze(args)
        return _open_app(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # A reader such as `head` closed the pipe; there is nobody left to tell.
        return EXIT_OK
    except Exception as error:  # noqa: BLE001 - the promise is: no traceback, ever
        print(f"tutor: internal error: {type(error).__name__}: {error} (please report this)", file=sys.stderr)
        return EXIT_INTERNAL


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
