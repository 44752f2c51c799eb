"""A drill redraws only what changes (issue 13, speed a learner feels): the
footer is rebuilt only when its keys change, and an answer or the next
question keeps the widgets whose content stays or can be updated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.events import Key
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList, SelectionList, Static

from tests.drill_helpers import PLAN, fu_plan, open_drill
from tests.helpers import make_app
from tutor.engine.notation import parse_hand, parse_tile
from tutor.quiz.plan import DrillPlan
from tutor.ui.textual_compat import FooterKey
from tutor.ui.tile_art import hand_groups
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.key_footer import KeyFooter, key_identity
from tutor.ui.widgets.mcr_steps_answer import McrStepsAnswer
from tutor.ui.widgets.number_field import NumberField


async def test_footer_is_rebuilt_only_when_its_keys_change(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, PLAN)
        await pilot.pause()
        keys = list(screen.query(FooterKey))
        screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert list(screen.query(FooterKey)) == keys

        # The keys that stay in order are the same widgets, relabelled
        # where their label changed; skip and show answer go, then come back.
        answered = await footer_after(pilot, "ctrl+w", keys)
        assert "Next" in [key.description for key in answered]
        assert "ctrl+s" not in [key.key for key in answered]
        footer = screen.query_one(KeyFooter)
        assert all(key.compact == footer.compact for key in answered if not key.has_class("-command-palette"))
        asked = await footer_after(pilot, "enter", answered)
        assert "ctrl+s" in [key.key for key in asked]


async def footer_after(pilot: Pilot[Any], key: str, before: list[FooterKey]) -> list[FooterKey]:
    """The footer's keys once `key` is handled: those the bindings show,
    reusing every key shown `before` that is still shown, also one that
    moved (enter comes first while the answer has the focus)."""
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause()
    keys = list(pilot.app.screen.query(FooterKey))
    staying = {key_identity(key) for key in keys} & {key_identity(key) for key in before}
    assert {key_identity(key) for key in set(keys) & set(before)} == staying
    assert [(key.key, key.description) for key in keys] == shown_keys(pilot.app.screen)
    return keys


def shown_keys(screen: Screen[object]) -> list[tuple[str, str]]:
    """The keys the footer must show (the palette's last), as Textual's own footer draws them."""
    keys = [
        (binding.key, binding.description) for (_, binding, _, _) in screen.active_bindings.values() if binding.show
    ]
    return [*keys, ("ctrl+p", "palette")]


async def test_answer_and_next_question_keep_the_hand_and_prompt(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, fu_plan())
        tiles = screen.query_one(TilesView)
        prompt = screen.query_one("#prompt", Static)

        await pilot.press("ctrl+w")
        await pilot.pause()
        assert screen.query_one(TilesView) is tiles
        assert screen.query_one("#prompt", Static) is prompt
        # #28.13: the answer shown is not reported as skipped.
        verdict = screen.query_one("#verdict", Static)
        assert verdict.has_class("verdict-shown") and str(verdict.render()) == "… Answer shown."

        await pilot.press("enter")
        await pilot.pause()
        assert screen.position == 1
        assert screen.query_one("#prompt", Static) is prompt
        assert str(prompt.content) == screen.question.prompt_text("en")
        request = screen.question.request
        expected = hand_groups(parse_hand(request["hand"], sizes=None), parse_tile(request["win"]))
        assert screen.query_one(TilesView).groups == expected
        assert not screen.query_one("#verdict", Static).display


async def test_next_question_in_presentation_shows_its_list_whole(tmp_path: Path) -> None:
    """The body's scroll goes back to the top before the answer list takes
    the focus and scrolls into view, as in a screen drawn anew."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, DrillPlan(("waits",), length=3, level=2, seed=7))
        await pilot.press("f5", "ctrl+w")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        body = screen.query_one("#body")
        answer = screen.query_one("#answer")
        assert screen.focused is answer
        assert body.region.contains_region(answer.region)


async def test_how_to_answer_shows_only_before_the_answer(tmp_path: Path) -> None:
    """The hint on how to answer ("type a number, enter") goes once the
    question is answered, also after `l` redraws it, and comes back with the
    next question."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, fu_plan())
        assert screen.query_one("#hint", Static).display
        await pilot.press("ctrl+w")
        await pilot.pause()
        assert not screen.query_one("#hint", Static).display
        await pilot.press("l")
        await pilot.pause()
        assert not app.screen.query_one("#hint", Static).display
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#hint", Static).display


async def test_keys_typed_right_after_enter_reach_the_next_question(tmp_path: Path) -> None:
    """Digits typed at once after enter (next question) go to the new
    question's field: they used to reach the old field, or none."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, fu_plan())
        await pilot.press("ctrl+w")
        await pilot.pause()
        for key, character in (("enter", "\r"), ("4", "4"), ("0", "0")):
            app.post_message(Key(key, character))
        await pilot.pause()
        await pilot.pause()
        assert screen.position == 1
        answer = screen.query_one("#answer", NumberField)
        assert answer.value == "40"
        assert screen.focused is answer


@pytest.mark.parametrize("kind", ["mcr-fans", "mcr-steps"])
async def test_hand_stays_in_sight_beside_the_feedback(tmp_path: Path, kind: str) -> None:
    """At 80x24 the answer scrolled the view to the feedback (or to the
    first MCR step marked wrong) and the hand went out of sight: the learner
    sees the hand and the feedback together after answering."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, DrillPlan((kind,), length=2, level=2, seed=3))
        await pilot.press("ctrl+w")
        await pilot.pause()
        await pilot.pause()
        body = screen.query_one("#body").region
        hand = screen.query_one(TilesView).region
        # Above the body, whole, and outside what scrolls (#28.5).
        assert hand and screen.region.contains_region(hand) and not body.overlaps(hand)
        shown = next((fans.first_wrong() for fans in screen.query(McrStepsAnswer)), None)
        shown = shown or screen.query_one("#verdict", Static)
        assert body.contains_region(shown.region)
        assert not hand.overlaps(shown.region)


async def test_once_answered_the_arrows_scroll_the_feedback_with_nothing_focused(tmp_path: Path) -> None:
    """After an answer nothing keeps the focus (a focused body, a container,
    was styled again with all it holds when the next question took the focus
    back): the screen's own keys scroll the feedback."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, DrillPlan(("mcr-steps",), length=2, level=2, seed=3))
        await pilot.press("ctrl+w")
        await pilot.pause()
        body = screen.query_one("#body")
        assert screen.focused is None and body.max_scroll_y > 0
        await pilot.press("home")
        await pilot.pause()
        assert body.scroll_y == 0
        await pilot.press("end")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("enter")
        await pilot.pause()
        assert screen.focused is not None and screen.focused in screen.query_one("#answer").walk_children(
            with_self=True
        )


@pytest.mark.parametrize(("kind", "keys"), [("sets", "3"), ("wait-kind", "13")])
async def test_digits_typed_with_enter_answer_with_what_they_pick(tmp_path: Path, kind: str, keys: str) -> None:
    """Digits and enter typed at once (as tmux or a fast hand delivers
    them): "3⏎" answered with the first option, and the last tick of "13⏎"
    was lost, since enter asked for the answer before the digits had
    bubbled up to the screen. The options take their digits themselves."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, DrillPlan((kind,), length=2, level=2, seed=5))
        options = screen.query_one("#answer")
        if kind == "sets":
            assert isinstance(options, OptionList)
            picked = [screen.question.choices[int(digit) - 1] for digit in keys]
        else:
            assert isinstance(options, SelectionList) and options.option_count >= 3
            picked = [options.get_option_at_index(int(digit) - 1).value for digit in keys]
        for key in [*keys, "enter"]:
            app.post_message(Key(key, "\r" if key == "enter" else key))
        await pilot.pause()
        await pilot.pause()
        [answer] = screen.attempts[0].response.values()
        assert (answer if kind == "wait-kind" else [answer]) == picked


async def test_tiles_typed_with_enter_answer_with_every_tile(tmp_path: Path) -> None:
    """The tile grid (#28): "4m6m⏎" typed at once answers with both tiles."""
    from tutor.engine.tiles import tile_name
    from tutor.ui.widgets.tile_grid import TileGrid

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, DrillPlan(("waits",), length=2, level=2, seed=5))
        grid = screen.query_one("#answer", TileGrid)
        picked = [tile_name(grid.rows[0][0]), tile_name(grid.rows[0][2])]
        for key in [*"".join(picked), "enter"]:
            app.post_message(Key(key, "\r" if key == "enter" else key))
        await pilot.pause()
        await pilot.pause()
        assert screen.attempts[0].response == {"waits": picked}


async def test_next_question_draws_its_options_in_the_last_ones_list(tmp_path: Path) -> None:
    """Wait-kind and MCR fan questions one after the other: each question's
    options are drawn in the list the last one was drawn in, nothing
    ticked, and an MCR total shows only on MCR questions, empty; the digits
    still tick the new options."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, DrillPlan(("wait-kind", "mcr-fans"), length=5, level=2, seed=26))
        kinds = "".join(question.kind[-1] for question in screen.questions)
        assert set(kinds) == {"d", "s"}, kinds  # wait-kind and mcr-fans, mixed
        options = screen.query_one("#answer", SelectionList)
        for _ in range(4):
            await pilot.press("1", "ctrl+w")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert screen.query_one("#answer") is options
            assert options.selected == [] and options.highlighted == 0 and screen.focused is options
            values = [options.get_option_at_index(index).value for index in range(options.option_count)]
            totals = list(screen.query("#total").results(NumberField))
            shown = [total for total in totals if total.display]
            assert values == list(screen.question.choices)
            if screen.question.kind == "mcr-fans":
                assert len(shown) == 1 and shown[0].value == ""
            else:
                assert shown == [] and all(total.value == "" for total in totals)
            await pilot.press("1")
            await pilot.pause()
            assert options.selected == [values[0]]


async def test_enter_on_the_next_choice_question_picks_its_first_option(tmp_path: Path) -> None:
    """The next question's choices, drawn in the last one's list, start on
    the first option as a list drawn anew does: enter at once answers with it."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_drill(pilot, DrillPlan(("sets",), length=3, level=2, seed=5))
        options = screen.query_one("#answer", OptionList)
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#answer") is options and options.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert screen.attempts[1].response == {"group": screen.questions[1].choices[0]}
