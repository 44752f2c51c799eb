"""#28 friction, settings: the rule options drills use, shown and changed in
the settings screen, kept per learner, and followed by the next drill."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from tests.helpers import make_app, wait_for
from tutor.engine.mcr.rules import McrRules
from tutor.engine.riichi.rules import RiichiRules
from tutor.locale import text
from tutor.quiz.drill_rules import MCR_DRILL_OPTIONS, RIICHI_DRILL_OPTIONS, SETTING, DrillRules
from tutor.quiz.kinds import generate
from tutor.quiz.store import Store
from tutor.service.score import evaluate, score_as_json
from tutor.ui.app import TutorApp
from tutor.ui.drill_words import prompt_text
from tutor.ui.rule_words import option_text
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.info import SettingsScreen


def test_a_stored_setting_is_read_by_the_engines_parsers_and_what_they_refuse_is_left_at_its_default() -> None:
    rules = DrillRules(RiichiRules(open_tanyao=False, kazoe="sanbaiman"), McrRules(exhausted_tile_is_wait=True))
    assert DrillRules.from_setting(rules.to_setting()) == rules
    stored = {"riichi": {"open_tanyao": False, "kazoe": "many", "kiriage": "yes", "nonsense": 1}, "mcr": [1]}
    assert DrillRules.from_setting(json.dumps(stored)) == DrillRules(RiichiRules(open_tanyao=False))
    for damaged in ("{", "[]", "null", "", None, '{"riichi": {"double_wind_pair_fu": 3}}'):
        assert DrillRules.from_setting(damaged) == DrillRules()


def test_every_option_offered_moves_through_its_values_and_back() -> None:
    for name in (*RIICHI_DRILL_OPTIONS, *MCR_DRILL_OPTIONS):
        rules = DrillRules()
        seen = [rules.value(name)]
        rules = rules.next_value(name)
        while rules.value(name) != seen[0]:
            seen.append(rules.value(name))
            rules = rules.next_value(name)
        assert len(seen) == 2, name


@pytest.mark.parametrize(
    ("kind", "rules"),
    [
        ("points-steps", DrillRules(RiichiRules(open_tanyao=False, kiriage=True))),
        ("yaku", DrillRules(RiichiRules(open_tanyao=False))),
        ("fu-steps", DrillRules(RiichiRules(double_wind_pair_fu=2))),
        ("riichi-points", DrillRules(RiichiRules(kiriage=True, kazoe="sanbaiman"))),
        ("yakuman", DrillRules(RiichiRules(yakuman_stacking=True, double_yakuman=True))),
        ("mcr-fans", DrillRules(mcr=McrRules(concealed_and_melded_kong=True))),
        ("mcr-steps", DrillRules(mcr=McrRules(knitted_straight_wait_fans=False))),
    ],
)
def test_questions_carry_their_options_and_agree_with_tutor_score_under_them(kind: str, rules: DrillRules) -> None:
    for seed in range(12):
        question = generate(kind, seed, 3, rules=rules)
        differences = rules.mcr.differences() if question.rules == "mcr" else rules.riichi.differences()
        assert question.request["options"] == differences
        if "hand" in question.request and kind in ("points-steps", "mcr-fans"):
            scored = score_as_json(evaluate(question.request))
            if kind == "points-steps":
                assert question.answer["points"] == scored["points"] and question.answer["han"] == scored["han"]
            else:
                assert question.answer["total"] == scored["total"]
    # Under the defaults a request names no options, and the sheet of a seed is as it was.
    assert "options" not in generate(kind, 1, 3).request


def test_open_tanyao_off_deals_no_open_tanyao_and_kiriage_makes_4_han_30_fu_mangan() -> None:
    rules = DrillRules(RiichiRules(open_tanyao=False, kiriage=True))
    for seed in range(120):
        question = generate("yaku", seed, 2, rules=rules)
        if "[" in question.request["hand"]:
            assert "tanyao:1" not in question.answer["yaku"]
    default = [generate("yaku", seed, 2) for seed in range(120)]
    # The defaults do deal open tanyao with these seeds.
    assert any("tanyao:1" in question.answer["yaku"] and "[" in question.request["hand"] for question in default)
    for seed in range(200):
        question = generate("riichi-points", seed, 1, rules=rules)
        if question.request["han"] == 4 and question.request["fu"] == 30:
            assert question.answer["limit"] == "mangan"
            break
    else:
        raise AssertionError("no 4 han 30 fu question in 200 seeds")


def rows(screen: SettingsScreen) -> list[str]:
    options = screen.query_one("#rule-options", OptionList)
    return [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_an_option_changed_in_settings_is_kept_and_the_next_drill_follows_it(
    tmp_path: Path, language: str
) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        on = text(language, "rules_short.riichi") + ": " + option_text("open_tanyao", True, language)
        assert rows(screen)[0] == on
        assert len(rows(screen)) == len(RIICHI_DRILL_OPTIONS) + len(MCR_DRILL_OPTIONS)
        await pilot.press("enter")
        off = text(language, "rules_short.riichi") + ": " + option_text("open_tanyao", False, language)
        await wait_for(pilot, lambda: rows(screen)[0] == off, "the row turned off")
        # Down to kiriage, on too.
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: app.drill_rules().riichi.kiriage, "kiriage on")
        await pilot.press("escape")
        app.start_drills(("points-steps", "yaku"))
        await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), "the drill")
        drill = app.screen
        assert isinstance(drill, DrillScreen)
        for question in drill.questions:
            assert question.request["options"] == {"open_tanyao": False, "kiriage": True}
        # The question says which rules it is asked under.
        await wait_for(pilot, lambda: drill.query("#prompt"), "the prompt")
        shown = str(drill.query_one("#prompt", Static).render())
        assert option_text("open_tanyao", False, language) in shown
        assert prompt_text(drill.question, language) == shown
    # Kept for this learner: the next start reads it back.
    store = Store.open(tmp_path / "progress.sqlite3")
    assert DrillRules.from_setting(store.setting(SETTING)).riichi == RiichiRules(open_tanyao=False, kiriage=True)
    again = TutorApp(language=language, store=store)
    assert again.drill_rules().riichi == RiichiRules(open_tanyao=False, kiriage=True)


async def test_a_damaged_stored_value_opens_settings_and_drills_at_the_defaults(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "progress.sqlite3")
    store.set_setting(SETTING, '{"riichi": {"open_tanyao": "perhaps"}')
    app = TutorApp(language="en", store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SettingsScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings")
        assert app.drill_rules() == DrillRules()
        app.start_drills(("fu",))
        await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen) and app.screen.query("#prompt"), "the drill")
        assert "options" not in app.screen.question.request  # type: ignore[attr-defined]
