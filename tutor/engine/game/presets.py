"""Named rule presets of a riichi game.  None models red fives (this game
has none): a known difference from Tenhou, Mahjong Soul and WRC, which play
with them; EMA 2016 removed them.

- `tenhou`: Tenhou's ranked rules, the defaults of `RiichiOptions`: 25,000
  start, 30,000 return (oka 20,000), uma 10-20, sudden death, busting,
  agari-yame, all abortive draws, double ron, nagashi mangan.
- `mahjongsoul`: Mahjong Soul (Jantama) ranked: as Tenhou, with uma 5-15
  and double yakuman for the four double-yakuman waits (not checked against
  a primary source).
- `wrc`: World Riichi Championship rules (2015 book, section 5.7: "There
  are no abortive draws"; 5.9.1 no agari-yame): 30,000 start and return, no
  oka, uma 5-15 split on ties, head bump (no double ron), no nagashi
  mangan, no busting, no sudden death, kiriage mangan, kazoe capped at
  sanbaiman; riichi sticks left at the end are not awarded (EMA's notice of
  2016 lists awarding them as a difference from WRC 2015).
- `ema`: EMA Riichi Competition Rules 2016 (the EMA's notice of the revised
  rules: no red fives, renhou a mangan, 13 han or more a sanbaiman, no
  abortive draws, no nagashi mangan, uma 15,000/5,000/-5,000/-15,000,
  multiple winners allowed, 4-30 not rounded up, sticks at the end to the
  winner): 30,000 start and return, uma split on ties, no busting, no
  sudden death, no agari-yame.
"""

from __future__ import annotations

from dataclasses import replace

from tutor.engine.game.options import RiichiOptions
from tutor.engine.riichi.rules import RiichiRules

TOURNAMENT = replace(
    RiichiOptions(),
    nine_terminals=False,
    four_winds=False,
    four_riichi=False,
    four_kans=False,
    triple_ron=False,
    nagashi_mangan=False,
    start_points=30000,
    return_points=30000,
    uma=(15000, 5000, -5000, -15000),
    split_ties=True,
    bust_ends=False,
    sudden_death=False,
    dealer_stops_all_last=False,
)
"""What the WRC and EMA rules share: no abortive draws, no nagashi mangan,
30,000 points with no oka, uma 5-15, a fixed length."""

PRESETS: dict[str, RiichiOptions] = {
    "tenhou": RiichiOptions(),
    "mahjongsoul": RiichiOptions(
        uma=(15000, 5000, -5000, -15000),
        scoring=RiichiRules(renhou="none", yakuman_stacking=True, double_yakuman=True),
    ),
    "wrc": replace(
        TOURNAMENT,
        double_ron=False,
        sticks_to_leader=False,
        scoring=RiichiRules(renhou="none", kiriage=True, kazoe="sanbaiman"),
    ),
    "ema": replace(TOURNAMENT, scoring=RiichiRules(renhou="mangan", kazoe="sanbaiman")),
}
