"""The workbench without its screen: reading a typed hand, scoring it the way
`tutor score` does, the words of its panels, and its settings."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crosscheck.random_wins import random_winning_hand
from tutor.engine.hand import MeldKind
from tutor.engine.notation import NOTATION_CODES, parse_hand, parse_tile
from tutor.engine.request_json import read_request
from tutor.engine.rules import Rules
from tutor.locale import LANGUAGES, render, text
from tutor.locale.catalogue import sentences
from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.faces import columns, set_faces
from tutor.quiz.kinds import KINDS, generate
from tutor.quiz.names import FU_ITEMS
from tutor.service.score import score_as_json, score_json
from tutor.workbench.analysis import analyse, last_concealed_tile, settings_request, typed_from, typed_notation
from tutor.workbench.opening import question_opening
from tutor.workbench.panels import panels, problem_text
from tutor.workbench.picking import Picked, picked_from
from tutor.workbench.settings import Settings, settings_from_setup

TENHOU_EXAMPLE = "23m456s55s4m [777p] [777z]"


def test_the_last_concealed_tile_written_is_the_winning_tile() -> None:
    assert last_concealed_tile(TENHOU_EXAMPLE) == parse_tile("4m")
    assert last_concealed_tile("(1111m) 23m456s55s4m [777z]") == parse_tile("4m")
    assert last_concealed_tile("123m456p789s2z11z [222s]") == parse_tile("1z")


def test_scores_are_those_of_tutor_score_for_the_same_request() -> None:
    settings = Settings(tsumo=True, seat="S", riichi_flags=(), dora="3m")
    analysis = analyse(TENHOU_EXAMPLE, settings)
    assert analysis.riichi is not None and analysis.mcr is not None
    riichi = score_json(
        {"hand": "234m456s55s [777p] [777z]", "win": "4m", "tsumo": True, "seat": "S", "round": "E", "dora": "3m"}
    )
    mcr = score_json({"hand": "234m456s55s [777p] [777z]", "win": "4m", "tsumo": True, "seat": "S", "rules": "mcr"})
    assert analysis.riichi.score is not None and analysis.mcr.score is not None
    ours_riichi = score_as_json(analysis.riichi.score)
    ours_mcr = score_as_json(analysis.mcr.score)
    assert (ours_riichi["fu"], ours_riichi["fu_items"], ours_riichi["yaku"]) == (
        riichi["fu"],
        riichi["fu_items"],
        riichi["yaku"],
    )
    assert ours_riichi["dora"] == riichi["dora"] == 1
    assert (ours_mcr["fans"], ours_mcr["total"]) == (mcr["fans"], mcr["total"])


def test_a_hand_without_yaku_says_why_it_cannot_win() -> None:
    analysis = analyse("123m456p789s2345s5s")
    assert analysis.riichi is not None and analysis.riichi.refusal == "no_yaku"
    assert "no yaku" in panels(analysis, "en").riichi[0]
    assert "역이 없다" in panels(analysis, "ko").riichi[0]


def test_an_mcr_hand_under_eight_points_names_the_minimum() -> None:
    words = panels(analyse(TENHOU_EXAMPLE), "en").mcr
    assert any("cannot be declared" in line and "minimum of 8" in line for line in words)
    assert any("included in 箭刻" in line for line in words)  # 幺九刻 left out by non-repeat


def test_an_mcr_hand_under_eight_points_shows_no_payment() -> None:
    """#28.6: a win that cannot be declared pays nothing, so no payment is
    shown under "the win cannot be declared"; one of 8 or more still shows it."""
    for language in LANGUAGES:
        payment = {
            text(language, key, total=0, discarder=0, each=0).split(" ")[0]
            for key in ("workbench.pay_mcr_ron", "workbench.pay_mcr_tsumo")
        }
        short = panels(analyse("123m456p678s234s55m"), language).mcr
        assert not [line for line in short if line.split(" ")[0] in payment], short
        enough = panels(analyse("123m456p789s234s55m"), language).mcr
        assert [line for line in enough if line.split(" ")[0] in payment], enough


def test_panels_show_tiles_by_their_faces_with_the_fu_names_lined_up() -> None:
    """A kan's four faces are wider than a pair's two: the fu names still
    start in one column, and no line falls back to notation."""
    analysis = analyse("(1111m) 23m456s55s4m [7777z]")
    for language in LANGUAGES:
        words = panels(analysis, language)
        lines = [words.summary, *words.riichi, *words.mcr, *(line for shape in words.shape.values() for line in shape)]
        assert not [line for line in lines if re.search(r"(?<![A-Za-z0-9])[0-9]+[mpsz](?![A-Za-z0-9])", line)]
        score = analysis.riichi.score  # type: ignore[union-attr]
        fu_lines = words.riichi[1 : 1 + len(score.fu.lines)]  # under the heading, one per fu line
        assert any(set_faces("(1111m)") in line for line in fu_lines)
        assert any(set_faces("[7777z]") in line for line in fu_lines)
        items = [render(FU_ITEMS.name(line.item), language) for line in score.fu.lines]
        starts = {columns(line[: line.rindex(item)]) for line, item in zip(fu_lines, items, strict=True)}
        assert len(starts) == 1
    # Seven pairs count the whole hand, wider than any set: its faces follow the name.
    seven = panels(analyse("1122m3344p5566s7z7z"), "en").riichi[1]
    assert seven.index("seven pairs") < seven.index(set_faces("1122m"))


def test_thirteen_tiles_show_waits_and_no_scores() -> None:
    analysis = analyse("123m456p789s1122z")
    assert analysis.riichi is None and analysis.mcr is None
    words = panels(analysis, "en")
    shape = next(iter(words.shape.values()))
    assert shape[0] == "Tenpai, waiting on 2 tiles:"
    assert [line.split()[0] for line in shape[1:]] == ["東", "南"]


def test_a_waits_kinds_are_joined_as_the_language_joins_a_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sentences("en"), "list.join", " ~ ")
    shape = next(iter(panels(analyse("1112345678999m"), "en").shape.values()))
    assert any(" ~ " in line for line in shape[1:])


def test_only_discards_that_leave_waits_are_listed_as_keeping_tenpai() -> None:
    """The analysis lists every discard for the efficiency table; the shape
    panel names only those that leave the hand waiting."""
    analysis = analyse("1245m368p12779s1z5p")  # 3-shanten: no discard keeps it tenpai
    assert analysis.shapes is not None
    for rules in analysis.shapes:
        assert panels(analysis, "en").shape[rules][1:] == ["No discard leaves it tenpai."]
    tenpai = panels(analyse("123m456p789s1122z3z"), "en").shape
    for lines in tenpai.values():
        listed = lines[lines.index("Discards that keep it tenpai:") + 1]
        assert [item.split(" → ")[0].strip() for item in listed.split(";")] == ["西"]


def test_a_malformed_hand_is_a_problem_with_its_column_not_an_exception() -> None:
    analysis = analyse("123m45p#6p")
    assert analysis.hand is None and analysis.problem is not None
    assert (analysis.problem.code, analysis.problem.column) == ("character", 8)
    assert problem_text(analysis.problem, "en").startswith("At column 8:")
    assert problem_text(analysis.problem, "ko").startswith("8번째 칸:")


def test_a_partial_hand_is_counted_not_refused() -> None:
    analysis = analyse("123m45")
    assert analysis.problem is not None and analysis.problem.code == "no_suit"
    analysis = analyse("123m456p")
    assert analysis.problem is None and analysis.tile_count == 6
    assert panels(analysis, "en").summary.startswith("6 tiles:")


def test_every_problem_code_has_a_sentence_in_every_language() -> None:
    for language in LANGUAGES:
        for code in NOTATION_CODES:
            assert text(language, f"workbench.error.{code}", fragment="5x", count=2), code


@given(st.text(alphabet="0123456789mpszf[]() x", max_size=40))
def test_anything_typed_is_analysed_without_raising(source: str) -> None:
    analysis = analyse(source)
    for language in LANGUAGES:
        words = panels(analysis, language)
        assert words.summary
        if analysis.problem is not None:
            assert analysis.problem.code in NOTATION_CODES
            assert not words.summary.startswith("workbench.")


def test_settings_carry_over_from_a_lesson_block() -> None:
    settings = settings_from_setup(
        {
            "win": "4m tsumo",
            "seat": "S",
            "round": "S",
            "flags": "riichi ippatsu",
            "dora": "3m",
            "options": "open_tanyao=false double_wind_pair_fu=2 exhausted_tile_is_wait=true",
        }
    )
    assert settings.tsumo and (settings.seat, settings.round) == ("S", "S")
    assert settings.riichi_flags == ("riichi", "ippatsu") and settings.mcr_flags == ()
    assert settings.option("open_tanyao") is False and settings.option("double_wind_pair_fu") == 2
    assert settings.option("exhausted_tile_is_wait") is True
    assert settings.with_option("open_tanyao", True).riichi_options == (("double_wind_pair_fu", 2),)
    assert settings.toggled_flag("riichi").riichi_flags == ("ippatsu",)
    assert settings.toggled_flag("kong").mcr_flags == ("kong",)


def test_picking_refuses_a_fifth_copy_a_fifteenth_tile_and_a_wrong_meld() -> None:
    one = parse_tile("1m")
    picked = Picked()
    for _ in range(5):
        picked = picked.pick(one)
    assert picked.concealed == (one,) * 4
    assert picked.make_meld((0, 1, 2), MeldKind.CHI) == picked  # 111m is no chi
    kan = picked.make_meld((0, 1, 2, 3), MeldKind.CLOSED_KAN)
    assert kan.notation() == "(1111m)" and kan.tile_count == 3
    for name in ["2m", "3m", "4m", "5p", "5p", "5p", "6s", "7s", "8s", "9s", "9s", "9s"]:
        kan = kan.pick(parse_tile(name))
    assert kan.tile_count == 14 and kan.pick(parse_tile("1z")) == kan


def test_a_picked_hand_is_written_as_typing_writes_it() -> None:

    rng = random.Random(16)
    for _ in range(200):
        hand = random_winning_hand(rng)
        win = rng.choice(hand.concealed)
        typed = typed_notation(hand, win)
        assert picked_from(hand, win).notation() == typed
        assert analyse(typed).win == win


def test_a_refused_situation_is_named_with_its_reason() -> None:
    """#25.1/#28.13: riichi on an open hand says that riichi needs a closed
    hand, not that "the situations chosen do not fit this win"."""
    analysis = analyse(TENHOU_EXAMPLE, Settings(riichi_flags=("riichi",)))
    assert analysis.riichi is not None and analysis.riichi.refusal == "flags"
    english = "\n".join(panels(analysis, "en").riichi)
    korean = "\n".join(panels(analysis, "ko").riichi)
    assert "riichi: riichi needs a closed hand, and this hand has called [777p] [777z]." in english
    assert "do not fit" not in english
    assert "리치: 리치는 멘젠이어야 하는데, 이 손은 [777p] [777z]을 울었다." in korean


def test_each_rule_family_says_ready_in_its_own_words() -> None:
    """#28.12: MCR says 팅파이 (ready) as lesson m01 teaches; riichi 텐파이."""
    from tutor.engine.rules import Rules

    analysis = analyse("123m456p789s11z22z")
    words = panels(analysis, "ko").shape
    assert words[Rules.MCR][0].startswith("팅파이") and words[Rules.RIICHI][0].startswith("텐파이")
    english = panels(analysis, "en").shape
    assert english[Rules.MCR][0].startswith("Ready") and english[Rules.RIICHI][0].startswith("Tenpai")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_drill_question_opens_in_the_workbench_as_the_request_it_was_scored_from(kind: str) -> None:
    """The drill's `w` (#25): the workbench scores the very request of the
    question, its flags, options, flowers and indicators included; a question
    about a hand that was not won opens that hand alone."""
    changed = DrillRules().next_value("open_tanyao").next_value("double_wind_pair_fu").next_value("kiriage")
    changed = changed.next_value("concealed_and_melded_kong").next_value("nine_gates_terminal_pung")
    for seed, rules in ((seed, rules) for seed in range(3) for rules in (DrillRules(), changed)):
        request = generate(kind, seed, 3, rules=rules).request
        opening = question_opening(request)
        if "hand" not in request:
            assert opening is None
            continue
        assert opening is not None
        if "win" not in request:
            assert opening.source == typed_from(request["hand"], None) and opening.settings == Settings()
            continue
        scored = read_request(request)
        hand = parse_hand(opening.source, sizes=None)
        again = settings_request(
            hand, last_concealed_tile(opening.source) or scored.win, opening.settings, opening.rules
        )
        assert again == replace(scored, flowers=len(hand.flowers) if scored.rules is Rules.MCR else 0), request
