"""Riichi scores against `mahjong` 2.1.0 (`HandCalculator.estimate_hand_value`).

20,000 seeded random winning hands (see crosscheck/random_wins.py for the mix),
each under randomly chosen options that the reference can mirror.  Compared:
whether the hand can win at all, total points, the yakuman, and for
non-yakuman hands han, fu, the yaku and the dora counts.

Explained differences, not compared:
* fu of a yakuman hand: the reference reports 0 fu for kokushi and does not
  use fu for any yakuman; ours reports the fu of the reading, which no
  payment uses.
* the reference's fu lines (it labels an open hand's tsumo fu as "open
  pinfu" fu); totals are compared, not its labels.
* our `renhou: none` and `yakuman_stacking: false` options have no
  counterpart there, so the mix leaves them out.
"""

from __future__ import annotations

import random

from crosscheck.random_wins import random_context, random_rules, random_winning_hand
from crosscheck.reference_riichi import reference_score
from tutor.engine.notation import format_hand
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.score import score_riichi
from tutor.engine.tiles import tile_name

HANDS = 20_000
SEED = 3_000_003


def test_scores_agree_with_reference() -> None:
    rng = random.Random(SEED)
    differences: list[str] = []
    scored = yakuman = 0
    for _ in range(HANDS):
        hand = random_winning_hand(rng)
        context = random_context(rng, hand)
        rules = random_rules(rng)
        theirs = reference_score(hand, context, rules)
        where = f"{format_hand(hand)} win {tile_name(context.win_tile)} {context} {rules}"
        try:
            ours = score_riichi(hand, context, rules)
        except Refusal as refusal:
            if not theirs.error:
                differences.append(f"we refuse ({refusal.reason}), the reference scores: {where}")
            continue
        if theirs.error:
            differences.append(f"the reference refuses ({theirs.error}), we score: {where}")
            continue
        scored += 1
        our_yakuman = tuple(sorted(name for name, _ in ours.yakuman))
        compared = {"total": (ours.points.total, theirs.total), "yakuman": (our_yakuman, theirs.yakuman)}
        if our_yakuman:
            yakuman += 1
        else:
            compared |= {
                "han": (ours.han, theirs.han),
                "fu": (ours.fu.fu, theirs.fu),
                "yaku": (tuple(sorted(name for name, _ in ours.yaku)), theirs.yaku),
                "dora": ((ours.dora, ours.ura_dora), (theirs.dora, theirs.ura_dora)),
            }
        for what, (mine, reference) in compared.items():
            if mine != reference:
                differences.append(f"{what}: ours {mine}, reference {reference}: {where}")
    assert differences == []
    # The mix must be mostly wins, with yakuman among them.
    assert scored > HANDS * 0.8
    assert yakuman > HANDS * 0.05
