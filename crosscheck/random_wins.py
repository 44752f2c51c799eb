"""Seeded random winning riichi hands with how they were won.

The mix covers closed and open hands, ron and tsumo, open and concealed kans,
seven pairs, thirteen orphans, hands aimed at each yakuman (honour-heavy,
green, terminal, one-suit, nine gates), every wind, dora and ura dora, and
the situational flags in combinations that can happen at a table.
"""

from __future__ import annotations

import random

from crosscheck.random_hands import one_suit_pool, random_complete, random_seven_pairs, random_thirteen_orphans
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.tiles import HONOURS, TERMINALS, TERMINALS_AND_HONOURS, TILE_KINDS, WINDS

GREEN_POOL = [19, 20, 21, 23, 25, 32]
NINE_GATES = (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)


def _nine_gates(rng: random.Random) -> Hand:
    base = rng.choice((0, 9, 18))
    extra = base + rng.randrange(9)
    return Hand(tuple(sorted([base + rank for rank in NINE_GATES] + [extra])))


def _run_heavy(rng: random.Random) -> Hand:
    """Four runs aimed at pinfu, iipeikou, ryanpeikou, ittsu or sanshoku; some called."""
    for _ in range(1000):
        pattern = rng.choice(("ittsu", "sanshoku", "peikou", "free"))
        suit, rank = rng.randrange(3) * 9, rng.randrange(7)
        if pattern == "ittsu":
            starts = [suit, suit + 3, suit + 6]
        elif pattern == "sanshoku":
            starts = [rank, rank + 9, rank + 18]
        elif pattern == "peikou":
            starts = [suit + rank, suit + rank]
        else:
            starts = []
        while len(starts) < 4:
            starts.append(rng.randrange(3) * 9 + rng.randrange(7))
        rng.shuffle(starts)
        called = rng.choice((0, 0, 0, 1, 2))
        pair = rng.randrange(TILE_KINDS)
        tiles = [start + step for start in starts for step in range(3)] + [pair, pair]
        if max(tiles.count(tile) for tile in set(tiles)) > 4:
            continue
        melds = tuple(Meld(MeldKind.CHI, (s, s + 1, s + 2)) for s in starts[:called])
        concealed = [start + step for start in starts[called:] for step in range(3)] + [pair, pair]
        return Hand(tuple(sorted(concealed)), melds)
    raise ValueError("no run-heavy hand drawn")


def random_winning_hand(rng: random.Random) -> Hand:
    roll = rng.random()
    if roll < 0.12:
        return _run_heavy(rng)
    if roll < 0.40:
        return random_complete(rng)
    if roll < 0.55:
        return random_complete(rng, one_suit_pool(rng) + list(HONOURS), max_melds=2)
    if roll < 0.63:
        return random_complete(rng, one_suit_pool(rng), max_melds=1)
    if roll < 0.70:
        return random_seven_pairs(rng)
    if roll < 0.73:
        return random_thirteen_orphans(rng)
    if roll < 0.80:
        return random_complete(rng, list(HONOURS) + rng.sample(range(TILE_KINDS), 4))
    if roll < 0.85:
        return random_complete(rng, list(TERMINALS_AND_HONOURS) + rng.sample(range(TILE_KINDS), 3))
    if roll < 0.88:
        return random_complete(rng, list(TERMINALS))
    if roll < 0.91:
        return random_complete(rng, GREEN_POOL)
    if roll < 0.93:
        return _nine_gates(rng)
    if roll < 0.96:
        # Many triplets and kans: toitoi, sanankou, sankantsu, suukantsu.
        return random_complete(rng, rng.sample(HONOURS, 3) + rng.sample(range(27), 3))
    return random_complete(rng, rng.sample(range(TILE_KINDS), 6))


def random_context(rng: random.Random, hand: Hand) -> WinContext:
    win_tile = rng.choice(hand.concealed)
    tsumo = rng.random() < 0.45
    seat, round_ = rng.choice(WINDS), rng.choice(WINDS)
    flags: set[Flag] = set()
    closed = hand.is_closed
    has_kan = any(meld.is_kan for meld in hand.melds)
    first_turn = closed and not hand.melds and rng.random() < 0.04
    if first_turn:
        dealer = seat == WINDS[0]
        if tsumo:
            flags.add(Flag.TENHOU if dealer else Flag.CHIIHOU)
        elif not dealer:
            flags.add(Flag.RENHOU)
    else:
        if closed and rng.random() < 0.45:
            flags.add(Flag.DOUBLE_RIICHI if rng.random() < 0.1 else Flag.RIICHI)
            if rng.random() < 0.2:
                flags.add(Flag.IPPATSU)
        if tsumo and has_kan and rng.random() < 0.3:
            flags.add(Flag.RINSHAN)
        elif tsumo and rng.random() < 0.05:
            flags.add(Flag.HAITEI)
        elif not tsumo and rng.random() < 0.04:
            flags.add(Flag.CHANKAN)
        elif not tsumo and rng.random() < 0.04:
            flags.add(Flag.HOUTEI)
    dora = tuple(rng.randrange(TILE_KINDS) for _ in range(rng.choice((0, 1, 1, 2))))
    ura = (
        tuple(rng.randrange(TILE_KINDS) for _ in range(len(dora))) if flags & {Flag.RIICHI, Flag.DOUBLE_RIICHI} else ()
    )
    return WinContext(win_tile, tsumo, seat, round_, frozenset(flags), dora, ura)


def random_rules(rng: random.Random) -> RiichiRules:
    """Options the reference can mirror: it always stacks yakuman, and has
    no renhou-as-nothing."""
    return RiichiRules(
        open_tanyao=rng.random() < 0.8,
        double_yakuman=rng.random() < 0.7,
        yakuman_stacking=True,
        renhou=rng.choice(("yakuman", "mangan")),
        kazoe=rng.choice(("yakuman", "sanbaiman")),
        kiriage=rng.random() < 0.3,
    )
