"""The workbench on screen: what it shows agrees with `tutor score`, lesson
and drill hands arrive with their settings, problems are shown in place, and
undo, save and the language switch keep the hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static, TabbedContent

from tests.helpers import make_app, search_palette, type_at_once, wait_for
from tutor.engine.notation import parse_tile
from tutor.engine.rules import Rules
from tutor.lessons.blocks import evaluate, normalise
from tutor.lessons.parse import parse_lesson
from tutor.locale import text
from tutor.quiz.faces import faces_in_text
from tutor.quiz.plan import DrillPlan
from tutor.service.analyze import analysis_json, analysis_text, analyze_request
from tutor.service.score import score_json
from tutor.ui.app import TutorApp
from tutor.ui.rule_words import option_text
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.workbench import WorkbenchScreen
from tutor.ui.tile_art import chip
from tutor.ui.widgets.efficiency_view import EfficiencyView
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.tile_picker import HAND_ROW, ROWS, TilePicker
from tutor.workbench.block import SAVED_FILE
from tutor.workbench.panels import DISCARDS_SHOWN

OTHER_HAND = "123p456p789p11z234s"
HAND = "23m456s55s4m [777p] [777z]"
REQUEST = {"hand": "234m456s55s [777p] [777z]", "win": "4m", "tsumo": False, "seat": "E", "round": "E"}


def shown(app: TutorApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def type_hand(pilot: Any, hand: str) -> None:
    """The workbench opened from home and a hand typed into it at full speed."""
    await pilot.press("w")
    await pilot.pause()
    notation = pilot.app.screen.query_one("#notation", Input)
    await type_at_once(pilot, hand, lambda: notation.value == hand, f"the workbench to hold {hand!r}")
    await pilot.pause()


@pytest.mark.parametrize("width", [80, 120])
async def test_typed_hand_shows_the_fu_and_fans_of_tutor_score(tmp_path: Path, width: int) -> None:
    riichi = score_json(REQUEST)
    mcr = score_json({**REQUEST, "rules": "mcr"})
    app = make_app(tmp_path)
    async with app.run_test(size=(width, 40)) as pilot:
        await type_hand(pilot, HAND)
        assert isinstance(app.screen, WorkbenchScreen)
        assert app.screen.query_one("#notation", Input).value == HAND
        score = shown(app, "#score-riichi")
        lines = score.splitlines()
        for item in riichi["fu_items"]:
            # The JSON's tiles in notation, the panel's by their faces.
            tiles = faces_in_text(item["tiles"])
            assert any(line.split()[0] == str(item["fu"]) and tiles in line for line in lines[1:]), item
        assert f"Fu: {riichi['fu_raw']}, rounded up to {riichi['fu']}" in score
        assert f"Total: {riichi['han']} han {riichi['fu']} fu" in score
        assert f"Points: {riichi['points']['total']} " in score
        fans = shown(app, "#score-mcr")
        for fan in mcr["fans"]:
            assert f"{fan['zh']} {fan['en']}" in fans
        assert f"Total: {mcr['total']} points" in fans
        assert "cannot be declared" in fans  # 2 points: under the 8-point minimum
        side_by_side = not app.screen.query(TabbedContent)
        assert side_by_side == (width >= 120)


async def test_a_malformed_hand_shows_its_problem_in_place_and_keeps_the_rest(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_hand(pilot, HAND)
        tiles = app.screen.query_one("#tiles", TilesView).groups
        score = shown(app, "#score-riichi")
        await pilot.press("9", "z")
        await pilot.pause()
        assert app.screen.query_one("#notation", Input).value == HAND + "9z"
        assert shown(app, "#summary").startswith("At column 27: 9z is not a tile")
        assert app.screen.query_one("#summary").has_class("problem")
        assert app.screen.query_one("#tiles", TilesView).groups == tiles
        assert shown(app, "#score-riichi") == score


async def test_a_lesson_hand_block_opens_with_its_settings(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_lesson("m05-win-and-wait")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        view = next(hand for hand in app.screen.hands if "flags" in hand.block.setup)
        app.screen.document.select(view)
        await pilot.press("w")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WorkbenchScreen)
        setup = view.block.setup
        win, how = setup["win"].split()
        assert screen.settings.tsumo == (how == "tsumo")
        assert screen.settings.mcr_flags == tuple(setup["flags"].split())
        assert screen.first_rules is Rules.MCR
        assert screen.source.split(" ")[0].endswith(win)  # the winning tile written last
        fans = shown(app, "#score-mcr")
        for fan in view.block.expect["fans"].split(","):
            assert fan in fans
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)


async def test_an_answered_drill_question_opens_with_its_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(DrillScreen(DrillPlan(("fu",), length=2, level=1, seed=5)))
        await pilot.pause()
        drill = app.screen
        assert isinstance(drill, DrillScreen)
        await pilot.press("w")  # not before the question is answered
        await pilot.pause()
        assert app.screen is drill
        await pilot.press("ctrl+w")
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, WorkbenchScreen)
        request = drill.question.request
        answer = score_json(request)
        assert f"rounded up to {answer['fu']}" in shown(app, "#score-riichi") or f"Fu: {answer['fu']}" in shown(
            app, "#score-riichi"
        )
        assert app.screen.settings.seat == request["seat"] and app.screen.settings.tsumo == request["tsumo"]


async def test_undo_brings_back_the_hand_before(tmp_path: Path) -> None:
    """#28.14: undo goes back a hand, not a character: after a second hand
    is typed over the first, one ctrl+z brings the first back whole."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_hand(pilot, HAND)
        await pilot.press("backspace", "ctrl+z")
        await pilot.pause()
        field = app.screen.query_one("#notation", Input)
        assert field.value == HAND
        field.value = ""  # cleared, as select-all and delete would
        for char in OTHER_HAND:
            await pilot.press(char)
        await pilot.pause()
        assert field.value == OTHER_HAND
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert field.value == HAND


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_placeholder_is_whole_at_80_columns(tmp_path: Path, language: str) -> None:
    """#28.14: the notation field's prompt was cut at 80 columns."""
    from rich.cells import cell_len

    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        field = app.screen.query_one("#notation", Input)
        assert cell_len(field.placeholder) < field.content_region.width


