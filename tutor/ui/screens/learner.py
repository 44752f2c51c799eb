"""The first screen of a served session: who is learning?

In `tutor serve` every browser tab is one learner.  The learner types a name
(and, if they like, a short one to show in the header); their answers and
settings are kept in their own file (`learner_path`), apart from the other
learners' and from the teacher's own progress.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Header, Input, Static

from tutor.locale import text
from tutor.quiz.store import MAX_LEARNER_NAME, Store
from tutor.quiz.store_api import PASSING_PROBLEMS, ProgressStore, StoreUnavailable
from tutor.quiz.stores import open_store, store_place
from tutor.quiz.writes import SettingWrite
from tutor.ui.screens.base import TutorScreen
from tutor.ui.widgets.key_footer import KeyFooter

MAX_SHORT_NAME = 12
SERVED_ICON = "*"
"""The header icon in a browser: Textual's default, U+2B58, is in no font the
served page loads (Roboto Mono, shipped with textual-serve), so browsers show
a missing glyph; an ASCII character is in every font."""


def clean_name(value: str) -> str:
    """A name as typed, with control characters dropped and spaces collapsed."""
    return " ".join("".join(char for char in value if char.isprintable()).split())


NAME_SETTING = "learner_name"
"""The name as the learner first typed it, kept in their store: another
spelling of the same key (`Ann`, ` ANN `) is told, not silently let in."""


class NameField(Input):
    """An Input whose paste always arrives: every line of it, cleaned, as much as fits.

    Textual's Input takes only a paste's first line (nothing, if the paste
    starts with a newline, as a copied table cell does) and refuses a paste
    that would pass `max_length` altogether."""

    def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        pasted = clean_name(" ".join(event.text.splitlines()))
        if not pasted:
            return
        start, end = sorted(self.selection)
        room = (self.max_length or len(self.value) + len(pasted)) - (len(self.value) - (end - start))
        if room > 0:
            self.replace(pasted[:room], start, end)


class LearnerScreen(TutorScreen):
    BINDINGS: ClassVar[list[BindingType]] = []
    DEFAULT_CSS = """
    LearnerScreen Vertical { padding: 1 2; height: auto; }
    LearnerScreen Input { width: 60; margin-bottom: 1; }
    LearnerScreen #learner-problem { color: $error; }
    """

    def compose(self) -> ComposeResult:
        language = self.tutor.language
        yield Header(icon=SERVED_ICON)
        with Vertical():
            yield Static(text(language, "learner_prompt"), id="learner-prompt", markup=False)
            yield NameField(placeholder=text(language, "learner_name"), max_length=MAX_LEARNER_NAME, id="learner-name")
            yield NameField(placeholder=text(language, "learner_short"), max_length=MAX_SHORT_NAME, id="learner-short")
            yield Static("", id="learner-problem", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.title = text(self.tutor.language, "learner_title")
        self.query_one("#learner-name", Input).focus()
        joined = clean_name(self.tutor.joined or "")
        if joined:  # joined on the class's page: the name is given
            self.query_one("#learner-name", Input).value = joined
            self.begin(joined, "")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in either field begins; the short name is whatever was typed in its field (tab reaches it)."""
        name = clean_name(self.query_one("#learner-name", Input).value)
        if not name:
            self.query_one("#learner-problem", Static).update(text(self.tutor.language, "learner_empty"))
            self.query_one("#learner-name", Input).focus()
            return
        self.begin(name, clean_name(self.query_one("#learner-short", Input).value))

    confirmed: str | None = None
    """A name typed again after being told whose progress it reaches."""

    def begin(self, name: str, short: str) -> None:
        """Open the learner's own store, take up their language and theme, and go home.

        A name that reaches a learner first named otherwise (in capitals or
        spaces) is told first; enter again goes on."""
        app = self.tutor
        carry_to = None
        store: ProgressStore
        try:
            store = open_store(name)
        except StoreUnavailable as problem:
            # The session goes on with nothing saved; the notice names the file, not the server's folders.
            store = Store.in_memory()
            if problem.problem in PASSING_PROBLEMS:
                carry_to = store_place(name)  # kept in its pending file, saved at their next session
            self.notify(
                text(app.language, f"store_{problem.problem}", path=problem.path.name), severity="error", timeout=30
            )
        known = store.setting(NAME_SETTING)
        if known is not None and known != name and self.confirmed != name:
            store.close()
            self.confirmed = name
            self.query_one("#learner-problem", Static).update(
                text(app.language, "learner_same", typed=name, known=known)
            )
            return
        if store.notice:
            self.notify(text(app.language, "learner_damaged"), severity="warning", timeout=15)
        app.begin_learner(store, name, short, carry_to)
        if known is None:
            app.save_write(SettingWrite(NAME_SETTING, name))
        self.app.notify(text(app.language, "learner_welcome", name=short or name))
