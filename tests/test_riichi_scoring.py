"""Riichi yaku, yakuman, points and options on hands whose answer is known
from the rules themselves (the standard points table, document 000's
yakuman conditions)."""

from __future__ import annotations

import random

import pytest

from crosscheck.random_wins import random_context, random_winning_hand
from tutor.engine.hand import Hand
from tutor.engine.notation import format_hand, parse_hand, parse_tile, parse_tiles
from tutor.engine.options import OptionProblem
from tutor.engine.refusal import Refusal
from tutor.engine.riichi import reading
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.points import base_points, payments
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.score import RiichiScore, score_riichi
from tutor.engine.shapes import decompositions
from tutor.engine.tiles import wind_tile
from tutor.locale.message import render_value
from tutor.locale.problems import problem_text
from tutor.locale.refusals import refusal_message


def score(
    hand: str,
    win: str,
    *,
    tsumo: bool = False,
    seat: str = "S",
    round_: str = "E",
    flags: tuple[str, ...] = (),
    dora: str = "",
    ura: str = "",
    rules: RiichiRules | None = None,
) -> RiichiScore:
    context = WinContext(
        parse_tile(win),
        tsumo,
        wind_tile(seat),
        wind_tile(round_),
        frozenset(Flag(flag) for flag in flags),
        parse_tiles(dora) if dora else (),
        parse_tiles(ura) if ura else (),
    )
    return score_riichi(parse_hand(hand), context, rules)


def yaku_ids(result: RiichiScore) -> set[str]:
    return {name for name, _ in result.yaku}


class TestPointsTable:
    """The standard table: base = fu x 2^(han+2), limits from mangan up."""

    @pytest.mark.parametrize(
        ("han", "fu", "dealer", "tsumo", "total", "discarder", "dealer_pays", "each"),
        [
            (1, 30, False, False, 1000, 1000, None, None),
            (3, 30, False, False, 3900, 3900, None, None),
            (4, 30, False, False, 7700, 7700, None, None),
            (4, 30, True, False, 11600, 11600, None, None),
            (2, 30, False, True, 2000, None, 1000, 500),
            (1, 30, True, True, 1500, None, None, 500),
            (2, 20, False, True, 1500, None, 700, 400),
            (2, 25, False, False, 1600, 1600, None, None),
            (4, 25, False, False, 6400, 6400, None, None),
            (4, 40, False, False, 8000, 8000, None, None),
            (5, 30, False, True, 8000, None, 4000, 2000),
            (6, 30, False, False, 12000, 12000, None, None),
            (8, 30, True, False, 24000, 24000, None, None),
            (11, 30, False, False, 24000, 24000, None, None),
            (13, 30, False, False, 32000, 32000, None, None),
        ],
    )
    def test_payments(self, han, fu, dealer, tsumo, total, discarder, dealer_pays, each) -> None:
        base, limit = base_points(han, fu, 0, RiichiRules())
        points = payments(base, limit, dealer, tsumo)
        assert (points.total, points.discarder, points.dealer, points.non_dealer) == (
            total,
            discarder,
            dealer_pays,
            each,
        )

    def test_kiriage(self) -> None:
        assert base_points(4, 30, 0, RiichiRules(kiriage=True)) == (2000, "mangan")
        assert base_points(3, 60, 0, RiichiRules(kiriage=True)) == (2000, "mangan")
        assert base_points(4, 30, 0, RiichiRules()) == (1920, None)

    def test_kazoe(self) -> None:
        assert base_points(13, 30, 0, RiichiRules()) == (8000, "kazoe_yakuman")
        assert base_points(14, 30, 0, RiichiRules(kazoe="sanbaiman")) == (6000, "sanbaiman")

    def test_yakuman_multiples(self) -> None:
        assert base_points(0, 0, 1, RiichiRules()) == (8000, "yakuman")
        assert base_points(0, 0, 2, RiichiRules()) == (16000, "yakuman_x2")


