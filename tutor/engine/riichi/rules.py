"""The riichi rule set: named options with the defaults of design brief section 5."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from tutor.engine.options import OptionProblem

RenhouValue = Literal["yakuman", "mangan", "none"]
KazoeValue = Literal["yakuman", "sanbaiman"]


@dataclass(frozen=True, slots=True)
class RiichiRules:
    """Options that change a riichi score.  Defaults follow document 000 and
    common modern play; every score lists the options that differ."""

    open_tanyao: bool = True
    """Tanyao counts in an open hand (kuitan)."""
    double_yakuman: bool = False
    """13-sided kokushi, suuankou tanki, pure nine gates and daisuushii count double."""
    yakuman_stacking: bool = False
    """Different yakuman in one hand add up; otherwise only the largest counts."""
    ryuuiisou_needs_hatsu: bool = False
    """All green needs the green dragon (document 000: some tables require it)."""
    renhou: RenhouValue = "yakuman"
    """Renhou (인화) as a yakuman, as a mangan, or not at all (document 000 names all three)."""
    kazoe: KazoeValue = "yakuman"
    """13 han or more without a yakuman: a counted yakuman, or capped at sanbaiman."""
    kiriage: bool = False
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan."""
    double_wind_pair_fu: int = 4
    """Fu of a pair of the wind that is both seat and round wind (연풍패): 4 or 2."""

    def __post_init__(self) -> None:
        if self.renhou not in ("yakuman", "mangan", "none"):
            raise OptionProblem("renhou", value=repr(self.renhou))
        if self.kazoe not in ("yakuman", "sanbaiman"):
            raise OptionProblem("kazoe", value=repr(self.kazoe))
        if self.double_wind_pair_fu not in (2, 4):
            raise OptionProblem("double_wind_pair_fu", value=repr(self.double_wind_pair_fu))

    def differences(self) -> dict[str, Any]:
        """The options that differ from the defaults, by name."""
        default = RiichiRules()
        return {
            field.name: getattr(self, field.name)
            for field in fields(self)
            if getattr(self, field.name) != getattr(default, field.name)
        }

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> RiichiRules:
        """Rules from a request's `options` object; unknown names or wrong
        types raise `OptionProblem` naming the option."""
        known = {field.name: field for field in fields(cls)}
        values: dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise OptionProblem("unknown", rules="riichi", name=repr(name), expected=", ".join(known))
            default = getattr(cls(), name)
            if isinstance(default, bool) and not isinstance(value, bool):
                raise OptionProblem("not_bool", name=repr(name), value=repr(value))
            if (
                isinstance(default, int)
                and not isinstance(default, bool)
                and (isinstance(value, bool) or not isinstance(value, int))
            ):
                raise OptionProblem("not_number", name=repr(name), value=repr(value))
            values[name] = value
        return cls(**values)