async def test_picked_tiles_leave_the_cursor_after_them(tmp_path: Path) -> None:
    """#28.14: after picking, typing goes on at the end of the field (the cursor was left at its start)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        picker = app.screen.query_one(TilePicker)
        for name in ["2m", "3m"]:
            await pilot.press(*picker_moves(name, picker.cursor), "enter")
        await pilot.pause()
        field = app.screen.query_one("#notation", Input)
        assert field.value == "23m" and field.cursor_position == len(field.value)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Copied to the clipboard (where the terminal allows it) and added to {path}."),
        ("ko", "클립보드에 복사하고"),
    ],
)
async def test_save_copies_and_writes_hand_blocks_that_pass_the_lesson_check(
    tmp_path: Path, monkeypatch: Any, language: str, said: str
) -> None:
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "data"))
    saved = tmp_path / "data" / SAVED_FILE
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_hand(pilot, HAND)
        await pilot.press("ctrl+s")
        await pilot.pause()
        copied = app.clipboard
        messages = [notification.message for notification in app._notifications]
    body = saved.read_text(encoding="utf-8")
    assert copied.startswith("```hand") and body == copied + "\n"
    # One line in the learner's language, naming both places.
    assert len(messages) == 1 and "\n" not in messages[0] and str(saved) in messages[0]
    assert messages[0].startswith(said.format(path=saved))
    assert body.count("```hand") == 2
    lesson = tmp_path / "lesson.md"
    lesson.write_text("---\nid: x\ntrack: riichi\norder: 1\ntitle: x\nquiz: []\n---\n" + body, encoding="utf-8")
    blocks = parse_lesson(lesson, "en").blocks
    for block in blocks:
        answers = evaluate(block, "riichi").answers
        assert block.expect, "a saved block makes claims"
        for claim, value in block.expect.items():
            assert normalise(claim, answers[claim]) == normalise(claim, value)


async def test_l_redraws_in_the_other_language_keeping_the_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_hand(pilot, HAND)
        await pilot.press("l")
        await pilot.pause()
        assert app.language == "ko"
        assert app.screen.query_one("#notation", Input).value == HAND
        assert "부: 26, 올림하여 30" in shown(app, "#score-riichi")
        assert shown(app, "#summary") == "14장, 4萬 론으로 화료했다."
        await pilot.press("l")  # and back: a second redraw must find its header too
        await pilot.pause()
        assert app.language == "en" and app.screen.title == "Hand workbench"
        assert shown(app, "#summary") == "14 tiles, won on 4萬 by ron."


async def test_l_keeps_the_rule_family_tab_the_learner_chose(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_hand(pilot, HAND)
        await pilot.press("tab", "tab", "right")  # from the field to the tabs, then to MCR
        await pilot.pause()
        assert app.screen.query_one(TabbedContent).active == "tab-mcr"
        await pilot.press("l")
        await pilot.pause()
        assert app.language == "ko"
        assert app.screen.query_one(TabbedContent).active == "tab-mcr"


TYPED = "23m45556s4m [777p] [777z]"
"""HAND as the workbench writes it back: suits in order, the winning tile last."""


def picker_moves(name: str, now: tuple[int, int]) -> list[str]:
    """Keys that move the picker's cursor from `now` to the tile `name`."""
    row = next(number for number, names in enumerate(ROWS) if name in names)
    column = ROWS[row].index(name)
    keys = ["down" if row > now[1] else "up"] * abs(row - now[1])
    return keys + ["right" if column > now[0] else "left"] * abs(column - now[0])


