"""MCR fans in words, by their ids: the one place a fan's name is made,
for the quizzes, the workbench and the command line alike. The names are
the `fan.<id>` keys of names.po; the Chinese name comes from the fan table."""

from __future__ import annotations

from tutor.engine.mcr.fans import FANS
from tutor.locale.message import Message, message


def fan_name(fan: str) -> Message:
    """An MCR fan by its id, its Chinese name first: "一般高 Pure Double Chow",
    "一般高 일반고"; an id no fan has is shown as it is."""
    known = FANS.get(fan)
    if known is None:
        return message("fan.label", zh=fan, name="")
    return message("fan.label", zh=known.zh, name=message(f"fan.{fan}"))


def fan_choice(fan: str) -> Message:
    """A fan as an answer choice, with its points: "一般高 Pure Double Chow (1)"."""
    known = FANS[fan]
    return message("fan.choice", zh=known.zh, name=message(f"fan.{fan}"), points=known.points)
