"""The MCR differential corpus: 20,000 hands drawn from one seed
(crosscheck/random_mcr.py), each with a context drawn for it. Shared by the
differential test against pymahjonggb (tests/test_differential_mcr.py) and
the test that the exclusion table changes nothing on it
(tests/test_mcr_exclusions.py), so both read the same hands."""

from __future__ import annotations

import random
from collections.abc import Iterator

from crosscheck.random_mcr import random_mcr_context, random_mcr_hand
from tutor.engine.hand import Hand
from tutor.engine.mcr.context import McrContext

HANDS = 20_000
SEED = 4_004


def seeded_hands() -> Iterator[tuple[Hand, McrContext]]:
    """The corpus's hands and contexts, in the order the seed draws them."""
    rng = random.Random(SEED)
    for _ in range(HANDS):
        hand = random_mcr_hand(rng)
        yield hand, random_mcr_context(rng, hand)
