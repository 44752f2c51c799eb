"""The Mahjong Tutor app: home, lessons, glossary, help, settings.

The app holds what every screen shares: the lessons, the glossary, the
progress store, the language and the theme.  Language and theme are kept in
the store, so they are there again after a restart.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import Header

from tutor.engine.rules import Rules
from tutor.lessons.check import Library, load_library
from tutor.lessons.glossary import GlossaryError, Term, load_glossary
from tutor.lessons.location import bundled_lessons
from tutor.lessons.model import QUIZ_KINDS, current_lesson_id
from tutor.locale import text
from tutor.quiz.plan import DrillPlan
from tutor.quiz.store import Store, StoreUnavailable
from tutor.ui.answer_log import AnswerLog
from tutor.ui.keys import PALETTE_PLACEHOLDER, localise_bindings
from tutor.ui.language import LANGUAGES, default_language
from tutor.ui.palette import LessonsAndTerms
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_setup import DrillSetupScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.info import GlossaryScreen, HelpScreen, SettingsScreen
from tutor.ui.screens.learner import SERVED_ICON, LearnerScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.progress import ProgressScreen
from tutor.ui.screens.workbench import WorkbenchScreen
from tutor.ui.themes import DEFAULT_THEME, THEME_NAMES, THEMES
from tutor.workbench.settings import Settings


class TutorApp(App[None]):
    """The whole app.  `language` is "ko" or "en"."""

    TITLE = "Mahjong Tutor"
    COMMANDS: ClassVar = App.COMMANDS | {LessonsAndTerms}
    BINDINGS: ClassVar[list[BindingType]] = [
        # Quit, language and theme are left out of the footer, which must fit
        # 80 columns on every screen: the help lists them, and the settings
        # screen shows the language and theme keys.
        Binding("q", "quit", "Quit", id="quit", show=False, tooltip="Leave the tutor"),
        Binding(
            "l", "switch_language", "한/En", id="language", show=False, tooltip="Switch between Korean and English"
        ),
        Binding(
            "t", "next_theme", "Theme", id="theme", show=False, tooltip="Dark, light, projector, colour-blind safe"
        ),
        Binding("question_mark", "help", "Help", id="help", tooltip="Keys and hand notation"),
        # Declared here, not left to Textual, so that its footer label has an
        # id and follows the app's language like every other key.
        Binding(
            "ctrl+p",
            "command_palette",
            "palette",
            id="palette",
            show=False,
            priority=True,
            tooltip="Find a lesson by its words",
        ),
    ]

    def __init__(
        self,
        language: str | None = None,
        *,
        lessons: Path | None = None,
        store: Store | None = None,
        classroom: bool = False,
    ) -> None:
        super().__init__()
        self.classroom = classroom
        """Served to a classroom: each session asks who is learning and keeps their own store."""
        self.learner: str | None = None
        """The learner's name in a served session, once given."""
        self._store_problem: StoreUnavailable | None = None
        if store is None and classroom:
            store = Store.in_memory()  # until the learner gives their name; the teacher's file is never opened
        if store is None:
            try:
                store = Store.open()
            except StoreUnavailable as problem:
                # The learner can still read and drill; the notice says nothing is saved and why.
                store, self._store_problem = Store.in_memory(), problem
        self.store = store
        """Settings and progress, kept between runs."""
        self.answer_log = AnswerLog(self.store)
        """Drill answers on their way to the store, kept while it cannot take them."""
        remembered = self.store.setting("language")
        self.language = language or (remembered if remembered in LANGUAGES else None) or default_language()
        """The language of all text on screen: "ko" or "en"."""
        self.library: Library = load_library(lessons or bundled_lessons())
        """Every lesson, by language and id."""
        self.glossary: list[Term] = []
        """Every term, the 81 fans included."""
        self._glossary_problem: str | None = None
        try:
            self.glossary = load_glossary((lessons or bundled_lessons()) / "glossary.tsv")
        except GlossaryError as error:
            self._glossary_problem = str(error)
        for theme in THEMES:
            self.register_theme(theme)
        remembered_theme = self.store.setting("theme")
        self.theme = remembered_theme if remembered_theme in THEME_NAMES else DEFAULT_THEME
        self.workbench_history: list[tuple[str, Settings]] = []
        """Hands of this session in the workbench, for its undo."""

    def on_mount(self) -> None:
        localise_bindings(self, self.language)
        if self.classroom:
            self.screen_change_signal.subscribe(self, _plain_header_icon)
        self.push_screen(LearnerScreen() if self.classroom else HomeScreen())
        if self._store_problem:
            problem = self._store_problem
            self.notify(
                text(self.language, f"store_{problem.problem}", path=problem.path), severity="error", timeout=30
            )
        for notice in (self.store.notice, self._glossary_problem):
            if notice:
                self.notify(notice, severity="warning", timeout=15)
        if self.library.problems:
            self.notify(text(self.language, "lesson_problem", count=len(self.library.problems)), severity="warning")

    def progress_place(self) -> str:
        """Where progress is kept, as the settings screen says it: a served session names no server path."""
        if self.classroom:
            return text(self.language, "learner_progress", name=self.learner or "-")
        return str(self.store.path)

    # --- navigation -------------------------------------------------------------------------

    def open_lesson(self, lesson_id: str, replace: bool = False) -> None:
        lesson = self.library.lessons.get(self.language, {}).get(current_lesson_id(lesson_id))
        if lesson is None:
            return
        if replace and isinstance(self.screen, LessonScreen):
            self.switch_screen(LessonScreen(lesson))
        else:
            self.push_screen(LessonScreen(lesson))

    def open_glossary(self, term: str | None = None) -> None:
        self.push_screen(GlossaryScreen(term))

    def start_drills(self, kinds: tuple[str, ...] = ()) -> None:
        """A lesson's drill key starts its kinds at once; otherwise choose first."""
        if kinds:
            self.push_screen(DrillScreen(DrillPlan(kinds)))
        else:
            self.push_screen(DrillSetupScreen())

    def due_concepts(self) -> list[str]:
        """The concepts due for review that a drill can ask, most overdue first."""
        return [item.concept for item in self.store.due() if item.concept.split(":")[0] in QUIZ_KINDS]

    def review_due(self) -> None:
        """A drill of the concepts that are due, most overdue first; with
        nothing due, an ordinary drill to choose."""
        due = self.due_concepts()
        if not due:
            self.push_screen(DrillSetupScreen())
            return
        self.push_screen(DrillScreen(DrillPlan.review(due)))

    def action_command_palette(self) -> None:
        """Textual's palette, with its search field prompting in the app's language."""
        if isinstance(self.screen, LearnerScreen):
            return  # a served session opens nothing before it knows who is learning
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(CommandPalette(placeholder=PALETTE_PLACEHOLDER[self.language], id="--command-palette"))

    def open_workbench(self, source: str = "", settings: Settings | None = None, rules: Rules = Rules.RIICHI) -> None:
        self.push_screen(WorkbenchScreen(source, settings, rules))

    def action_workbench(self) -> None:
        self.open_workbench()

    def action_drills(self) -> None:
        self.start_drills()

    def action_review(self) -> None:
        self.review_due()

    def action_progress(self) -> None:
        self.push_screen(ProgressScreen())

    def action_glossary(self) -> None:
        self.open_glossary()

    def action_settings(self) -> None:
        self.push_screen(SettingsScreen())

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    # --- language and theme -----------------------------------------------------------------

    def action_switch_language(self) -> None:
        self.language = "en" if self.language == "ko" else "ko"
        self.store.set_setting("language", self.language)
        screen = self.screen
        if isinstance(screen, LessonScreen):
            self.switch_screen(LessonScreen(self.library.lessons[self.language].get(screen.lesson.id, screen.lesson)))
        else:
            screen.refresh(recompose=True)
        for other in self.screen_stack[:-1]:
            if isinstance(other, HomeScreen):
                other.refresh(recompose=True)
        localise_bindings(self, self.language)
        for screen in self.screen_stack:
            localise_bindings(screen, self.language)
        self.refresh_bindings()
        self.notify(text(self.language, "language_now"))

    def action_next_theme(self) -> None:
        position = THEME_NAMES.index(self.theme) if self.theme in THEME_NAMES else -1
        self.theme = THEME_NAMES[(position + 1) % len(THEME_NAMES)]
        self.store.set_setting("theme", self.theme)
        self.notify(text(self.language, "theme_now", theme=self.theme))


def _plain_header_icon(screen: Screen[object]) -> None:
    def plain() -> None:
        for header in screen.query(Header):
            header.icon = SERVED_ICON

    screen.call_after_refresh(plain)
