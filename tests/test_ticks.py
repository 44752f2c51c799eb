"""The drill's option lists (tutor/ui/widgets/ticks.py)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets.selection_list import Selection

from tests.helpers import wait_for
from tutor.ui.widgets.ticks import TickList, replace_options


class OptionsApp(App[None]):
    CSS = "TickList { height: auto; max-height: 8; }"

    def compose(self) -> ComposeResult:
        yield TickList(*[Selection(f"old {index}", f"old{index}") for index in range(20)], id="answer")


async def test_replaced_options_are_drawn_as_a_list_made_with_them() -> None:
    """Other options in a mounted list that scrolls: once drawn, its scroll
    range is the width beside its scroll bar; as in a list made with the new
    options, nothing is ticked and the first option is highlighted."""
    app = OptionsApp()
    async with app.run_test(size=(40, 12)) as pilot:
        options = app.query_one(TickList)
        options.toggle("old3")
        await wait_for(pilot, lambda: options.show_vertical_scrollbar, "the scroll bar")
        replace_options(options, [Selection(f"new {index}", f"new{index}") for index in range(15)])
        assert options.selected == [] and options.highlighted == 0

        def drawn_beside_the_bar() -> bool:
            width = options.scrollable_content_region.width - options._get_left_gutter_width()
            return options.show_vertical_scrollbar and options.virtual_size == (width, 15)

        await wait_for(pilot, drawn_beside_the_bar, "the new options' scroll range beside the bar")


async def test_a_list_with_more_options_than_fit_shows_its_scroll_bar_before_its_first_layout() -> None:
    """Shown only once the list was drawn, the bar cost two more layouts of
    the screen; a list whose options fit shows none."""
    app = OptionsApp()
    async with app.run_test(size=(40, 12)) as pilot:
        many = TickList(*[Selection(f"many {index}", f"m{index}") for index in range(9)], id="many")
        few = TickList(*[Selection(f"few {index}", f"f{index}") for index in range(6)], id="few")
        await app.screen.mount_all([many, few])
        assert many.show_vertical_scrollbar and not few.show_vertical_scrollbar
        await pilot.pause()
        assert many.show_vertical_scrollbar and not few.show_vertical_scrollbar
        assert many.virtual_size.height == 9 and many.max_scroll_y == 3