async def test_the_picker_builds_the_notation_typing_gives(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 40)) as pilot:
        await type_hand(pilot, TYPED)
        typed = shown(app, "#score-riichi"), shown(app, "#score-mcr")
        # Emptied in one key (delete to the left, ctrl+u), not one backspace a
        # tile: the workbench analyses the hand after each change.
        await pilot.press("ctrl+u", "f3")
        await pilot.pause()
        picker = app.screen.query_one(TilePicker)
        assert picker.has_focus and app.screen.query_one("#notation", Input).value == ""
        for name in ["2m", "3m", "4s", "5s", "5s", "5s", "6s", "7p", "7p", "7p", "7z", "7z", "7z", "4m"]:
            await pilot.press(*picker_moves(name, picker.cursor), "enter")
        # The hand row: select the three 7p (picked 8th to 10th), make a pon, then the three 7z.
        await pilot.press(*["down"] * HAND_ROW)
        for _ in range(2):
            await pilot.press(*["left"] * 14)
            await pilot.press(*["right"] * 7, "space", "right", "space", "right", "space", "p")
        await pilot.pause()
        assert app.screen.query_one("#notation", Input).value == TYPED
        assert (shown(app, "#score-riichi"), shown(app, "#score-mcr")) == typed


async def test_picker_removes_marks_the_winning_tile_and_makes_a_concealed_kan_by_mouse(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 40)) as pilot:
        await type_hand(pilot, "1111m23m789p456s55s4m")
        await pilot.press("f3")
        await pilot.pause()
        picker = app.screen.query_one(TilePicker)
        cells = picker.hand_cells()
        for index in range(4):  # the four 1m, clicked on the hand row
            await pilot.click(TilePicker, offset=(cells[index].start + 2, HAND_ROW))
        await pilot.click("#button-closed_kan")
        await pilot.pause()
        assert app.screen.query_one("#notation", Input).value == "23m789p45556s4m (1111m)"
        await pilot.click(TilePicker, offset=(picker.hand_cells()[0].start + 2, HAND_ROW))  # select 2m
        await pilot.click("#button-win")
        await pilot.pause()
        assert app.screen.query_one("#notation", Input).value == "34m789p45556s2m (1111m)"
        await pilot.click("#button-remove")
        await pilot.pause()
        assert app.screen.query_one("#notation", Input).value == "34m789p45556s (1111m)"
        await pilot.click(TilePicker, offset=(2, 0))  # 1m from the top row: a fifth copy is refused
        await pilot.click(TilePicker, offset=(1 + 4 + 1, 1))  # 2p
        await pilot.pause()
        assert app.screen.query_one("#notation", Input).value == "34m789p45556s2p (1111m)"


@pytest.mark.parametrize(("language", "words"), [("ko", "계산기"), ("en", "workbench")])
async def test_the_palette_opens_the_workbench(tmp_path: Path, language: str, words: str) -> None:
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await search_palette(pilot, words)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, WorkbenchScreen), "the workbench")
        assert app.screen.title == ("패 계산기" if language == "ko" else "Hand workbench")


def analyze_says(hand: str, rules: Rules) -> tuple[dict[str, Any], str]:
    """`tutor analyze --json` and `tutor analyze` (text) for one hand."""
    analysis = analyze_request({"hand": hand, "rules": rules.value})
    return analysis_json(analysis), analysis_text(analysis)


def faces(names: list[str]) -> list[str]:
    """Tile names from the JSON as the workbench draws them (their faces)."""
    return [chip(parse_tile(name))[0] for name in names]


def efficiency_shown(app: TutorApp, rules: Rules) -> list[str]:
    return app.screen.query_one(f"#efficiency-{rules.value}", EfficiencyView).plain.splitlines()


def figures(line: str) -> list[int]:
    """The shape figures of the shanten sentence: "...By shape: a 3; b 5." -> [3, 5]."""
    return [int(part.split()[-1]) for part in line.split(": ", 1)[1].rstrip(".").split("; ")]


