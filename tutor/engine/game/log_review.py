"""The review of a round read from a log and played again (`replay`): each
win scored by our rules beside the deltas the log recorded, the draw's
payments beside the log's, and what the chosen seats did that the rules
or the efficiency tables have something to say about (`log_findings`).

A difference between our deltas and the log's is shown, never smoothed
over: it means a rule option the log's engine plays otherwise, or a wrong log.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.game.log_findings import Finding, findings
from tutor.engine.game.read_tenhou import LogError
from tutor.engine.game.replay import ReplayedHand
from tutor.engine.game.review import ReviewError, WinReview, review_draw, review_win, riichi_stood
from tutor.engine.game.settle import table_share
from tutor.engine.game.state import EndKind, Scores


@dataclass(frozen=True)
class WinCheck:
    """One win of the log: where it stands (the index of its event in the
    round), the log's deltas, ours step by step, and whether they agree."""

    event: int
    logged: Scores
    ours: WinReview

    @property
    def agree(self) -> bool:
        return self.logged == self.ours.payments


@dataclass(frozen=True)
class DrawCheck:
    """A round ended without a win: the model's kind of draw, the log's deltas and ours."""

    kind: EndKind
    event: int
    logged: Scores
    ours: Scores

    @property
    def agree(self) -> bool:
        return self.logged == self.ours


@dataclass(frozen=True)
class RoundReview:
    number: int
    round_wind: int
    hand_number: int
    honba: int
    sticks: int
    wins: tuple[WinCheck, ...]
    draw: DrawCheck | None
    findings: tuple[Finding, ...]


def review_round(hand: ReplayedHand, seats: tuple[int, ...]) -> RoundReview:
    """The round's wins and draw checked, and the findings of `seats`.
    Raises LogError for a win our rules cannot score."""
    round_ = hand.round
    end = hand.record.end
    result = hand.record.result
    events = round_.events
    win_events = [index for index, event in enumerate(events) if event.kind == "win"]
    on_table = round_.sticks + len(riichi_stood(end))
    checks: list[WinCheck] = []
    for index, win in enumerate(result.wins):
        event = next(at for at in win_events if events[at].seat == win.seat)
        try:
            ours = review_win(
                end, win, *table_share(index, round_.honba, on_table), hand.red_dora(win.seat, win.source)
            )
        except (ReviewError, ValueError) as error:
            raise LogError(round_.number, event, "unscored_win") from error
        logged = next(item.deltas for item in round_.end.wins if item.seat == win.seat)
        checks.append(WinCheck(event, logged, ours))
    draw = None
    if result.kind is not EndKind.WIN:
        _, ours_deltas = review_draw(end, result)
        draw = DrawCheck(result.kind, max(len(events) - 1, 0), round_.end.deltas, ours_deltas)
    found = tuple(
        item for seat in seats for item in findings(hand, seat, tuple((check.event, check.ours) for check in checks))
    )
    return RoundReview(
        round_.number,
        round_.round_wind,
        round_.hand_number,
        round_.honba,
        round_.sticks,
        tuple(checks),
        draw,
        tuple(sorted(found, key=lambda item: (item.event, item.seat))),
    )
