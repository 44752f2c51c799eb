"""Sets and partial sets (document 000, 멘쯔와 타쯔) and the calls of 울기."""

from __future__ import annotations

import pytest

from tutor.engine.calls import CallKind, Claim, Seat, calls_on_discard, calls_on_own_turn, winning_claim
from tutor.engine.groups import GroupKind, classify_group
from tutor.engine.hand import MeldKind
from tutor.engine.notation import format_meld, parse_hand, parse_tile, parse_tiles
from tutor.engine.rules import Rules

GROUPS = [
    ("123m", GroupKind.SHUNTSU),
    ("789s", GroupKind.SHUNTSU),
    ("555p", GroupKind.KOUTSU),
    ("777z", GroupKind.KOUTSU),
    ("1111m", GroupKind.KANTSU),
    ("12m", GroupKind.PENTA),
    ("89p", GroupKind.PENTA),
    ("13s", GroupKind.KANTA),
    ("79m", GroupKind.KANTA),
    ("23m", GroupKind.RYANTA),
    ("78s", GroupKind.RYANTA),
    ("55z", GroupKind.TOITSU),
    ("99m", GroupKind.TOITSU),
    ("14m", None),
    ("1m1p", None),
    ("12z", None),
    ("123z", None),
    ("124m", None),
    ("1112m", None),
]


@pytest.mark.parametrize(("text", "kind"), GROUPS, ids=[text for text, _ in GROUPS])
def test_group_kinds(text: str, kind: GroupKind | None) -> None:
    assert classify_group(parse_tiles(text)).kind is kind


def test_group_open_flag_is_kept() -> None:
    assert classify_group(parse_tiles("555p"), open=True).open


class TestCallsOnDiscard:
    """Chi only from the left; pon and open kan from anyone."""

    def test_chi_only_from_the_left(self) -> None:
        hand = parse_hand("23m456p789s1122z5z")
        discard = parse_tile("4m")
        for seat in (Seat.ACROSS, Seat.RIGHT):
            assert not [c for c in calls_on_discard(hand, discard, seat) if c.kind is CallKind.CHI]
        chis = [format_meld(c.meld) for c in calls_on_discard(hand, discard, Seat.LEFT) if c.meld]
        assert chis == ["[234m]"]

    def test_every_chi_shape_is_offered(self) -> None:
        hand = parse_hand("2356m456p789s111z")
        chis = [format_meld(c.meld) for c in calls_on_discard(hand, parse_tile("4m"), Seat.LEFT) if c.meld]
        assert chis == ["[234m]", "[345m]", "[456m]"]

    def test_no_chi_across_suit_edges(self) -> None:
        hand = parse_hand("89m12p456s789s111z")
        assert calls_on_discard(hand, parse_tile("1p"), Seat.LEFT) == []

    def test_no_chi_of_honours(self) -> None:
        hand = parse_hand("123m456p789s1z23z5z")
        assert not calls_on_discard(hand, parse_tile("1z"), Seat.LEFT)

    @pytest.mark.parametrize("seat", list(Seat))
    def test_pon_and_kan_from_anyone(self, seat: Seat) -> None:
        hand = parse_hand("555z123m456p789s1z")
        kinds = {c.kind for c in calls_on_discard(hand, parse_tile("5z"), seat)}
        assert kinds == {CallKind.PON, CallKind.OPEN_KAN}

    def test_win_on_a_discard(self) -> None:
        hand = parse_hand("123m456p789s1122z")
        assert CallKind.WIN in {c.kind for c in calls_on_discard(hand, parse_tile("1z"), Seat.ACROSS)}
        assert CallKind.WIN not in {c.kind for c in calls_on_discard(hand, parse_tile("3z"), Seat.ACROSS)}

    def test_win_by_mcr_shape(self) -> None:
        hand = parse_hand("147m258p369s123p1z")
        assert CallKind.WIN in {c.kind for c in calls_on_discard(hand, parse_tile("1z"), Seat.ACROSS, Rules.MCR)}
        assert CallKind.WIN not in {c.kind for c in calls_on_discard(hand, parse_tile("1z"), Seat.ACROSS)}


class TestOwnTurn:
    def test_concealed_and_added_kan(self) -> None:
        hand = parse_hand("1111m456p789s2s [222s]")
        found = {(c.kind, format_meld(c.meld)) for c in calls_on_own_turn(hand) if c.meld}
        assert found == {(CallKind.CLOSED_KAN, "(1111m)"), (CallKind.ADDED_KAN, "[2222s]")}
        assert {c.meld.kind for c in calls_on_own_turn(hand) if c.meld} == {MeldKind.CLOSED_KAN, MeldKind.OPEN_KAN}


class TestClaimPriority:
    """Document 004: win over kong and pung, those over chi; of several wins the nearest."""

    def test_pon_beats_chi(self) -> None:
        claims = [Claim(Seat.LEFT, CallKind.CHI), Claim(Seat.RIGHT, CallKind.PON)]
        assert winning_claim(claims) == Claim(Seat.RIGHT, CallKind.PON)

    def test_win_beats_kan(self) -> None:
        claims = [Claim(Seat.ACROSS, CallKind.OPEN_KAN), Claim(Seat.RIGHT, CallKind.WIN)]
        assert winning_claim(claims) == Claim(Seat.RIGHT, CallKind.WIN)

    def test_nearest_winner_in_turn_order(self) -> None:
        claims = [Claim(Seat.RIGHT, CallKind.WIN), Claim(Seat.ACROSS, CallKind.WIN)]
        assert winning_claim(claims) == Claim(Seat.ACROSS, CallKind.WIN)
        claims.append(Claim(Seat.LEFT, CallKind.WIN))
        assert winning_claim(claims) == Claim(Seat.LEFT, CallKind.WIN)

    def test_no_claims(self) -> None:
        assert winning_claim([]) is None
