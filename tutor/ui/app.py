"""The Mahjong Tutor app: home, lessons, glossary, help, settings.

The app holds what every screen shares: the lessons, the glossary, the
progress store, the language and the theme.  Language and theme are kept in
the store, so they are there again after a restart.  Screens reach the app
through the `Tutor` protocol of `tutor.ui.shell`, never by importing it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Header

from tutor.engine.rules import Rules
from tutor.lessons.check import Library, load_library, with_english_for_the_rest
from tutor.lessons.glossary import GlossaryError, Term, load_glossary
from tutor.lessons.location import bundled_lessons
from tutor.lessons.model import QUIZ_KINDS, current_lesson_id
from tutor.locale import SWITCH_LABEL, next_language, text
from tutor.quiz.attempt import Attempt
from tutor.quiz.kinds import concept_kind
from tutor.quiz.plan import DrillPlan
from tutor.quiz.store import Store, StoreUnavailable
from tutor.ui.answer_log import AnswerLog
from tutor.ui.idle_collector import IdleCollector
from tutor.ui.keys import PALETTE_PLACEHOLDER, localise_bindings
from tutor.ui.language import LANGUAGES, default_language
from tutor.ui.lesson_screens import PREPARE_AFTER, PREPARE_EVERY, PREPARE_SLICE, LessonScreens
from tutor.ui.palette import LessonsAndTerms, TutorThemes
from tutor.ui.reading_state import ReadingState
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.drill_setup import DrillSetupScreen
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.info import GlossaryScreen, HelpScreen, SettingsScreen
from tutor.ui.screens.learner import SERVED_ICON, LearnerScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.progress import ProgressScreen
from tutor.ui.screens.table import TableScreen
from tutor.ui.screens.workbench import WorkbenchScreen
from tutor.ui.themes import DEFAULT_THEME, THEME_NAMES, THEMES, VERDICT_CSS
from tutor.ui.widgets.header_title import set_app_title
from tutor.ui.widgets.key_footer import KeyFooter
from tutor.workbench.settings import Settings


class TutorApp(App[None]):
    """The whole app.  `language` is "ko" or "en"."""

    TITLE = "Mahjong Tutor"
    CSS = VERDICT_CSS
    COMMANDS: ClassVar = App.COMMANDS | {LessonsAndTerms}
    BINDINGS: ClassVar[list[BindingType]] = [
        # Quit, language and theme are left out of the footer, which must fit
        # 80 columns on every screen: the help lists them, and the settings
        # screen shows the language and theme keys.
        Binding("q", "quit", "Quit", id="quit", show=False, tooltip="Leave the tutor"),
        Binding(
            "l", "switch_language", SWITCH_LABEL, id="language", show=False, tooltip="Switch between Korean and English"
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
        self.library: Library = with_english_for_the_rest(load_library(lessons or bundled_lessons()))
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
        self.title = text(self.language, "title")
        self.lesson_screens = LessonScreens(self)
        """Lesson screens kept to be shown again."""
        self._summary: SummaryScreen | None = None
        """The kept summary screen (see show_summary)."""
        self.workbench_history: list[tuple[str, Settings]] = []
        """Hands of this session in the workbench, for its undo."""
        self._collector = IdleCollector(self)
        """Full garbage collections, run while the learner reads (see idle_collector.py)."""

    def on_unmount(self) -> None:
        self._collector.stop()

    async def on_event(self, event: events.Event) -> None:
        self._collector.saw(event)
        await super().on_event(event)

    def on_mount(self) -> None:
        self._collector.start()
        self.set_interval(PREPARE_EVERY, self._prepare_when_quiet, name="lesson preparation")
        localise_bindings(self, self.language)
        # However the theme changes (the `t` key or the palette), it is
        # remembered and every screen showing it follows.
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self.classroom:
            self.screen_change_signal.subscribe(self, _plain_header_icon)
        self.push_screen(LearnerScreen() if self.classroom else HomeScreen())
        if self._store_problem:
            problem = self._store_problem
            self.notify(
                text(self.language, f"store_{problem.problem}", path=problem.path), severity="error", timeout=30
            )
        if self.store.notice:
            self.notify(self._store_notice(), severity="warning", timeout=15)
        if self._glossary_problem:
            self.notify(text(self.language, "glossary_problem", problem=self._glossary_problem), severity="warning")
        if self.library.problems:
            self.notify(text(self.language, "lesson_problem", count=len(self.library.problems)), severity="warning")

    def _prepare_when_quiet(self) -> bool:
        """While the learner reads, the other language of the lesson is
        prepared for `l` (see tutor/ui/lesson_screens.py), a slice each time
        this is called (every PREPARE_EVERY seconds) and the app is quiet.
        Returns whether the preparation is done (for tests; the timer
        ignores it)."""
        return self._collector.quiet_for() >= PREPARE_AFTER and self.lesson_screens.prepare(PREPARE_SLICE)

    def progress_place(self) -> str:
        """Where progress is kept, as the settings screen says it: a served session names no server path."""
        if self.classroom:
            return text(self.language, "learner_progress", name=self.learner or "-")
        return str(self.store.path)

    def begin_learner(self, store: Store, name: str, short: str) -> None:
        """A served session's learner is named: from now on their own store
        keeps the answers (the drill's answer log included), and their
        language and theme come back."""
        self.store = store
        self.answer_log = AnswerLog(store)
        self.learner = name
        self.sub_title = short or name
        language = store.setting("language")
        if language in LANGUAGES and language != self.language:
            self.language = language
            localise_bindings(self, language)
        theme = store.setting("theme")
        if theme in THEME_NAMES:
            self.theme = theme
        self.switch_screen(HomeScreen())

    def _store_notice(self) -> str:
        damage = self.store.damage
        if damage is None:
            return self.store.notice or ""
        return text(self.language, "store_damaged", path=damage.path, aside=damage.aside, error=damage.error)

    # --- navigation -------------------------------------------------------------------------

    def open_lesson(self, lesson_id: str, replace: bool = False, at: ReadingState | None = None) -> None:
        """Show a lesson in the app's language, as first opened or at `at`;
        `replace` shows it in place of the lesson on top."""
        lesson = self.library.lessons.get(self.language, {}).get(current_lesson_id(lesson_id))
        if lesson is None:
            return
        parts = self.lesson_screens.parts_for(lesson)
        if replace and isinstance(self.screen, LessonScreen):
            self.screen.show(lesson, parts, at or ReadingState())
            return
        screen = self.lesson_screens.screen()
        screen.show(lesson, parts, at or ReadingState())
        self.push_screen(screen)

    def open_glossary(self, term: str | None = None) -> None:
        self.push_screen(GlossaryScreen(term))

    def start_drills(self, kinds: tuple[str, ...] = ()) -> None:
        """A lesson's drill key starts its kinds at once; otherwise choose first."""
        if kinds:
            self.push_screen(DrillScreen(DrillPlan.lesson(kinds)))
        else:
            self.push_screen(DrillSetupScreen())

    def show_summary(self, attempts: list[Attempt]) -> None:
        """A drill's results, in place of the drill on top.

        In one kept screen, as lessons are: a new screen for each drill was
        composed, styled and laid out more than once while the learner
        waited, the most of what the summary took. While the kept one is on
        the stack already (its lesson opened, and a drill started from
        there), a new one is made, and not kept."""
        screen = self._summary
        if screen is None:
            screen = self._summary = SummaryScreen(attempts, again=DrillScreen)
            self.install_screen(screen, "summary")
        elif screen in self.screen_stack:
            screen = SummaryScreen(attempts, again=DrillScreen)
        else:
            screen.show(attempts)
        self.switch_screen(screen)

    def due_concepts(self) -> list[str]:
        """The concepts due for review that a drill can ask, most overdue first."""
        # By the kind that drills each: "mcr:principle:套算一次" is an mcr-steps step.
        return [item.concept for item in self.store.due() if concept_kind(item.concept) in QUIZ_KINDS]

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

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The palette's own commands, in the learner's language: Textual's
        are English only, and its Theme command offers its twenty themes."""
        language = self.language
        yield SystemCommand(text(language, "command.theme"), text(language, "command.theme_help"), self.search_themes)
        yield SystemCommand(text(language, "command.keys"), text(language, "command.keys_help"), self.action_help)
        yield SystemCommand(text(language, "command.quit"), text(language, "command.quit_help"), self.action_quit)

    def search_themes(self) -> None:
        """Our four themes only, by their names in the learner's language."""
        self.push_screen(
            CommandPalette(providers=[TutorThemes], placeholder=text(self.language, "command.theme_placeholder"))
        )

    def open_table(self, rules: str = "riichi", step_id: str | None = None) -> None:
        self.push_screen(TableScreen("mcr" if rules == "mcr" else "riichi", step_id))

    def action_table(self) -> None:
        self.open_table()

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

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, unless the screen is being projected: then the screen
        shows the notice on its own line, off the projected content."""
        screen = self.screen if self.screen_stack else None
        if isinstance(screen, TutorScreen) and screen.show_notice(message):
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # --- language and theme -----------------------------------------------------------------

    async def action_switch_language(self) -> None:
        """Every screen follows the new language and keeps its state: the one
        on top at once, those underneath when they come back."""
        self.language = next_language(self.language)
        self.store.set_setting("language", self.language)
        # Drawn once, when all of it has changed, rather than part by part.
        with self.batch_update():
            set_app_title(self, text(self.language, "title"))
            localise_bindings(self, self.language)
            # The kept summary too, off the stack between drills: it comes
            # back in the new language (the kept lesson screen sees to its own).
            kept = [self._summary] if self._summary is not None and self._summary not in self.screen_stack else []
            for screen in [*self.screen_stack, *kept]:
                if isinstance(screen, TutorScreen):
                    screen.language_changed()
                else:
                    localise_bindings(screen, self.language)
            self.refresh_bindings()
            # The footer's new words in the same drawing (Textual would
            # rebuild it after the next refresh: one more layout and frame).
            for footer in self.screen.query(KeyFooter):
                await footer.update_now()
            # Notices still up were written in the other language.
            self.clear_notifications()
            self.notify(text(self.language, "language_now"))
            # Laid out in the first frame after the batch: the widgets' own
            # requests reach the screen only as messages, and the frame
            # before them drew the old layout, then one more drew the new.
            self.screen.refresh(layout=True)

    def theme_title(self, theme: str) -> str:
        return text(self.language, f"theme.{theme}") if theme in THEME_NAMES else theme

    def action_next_theme(self) -> None:
        position = THEME_NAMES.index(self.theme) if self.theme in THEME_NAMES else -1
        self.theme = THEME_NAMES[(position + 1) % len(THEME_NAMES)]

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name not in THEME_NAMES:
            return
        self.store.set_setting("theme", theme.name)
        for screen in self.screen_stack:
            if isinstance(screen, SettingsScreen):
                screen.show_settings()
        self.notify(text(self.language, "theme_now", theme=self.theme_title(theme.name)))


def _plain_header_icon(screen: Screen[object]) -> None:
    def plain() -> None:
        for header in screen.query(Header):
            header.icon = SERVED_ICON

    screen.call_after_refresh(plain)
