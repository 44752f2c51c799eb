"""The Mahjong Tutor app: home, lessons, glossary, help, settings.

The app holds what every screen shares: the lessons, the glossary, the
progress store, the language and the theme.  Language and theme are kept in
the store, so they are there again after a restart.  Screens reach the app
through the `Tutor` protocol of `tutor.ui.shell`, never by importing it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Header

from tutor.engine.rules import Rules
from tutor.lessons.check import Library, load_library, with_english_for_the_rest
from tutor.lessons.glossary import GlossaryError, Term, load_glossary
from tutor.lessons.location import bundled_lessons
from tutor.lessons.model import QUIZ_KINDS, current_lesson_id
from tutor.locale import SWITCH_LABEL, next_language, render, text
from tutor.quiz.assigned import AssignedWork, first_unfinished
from tutor.quiz.attempt import Attempt
from tutor.quiz.drill_rules import SETTING as DRILL_RULES
from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.kinds import concept_kind
from tutor.quiz.plan import DrillPlan
from tutor.quiz.play_session import scenario_refusal
from tutor.quiz.play_sessions import scenario_setup
from tutor.quiz.review_findings import review_positions
from tutor.quiz.store import Store, data_folder, learner_folder
from tutor.quiz.store_api import PASSING_PROBLEMS, ProgressStore, StoreUnavailable
from tutor.quiz.stores import open_store, store_place
from tutor.quiz.writes import SettingWrite, Write, Writes
from tutor.ui.class_book_reader import ClassBookReader
from tutor.ui.idle_collector import IdleCollector
from tutor.ui.key_queue import KeyQueue
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
from tutor.ui.screens.import_game import ImportScreen
from tutor.ui.screens.info import GlossaryScreen, HelpScreen, SettingsScreen
from tutor.ui.screens.learner import SERVED_ICON, LearnerScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.play import PlayScreen
from tutor.ui.screens.play_setup import PlaySetupScreen
from tutor.ui.screens.progress import ProgressScreen
from tutor.ui.screens.table import TableScreen
from tutor.ui.screens.workbench import WorkbenchScreen
from tutor.ui.textual_compat import notifications_showing
from tutor.ui.themes import DEFAULT_THEME, THEME_NAMES, THEMES, VERDICT_CSS
from tutor.ui.widgets.header_title import set_app_title
from tutor.ui.widgets.key_footer import KeyFooter
from tutor.workbench.settings import Settings

NOTICE_CSS = """
/* Notices take a line of their own above the footer, in the screen's
   layout rather than on a layer over it: they hide no lesson text, no
   answer field and no key. */
ToastRack { layer: default; margin-bottom: 1; }
Toast { width: 1fr; max-width: 100%; margin: 0; padding: 0 1; }
"""
RETRY_EVERY = 5.0
"""Seconds between tries of writes the store could not take."""
PARENT_CHECK_EVERY = 1.0
"""Seconds between a served session's checks that its server is still there."""


class WritesChanged(Message):
    """The writer's thread went through the waiting writes: saved, or refused (tutor/quiz/writes.py)."""


