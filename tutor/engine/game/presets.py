"""Named rule presets of a riichi game.  None models red fives (this game
has none), a known difference from all four.

- `tenhou`: Tenhou's ranked rules, the defaults of `RiichiOptions`: 25,000
  start, 30,000 return (oka 20,000), uma 10-20, sudden death, busting,
  agari-yame, all abortive draws, double ron, nagashi mangan.
- `mahjongsoul`: Mahjong Soul (Jantama) ranked: as Tenhou, with uma 5-15
  and double yakuman for the four double-yakuman waits.
- `wrc`: World Riichi Championship rules (2015 book, section 5.7: "There
  are no abortive draws"; 5.9.1 no agari-yame): 30,000 start and return, no
  oka, uma 5-15 split on ties, head bump (no double ron), no nagashi
  mangan, no busting, no sudden death, kiriage mangan, no kazoe yakuman.
- `ema`: EMA Riichi Competition Rules 2016 (riichi.wiki summary: abortive
  draws no longer used; double and triple ron allowed): 30,000 start and
  return, uma 5-15 split on ties, no busting, no sudden death, no
  agari-yame, sticks left at the end are lost.
"""

from __future__ import annotations

from tutor.engine.game.options import RiichiOptions
from tutor.engine.riichi.rules import RiichiRules

NO_ABORTS = {
    "nine_terminals": False,
    "four_winds": False,
    "four_riichi": False,
    "four_kans": False,
    "triple_ron": False,
}
TOURNAMENT = {
    "start_points": 30000,
    "return_points": 30000,
    "uma": (15000, 5000, -5000, -15000),
    "split_ties": True,
    "bust_ends": False,
    "sudden_death": False,
    "dealer_stops_all_last": False,
}

PRESETS: dict[str, RiichiOptions] = {
    "tenhou": RiichiOptions(),
    "mahjongsoul": RiichiOptions(
        uma=(15000, 5000, -5000, -15000),
        scoring=RiichiRules(renhou="none", yakuman_stacking=True, double_yakuman=True),
    ),
    "wrc": RiichiOptions(
        **NO_ABORTS,  # type: ignore[arg-type]
        **TOURNAMENT,  # type: ignore[arg-type]
        double_ron=False,
        nagashi_mangan=False,
        scoring=RiichiRules(renhou="none", kiriage=True, kazoe="sanbaiman"),
    ),
    "ema": RiichiOptions(
        **NO_ABORTS,  # type: ignore[arg-type]
        **TOURNAMENT,  # type: ignore[arg-type]
        sticks_to_leader=False,
        scoring=RiichiRules(renhou="none"),
    ),
}
