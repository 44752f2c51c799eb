"""The `tutor play` command: its arguments read, the games played, the
summaries printed (English lines from the catalogue, or JSON)."""

from __future__ import annotations

import argparse
import json
import sys

from tutor.locale import message, text
from tutor.service.play import NotAvailable, Simulation, simulate

MOST_GAMES = 1000
EXIT_OK, EXIT_USAGE, EXIT_IO = 0, 2, 74


def play_command(args: argparse.Namespace) -> int:
    if args.simulate is None:
        print(text("en", "play.only_simulate"), file=sys.stderr)
        return EXIT_USAGE
    if not 1 <= args.simulate <= MOST_GAMES:
        print(text("en", "play.games_range", most=MOST_GAMES, count=args.simulate), file=sys.stderr)
        return EXIT_USAGE
    simulation = Simulation(args.simulate, args.play_seed, args.play_rules, args.length, args.bots, args.log, args.out)
    try:
        summaries = simulate(simulation)
    except NotAvailable as refused:
        print(text("en", refused.key), file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        where = error.filename or args.out
        print(text("en", "play.out_unwritable", path=str(where), reason=error.strerror or str(error)), file=sys.stderr)
        return EXIT_IO
    if args.play_json:
        print(json.dumps({"games": summaries}, ensure_ascii=False))
        return EXIT_OK
    for number, summary in enumerate(summaries, start=1):
        print(
            text(
                "en",
                "play.game",
                number=number,
                rules=summary["rules"],
                seed=summary["seed"],
                hands=message("play.hands", count=summary["hands"]),
                wins=message("play.wins", count=summary["wins"]),
                draws=message("play.draws", count=summary["draws"]),
                scores=" ".join(str(score) for score in summary["scores"]),
                violations=summary["invariant_violations"],
            )
        )
        if "log" in summary:
            print(text("en", "play.log_written", path=summary["log"]))
    return EXIT_OK
