"""The rule options a learner's drills are asked under (design brief section
5), kept as a setting and read back through the engine's own parsers
(`RiichiRules.from_options`, `McrRules.from_options`).

Only the options the quiz honours are offered: those that change a hand the
drills deal or a number they ask for. `renhou` is left out, since no drill
deals a renhou win.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Final

from tutor.engine.mcr.rules import McrRules
from tutor.engine.riichi.rules import RiichiRules

SETTING: Final = "drill_rules"
"""The store's setting key: a JSON object {"riichi": {...}, "mcr": {...}} of the options that differ."""

RIICHI_DRILL_OPTIONS: Final = (
    "open_tanyao",
    "kiriage",
    "kazoe",
    "double_wind_pair_fu",
    "yakuman_stacking",
    "double_yakuman",
    "ryuuiisou_needs_hatsu",
)
"""Riichi options a drill honours: yaku (open tanyao), fu (the double wind
pair), points (kiriage, kazoe) and yakuman (stacking, doubles, all green)."""

MCR_DRILL_OPTIONS: Final = (
    "concealed_and_melded_kong",
    "last_tile_from_own_melds",
    "exhausted_tile_is_wait",
    "knitted_straight_wait_fans",
    "nine_gates_terminal_pung",
)
"""Every MCR option: each changes the fans of an MCR drill's hand."""

CHOICES: Final[dict[str, tuple[Any, ...]]] = {"kazoe": ("yakuman", "sanbaiman"), "double_wind_pair_fu": (4, 2)}
"""The values of an option that is not true or false, its default first."""


@dataclass(frozen=True, slots=True)
class DrillRules:
    """The riichi and MCR rules new drills are generated and judged under."""

    riichi: RiichiRules = field(default_factory=RiichiRules)
    mcr: McrRules = field(default_factory=McrRules)

    def value(self, name: str) -> Any:
        return getattr(self.riichi if name in RIICHI_DRILL_OPTIONS else self.mcr, name)

    def next_value(self, name: str) -> DrillRules:
        """The rules with one option moved to its next value."""
        choices = CHOICES.get(name) or (self.value(name), not self.value(name))
        following = choices[(choices.index(self.value(name)) + 1) % len(choices)]
        if name in RIICHI_DRILL_OPTIONS:
            return replace(self, riichi=replace(self.riichi, **{name: following}))
        return replace(self, mcr=replace(self.mcr, **{name: following}))

    def to_setting(self) -> str:
        return json.dumps({"riichi": self.riichi.differences(), "mcr": self.mcr.differences()}, sort_keys=True)

    @classmethod
    def from_setting(cls, setting: str | None) -> DrillRules:
        """The rules a stored setting names; what cannot be read (a damaged
        or older value, an option this version does not know) gives way to
        the defaults, part by part, rather than stop a drill."""
        try:
            stored = json.loads(setting) if setting else {}
        except (ValueError, RecursionError):
            return cls()
        if not isinstance(stored, dict):
            return cls()
        return cls(riichi=_read(RiichiRules, stored.get("riichi")), mcr=_read(McrRules, stored.get("mcr")))


def _read(rules: Any, options: object) -> Any:
    """One rule set from its stored options, each one the parser refuses left at its default."""
    if not isinstance(options, dict):
        return rules()
    kept: dict[str, Any] = {}
    for name, value in options.items():
        try:
            rules.from_options({**kept, name: value})
        except (ValueError, TypeError):
            continue
        kept[name] = value
    return rules.from_options(kept)


DEFAULT: Final = DrillRules()