class TestYaku:
    """One hand per regular yaku."""

    @pytest.mark.parametrize(
        ("yaku", "hand", "win", "kwargs"),
        [
            ("riichi", "123m456p789s11z234s", "4s", {"flags": ("riichi",)}),
            ("double_riichi", "123m456p789s11z234s", "4s", {"flags": ("double_riichi",)}),
            ("ippatsu", "123m456p789s11z234s", "4s", {"flags": ("riichi", "ippatsu")}),
            ("menzen_tsumo", "123m456p789s11z234s", "4s", {"tsumo": True}),
            ("pinfu", "123m456p789s99m234s", "4s", {"flags": ("riichi",)}),
            ("tanyao", "234m456p678s55p [234s]", "5p", {}),
            ("iipeikou", "112233m456p789s55s", "1m", {"flags": ("riichi",)}),
            ("yakuhai_haku", "123m456p789s99s [555z]", "9s", {}),
            ("yakuhai_hatsu", "123m456p789s99s [666z]", "9s", {}),
            ("yakuhai_chun", "123m456p789s99s [777z]", "9s", {}),
            ("yakuhai_seat_wind", "123m456p789s99s [222z]", "9s", {"seat": "S"}),
            ("yakuhai_round_wind", "123m456p789s99s [111z]", "9s", {"round_": "E"}),
            ("rinshan", "123m456p789s99s [5555m]", "9s", {"tsumo": True, "flags": ("rinshan",)}),
            ("chankan", "123m456p789s11z234s", "4s", {"flags": ("chankan",)}),
            ("haitei", "123m456p789s11z234s", "4s", {"tsumo": True, "flags": ("haitei",)}),
            ("houtei", "123m456p789s11z [234s]", "1z", {"flags": ("houtei",)}),
            ("chanta", "123m789p11z [789s] [999m]", "1z", {}),
            ("ittsu", "123456789m11z [234s]", "1z", {}),
            ("sanshoku_doujun", "234m234p11z [234s] [999m]", "1z", {}),
            ("sanshoku_doukou", "444m444p11z [444s] [789m]", "1z", {}),
            ("toitoi", "444m11z [999p] [222s] [888m]", "1z", {}),
            ("sanankou", "444m999p222s11z [678m]", "1z", {}),
            ("sankantsu", "11z123m [5555p] [2222s] [8888m]", "1z", {}),
            ("chiitoitsu", "1155m2288p3399s11z", "1z", {"flags": ("riichi",)}),
            ("honroutou", "111m999p11z [999s] [222z]", "1z", {}),
            ("shousangen", "123m55z666z [777z] [234p]", "5z", {}),
            ("honitsu", "123456m11z [789m] [222z]", "1z", {}),
            ("junchan", "123m789p99s [789s] [111m]", "9s", {}),
            ("ryanpeikou", "112233m778899p55s", "5s", {"flags": ("riichi",)}),
            ("chinitsu", "12345678999m [111m]", "9m", {}),
        ],
    )
    def test_yaku_is_found(self, yaku: str, hand: str, win: str, kwargs: dict) -> None:
        assert yaku in yaku_ids(score(hand, win, **kwargs))

    def test_stronger_yaku_replace_weaker(self) -> None:
        assert "iipeikou" not in yaku_ids(score("112233m778899p55s", "5s", flags=("riichi",)))
        assert "chanta" not in yaku_ids(score("123m789p99s [789s] [111m]", "9s"))
        assert "honitsu" not in yaku_ids(score("12345678999m [111m]", "9m"))
        assert "riichi" not in yaku_ids(score("123m456p789s11z234s", "4s", flags=("double_riichi",)))
        # Both flags given: double riichi is counted, riichi is not counted again.
        both = score("123m456p789s11z234s", "4s", flags=("riichi", "double_riichi"))
        assert "double_riichi" in yaku_ids(both)
        assert "riichi" not in yaku_ids(both)

    def test_flags_given_as_a_set_are_kept_hashable(self) -> None:
        """Scoring looks flags up in a memo; a caller passing a plain set must
        get a score, not a TypeError."""
        hand = parse_hand("123m456p789s11z234s")
        context = WinContext(parse_tile("4s"), False, wind_tile("S"), wind_tile("E"), {Flag.RIICHI})  # type: ignore[arg-type]
        assert isinstance(context.flags, frozenset)
        assert "riichi" in yaku_ids(score_riichi(hand, context))

    def test_open_hand_yaku_lose_a_han(self) -> None:
        assert dict(score("123456789m11z [234s]", "1z").yaku)["ittsu"] == 1
        assert dict(score("123456789m11z234s", "1z", flags=("riichi",)).yaku)["ittsu"] == 2

    def test_double_wind_triplet_is_two_yaku(self) -> None:
        result = score("123m456p789s99s [111z]", "9s", seat="E", round_="E")
        assert {"yakuhai_seat_wind", "yakuhai_round_wind"} <= yaku_ids(result)

    def test_pinfu_tsumo_is_20_fu(self) -> None:
        result = score("123m456p789s99m234s", "4s", tsumo=True)
        assert (result.fu.raw, result.fu.fu) == (20, 20)
        assert {"pinfu", "menzen_tsumo"} <= yaku_ids(result)

    def test_open_hand_without_fu_is_30(self) -> None:
        result = score("234m456p678s55p [234s]", "2m")
        assert (result.fu.raw, result.fu.fu) == (22, 30)
        assert result.fu.lines[-1].item == "open_no_fu"

    def test_best_reading_is_taken(self) -> None:
        # 45666 won on 6 reads as 456 + 66 with the 6 in the run (ryanmen: riichi pinfu,
        # 2 han 30 fu, 2000) or in the pair (tanki: riichi, 1 han 40 fu, 1300).
        result = score("123m456p789p45666s", "6s", flags=("riichi",))
        assert result.readings_considered >= 2
        assert "pinfu" in yaku_ids(result) and result.points.total == 2000

    def test_dora_and_ura(self) -> None:
        result = score("123m456p789s11z234s", "4s", flags=("riichi",), dora="3s", ura="4z")
        assert (result.dora, result.ura_dora) == (1, 2)
        no_riichi = score("123m456p789s11z234s", "4s", tsumo=True, dora="3s", ura="4z")
        assert (no_riichi.dora, no_riichi.ura_dora) == (1, 0)

    def test_kan_counts_four_dora(self) -> None:
        assert score("123m456p789s99s [5555m]", "9s", tsumo=True, flags=("rinshan",), dora="4m").dora == 4


