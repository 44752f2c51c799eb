"""The first screen: both tracks with their lessons in order, and the other entries."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.lessons.model import TRACKS, current_lesson_id
from tutor.locale import text
from tutor.ui.keys import localise_bindings

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp


class HomeScreen(Screen[None]):
    """Lessons by track, a mark on those read, and keys for the rest."""

    DEFAULT_CSS = """
    HomeScreen #tracks { height: 1fr; }
    HomeScreen .track { width: 1fr; height: 1fr; margin: 0 1; }
    HomeScreen .track-title { text-style: bold; color: $accent; padding: 0 1; }
    HomeScreen OptionList { height: 1fr; border: round $panel; }
    HomeScreen OptionList:focus { border: round $accent; }
    HomeScreen #entries { height: auto; padding: 0 2; color: $text-muted; }
    HomeScreen #due { height: auto; padding: 0 2; color: $warning; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "app.drills", "Drills", id="drills", tooltip="Practise with questions"),
        Binding(
            "g", "app.glossary", "Glossary", id="glossary", tooltip="Every term in Korean, the original and English"
        ),
        Binding("s", "app.settings", "Settings", id="settings", tooltip="Language, theme and where progress is kept"),
        Binding("r", "app.review", "Review", id="review", tooltip="Drill what is due for review"),
        Binding("p", "app.progress", "Progress", id="progress", tooltip="Accuracy per kind over time"),
        # Out of the footer, which must fit 80 columns; the help and the palette list it.
        Binding(
            "w", "app.workbench", "Workbench", id="workbench", show=False, tooltip="Type any hand and see its scores"
        ),
    ]

    @property
    def tutor(self) -> TutorApp:
        from tutor.ui.app import TutorApp

        assert isinstance(self.app, TutorApp)
        return self.app

    def compose(self) -> ComposeResult:
        app = self.tutor
        language = app.language
        read = {current_lesson_id(lesson_id) for lesson_id in app.store.lessons_read()}
        yield Header()
        with Horizontal(id="tracks"):
            for track in TRACKS:
                with Vertical(classes="track"):
                    yield Static(text(language, track), classes="track-title", id=f"track-{track}")
                    options = [
                        Option(f"{'✓' if lesson.id in read else ' '} {lesson.order:>2}. {lesson.title}", id=lesson.id)
                        for lesson in app.library.in_order(language, track)
                    ]
                    yield OptionList(*options, id=f"lessons-{track}")
        due = len(app.store.due())
        if due:
            yield Static(text(language, "due_now", count=due), id="due", markup=False)
        entries = "   ".join(
            f"{key} {text(language, name)}"
            for key, name in (
                ("d", "drills"),
                ("g", "glossary"),
                ("s", "settings"),
                ("?", "help"),
                ("ctrl+p", "search_lesson"),
            )
        )
        yield Static(entries, id="entries", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        localise_bindings(self, self.tutor.language)
        self.title = text(self.tutor.language, "title")
        self.call_after_refresh(self._focus_lessons)

    def _focus_lessons(self) -> None:
        lists = self.query("#lessons-riichi")
        if lists:
            lists.first().focus()

    def on_screen_suspend(self) -> None:
        self.left = True

    def on_screen_resume(self) -> None:
        # Coming back from a lesson or a drill: read marks and what is due may have changed.
        if getattr(self, "left", False):
            self.left = False
            self.refresh(recompose=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.tutor.open_lesson(event.option.id)
