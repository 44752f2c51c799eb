"""Where a learner is going on a rule (issue 32): their answers of the last
week (RECENT_DAYS) set against those before, for the teacher's dashboard,
its CSV and the projector's board."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tutor.quiz.store_api import ConceptCount

Trend = Literal["new", "up", "down", "same", "quiet"]
"""new: answered this week only; quiet: not answered this week; else the share right went up, down or stayed."""
MARGIN = 0.1
"""How far the share of right answers must move to be a trend, not noise."""
WEAKEST = 3
"""Rules the board names per learner: those with the most wrong answers this week."""


def trend(before_right: int, before_wrong: int, recent_right: int, recent_wrong: int) -> Trend:
    recent = recent_right + recent_wrong
    before = before_right + before_wrong
    if not recent:
        return "quiet"
    if not before:
        return "new"
    change = recent_right / recent - before_right / before
    return "up" if change >= MARGIN else "down" if change <= -MARGIN else "same"


def concept_trend(count: ConceptCount) -> Trend:
    return trend(count.before_right, count.before_wrong, count.recent_right, count.recent_wrong)


@dataclass(frozen=True, slots=True)
class Week:
    """One learner's answers, every rule together: before the week and in it, and the rules missed most in it."""

    before_right: int
    before_wrong: int
    recent_right: int
    recent_wrong: int
    weakest: tuple[str, ...]
    """Concept keys, the most wrong answers this week first."""

    @property
    def trend(self) -> Trend:
        return trend(self.before_right, self.before_wrong, self.recent_right, self.recent_wrong)


def week_of(counts: list[ConceptCount]) -> Week:
    missed = sorted((count for count in counts if count.recent_wrong), key=lambda count: -count.recent_wrong)
    return Week(
        sum(count.before_right for count in counts),
        sum(count.before_wrong for count in counts),
        sum(count.recent_right for count in counts),
        sum(count.recent_wrong for count in counts),
        tuple(count.concept for count in missed[:WEAKEST]),
    )