YAKUMAN = [
    ("kokushi", "19m19p19s12345677z", "1m", {}),
    ("kokushi_13", "19m19p19s12345677z", "7z", {}),
    ("suuankou", "111m333p555s777m99s", "7m", {"tsumo": True}),
    ("suuankou_tanki", "111m333p555s777m99s", "9s", {}),
    ("daisangen", "123m55p [555z] [666z] [777z]", "5p", {}),
    ("shousuushii", "123m22z [111z] [333z] [444z]", "2z", {}),
    ("daisuushii", "55p [111z] [222z] [333z] [444z]", "5p", {}),
    ("tsuuiisou", "55z [111z] [222z] [333z] [666z]", "5z", {}),
    ("ryuuiisou", "234s66z [666s] [888s] [222s]", "6z", {}),
    ("chinroutou", "99p [111m] [999m] [111s] [999s]", "9p", {}),
    ("chuuren", "11123455678999m", "1m", {}),
    ("junsei_chuuren", "11123455678999m", "5m", {}),
    ("suukantsu", "55p [1111m] [2222s] [3333p] [7777z]", "5p", {}),
    ("tenhou", "123m456p789s11z234s", "4s", {"tsumo": True, "seat": "E", "flags": ("tenhou",)}),
    ("chiihou", "123m456p789s11z234s", "4s", {"tsumo": True, "seat": "S", "flags": ("chiihou",)}),
    ("renhou", "123m456p789s11z234s", "4s", {"seat": "S", "flags": ("renhou",)}),
]


