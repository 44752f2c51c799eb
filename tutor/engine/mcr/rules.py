"""MCR rule options (design brief section 5)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class McrRules:
    concealed_and_melded_kong: bool = False
    """One concealed and one melded kong score 明暗杠 (5) instead of 暗杠 2 + 明杠 1 (the MIL rule)."""
    last_tile_from_own_melds: bool = True
    """和绝张 counts when the other three copies are in the winner's own melds."""
    exhausted_tile_is_wait: bool = False
    """A tile all four of whose copies the winner holds still counts as a wait
    when judging a unique wait (边张, 坎张, 单钓将)."""

    def differences(self) -> dict[str, Any]:
        default = McrRules()
        return {
            field.name: getattr(self, field.name)
            for field in fields(self)
            if getattr(self, field.name) != getattr(default, field.name)
        }

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> McrRules:
        known = {field.name for field in fields(cls)}
        for name, value in options.items():
            if name not in known:
                raise ValueError(f"unknown MCR option {name!r}; expected one of {', '.join(sorted(known))}")
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r} is true or false, not {value!r}")
        return cls(**options)
