"""A game log imported into the app (issue 31): reviewed by the very service
`tutor review` uses (`review_log.review_file`: the same formats, the same
refusals), and its rounds played again by the game model so that the app's
replay can show the table at every decision (`replay.ReplayedHand`).

The review keeps only what it found, not the states it walked through, so
the rounds are replayed once more here from the file's text; a log the
review accepted replays the same way, and any problem is still a
`LogRefused`, never an internal error.  Nothing here writes anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.engine.game.read_tenhou import LogError
from tutor.engine.game.replay import ReplayedHand, replay
from tutor.service.review_log import MAX_BYTES, LogRefused, LogReview, read_log, review_file


@dataclass(frozen=True)
class ImportedGame:
    """The review of a log (every seat's findings) and each round replayed, in order."""

    review: LogReview
    hands: tuple[ReplayedHand, ...]


def import_game(path: Path) -> ImportedGame:
    """Reads, reviews and replays the log at `path`; raises LogRefused."""
    review = review_file(path)
    try:
        with path.open("rb") as handle:
            text = handle.read(MAX_BYTES + 1).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        # The file changed between the two reads.
        raise LogRefused("unreadable", 0, None) from error
    _, log = read_log(text)
    hands = []
    for round_ in log.rounds:
        try:
            hands.append(replay(round_))
        except LogError as error:
            raise LogRefused(error.code.partition(":")[0], error.round, error.event) from error
    if len(hands) != len(review.rounds):
        raise LogRefused("unreadable", 0, None)
    return ImportedGame(review, tuple(hands))