class TestYakuman:
    """Every yakuman of document 000 with an example; closed-only ones refused when open."""

    @pytest.mark.parametrize(("yakuman", "hand", "win", "kwargs"), YAKUMAN, ids=[y[0] for y in YAKUMAN])
    def test_found(self, yakuman: str, hand: str, win: str, kwargs: dict) -> None:
        result = score(hand, win, **kwargs)
        assert yakuman in {name for name, _ in result.yakuman}
        assert result.points.base >= 8000

    def test_closed_only_suuankou_needs_tsumo_or_tanki(self) -> None:
        result = score("111m333p555s777m99s", "7m")  # ron on a shanpon: one triplet is open
        assert not result.yakuman and "sanankou" in yaku_ids(result)

    def test_double_yakuman_option(self) -> None:
        assert score("19m19p19s12345677z", "7z").yakuman == (("kokushi_13", 1),)
        doubled = score("19m19p19s12345677z", "7z", rules=RiichiRules(double_yakuman=True))
        assert doubled.yakuman == (("kokushi_13", 2),) and doubled.points.base == 16000

    def test_stacking_option(self) -> None:
        hand, win = "55z [111z] [222z] [333z] [444z]", "5z"  # daisuushii + tsuuiisou
        assert len(score(hand, win).yakuman) == 1
        stacked = score(hand, win, rules=RiichiRules(yakuman_stacking=True))
        assert {name for name, _ in stacked.yakuman} == {"daisuushii", "tsuuiisou"}
        assert stacked.points.base == 16000

    def test_ryuuiisou_without_hatsu_by_option(self) -> None:
        hand, win = "234s44s [666s] [888s] [222s]", "4s"
        assert "ryuuiisou" in {name for name, _ in score(hand, win).yakuman}
        strict = score(hand, win, rules=RiichiRules(ryuuiisou_needs_hatsu=True))
        assert "ryuuiisou" not in {name for name, _ in strict.yakuman}

    def test_renhou_options(self) -> None:
        hand, win = "123m456p789s11z234s", "4s"
        mangan = score(hand, win, seat="S", flags=("renhou",), rules=RiichiRules(renhou="mangan"))
        assert "renhou" in yaku_ids(mangan) and mangan.points.limit == "mangan"
        with pytest.raises(Refusal) as refused:
            score(hand, win, seat="S", flags=("renhou",), rules=RiichiRules(renhou="none"))
        assert refused.value.reason == "no_yaku"


class TestOptions:
    def test_open_tanyao_off(self) -> None:
        with pytest.raises(Refusal) as refused:
            score("234m456p678s55p [234s]", "5p", rules=RiichiRules(open_tanyao=False))
        assert refused.value.reason == "no_yaku"

    def test_double_wind_pair_fu(self) -> None:
        hand = "234m111p567p444s11z"
        four = score(hand, "1z", seat="E", round_="E", flags=("riichi",))
        two = score(hand, "1z", seat="E", round_="E", flags=("riichi",), rules=RiichiRules(double_wind_pair_fu=2))
        assert four.fu.raw - two.fu.raw == 2
        assert two.rules.differences() == {"double_wind_pair_fu": 2}

    def test_unknown_option_is_refused(self) -> None:
        """The engine names the option by a code; the command line words it from the catalogue."""
        with pytest.raises(OptionProblem) as unknown:
            RiichiRules.from_options({"akadora": True})
        assert (unknown.value.code, unknown.value.values["name"]) == ("unknown", "'akadora'")
        assert problem_text(unknown.value).startswith("unknown riichi option 'akadora'; expected one of open_tanyao")
        with pytest.raises(OptionProblem) as not_bool:
            RiichiRules.from_options({"kiriage": "yes"})
        assert problem_text(not_bool.value) == "option 'kiriage' is true or false, not 'yes'"