class TutorApp(App[None]):
    """The whole app.  `language` is "ko" or "en"."""

    TITLE = "Mahjong Tutor"
    CSS = VERDICT_CSS + NOTICE_CSS
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
        store: ProgressStore | None = None,
        classroom: bool = False,
        server_pid: int | None = None,
        joined: str | None = None,
        class_name: str | None = None,
    ) -> None:
        super().__init__()
        self.class_name = class_name
        """In a class (`tutor serve --class`): the class, whose assignments the home screen offers."""
        self.class_book = (
            None if class_name is None else ClassBookReader(self, class_name, changed=self._class_book_read)
        )
        """In a class: its assignments, read off the screen's thread."""
        self.classroom = classroom
        """Served to a classroom: each session asks who is learning and keeps their own store."""
        self._server = server_pid
        """The serving process: its pid as the server gave it, else the parent found at mount."""
        self.learner: str | None = None
        """The learner's name in a served session, once given."""
        self.joined = joined
        """The name a learner joined a class with (`tutor serve --class`): the session is theirs."""
        self._store_problem: StoreUnavailable | None = None
        self._owns_store = store is None
        """Whether the app opened its store, and so closes it when it ends."""
        carry_to: Path | None = None
        if store is None and classroom:
            store = Store.in_memory()  # until the learner gives their name; the teacher's file is never opened
        if store is None:
            try:
                store = open_store()
            except StoreUnavailable as problem:
                # The learner can still read and drill; the notice says nothing is saved yet, and why.
                store, self._store_problem = Store.in_memory(), problem
                if problem.problem in PASSING_PROBLEMS:
                    carry_to = store_place()  # kept in its pending file, saved at a later start
        self.store = store
        """Settings and progress, kept between runs."""
        self.answer_log = Writes(self.store, carry_to)
        """Every write on its way to the store (answers, read marks, settings), kept while it cannot take them."""
        self.answer_log.merge_pending()
        self._told_waiting = False
        """Whether the learner was told that writes are waiting (and so is told when they are saved)."""
        self.pending_note: str | None = None
        """Said on standard error after the app ends, if writes had to wait for the next start."""
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
        self._drill_rules: DrillRules | None = None
        """The rule options set in this session (see `drill_rules`)."""
        self.workbench_history: list[tuple[str, Settings]] = []
        """Hands of this session in the workbench, for its undo."""
        self._collector = IdleCollector(self)
        """Full garbage collections, run while the learner reads (see idle_collector.py)."""
        self._last_lesson: str | None = None
        self._sayings: dict[str, tuple[str, dict[str, object]]] = {}
        """The catalogue key and values of each notice given by `say`, by its words."""
        self._keys = KeyQueue(self, self._handle_key)
        """Keys that arrived together, handed on one at a time."""

    def on_unmount(self) -> None:
        self._collector.stop()
        self.finish_writes()

    def finish_writes(self) -> None:
        """When the app ends (however it ends): the writer's last try, for a
        bounded time; writes still waiting then go to the pending file beside
        the store, to be merged at the next start; the store's -wal into its
        main file.  Safe to call twice."""
        writes = self.answer_log
        handover = writes.finish(close_store=self._owns_store)
        self._owns_store = False
        if handover is None:
            return
        if handover.path is None:
            self.pending_note = text(
                self.language, "store.pending_lost", count=handover.count, path=writes.target, error=handover.error
            )
        else:
            self.pending_note = text(self.language, "store.pending_kept", count=handover.count, path=handover.path)

    async def on_event(self, event: events.Event) -> None:
        self._collector.saw(event)
        if isinstance(event, events.Key) and not event.is_forwarded:
            # One at a time, each to where the key before it moved the focus (see key_queue.py).
            await self._keys.arrive(event)
            return
        await super().on_event(event)

    async def _handle_key(self, key: events.Key) -> None:
        """A key as Textual's app handles one: its priority bindings, else the focused widget."""
        await super().on_event(key)

    def on_mount(self) -> None:
        self._collector.start()
        self.set_interval(PREPARE_EVERY, self._prepare_when_quiet, name="lesson preparation")
        self.set_interval(RETRY_EVERY, self.retry_writes, name="store retry")
        self._watch_writes()
        localise_bindings(self, self.language)
        # However the theme changes (the `t` key or the palette), it is
        # remembered and every screen showing it follows.
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self.classroom:
            self.screen_change_signal.subscribe(self, _plain_header_icon)
            # A session ends with its server: killed (kill -9), the server
            # cannot end it, and nobody would ever see it again.
            # The pid the server gave is the one to watch: a session that mounts
            # after the server died has already been handed to another parent.
            if self._server is None:
                self._server = os.getppid()
            self.set_interval(PARENT_CHECK_EVERY, self._end_without_server, name="server watch")
        self.push_screen(LearnerScreen() if self.classroom else HomeScreen())
        if self._store_problem:
            problem = self._store_problem
            self.notify(
                text(self.language, f"store_{problem.problem}", path=problem.path), severity="error", timeout=30
            )
        if self.store.notice:
            self.notify(self._store_notice(), severity="warning", timeout=15)
        self.on_writes_changed()
        if self._glossary_problem:
            self.notify(text(self.language, "glossary_problem", problem=self._glossary_problem), severity="warning")
        if self.library.problems:
            self.notify(text(self.language, "lesson_problem", count=len(self.library.problems)), severity="warning")

    def _end_without_server(self) -> None:
        if os.getppid() != self._server:
            self.exit(return_code=0)  # an orderly end: the learner's waiting writes are kept

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
        return self.store.place

    def files_folder(self) -> Path:
        """Where the app writes files other than progress (the workbench's
        saved hands): a served learner's own folder, never the teacher's."""
        if self.classroom:
            return learner_folder(self.learner or "-")
        return data_folder()

    def shown_path(self, path: Path) -> str:
        """A path as a notice shows it: a served session shows no server path, only the file's name."""
        return path.name if self.classroom else str(path)

    def begin_learner(self, store: ProgressStore, name: str, short: str, carry_to: Path | None = None) -> None:
        """A served session's learner is named: from now on their own store
        keeps the answers (the drill's answer log included), and their
        language and theme come back.  `carry_to`: their store's file, when
        it was unavailable and `store` is in memory (the writes go to its
        pending file, for their next session)."""
        self.answer_log.finish(close_store=self._owns_store)  # the unnamed session's store, in memory
        self.store = store
        self._owns_store = True
        self._drill_rules = None  # the learner's own, from their store
        self.answer_log = Writes(store, carry_to)
        self.answer_log.merge_pending()
        self._told_waiting = False
        self._watch_writes()
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
        self.on_writes_changed()

    # --- writing to the store ---------------------------------------------------------------

    def save_write(self, write: Write) -> None:
        """Every write to the store comes here, and is handed to the writer's
        thread: the screen never waits for the store.  A write it cannot
        take is kept, retried, and said in one line (once, until saved)."""
        self.answer_log.save(write)

    def retry_writes(self) -> None:
        """Try the waiting writes again (a timer calls this)."""
        if self.answer_log.waiting:
            self.answer_log.save()

    def _watch_writes(self) -> None:
        """The writer tells the app after each round, from its own thread:
        as a message, which Textual takes across threads."""
        writes = self.answer_log

        def changed() -> None:
            with contextlib.suppress(RuntimeError):  # the app's loop closed meanwhile: nothing left to tell
                self.post_message(WritesChanged())

        writes.on_change = changed

    def on_writes_changed(self, message: WritesChanged | None = None) -> None:
        """Say in one line what changed: writes waiting for the store, saved
        after all, or an earlier session's saved at last."""
        writes = self.answer_log
        if writes.failure is not None:
            failure, writes.failure = writes.failure, None
            raise failure  # a crash of the app like any other: its traceback, and an exit code that is not 0
        merged = writes.take_merged_saved()
        if merged:
            self.notify(text(self.language, "store.pending_merged", count=merged))
        # Read once: the writer's thread may clear it meanwhile, and the
        # notice would then name no reason.
        problem = writes.problem
        if problem is not None and not self._told_waiting:
            self._told_waiting = True
            self._tell_waiting(problem)
        elif problem is None and self._told_waiting and not writes.waiting:
            self._told_waiting = False
            self.notify(text(self.language, "store.saved_now", count=writes.take_saved_late()))

    def _tell_waiting(self, problem: str) -> None:
        writes = self.answer_log
        self.notify(
            text(self.language, "store.waiting", count=len(writes.waiting), error=problem),
            severity="warning",
            timeout=8,
        )

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
        self._last_lesson = lesson.id
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
            self.push_screen(DrillScreen(DrillPlan.lesson(kinds, self.drill_rules())))
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
        # The drill's answers into the main file: a -wal lost later costs no more than the next drill.
        self.answer_log.checkpoint()

    @property
    def last_lesson(self) -> str | None:
        """The lesson shown last in this session, or None."""
        return self._last_lesson

    def due_concepts(self) -> list[str]:
        """The concepts due for review that a drill can ask, most overdue first."""
        # By the kind that drills each: "mcr:principle:套算一次" is an mcr-steps step.
        return [item.concept for item in self.store.due() if concept_kind(item.concept) in QUIZ_KINDS]

    def review_due(self) -> None:
        """A drill of the concepts that are due, most overdue first; with
        nothing due, an ordinary drill to choose."""
        due = self.due_concepts()
        if not due:
            # Saying so: the setup alone read as if the key had done nothing.
            self.push_screen(DrillSetupScreen(nothing_due=True))
            return
        self.push_screen(DrillScreen(DrillPlan.review(due, self.drill_rules(), review_positions(self.store, due))))

    def class_work(self) -> AssignedWork | None:
        """In a class, once the learner is named: the assignment they have
        not finished, if any, of the class's assignments as last read."""
        if self.class_name is None or self.learner is None or self.class_book is None:
            return None
        assignments = self.class_book.assignments
        return None if assignments is None else first_unfinished(self.class_name, assignments, self.store)

    def read_class_book(self) -> None:
        """In a class: its assignments read again (home shows them once read)."""
        if self.class_book is not None:
            self.class_book.read()

    def _class_book_read(self) -> None:
        if isinstance(self.screen, HomeScreen):
            self.screen.show_assignment()

    def start_assignment(self) -> None:
        """The class's assignment, from the first question not answered yet
        (the class's assignments read again first: one may have just been set)."""
        if self.class_book is None:
            self.say("class_work.none", severity="warning")
            return
        self.class_book.read(then=self._start_assignment_read)

    def _start_assignment_read(self) -> None:
        if not isinstance(self.screen, HomeScreen):
            return  # left home meanwhile: nothing opens behind the learner's back
        work = self.class_work()
        if work is None or self.learner is None:
            down = self.class_book is not None and self.class_book.down
            self.say("class_work.unreadable" if down else "class_work.none", severity="warning")
            return
        deal = work.deal
        self.push_screen(DrillScreen(work.plan(self.learner)) if deal is None else PlayScreen(deal, work.ref))

    def drill_rules(self) -> DrillRules:
        """The rule options the learner's new drills follow (the settings
        screen sets them): as set in this session, even while the store
        keeps the write waiting; else as stored; else the defaults."""
        if self._drill_rules is not None:
            return self._drill_rules
        try:
            return DrillRules.from_setting(self.store.setting(DRILL_RULES))
        except sqlite3.Error:
            return DrillRules()

    def set_drill_rules(self, rules: DrillRules) -> None:
        self._drill_rules = rules
        self.save_write(SettingWrite(DRILL_RULES, rules.to_setting()))

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

    def open_play(self, scenario: str | None = None) -> None:
        if scenario is None:
            self.push_screen(PlaySetupScreen())
            return
        refused = scenario_refusal(scenario)
        if refused is not None:
            self.notify(render(refused, self.language), severity="warning")
            return
        self.push_screen(PlayScreen(scenario_setup(scenario)))

    def action_play(self) -> None:
        self.open_play()

    def open_import(self) -> None:
        self.push_screen(ImportScreen())

    def action_import_game(self) -> None:
        self.open_import()

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
        """One help at a time: `?` on the help closes it, and with a help
        under the screen on top (reached from it by the palette) no second
        one is stacked, so pressing `?` again and again keeps no memory."""
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
        elif not any(isinstance(screen, HelpScreen) for screen in self.screen_stack):
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

    def say(
        self, key: str, *, severity: SeverityLevel = "information", timeout: float | None = None, **values: object
    ) -> None:
        """A notice from the catalogue: `l` draws it again in the new
        language while it shows, where a notice given as words is cleared."""
        message = text(self.language, key, **values)
        self._sayings[message] = (key, values)
        self.notify(message, severity=severity, timeout=timeout, markup=False)

    def _say_again(self) -> None:
        """The notices showing, in the new language; those given as words go."""
        showing = [(notice, self._sayings.get(notice.message)) for notice in notifications_showing(self)]
        self.clear_notifications()
        self._sayings = {}
        for notice, said in showing:
            if said is not None and notice.time_left > 0:
                key, values = said
                self.say(key, severity=notice.severity, timeout=notice.time_left, **values)

    # --- language and theme -----------------------------------------------------------------

    LETTER_ACTIONS: ClassVar[frozenset[str]] = frozenset({"quit", "switch_language", "next_theme"})
    """The app's one-letter keys, which a field that takes letters types instead."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A widget that takes letters as typing (the points-steps yaku
        # filter) gets `l`, `t` or `q` when it says so, even where a screen
        # binds them as priority keys (the drill does, for its number fields).
        takes = getattr(self.focused, "takes_key_of", None)
        if action in self.LETTER_ACTIONS and callable(takes) and takes(action):
            return False
        return super().check_action(action, parameters)

    async def action_switch_language(self) -> None:
        """Every screen follows the new language and keeps its state: the one
        on top at once, those underneath when they come back."""
        self.language = next_language(self.language)
        self.save_write(SettingWrite("language", self.language))
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
            self._say_again()
            self.say("language_now")
            # A waiting notice was cleared with the others: said again while
            # still true. (Writes merely queued, the language just chosen
            # among them, are on their way to a healthy store: nothing to say.)
            problem = self.answer_log.problem
            if self._told_waiting and problem is not None:
                self._tell_waiting(problem)
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
        self.save_write(SettingWrite("theme", theme.name))
        for screen in self.screen_stack:
            if isinstance(screen, SettingsScreen):
                screen.show_settings()
        # As words: the theme's name is in the language of now, and `l` clears it.
        self.notify(text(self.language, "theme_now", theme=self.theme_title(theme.name)))


def _plain_header_icon(screen: Screen[object]) -> None:
    def plain() -> None:
        for header in screen.query(Header):
            header.icon = SERVED_ICON

    screen.call_after_refresh(plain)
