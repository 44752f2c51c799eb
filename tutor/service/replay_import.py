"""A game log imported into the app (issue 31): reviewed by the very service
`tutor review` uses (`review_log.review_riichi_text`: the same formats, the
same refusals), and its rounds kept as read so that the app's replay can
play each again for the table when it is shown (`game_replay.ReplayRound.hand`).

The review keeps only what it found, not the states it walked through;
replaying every round again here would cost much of the review once more,
where a learner looks at a few hands: the rounds as read are kept (the
log is read once) and each is replayed when first shown.  A log the
review accepted replays the same way; any problem is a `LogRefused`,
never an internal error.  Nothing here writes anywhere.

Only the seat the replay opens at is reviewed for findings: a learner
imports their own game and is one seat, and every seat's findings (the
efficiency tables above all) would cost a long log seconds more; the
replay makes another seat's when first asked (`game_replay.ReplayRound.
findings_of`), the very findings `tutor review` gives it.

Our own MCR logs (format "tutor") are played again once, by the MCR
rules, and that very play is reviewed and kept for the replay
(`review_log.read_mcr_log`, `review_mcr_hands`): the review of an MCR hand
needs its play in any case, so keeping it costs nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.engine.game.mcr.log_replay import McrReplayedHand
from tutor.engine.game.read_tenhou import LogRound
from tutor.service.review_log import LogReview, detect, log_text, read_mcr_log, review_mcr_hands, review_riichi_text


@dataclass(frozen=True)
class ImportedGame:
    """The review of a log and its rounds as read, in order; for an MCR log
    its hands as played again, and no riichi rounds.  A riichi log's review
    holds the findings of the seat the replay opens at (`review.seats`), an
    MCR log's those of every player."""

    review: LogReview
    rounds: tuple[LogRound, ...]
    mcr_hands: tuple[McrReplayedHand, ...] = ()


def import_game(path: Path, seat: int = 0) -> ImportedGame:
    """Reads and reviews the log at `path` for `seat`, the seat the replay
    opens at; raises LogRefused.  The file is read once."""
    text = log_text(path)
    if detect(text) == "tutor":
        hands = read_mcr_log(text)
        return ImportedGame(review_mcr_hands(hands), (), hands)
    log, review = review_riichi_text(text, (seat,))
    return ImportedGame(review, log.rounds)
