"""The engine's refusals (`tutor.engine.refusal`) as messages: each detail
by its code (`score.refused.<code>`), flags named as they are given, and the
details of one refusal read one after another. The command line prints
them in English."""

from __future__ import annotations

from tutor.engine.refusal import Detail, Refusal
from tutor.locale.message import Joined, Message, Value, joined, message

PREFIX = "score.refused."

AND = message(f"{PREFIX}and")
"""What stands between two names of a list: " and "."""


def _listed(names: str) -> Value:
    """Flags given as one string ("chiihou renhou tenhou") as a list:
    "chiihou, renhou and tenhou"."""
    items = names.split()
    if len(items) < 2:
        return names
    return message(f"{PREFIX}list_and", first=joined(items[:-1]), last=items[-1])


def _both(names: str) -> Joined:
    """Flags each joined by "and": "haitei and riichi"."""
    return joined(names.split(), AND)


def detail_message(detail: Detail) -> Message:
    """One thing that rules a win out, as the command line says it."""
    values = dict(detail.values)
    key = f"{PREFIX}{detail.code}"
    if detail.code == "riichi_open":
        flags = str(values["flags"])
        return message(key, flags=_both(flags), melds=values["melds"], count=len(flags.split()))
    if detail.code == "first_turn_together":
        return message(key, flags=_listed(str(values["flags"])))
    if detail.code == "first_turn_late":
        clashes: list[Value] = []
        if values.get("declared"):
            clashes.append(message(f"{PREFIX}declared", melds=values["declared"]))
        later = str(values.get("later", ""))
        if later:
            clashes.append(message(f"{PREFIX}given_too", flags=_both(later), count=len(later.split())))
        return message(key, flags=values["flags"], clashes=joined(clashes, AND))
    return Message(key, values)


def refusal_message(refusal: Refusal) -> Joined:
    """Everything that rules the win out, one detail after another."""
    return joined((detail_message(detail) for detail in refusal.details), "; ", empty=refusal.reason)
