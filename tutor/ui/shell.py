"""What a screen may ask of the app, as a protocol.

Screens reach the app through `Tutor` rather than importing `TutorApp`:
the app imports every screen to open it, so a screen importing the app back
would make a cycle. The app satisfies this protocol; a screen asks for it
with `tutor_of(self.app)`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, cast, runtime_checkable

from textual.notifications import SeverityLevel

from tutor.engine.rules import Rules
from tutor.lessons.check import Library
from tutor.lessons.glossary import Term
from tutor.quiz.assigned import AssignedWork
from tutor.quiz.attempt import Attempt
from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.store_api import ProgressStore
from tutor.quiz.writes import Write, Writes
from tutor.ui.class_book_reader import ClassBookReader
from tutor.ui.reading_state import ReadingState
from tutor.workbench.settings import Settings


@runtime_checkable
class Tutor(Protocol):
    """The shared state of the app and the ways to move between screens."""

    store: ProgressStore
    """Settings and progress, kept between runs."""
    library: Library
    """Every lesson, by language and id."""
    glossary: list[Term]
    """Every term, the 81 fans included."""
    joined: str | None
    """In a class (`tutor serve --class`): the name the learner joined with."""
    classroom: bool
    """A session `tutor serve` started for a browser: no server path is ever the learner's to name."""

    @property
    def language(self) -> str:
        """The language of all text on screen: "ko" or "en"."""
        ...

    @property
    def theme(self) -> str: ...

    def open_lesson(self, lesson_id: str, replace: bool = False, at: ReadingState | None = None) -> None: ...

    def open_glossary(self, term: str | None = None) -> None: ...

    def start_drills(self, kinds: tuple[str, ...] = ()) -> None: ...

    def show_summary(self, attempts: list[Attempt]) -> None: ...

    def open_table(self, rules: str = "riichi", step_id: str | None = None) -> None: ...

    def open_play(self, scenario: str | None = None) -> None:
        """A game against bots (tutor/ui/screens/play.py): its setup, or a lesson's scenario at once."""
        ...

    def open_import(self) -> None:
        """The dialog that imports a game log and opens its replay (tutor/ui/screens/import_game.py)."""
        ...

    workbench_history: list[tuple[str, Settings]]
    """Hands of this session in the workbench, for its undo."""

    def open_workbench(
        self, source: str = "", settings: Settings | None = None, rules: Rules = Rules.RIICHI
    ) -> None: ...

    answer_log: Writes
    """Writes on their way to the store, kept and retried when saving fails."""

    def save_write(self, write: Write) -> None:
        """Every write to the store: saved, or kept, retried and said in one line."""
        ...

    def drill_rules(self) -> DrillRules:
        """The rule options the learner's new drills follow."""
        ...

    def set_drill_rules(self, rules: DrillRules) -> None:
        """New rule options for the learner's drills, kept in their store."""
        ...

    @property
    def last_lesson(self) -> str | None:
        """The lesson shown last (home's cursor follows it), or None."""
        ...

    def due_concepts(self) -> list[str]: ...

    class_name: str | None
    """In a class (`tutor serve --class`): its name, whose assignments the learner is offered."""

    class_book: ClassBookReader | None
    """In a class: its assignments as last read, off the screen's thread."""

    def class_work(self) -> AssignedWork | None:
        """In a class: the assignment the learner has not finished, if any."""
        ...

    def read_class_book(self) -> None:
        """In a class: its assignments read again (off the screen's thread)."""
        ...

    def start_assignment(self) -> None:
        """The class's assignment, from its first question not answered."""
        ...

    def say(
        self, key: str, *, severity: SeverityLevel = "information", timeout: float | None = None, **values: object
    ) -> None:
        """A notice from the catalogue, drawn again in the new language if `l` is pressed while it shows."""
        ...

    def progress_place(self) -> str:
        """Where progress is kept, in words a served session may show."""
        ...

    def begin_learner(self, store: ProgressStore, name: str, short: str, carry_to: Path | None = None) -> None: ...

    def files_folder(self) -> Path:
        """Where files other than progress are written: a served learner's own folder."""
        ...

    def shown_path(self, path: Path) -> str:
        """A path as a notice may show it (a served session shows no server path)."""
        ...

    def theme_title(self, theme: str) -> str:
        """A theme by its name in the learner's language."""
        ...


_TUTOR_TYPES: set[type] = set()
"""App classes already seen to be a `Tutor`: checking a runtime protocol looks up
every one of its members, and screens ask for the tutor on every key and search."""


def tutor_of(app: object) -> Tutor:
    """The running app, as the protocol screens use."""
    if type(app) not in _TUTOR_TYPES:
        if not isinstance(app, Tutor):
            raise TypeError(f"{type(app).__name__} is not the tutor app")
        _TUTOR_TYPES.add(type(app))
    return cast(Tutor, app)
