"""MCR fans against `pymahjonggb` 1.4.0 (MahjongGB.MahjongFanCalculator).

20,000 seeded random hands (crosscheck/random_mcr.py: regular hands with called
and concealed sets and kongs, every special shape, flowers, every flag, every
wind, and near-misses that are no win), plus the example hand of every fan.
Compared: whether the hand wins, the multiset of fans (through the table's
`reference_zh`, since five names differ) and the total.

Options are the reference-compatible ones: the reference counts 明暗杠,
credits 和绝张 from the winner's own melds and counts exhausted tiles as
waits.  Flags are only set where they can happen: the reference silently
drops impossible ones, where we refuse them (tests/test_mcr_fans.py).
No difference remains.
"""

from __future__ import annotations

from collections import Counter

from crosscheck.reference_mcr import COMPATIBLE, reference_fans
from tests.mcr_corpus import HANDS, seeded_hands
from tests.mcr_examples import EXAMPLES, score
from tutor.engine.hand import Hand
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.score import score_mcr
from tutor.engine.notation import format_hand, parse_hand, parse_tile
from tutor.engine.refusal import Refusal


def compare(hand: Hand, context: McrContext) -> str | None:
    theirs = reference_fans(hand, context)
    try:
        ours = score_mcr(hand, context, COMPATIBLE)
    except Refusal as refusal:
        return None if isinstance(theirs, str) else f"we refuse ({refusal.reason}), the reference scores"
    if isinstance(theirs, str):
        return f"the reference refuses ({theirs}), we score"
    their_fans, their_total = theirs
    our_fans = Counter({item.fan.id: item.count for item in ours.fans})
    if our_fans != their_fans or ours.total != their_total:
        return f"ours {dict(our_fans)} = {ours.total}, reference {dict(their_fans)} = {their_total}"
    return None


def test_fans_agree_with_reference_on_seeded_hands() -> None:
    differences = []
    refused = 0
    for hand, context in seeded_hands():
        problem = compare(hand, context)
        if problem:
            differences.append(f"{format_hand(hand)} {context}: {problem}")
        refused += isinstance(reference_fans(hand, context), str)
    assert differences == []
    assert 0 < refused < HANDS // 10


def test_every_fan_example_agrees_with_reference() -> None:
    differences = []
    for fan, text, win, context in EXAMPLES:
        ours = score(text, win, context)
        problem = compare(parse_hand(text), ours.context)
        if problem:
            differences.append(f"{fan}: {problem}")
        assert parse_tile(win) == ours.context.win_tile
    assert differences == []
