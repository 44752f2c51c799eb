"""A score request: a winning hand and how it was won, for either rule
family.  The one type the command line, lesson blocks, the workbench and
the quiz hand to the scorer (`score_request`), whatever they read it from
(a JSON object or flags: `request_json.read_request`; a block's or the
workbench's settings; a quiz's win: `request_json.riichi_request`,
`mcr_request`, written into a question by `request_json.request_json`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tutor.engine.hand import Hand
from tutor.engine.mcr.context import MCR_FLAGS, McrContext
from tutor.engine.mcr.rules import McrRules
from tutor.engine.mcr.score import McrScore, score_mcr
from tutor.engine.options import OptionProblem, OptionValue
from tutor.engine.problems import InputProblem
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.score import RiichiScore, score_riichi
from tutor.engine.rules import Rules
from tutor.engine.tiles import EAST, Tile

RIICHI_FLAGS = {flag.value: flag for flag in Flag}
"""The riichi situation flags by name."""

Score = RiichiScore | McrScore


class RequestProblem(InputProblem):
    """A request the scorer cannot take: `unknown_flag` (`rules`, `flag`,
    `expected`), `flowers_in_riichi`, `dora_in_mcr`, `option` (`problem`: the
    rule options' own `OptionProblem`); or a JSON request that cannot be read
    (`request_json`: `unknown_key`, `missing`, `not_a_string`, `too_long`,
    `in_setting` with the setting's own problem, `unknown_rules`, ...)."""

    family = "request"


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    hand: Hand
    win: Tile
    tsumo: bool = False
    seat: Tile = EAST
    round: Tile = EAST
    rules: Rules = Rules.RIICHI
    flags: tuple[str, ...] = ()
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    flowers: int = 0
    options: Mapping[str, OptionValue | object] = field(default_factory=dict)
    """By name, as the rule family's `from_options` reads them."""
    red: tuple[Tile, ...] = ()
    """The red fives among the hand's tiles (riichi's aka dora), each as its five."""


def score_request(request: ScoreRequest) -> Score:
    """Score a request.  Raises RequestProblem for a request that does not
    fit its rules, and `Refusal` for a hand that cannot win."""
    if request.rules is Rules.MCR:
        context = mcr_context(request)
        return score_mcr(request.hand, context, mcr_rules(request))
    # The rules first: a riichi request with flowers is refused before its flags are read.
    rules = riichi_rules(request)
    return score_riichi(request.hand, riichi_context(request), rules)


def riichi_context(request: ScoreRequest) -> WinContext:
    flags = set()
    for name in request.flags:
        if name not in RIICHI_FLAGS:
            raise RequestProblem("unknown_flag", rules="riichi", flag=repr(name), expected=", ".join(RIICHI_FLAGS))
        flags.add(RIICHI_FLAGS[name])
    return WinContext(
        request.win,
        request.tsumo,
        request.seat,
        request.round,
        frozenset(flags),
        request.dora,
        request.ura,
        request.red,
    )


def riichi_rules(request: ScoreRequest) -> RiichiRules:
    if request.flowers or request.hand.flowers:
        raise RequestProblem("flowers_in_riichi")
    try:
        return RiichiRules.from_options(dict(request.options))
    except OptionProblem as problem:
        raise RequestProblem("option", problem=problem) from None


def mcr_context(request: ScoreRequest) -> McrContext:
    unknown = [flag for flag in request.flags if flag not in MCR_FLAGS]
    if unknown:
        raise RequestProblem("unknown_flag", rules="MCR", flag=repr(unknown[0]), expected=", ".join(MCR_FLAGS))
    if request.dora or request.ura or request.red:
        raise RequestProblem("dora_in_mcr")
    flags = set(request.flags)
    return McrContext(
        win_tile=request.win,
        self_drawn=request.tsumo,
        seat=request.seat,
        prevalent=request.round,
        flowers=request.flowers,
        last_tile="last_tile" in flags,
        kong="kong" in flags,
        wall_last="wall_last" in flags,
    )


def mcr_rules(request: ScoreRequest) -> McrRules:
    try:
        return McrRules.from_options(dict(request.options))
    except OptionProblem as problem:
        raise RequestProblem("option", problem=problem) from None
