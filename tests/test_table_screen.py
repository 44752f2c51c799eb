"""The table screen at the sizes the README promises (#28.7) and its hands key (#28.1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.helpers import make_app, wait_for
from tutor.engine.table import Rules, stacks_per_wall
from tutor.quiz.mcr_play_session import MCR
from tutor.ui.screens.play import PlayScreen
from tutor.ui.screens.play_setup import PlaySetupScreen
from tutor.ui.screens.table import TableScreen, caption
from tutor.ui.widgets.table_view import TableView, hand_words, seat_lines


def rows(view: TableView) -> list[str]:
    return view.render().plain.split("\n")


async def settle(pilot: Pilot[Any], screen: TableScreen) -> None:
    """The table screen shown, its view laid out at a width."""

    def drawn() -> bool:
        views = screen.query(TableView)
        return pilot.app.screen is screen and bool(views) and views.first().size.width > 0

    await wait_for(pilot, drawn, "the table drawn")
    await pilot.pause()


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("rules", ["riichi", "mcr"])
async def test_every_seat_line_is_whole_and_the_walls_are_untouched(
    tmp_path: Path, language: str, size: tuple[int, int], rules: str
) -> None:
    """Each seat's label ("East · left · dealer") and lines appear whole, and
    nothing is written over the right-hand wall (the dora line once was).
    Seeds are chosen so the dealer sits at either side."""
    app = make_app(tmp_path, language)
    async with app.run_test(size=size) as pilot:
        # The dealer on the right and on the left ("East · left · dealer" was cut to "ast").
        seeds = {"riichi": (1, 6), "mcr": (1, 9)}[rules]
        for seed in seeds if size == (80, 24) else seeds[1:]:
            screen = TableScreen(rules, None, seed=seed)  # type: ignore[arg-type]
            app.push_screen(screen)
            await settle(pilot, screen)
            view = screen.query_one(TableView)
            width = view.size.width
            wide = width >= 110
            for index in range(len(screen.steps)):
                screen.index = index
                screen.show()
                for hands in (False, True):
                    view.show(screen.state, language, hands)
                    text = "\n".join(rows(view))
                    for position in range(4):
                        for line in seat_lines(screen.state, position, language, wide, hands):
                            # Broken where it must be, but never cut: every word whole.
                            for word in line.replace(" · ", " ").split(" "):
                                assert word in text, (seed, screen.step.id, position, word)
                    per_wall = stacks_per_wall(screen.state.rules)
                    spacing = 3 if wide else 2
                    right = max((width - per_wall * spacing - 3) // 2, 0) + per_wall * spacing + 2
                    for row in rows(view):
                        # The right wall's column holds a stack mark or nothing.
                        cells = _cells(row)
                        assert cells[right] in "=-x* ", (seed, screen.step.id, row)
            app.pop_screen()


def _cells(row: str) -> list[str]:
    """One entry per terminal cell (a wide character and its blank)."""
    from rich.cells import get_character_cell_size

    cells: list[str] = []
    for char in row:
        cells.append(char)
        if get_character_cell_size(char) == 2:
            cells.append("")
    return cells


async def test_h_opens_every_hand_and_closes_them(tmp_path: Path) -> None:
    """Hands are face down (a count) until h; then each is in notation."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = TableScreen("riichi", "deal-4", seed=42)
        app.push_screen(screen)
        await settle(pilot, screen)
        view = screen.query_one(TableView)
        words = [hand_words(screen.state, position, "en") for position in range(4)]
        assert not any(word in view.render().plain for word in words)
        await pilot.press("h")
        await wait_for(pilot, lambda: all(word in view.render().plain for word in words), "the hands shown")
        assert view.open_hands
        step = screen.step
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.step is not step, "the next step")
        assert view.open_hands, "the hands stay open from step to step"
        await pilot.press("h")
        await wait_for(pilot, lambda: not view.open_hands, "the hands closed")


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_mcr_set_up_steps_follow_the_1998_rules(tmp_path: Path, language: str) -> None:
    """MCR: seats by lot (no dice), the dealer's throw, the second throw
    summed with it, then the break: captions in the learner's language."""
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = TableScreen("mcr", None, seed=7)
        app.push_screen(screen)
        await settle(pilot, screen)
        ids = []
        for _ in range(4):
            step = screen.step
            ids.append(step.id)
            await pilot.press("space")
            await wait_for(pilot, lambda left=step: screen.step is not left, "the next step")
        assert ids == ["seats", "dealer-dice", "second-dice", "break"]
        await pilot.press("backspace", "backspace")
        await wait_for(pilot, lambda: screen.step.id == "second-dice", "two steps back")
        second = screen.step
        assert second.id == "second-dice"
        shown = str(screen.query_one("#caption", Static).render())
        assert shown == caption(second, language) and str(second.values["stacks"]) in shown
        assert second.values["stacks"] == second.values["first"] + second.values["total"]


@pytest.mark.parametrize("rules", ["riichi", "mcr"])
async def test_g_opens_a_game_of_the_tables_rules_on_its_seed(tmp_path: Path, rules: Rules) -> None:
    """Issue 30: play is opened from the table too, under its rules and from its seed."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = TableScreen(rules, seed=4321)
        app.push_screen(screen)
        await settle(pilot, screen)
        assert "g play" in str(screen.query_one("#status", Static).render())
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaySetupScreen), "the play setup")
        setup = app.screen
        assert isinstance(setup, PlaySetupScreen)
        assert setup.setup.seed == 4321
        assert (setup.setup.preset == MCR) == (rules == "mcr")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen), "the game")