class TestRefusals:
    @pytest.mark.parametrize(
        ("hand", "win", "kwargs", "reason"),
        [
            ("123m456p789s11z [234s]", "1z", {}, "no_yaku"),
            ("123m456p789s11z [234s]", "1z", {"dora": "9s"}, "no_yaku"),
            ("123m456p789s12z234s", "4s", {"flags": ("riichi",)}, "not_complete"),
            ("123m456p789s11z234s", "5s", {"flags": ("riichi",)}, "win_tile_missing"),
            ("123m456p789s11z [234s]", "1z", {"flags": ("riichi",)}, "flags"),
            ("123m456p789s11z234s", "4s", {"flags": ("ippatsu",)}, "flags"),
            ("123m456p789s11z234s", "4s", {"flags": ("haitei",)}, "flags"),
            ("123m456p789s11z234s", "4s", {"tsumo": True, "flags": ("rinshan",)}, "flags"),
            ("123m456p789s11z234s", "4s", {"tsumo": True, "seat": "S", "flags": ("tenhou",)}, "flags"),
            ("123m456p789s11z234s", "4s", {"seat": "E", "flags": ("renhou",)}, "flags"),
        ],
    )
    def test_refused_with_reason(self, hand: str, win: str, kwargs: dict, reason: str) -> None:
        with pytest.raises(Refusal) as refused:
            score(hand, win, **kwargs)
        assert refused.value.reason == reason

    @pytest.mark.parametrize(
        ("hand", "kwargs", "message"),
        [
            (
                "123m456p789s11z [222s]",
                {"flags": ("double_riichi",)},
                "double_riichi needs a closed hand, and this hand has called [222s]",
            ),
            (
                "123m456p789s11z (2222s)",
                {"tsumo": True, "seat": "E", "flags": ("tenhou",)},
                "tenhou is won on the first turn, before any call, kan, riichi or last tile,"
                " but the hand has declared (2222s)",
            ),
            (
                "123m456p789s11z (2222s)",
                {"tsumo": True, "seat": "E", "flags": ("tenhou", "rinshan")},
                "tenhou is won on the first turn, before any call, kan, riichi or last tile,"
                " but the hand has declared (2222s) and rinshan was given too",
            ),
            (
                "123m456p789s11z222s",
                {"tsumo": True, "flags": ("rinshan",)},
                "rinshan is a tsumo on the replacement tile of a kan: this hand has no kan",
            ),
            (
                "123m456p789s11z222s",
                {"flags": ("rinshan",)},
                "rinshan is a tsumo on the replacement tile of a kan: not a ron, and this hand has no kan",
            ),
        ],
    )
    def test_refusal_names_what_was_given(self, hand: str, kwargs: dict, message: str) -> None:
        with pytest.raises(Refusal) as refused:
            score(hand, "1z", **kwargs)
        said = render_value(refusal_message(refused.value), "en")
        assert said == message
        assert said.count("tenhou") <= 1 and said.count("chiihou") == 0 and said.count("renhou") == 0


class TestReadingTies:
    """Readings equal in points take the higher fu before rounding, then a
    fixed order: the fu lines shown never depend on search order."""

    def test_equal_points_take_the_higher_raw_fu(self) -> None:
        # 111s 234s 567s 77s (closed terminal triplet 8) or 11s 123s 456s 777s
        # (closed simple triplet 4): both 1 han 30 fu; the reference shows 30.
        result = score("234m11123456777s", "4s", tsumo=True)
        assert (result.han, result.fu.fu, result.fu.raw) == (1, 30, 30)
        assert ("closed_terminal_triplet", 8, "111s") in [(line.item, line.fu, line.tiles) for line in result.fu.lines]

    def test_fu_lines_do_not_depend_on_search_order(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Every hand with several readings is scored again with its readings
        found in reverse order and with its melds written in reverse order."""
        rng = random.Random(19)
        compared = 0
        while compared < 300:
            hand = random_winning_hand(rng)
            context = random_context(rng, hand)
            try:
                first = score_riichi(hand, context)
            except Refusal:
                continue
            if first.readings_considered < 2:
                continue
            compared += 1
            with monkeypatch.context() as patched:
                patched.setattr(reading, "decompositions", lambda *args: list(reversed(decompositions(*args))))
                again = score_riichi(hand, context)
            melds_reversed = score_riichi(Hand(hand.concealed, hand.melds[::-1]), context)
            for other in (again, melds_reversed):
                assert (other.fu.raw, other.fu.fu, other.points.total) == (
                    first.fu.raw,
                    first.fu.fu,
                    first.points.total,
                )
                assert sorted(other.fu.lines) == sorted(first.fu.lines), format_hand(hand)
            assert again.fu.lines == first.fu.lines
