"""Each shape's own shanten figure, and the dead-tile rule one step before tenpai (#27.2).

Shanten is the block count (Tenhou's, the `mahjong` library's, MahjongGB's
shape functions) on the concealed tiles.  Calls can hold every copy of a
tile, which those counts cannot see; we count only routes that can still be
finished with unseen tiles: a knitted set missing a tile all in sight is no
route, a tenpai needs a live wait, and a hand one tile from tenpai needs
an unseen tile that takes it to such a tenpai (otherwise it is one
further).  MahjongGB counts standing tiles
alone and so is compared on concealed hands shape by shape; called hands
are checked against the rule, with `analyze` (which judges waits on its
own) deciding what is a live tenpai.
"""

from __future__ import annotations

import random

import MahjongGB

from crosscheck.reference_mcr import code, reference_packs
from tutor.engine.analysis import analyze
from tutor.engine.efficiency import shanten, ukeire
from tutor.engine.hand import Hand
from tutor.engine.notation import format_hand, parse_hand, parse_tile
from tutor.engine.rules import Rules
from tutor.engine.tiles import COPIES, TERMINALS_AND_HONOURS, TILE_KINDS
from tutor.quiz.deal import random_called_hand, random_wall_hand, shanten_mix

SHAPES = {
    "regular": MahjongGB.RegularShanten,
    "seven_pairs": MahjongGB.SevenPairsShanten,
    "thirteen_orphans": MahjongGB.ThirteenOrphansShanten,
    "knitted_straight": MahjongGB.KnittedStraightShanten,
    "honours_and_knitted": MahjongGB.HonorsAndKnittedTilesShanten,
}


def test_knitted_straight_is_not_capped() -> None:
    hand = parse_hand("19m19p19s1234567z")
    ours = shanten(hand, Rules.MCR)
    assert ours.knitted_straight == MahjongGB.KnittedStraightShanten(hand=tuple(map(code, hand.concealed)))[0] == 9


def _far_hands(seed: int, count: int) -> list[Hand]:
    """Concealed 13-tile hands from the whole wall and from terminals and
    honours with a few others, where the knitted straight is far."""
    rng = random.Random(seed)
    pools = (None, list(TERMINALS_AND_HONOURS), [*TERMINALS_AND_HONOURS, 4, 13])
    return [random_wall_hand(rng, 13, pools[index % 3]) for index in range(count)]


def test_every_shape_agrees_with_mahjonggb_on_concealed_hands() -> None:
    differences = []
    highest = 0
    for hand in _far_hands(20261203, 3_000):
        tiles = tuple(code(tile) for tile in hand.concealed)
        figures = shanten(hand, Rules.MCR).by_shape()
        highest = max(highest, figures["knitted_straight"])
        for name, figure in figures.items():
            reference = SHAPES[name](hand=tiles)[0]
            # MahjongGB lets a regular hand count on a fifth copy of a tile
            # it holds four of; we do not (the `mahjong` library's rule).
            fifth = name == "regular" and COPIES in hand.all_counts() and figure == reference + 1
            if figure != reference and not fifth:
                differences.append((format_hand(hand), name, figure, reference))
    assert differences == []
    # Far hands are in the mix (9 needs all thirteen orphans unpaired, as above).
    assert highest >= 8


def _called_hands_with_a_kind_in_sight(seed: int) -> list[Hand]:
    """13-tile called hands in which some kind has all four copies in sight."""
    rng = random.Random(seed)
    found = [hand for hand in shanten_mix(seed, 8_000) if hand.melds and hand.tile_count == 13]
    found += [random_called_hand(rng, 13, 1 + index % 3) for index in range(2_000)]
    return [hand for hand in found if COPIES in hand.all_counts()]


def test_called_figures_keep_the_dead_tile_rule() -> None:
    """Tenpai only with a live wait (as `analyze` judges it), never below
    MahjongGB (which cannot see the calls' copies), and a hand one from
    tenpai always has some tile that lowers it (before #27.2, 8 of these
    hands were 1 with none)."""
    hands = _called_hands_with_a_kind_in_sight(20261204)
    assert len(hands) > 500
    differences = []
    raised = 0
    for rules in (Rules.RIICHI, Rules.MCR):
        for hand in hands:
            ours = shanten(hand, rules)
            tenpai = analyze(hand, rules).tenpai
            if (ours.shanten == 0) != tenpai:
                differences.append((format_hand(hand), rules.value, ours.shanten, "tenpai", tenpai))
            if ours.shanten == 1 and not ukeire(hand, rules).tiles:
                differences.append((format_hand(hand), rules.value, ours.shanten, "no ukeire"))
            if rules is Rules.MCR:
                standing = tuple(map(code, hand.concealed))
                theirs = MahjongGB.MahjongShanten(pack=reference_packs(hand), hand=standing)
                if ours.shanten < theirs:
                    differences.append((format_hand(hand), rules.value, ours.shanten, "mahjonggb", theirs))
                raised += ours.shanten > theirs
    assert differences == []
    assert raised


def test_a_knitted_set_missing_a_called_tile_is_no_route() -> None:
    # 147m 369p 258s needs a 5s, all four in the kan: the figure and the
    # minimum come from other routes, and some tile lowers it.
    hand = parse_hand("1447m369p28s7z (5555s)")
    found = shanten(hand, Rules.MCR)
    assert found.knitted_straight == found.shanten == found.regular == 5
    assert ukeire(hand, Rules.MCR).tiles
    # MahjongGB, counting the standing tiles alone, takes the dead route.
    assert MahjongGB.KnittedStraightShanten(hand=tuple(map(code, hand.concealed)))[0] == 1


def _one_live_step(hand: Hand, rules: Rules) -> bool:
    """Some unseen tile drawn and some tile discarded leave a live tenpai."""
    held = hand.all_counts()
    for tile in range(TILE_KINDS):
        if held[tile] < COPIES:
            drawn = hand.with_tile(tile)
            if any(analyze(drawn.without_tile(out), rules).tenpai for out in set(drawn.concealed)):
                return True
    return False


def test_one_step_before_a_dead_tenpai_counts_two() -> None:
    # 46s needs a 5s, all four in the kan; no unseen tile makes a live tenpai.
    hand = parse_hand("3m146s [5555s] [9999p] (1111p)")
    assert not _one_live_step(hand, Rules.RIICHI)
    found = shanten(hand, Rules.RIICHI)
    assert found.shanten == found.regular == 2
    # Its ukeire are the draws that reach a live 1 (a 4s pairs, a 2m starts 23m).
    accepted = {item.tile for item in ukeire(hand, Rules.RIICHI).tiles}
    assert {parse_tile("4s"), parse_tile("2m")} <= accepted
    for tile in accepted:
        assert shanten(hand.with_tile(tile), Rules.RIICHI).shanten == 1
