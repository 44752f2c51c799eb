"""The drill's option lists (tutor/ui/widgets/ticks.py)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets.selection_list import Selection

from tutor.ui.widgets.ticks import TickList, replace_options


class OptionsApp(App[None]):
    CSS = "TickList { height: auto; max-height: 8; }"

    def compose(self) -> ComposeResult:
        yield TickList(*[Selection(f"old {index}", f"old{index}") for index in range(20)], id="answer")


async def test_replaced_options_have_the_scroll_range_the_list_is_drawn_with() -> None:
    """Other options in a mounted list that scrolls: its scroll range is set
    at the width it is drawn at, beside its scroll bar (set without the bar,
    drawing the list set it again and asked for one more layout); as in a
    list made with the new options, nothing is ticked and the first option
    is highlighted."""
    app = OptionsApp()
    async with app.run_test(size=(40, 12)) as pilot:
        options = app.query_one(TickList)
        options.toggle("old3")
        await pilot.pause()
        assert options.show_vertical_scrollbar
        replace_options(options, [Selection(f"new {index}", f"new{index}") for index in range(15)])
        width = options.scrollable_content_region.width - options._get_left_gutter_width()
        assert options.virtual_size.width == width
        assert options.virtual_size.height == 15 and options.show_vertical_scrollbar
        assert options.selected == [] and options.highlighted == 0


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
