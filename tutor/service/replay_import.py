"""A game log imported into the app (issue 31): reviewed by the very service
`tutor review` uses (`review_log.review_file`: the same formats, the same
refusals), and its rounds kept as read so that the app's replay can play
each again for the table when it is shown (`game_replay.ReplayRound.hand`).

The review keeps only what it found, not the states it walked through;
replaying every round again here would cost much of the review once more,
where a learner looks at a few hands: the rounds are only read again
(cheap beside a replay) and each is replayed when first shown.  A log the
review accepted reads and replays the same way; any problem is still a
`LogRefused`, never an internal error.  Nothing here writes anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.engine.game.read_tenhou import LogRound
from tutor.service.review_log import LogRefused, LogReview, log_text, read_log, review_text


@dataclass(frozen=True)
class ImportedGame:
    """The review of a log (every seat's findings) and its rounds as read, in order."""

    review: LogReview
    rounds: tuple[LogRound, ...]


def import_game(path: Path) -> ImportedGame:
    """Reads and reviews the log at `path`; raises LogRefused.  The file is
    read once, and a log the replay cannot play (our MCR logs) is refused
    before the review, not after it."""
    text = log_text(path)
    _, log = read_log(text)
    review = review_text(text)
    if len(log.rounds) != len(review.rounds):
        raise LogRefused("unreadable", 0, None)
    return ImportedGame(review, log.rounds)
