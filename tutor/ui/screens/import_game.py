"""Import a game: a dialog where the learner types or pastes the path of a
game log (home's `i`, the palette).  Enter reads it in a worker thread, so
the app answers keys while a long log is replayed; a log refused is said in
one line (where and what, `review_log_words.problem`) and the dialog stays
for another path; a log read opens its replay (screens/replay.py).  Nothing
is written anywhere by an import.

In a served session (`tutor serve`, with or without `--class`) only a file
of the learner's own folder is read: the name typed is looked up there,
never a server path.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static
from textual.worker import Worker, WorkerState

from tutor.locale import Message, message, render, text
from tutor.service.replay_import import ImportedGame, import_game
from tutor.service.review_log import LogRefused
from tutor.service.review_log_words import problem
from tutor.ui.keys import localise_bindings
from tutor.ui.screens.replay import ReplayScreen
from tutor.ui.shell import tutor_of


def refusal_line(refused: LogRefused) -> Message:
    """The one line of a log refused: the round and the event when it names them, and what is wrong."""
    what = problem(refused)
    if refused.round and refused.event is not None:
        return message("replay.refused", round=refused.round, event=refused.event, problem=what)
    if refused.round:
        return message("replay.refused_round", round=refused.round, problem=what)
    if refused.event is not None:
        return message("replay.refused_event", event=refused.event, problem=what)
    return message("replay.refused_log", problem=what)


def read_game(path: Path) -> ImportedGame | LogRefused:
    """The import, run in the worker: the game, or its refusal as a value."""
    try:
        return import_game(path)
    except LogRefused as refused:
        return refused


class ImportScreen(ModalScreen[None]):
    """A path, then the replay of the game it holds, or the line that refuses it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Back", id="back", tooltip="Return"),
    ]
    DEFAULT_CSS = """
    ImportScreen { align: center middle; }
    ImportScreen #dialog { width: 76; max-width: 95%; height: auto; border: round $accent; padding: 0 1; background: $surface; }
    ImportScreen #import-title { text-style: bold; }
    ImportScreen #import-prompt { color: $text-muted; }
    ImportScreen #import-said { height: auto; color: $warning; }
    ImportScreen #import-said.-empty { display: none; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.said: Message | None = None
        """The line under the path: reading, or why the log was refused."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="import-title", markup=False)
            yield Static(id="import-prompt", markup=False)
            yield Input(id="import-path")
            yield Static(id="import-said", markup=False)

    def on_mount(self) -> None:
        localise_bindings(self, tutor_of(self.app).language)
        self.show()
        self.query_one(Input).focus()

    def show(self) -> None:
        language = tutor_of(self.app).language
        self.query_one("#import-title", Static).update(text(language, "replay.import_title"))
        self.query_one("#import-prompt", Static).update(text(language, "replay.import_prompt"))
        self.query_one(Input).placeholder = text(language, "replay.import_placeholder")
        said = self.query_one("#import-said", Static)
        said.update(render(self.said, language) if self.said is not None else "")
        said.set_class(self.said is None, "-empty")

    def path_of(self, typed: str) -> Path:
        """The file a typed path names; in a served session, the name in the learner's own folder."""
        tutor = tutor_of(self.app)
        path = Path(typed.strip().strip("'\"")).expanduser()
        if tutor.classroom:
            return tutor.files_folder() / path.name
        return path if path.is_absolute() else Path.cwd() / path

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            return
        path = self.path_of(event.value)
        self.said = message("replay.importing", path=tutor_of(self.app).shown_path(path))
        self.show()
        self.run_worker(lambda: read_game(path), thread=True, exclusive=True, exit_on_error=False, name=path.name)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if self.app.screen is not self:
            # Left (escape) while the log was read: nothing opens behind the learner's back.
            return
        if event.state is WorkerState.ERROR:
            # The service lets nothing but LogRefused out; should anything else come, it is still one line.
            self.said = refusal_line(LogRefused("unreadable", 0, None))
            self.show()
            return
        if event.state is not WorkerState.SUCCESS:
            return
        found = worker.result
        if isinstance(found, LogRefused):
            self.said = refusal_line(found)
            self.show()
            return
        assert isinstance(found, ImportedGame)
        self.dismiss(None)
        self.app.push_screen(ReplayScreen(found, worker.name))
