"""The hand notation of design brief section 3: what it reads, how it writes,
and the one-line message for each way input can be wrong."""

from __future__ import annotations

import pytest
from hypothesis import given

from tests.notation_cases import MALFORMED
from tests.strategies import hands
from tutor.engine.hand import Hand, MeldKind
from tutor.engine.notation import NotationError, format_hand, parse_hand, parse_tile, parse_tiles
from tutor.engine.tiles import make_tile
from tutor.locale import keys
from tutor.locale.problems import problem_text


class TestReading:
    """Well-formed notation becomes the hand it describes."""

    def test_concealed_tiles_and_melds(self) -> None:
        hand = parse_hand("234m456s55s [777p] [777z]")
        assert hand.concealed == tuple(sorted(parse_tiles("234m456s55s")))
        assert [meld.kind for meld in hand.melds] == [MeldKind.PON, MeldKind.PON]
        assert hand.tile_count == 14

    def test_every_meld_kind(self) -> None:
        hand = parse_hand("11z [234m] [555z] [5555p] (1111s)")
        kinds = [meld.kind for meld in hand.melds]
        assert kinds == [MeldKind.CHI, MeldKind.PON, MeldKind.OPEN_KAN, MeldKind.CLOSED_KAN]
        assert hand.tile_count == 14
        assert not hand.is_closed

    def test_concealed_kan_keeps_hand_closed(self) -> None:
        assert parse_hand("123m456p789s5z (1111z)").is_closed

    def test_honours_in_order(self) -> None:
        assert parse_tiles("1234567z") == tuple(range(27, 34))

    def test_spaces_and_tabs_between_groups(self) -> None:
        assert parse_hand("123m 456p\t789s 1122z") == parse_hand("123m456p789s1122z")

    def test_suit_written_per_tile_in_a_meld(self) -> None:
        assert parse_hand("[1m2m3m]123p456s789s1z").melds[0].tiles == (0, 1, 2)

    def test_flowers_are_set_aside(self) -> None:
        hand = parse_hand("123m456p789s1122z 158f")
        assert hand.flowers == (1, 5, 8)
        assert hand.tile_count == 13

    def test_single_tile(self) -> None:
        assert parse_tile("4m") == make_tile(4, "m")
        assert parse_tile(" 7z ") == 33


class TestRefusing:
    """Malformed input is refused with one line naming what, where and what was expected."""

    @pytest.mark.parametrize(("text", "message"), MALFORMED, ids=[text or "empty" for text, _ in MALFORMED])
    def test_message(self, text: str, message: str) -> None:
        with pytest.raises(NotationError) as caught:
            parse_hand(text)
        # The engine gives the code and values; the English is the catalogue's.
        assert caught.value.key in keys("en") or f"{caught.value.key}.other" in keys("en")
        assert problem_text(caught.value) == message
        assert "\n" not in problem_text(caught.value)

    def test_there_are_at_least_thirty_cases(self) -> None:
        assert len(MALFORMED) >= 30

    def test_error_carries_its_parts(self) -> None:
        with pytest.raises(NotationError) as caught:
            parse_hand("123m45x")
        error = caught.value
        assert (error.fragment, error.column, error.code) == ("x", 7, "unknown_suit")
        assert error.values == {"source": "'123m45x'", "fragment": "'x'", "column": 7}

    def test_single_tile_wants_exactly_one(self) -> None:
        with pytest.raises(NotationError) as caught:
            parse_tile("45m")
        assert (caught.value.code, caught.value.count) == ("not_one_tile", 2)
        assert "exactly one tile" in problem_text(caught.value)

    def test_plain_tiles_refuse_melds(self) -> None:
        with pytest.raises(NotationError) as caught:
            parse_tiles("12m [345m]")
        assert caught.value.code == "meld_in_tiles"
        assert problem_text(caught.value).startswith("a meld: '[345m]'")


class TestRoundTrip:
    """Formatting a hand and reading it back gives the same hand."""

    @given(hands())
    def test_format_then_parse(self, hand: Hand) -> None:
        assert parse_hand(format_hand(hand)) == hand

    @given(hands())
    def test_parse_then_format_is_stable(self, hand: Hand) -> None:
        text = format_hand(hand)
        assert format_hand(parse_hand(text)) == text

    def test_canonical_form(self) -> None:
        assert format_hand(parse_hand("55s 234m  456s [777z][777p]")) == "234m45556s [777z] [777p]"
