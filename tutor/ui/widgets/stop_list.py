"""A short list whose cursor stops at its ends: up on the first option
stays there (Textual's lists wrap, and up on level 1 picked level 3)."""

from __future__ import annotations

from textual.widgets import OptionList


class StopList(OptionList):
    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()

    def step(self) -> None:
        """The next option, back to the first after the last (the setup's `n` and `v`)."""
        if self.option_count:
            self.highlighted = 0 if self.highlighted is None else (self.highlighted + 1) % self.option_count
