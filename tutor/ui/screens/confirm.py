"""A question asked before something is thrown away: yes or no, by key or
by mouse; escape is no."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tutor.locale import SWITCH_LABEL, text
from tutor.ui.keys import LABELS, localise_bindings
from tutor.ui.shell import tutor_of
from tutor.ui.widgets.key_footer import KeyFooter


class ConfirmScreen(ModalScreen[bool]):
    """Asks the catalogue's sentence `question` (in the app's language,
    again after `l`); dismissed with True for yes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", id="yes", tooltip="Yes: do it"),
        Binding("n", "answer(False)", "No", id="no", tooltip="No: go back"),
        Binding("escape", "answer(False)", "No", show=False),
        Binding("l", "switch_language", SWITCH_LABEL, id="language", show=False),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen #dialog { width: 60; max-width: 90%; height: auto; border: round $warning; padding: 1 2; background: $surface; }
    ConfirmScreen #question { height: auto; }
    ConfirmScreen #buttons { height: auto; margin-top: 1; }
    ConfirmScreen #buttons Button { margin-right: 2; width: auto; min-width: 8; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="question", markup=False)
            with Horizontal(id="buttons"):
                yield Button("", id="yes", variant="warning", compact=True)
                yield Button("", id="no", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._write()
        self.query_one("#no", Button).focus()

    def _write(self) -> None:
        language = tutor_of(self.app).language
        localise_bindings(self, language)
        self.query_one("#question", Static).update(text(language, self.question))
        for answer, key in (("yes", "y"), ("no", "n")):
            label = text(language, "confirm.button", label=LABELS[language][answer], letter=key)
            button = self.query_one(f"#{answer}", Button)
            button.label = label
            # As wide as its words in this language (it kept the width of the last).
            button.refresh(layout=True)

    async def action_switch_language(self) -> None:
        await self.app.run_action("switch_language")
        self._write()
        self.refresh_bindings()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")
