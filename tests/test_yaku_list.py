"""The points-steps yaku list (#28, friction: answering with tiles): grouped
by han and filtered by typing, in either language and in romaji, with no
key lost or taken by the app however fast the keys come."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.events import Key
from textual.pilot import Pilot

from tests.drill_helpers import POINTS_PLAN, open_drill
from tests.helpers import make_app, settled, wait_for
from tutor.locale import text
from tutor.quiz.kinds.points_steps import CHOICES, HAN_OF
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.widgets.points_steps_answer import PointsStepsAnswer
from tutor.ui.widgets.yaku_list import HEADER, YakuList


def shown(yaku: YakuList) -> list[str]:
    """The rows as drawn, in order: a header's words, an entry's value."""
    rows = []
    for index in range(yaku.option_count):
        option = yaku.get_option_at_index(index)
        rows.append(str(option.prompt) if str(option.value).startswith(HEADER) else str(option.value))
    return rows


def burst(pilot: Pilot[Any], typed: str) -> None:
    """Keys arriving together, as tmux delivers a paste or a fast typist's keys."""
    names = {" ": "space", "\t": "tab", "\r": "enter", "\x7f": "backspace"}
    for character in typed:
        pilot.app.post_message(Key(names.get(character, character), None if character == "\x7f" else character))


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_list_is_grouped_by_han_with_headers_the_cursor_skips(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, POINTS_PLAN)
        yaku = screen.query_one(YakuList)
        rows = shown(yaku)
        headers = [row for row in rows if row not in CHOICES]
        hans = sorted({int(choice.split(":")[1]) for choice in CHOICES})
        assert headers == [text(language, "points_steps.group", han=han) for han in hans]
        # Every entry sits under the header of its own han.
        group = 0
        for row in rows:
            if row in headers:
                group = hans[headers.index(row)]
            else:
                assert int(row.split(":")[1]) == group
        assert sorted(row for row in rows if row in CHOICES) == sorted(CHOICES)
        # The open and closed han of one yaku sit in different groups.
        closed, opened = HAN_OF["honitsu"]
        assert {f"honitsu:{closed}", f"honitsu:{opened}"} <= set(rows)
        assert app.focused is yaku
        for _ in range(len(rows)):
            await pilot.press("down")
            assert yaku.highlighted is not None and not yaku.get_option_at_index(yaku.highlighted).disabled


@pytest.mark.parametrize(
    ("language", "typed", "found"),
    [
        ("en", "tanyao", ["tanyao:1"]),  # t, the theme key elsewhere
        ("en", "double", ["double_riichi:2"]),  # l, the language key elsewhere
        ("en", "탕야", ["tanyao:1"]),  # the other language's name
        ("ko", "탕야", ["tanyao:1"]),
        ("ko", "sanshoku_doukou", ["sanshoku_doukou:2"]),  # the romaji id in the Korean app
        ("ko", "sanshokudoujun", ["sanshoku_doujun:1", "sanshoku_doujun:2"]),
        ("en", "honi", ["honitsu:2", "honitsu:3"]),
    ],
)
async def test_typing_filters_in_either_language_and_romaji(
    tmp_path: Path, language: str, typed: str, found: list[str]
) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, POINTS_PLAN)
        theme = app.theme
        yaku = screen.query_one(YakuList)
        burst(pilot, typed)
        await wait_for(pilot, lambda: yaku.typed == typed, "the filter")
        await settled(pilot)
        assert [row for row in shown(yaku) if row in CHOICES] == found
        # No letter was taken as the app's key: same theme, language, screen.
        assert app.theme == theme and app.language == language and app.screen is screen
        assert text(language, "points_steps.yaku_filter", typed=typed) == str(yaku.border_title)


async def test_a_fast_answer_ticks_the_filtered_yaku_and_types_the_numbers(tmp_path: Path) -> None:
    """ "pinfu", space, "\x7f\x7f\x7f\x7f\x7f" (back to all), "tsumo", space,
    enter, "2": all arriving together, the ticks land on pinfu and menzen
    tsumo and the 2 in the dora field."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, POINTS_PLAN)
        burst(pilot, "pinfu \x7f\x7f\x7f\x7f\x7fmenzen \r2")
        await wait_for(pilot, lambda: screen.query_one("#dora").value == "2", "the dora typed")  # type: ignore[attr-defined]
        answer = screen.query_one(PointsStepsAnswer)
        assert answer.ticked() == ["menzen_tsumo:1", "pinfu:1"]
        assert screen.query_one(YakuList).typed == "menzen"


@pytest.mark.parametrize(("language", "typed"), [("en", "hatsu riichi "), ("ko", "역패발 리치 ")])
async def test_after_a_tick_the_next_letter_starts_a_new_search(tmp_path: Path, language: str, typed: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, POINTS_PLAN)
        burst(pilot, typed)
        yaku = screen.query_one(YakuList)
        await wait_for(pilot, lambda: len(yaku.ticked_values()) == 2, "two ticks")
        assert yaku.ticked_values() == ["riichi:1", "yakuhai_hatsu:1"]
        assert yaku.typed == typed.split()[-1]


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_ticks_stay_filtered_out_and_the_filter_stays_across_a_language_switch(
    tmp_path: Path, language: str
) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, POINTS_PLAN)
        await pilot.press("r", "i", "i", "c", "h", "i", "space")
        yaku = screen.query_one(YakuList)
        assert yaku.ticked_values() == ["riichi:1", "double_riichi:2"][:1]
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace", "backspace")
        await pilot.press("c", "h", "i", "n", "i")
        await settled(pilot)
        assert "riichi:1" not in shown(yaku)
        assert screen.query_one(PointsStepsAnswer).ticked() == ["riichi:1"]
        # escape clears the filter first, and leaves the drill only then.
        await pilot.press("escape")
        await settled(pilot)
        assert yaku.typed == "" and app.screen is screen
        await pilot.press("c", "h", "i", "n", "i", "tab", "l")
        await settled(pilot)
        other = "ko" if language == "en" else "en"
        assert app.language == other
        redrawn = app.screen.query_one(YakuList)
        assert redrawn.typed == "chini" and redrawn.language == other
        assert app.screen.query_one(PointsStepsAnswer).ticked() == ["riichi:1"]
        assert [row for row in shown(redrawn) if row in CHOICES] == ["chinitsu:5", "chinitsu:6"]


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_l_switches_the_language_from_the_list_with_nothing_typed_and_types_within_a_word(
    tmp_path: Path, language: str
) -> None:
    other = "ko" if language == "en" else "en"
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, POINTS_PLAN)
        await pilot.press("d", "o", "u", "b", "l")
        await settled(pilot)
        assert app.language == language and app.screen.query_one(YakuList).typed == "doubl"
        await pilot.press("escape", "l")
        await wait_for(pilot, lambda: app.language == other, "the language switched")
        assert app.screen is screen and screen.query_one(YakuList).typed == ""


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_nothing_found_says_so_and_space_ticks_nothing(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, POINTS_PLAN)
        await pilot.press("x", "y", "z", "space")
        await settled(pilot)
        yaku = screen.query_one(YakuList)
        assert shown(yaku) == [text(language, "points_steps.no_match", typed="xyz")]
        assert yaku.ticked_values() == [] and isinstance(app.screen, DrillScreen)
