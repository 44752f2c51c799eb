"""How a workbench hand was won and under which rules: the settings a score
request carries besides the hand and its winning tile."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from tutor.engine.mcr.context import MCR_FLAGS
from tutor.engine.mcr.rules import McrRules
from tutor.engine.numbers import NumberError
from tutor.engine.options import option_items
from tutor.engine.request import ScoreRequest
from tutor.engine.riichi.context import Flag
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.rules import Rules
from tutor.engine.tiles import tile_name, wind_letter

RIICHI_FLAGS = tuple(flag.value for flag in Flag)
WINDS = "ESWN"
RIICHI_OPTIONS = tuple(item.name for item in fields(RiichiRules))
MCR_OPTIONS = tuple(item.name for item in fields(McrRules))


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything but the hand.  Dora and ura are indicator tiles in
    notation, as typed; flowers are written in the hand (`1f`..`8f`)."""

    tsumo: bool = False
    seat: str = "E"
    round: str = "E"
    riichi_flags: tuple[str, ...] = ()
    mcr_flags: tuple[str, ...] = ()
    dora: str = ""
    ura: str = ""
    riichi_options: tuple[tuple[str, Any], ...] = field(default=())
    mcr_options: tuple[tuple[str, Any], ...] = field(default=())

    def toggled_flag(self, flag: str) -> Settings:
        """The settings with one riichi or MCR flag switched on or off."""
        if flag in RIICHI_FLAGS:
            flags = self.riichi_flags
            changed = tuple(f for f in flags if f != flag) if flag in flags else (*flags, flag)
            return replace(self, riichi_flags=changed)
        flags = self.mcr_flags
        changed = tuple(f for f in flags if f != flag) if flag in flags else (*flags, flag)
        return replace(self, mcr_flags=changed)

    def with_option(self, name: str, value: Any) -> Settings:
        """The settings with one option of design brief section 5 set; the
        default value removes it, so only differences are kept."""
        if name in RIICHI_OPTIONS:
            default = getattr(RiichiRules(), name)
            kept = tuple((key, old) for key, old in self.riichi_options if key != name)
            return replace(self, riichi_options=kept if value == default else (*kept, (name, value)))
        default = getattr(McrRules(), name)
        kept = tuple((key, old) for key, old in self.mcr_options if key != name)
        return replace(self, mcr_options=kept if value == default else (*kept, (name, value)))

    def option(self, name: str) -> Any:
        """An option's value, its default when not set."""
        for key, value in (*self.riichi_options, *self.mcr_options):
            if key == name:
                return value
        return getattr(RiichiRules() if name in RIICHI_OPTIONS else McrRules(), name)


def option_choices(name: str) -> tuple[Any, ...]:
    """The values an option takes, its default first."""
    choices: dict[str, tuple[Any, ...]] = {
        "renhou": ("yakuman", "mangan", "none"),
        "kazoe": ("yakuman", "sanbaiman"),
        "double_wind_pair_fu": (4, 2),
    }
    if name in choices:
        return choices[name]
    default = getattr(RiichiRules() if name in RIICHI_OPTIONS else McrRules(), name)
    return (default, not default)


def settings_from_setup(setup: dict[str, str]) -> Settings:
    """The settings of a lesson hand block (`win: 4m tsumo`, `seat: S`,
    `flags: riichi`, `options: open_tanyao=false` ...); a setting the
    workbench cannot hold is left at its default rather than refused,
    since `tutor lessons check` already refuses bad blocks."""
    win = setup.get("win", "").split()
    flags = setup.get("flags", "").replace(",", " ").split()
    riichi_options: list[tuple[str, Any]] = []
    mcr_options: list[tuple[str, Any]] = []
    try:
        options = option_items(setup.get("options", ""))
    except NumberError:
        options = {}
    for name, value in options.items():
        if name in RIICHI_OPTIONS:
            riichi_options.append((name, value))
        elif name in MCR_OPTIONS:
            mcr_options.append((name, value))
    seat, round_wind = setup.get("seat", "E"), setup.get("round", "E")
    return Settings(
        tsumo=len(win) > 1 and win[1] == "tsumo",
        seat=seat if seat in WINDS and seat else "E",
        round=round_wind if round_wind in WINDS and round_wind else "E",
        riichi_flags=tuple(flag for flag in flags if flag in RIICHI_FLAGS),
        mcr_flags=tuple(flag for flag in flags if flag in MCR_FLAGS),
        dora=setup.get("dora", ""),
        ura=setup.get("ura", ""),
        riichi_options=tuple(riichi_options),
        mcr_options=tuple(mcr_options),
    )


def settings_of(request: ScoreRequest) -> Settings:
    """The settings of a score request (a drill question's): the inverse of
    `analysis.settings_request`, flags and options under the request's rules."""
    riichi = request.rules is Rules.RIICHI
    options = tuple(request.options.items())
    return Settings(
        tsumo=request.tsumo,
        seat=wind_letter(request.seat),
        round=wind_letter(request.round),
        riichi_flags=request.flags if riichi else (),
        mcr_flags=() if riichi else request.flags,
        dora=" ".join(tile_name(tile) for tile in request.dora),
        ura=" ".join(tile_name(tile) for tile in request.ura),
        riichi_options=tuple(item for item in options if item[0] in RIICHI_OPTIONS),
        mcr_options=tuple(item for item in options if item[0] in MCR_OPTIONS),
    )
