"""MCR rule options (design brief section 5)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from tutor.engine.options import OptionProblem


@dataclass(frozen=True, slots=True)
class McrRules:
    concealed_and_melded_kong: bool = False
    """One concealed and one melded kong score 明暗杠 (5) instead of 暗杠 2 + 明杠 1 (the MIL rule)."""
    last_tile_from_own_melds: bool = True
    """和绝张 counts when the other three copies are in the winner's own melds."""
    exhausted_tile_is_wait: bool = False
    """A tile all four of whose copies the winner holds still counts as a wait
    when judging a unique wait (边张, 坎张, 单钓将)."""
    knitted_straight_wait_fans: bool = True
    """边张, 坎张 and 单钓将 may count with 组合龙 when the winning tile could
    be part of the knitted straight (the Mahjong International League's
    ruling, which MahjongGB follows); false: no wait fan then, as older
    calculators counted it."""
    nine_gates_terminal_pung: bool = True
    """One 幺九刻 may count inside 九莲宝灯 (of its 111 and 999, the one that
    is not part of it; MIL, MahjongGB); false: 不计幺九刻, the 1998
    rulebook's commentary (Q56)."""

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
                raise OptionProblem("unknown", rules="MCR", name=repr(name), expected=", ".join(sorted(known)))
            if not isinstance(value, bool):
                raise OptionProblem("not_bool", name=repr(name), value=repr(value))
        return cls(**options)