async def test_a_typed_13_tile_hand_shows_the_shanten_and_ukeire_of_tutor_analyze(tmp_path: Path) -> None:
    hand = "147m258p369s1234z"  # MCR counts knitted shapes that riichi does not know
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_hand(pilot, hand)
        for rules in Rules:
            said, said_text = analyze_says(hand, rules)
            shanten, ukeire, tiles = efficiency_shown(app, rules)
            assert shanten.startswith(f"Shanten {said['shanten']}. By shape: ")
            assert figures(shanten) == list(said["shanten_by_shape"].values())
            kinds = len(said["ukeire"]["tiles"])
            assert ukeire.startswith(f"Ukeire: {said['ukeire']['count']} tiles of {kinds} kinds")
            # The text form writes each tile with its unseen copies: "3mx4 6mx4 ... = 16 tiles".
            counted = next(line for line in said_text.splitlines() if line.startswith("Ukeire:"))
            pairs = [item.split("x") for item in counted.split()[1:-3]]
            assert [name for name, _ in pairs] == said["ukeire"]["tiles"]
            assert tiles.split() == [f"{chip(parse_tile(name))[0]}×{count}" for name, count in pairs]


async def test_a_typed_14_tile_hand_lists_the_discards_of_tutor_analyze_best_first(tmp_path: Path) -> None:
    hand = "1245m368p12779s1z5p"
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_hand(pilot, hand)
        for rules in Rules:
            said, _ = analyze_says(hand, rules)
            lines = efficiency_shown(app, rules)
            assert lines[1] == "Discards, best first (shanten after it, ukeire, the tiles):"
            rows = lines[2 : 2 + DISCARDS_SHOWN]
            for row, option in zip(rows, said["discards"], strict=False):
                discard, words, tiles = row.split(maxsplit=1)[0], row.split(":")[0], row.split(":")[1]
                assert discard == faces([option["discard"]])[0]
                assert words.endswith(f"shanten {option['shanten']}, ukeire {option['ukeire']['count']}")
                assert tiles.split() == faces(option["ukeire"]["tiles"])
            hidden = len(said["discards"]) - DISCARDS_SHOWN
            assert len(rows) == DISCARDS_SHOWN and hidden > 0
            assert lines[-1] == f"  … and {hidden} more discard{'' if hidden == 1 else 's'}, ranked lower."


def setting_lines(app: TutorApp) -> list[str]:
    """The settings list's rows as drawn."""
    listed = app.screen.query_one("#settings-list", OptionList)
    return [listed.render_line(y).text.strip() for y in range(listed.size.height)]


@pytest.mark.parametrize(("language", "tsumo"), [("en", "Tsumo"), ("ko", "쯔모")])
async def test_settings_show_which_rows_are_ticked(tmp_path: Path, language: str, tsumo: str) -> None:
    """#28.4: a ticked setting shows its tick and an unticked one an empty
    box (`[x]` was read as markup, and on and off looked the same)."""
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_hand(pilot, HAND)
        await pilot.press("f2")
        await pilot.pause()
        assert f"[ ] {tsumo}" in setting_lines(app)
        app.screen.change_setting("tsumo")
        await pilot.pause()
        lines = setting_lines(app)
        assert f"[✓] {tsumo}" in lines and f"[ ] {tsumo}" not in lines


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_rule_options_are_in_words_not_identifiers(tmp_path: Path, language: str) -> None:
    """`f2` listed "Options: open_tanyao = True": an identifier and a Python
    value. Each option reads as the settings screen says it, changed or not."""
    app = make_app(tmp_path, language)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_hand(pilot, HAND)
        await pilot.press("f2")
        await pilot.pause()
        app.screen.change_setting("option-renhou")
        await pilot.pause()
        listed = app.screen.query_one("#settings-list", OptionList)
        lines = [str(listed.get_option_at_index(index).prompt) for index in range(listed.option_count)]
        options = [line for line in lines if any(name in line for name in ("True", "False", "_", "="))]
        assert options == [], options
        assert option_text("renhou", "mangan", language) in lines
        assert option_text("open_tanyao", True, language) in lines


async def test_a_notice_is_drawn_again_in_the_new_language(tmp_path: Path) -> None:
    """#28.11: a notice still showing when `l` is pressed is shown in the new
    language, not left in the old one over the redrawn screen."""
    app = make_app(tmp_path, "ko")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert [notice.message for notice in app._notifications] == [text("ko", "workbench.nothing_to_undo")]
        await pilot.press("l")
        await pilot.pause()
        shown = [notice.message for notice in app._notifications]
        assert text("en", "workbench.nothing_to_undo") in shown
        assert not [message for message in shown if any("가" <= character <= "힣" for character in message)]
