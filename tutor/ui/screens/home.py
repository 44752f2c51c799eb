"""The first screen: both tracks with their lessons in order, and the other entries."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.lessons.model import TRACKS, current_lesson_id
from tutor.locale import render, text
from tutor.locale.message import listed
from tutor.ui.drill_words import kind_name
from tutor.ui.screens.base import TutorScreen
from tutor.ui.widgets.key_footer import KeyFooter


class HomeScreen(TutorScreen):
    """Lessons by track, a mark on those read, and keys for the rest.

    The screen is composed once. Coming back to it, or switching the
    language, updates its text in place, so the list keeps its focus and its
    cursor: a learner who opens lesson 5 comes back to lesson 5.
    """

    DEFAULT_CSS = """
    HomeScreen #tracks { height: 1fr; }
    HomeScreen .track { width: 1fr; height: 1fr; margin: 0 1; }
    HomeScreen .track-title { text-style: bold; color: $accent; padding: 0 1; }
    /* No padding on the right: the column it took made long titles wrap at 80 columns. */
    HomeScreen OptionList { height: 1fr; border: round $panel; padding: 0 0 0 1; }
    HomeScreen OptionList:focus { border: round $accent; }
    HomeScreen #entries { height: auto; padding: 0 2; color: $text-muted; }
    HomeScreen #due { height: auto; padding: 0 2; color: $warning; text-style: bold; }
    HomeScreen #due.none { display: none; }
    HomeScreen #assignment { height: auto; padding: 0 2; color: $success; text-style: bold; }
    HomeScreen #assignment.unread { color: $warning; text-style: none; }
    HomeScreen #assignment.none { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "app.drills", "Drills", id="drills", tooltip="Practise with questions"),
        Binding("m", "app.play", "Play", id="play", tooltip="Play a game against bots, with the coach"),
        # Out of the footer, which 80 columns fill: the line of entries above it names it.
        Binding(
            "g",
            "app.glossary",
            "Glossary",
            id="glossary",
            show=False,
            tooltip="Every term in Korean, the original and English",
        ),
        Binding("s", "app.settings", "Settings", id="settings", tooltip="Language, theme and where progress is kept"),
        Binding("r", "app.review", "Review", id="review", tooltip="Drill what is due for review"),
        Binding("p", "app.progress", "Progress", id="progress", tooltip="Accuracy per kind over time"),
        # Not in the footer, which is full at 80 columns: the line of entries above it names it.
        Binding("b", "app.table", "Table", id="table", show=False, tooltip="The table: a hand set up step by step"),
        # Out of the footer, which must fit 80 columns; the help and the palette list it.
        Binding(
            "w", "app.workbench", "Workbench", id="workbench", show=False, tooltip="Type any hand and see its scores"
        ),
        # Out of the footer too (80 columns): the line of entries names it.
        Binding(
            "i",
            "app.import_game",
            "Import",
            id="import_game",
            show=False,
            tooltip="Import a game log (tenhou.net/6, mjai) and replay it with its review",
        ),
        # In a class: its assignment (out of the footer, which is full at 80 columns; the line above names it).
        Binding(
            "a",
            "assignment",
            "Assignment",
            id="assignment",
            show=False,
            tooltip="Start the class's assignment that is waiting",
        ),
        # The arrows between the two tracks, as between two columns anywhere
        # (out of the footer, which is full at 80 columns; the help lists them).
        Binding("left", "track(-1)", "Other track", id="other_track", show=False, tooltip="The other track's lessons"),
        Binding("right", "track(1)", "Other track", id="other_track", show=False, tooltip="The other track's lessons"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="tracks"):
            for track in TRACKS:
                with Vertical(classes="track"):
                    yield Static(classes="track-title", id=f"track-{track}", markup=False)
                    yield OptionList(*self._options(track), id=f"lessons-{track}")
        yield Static(id="assignment", markup=False, classes="none")
        yield Static(id="due", markup=False)
        yield Static(id="entries", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._write_text()
        self.tutor.read_class_book()
        self.query_one("#lessons-riichi", OptionList).focus()
        self._follow_last_read()

    def _follow_last_read(self) -> None:
        """The cursor on the lesson read last (opened, or reached with `]`), in its track's list, focused."""
        last = self.tutor.last_lesson
        if last is None:
            return
        for track in TRACKS:
            lessons = self.query_one(f"#lessons-{track}", OptionList)
            index = next((i for i in range(lessons.option_count) if lessons.get_option_at_index(i).id == last), None)
            if index is not None:
                lessons.highlighted = index
                lessons.focus()
                return

    def action_track(self, step: int) -> None:
        """Left and right: the other track's list, at the same row (or its last)."""
        lists = [self.query_one(f"#lessons-{track}", OptionList) for track in TRACKS]
        focused = self.focused
        at = lists.index(focused) if focused in lists else 0
        target = lists[max(0, min(len(lists) - 1, at + step))]
        if target is focused:
            return
        row = focused.highlighted if isinstance(focused, OptionList) else None
        if row is not None and target.option_count:
            target.highlighted = min(row, target.option_count - 1)
        target.focus()

    def _options(self, track: str) -> list[Option]:
        marks = self.tutor.store.lessons_read() | self.tutor.answer_log.lessons_read_waiting()
        read = {current_lesson_id(lesson_id) for lesson_id in marks}
        return [
            # "✓ 3 Title": the number needs no full stop, and at 80 columns
            # the two characters it took made the longer MCR titles wrap.
            Option(f"{'✓' if lesson.id in read else ' '}{lesson.order:>2} {lesson.title}", id=lesson.id)
            for lesson in self.tutor.library.in_order(self.tutor.language, track)
        ]

    def _write_text(self) -> None:
        """Every text of the screen in the app's language, the lists' cursors kept."""
        language = self.tutor.language
        self.title = text(language, "title")
        for track in TRACKS:
            self.query_one(f"#track-{track}", Static).update(text(language, track))
            lessons = self.query_one(f"#lessons-{track}", OptionList)
            highlighted = lessons.highlighted
            lessons.set_options(self._options(track))
            if highlighted is not None and highlighted < lessons.option_count:
                lessons.highlighted = highlighted
        self._share_width()
        due = len(self.tutor.store.due())
        self.query_one("#due", Static).update(text(language, "due_now", count=due) if due else "")
        self.query_one("#due").set_class(not due, "none")
        self.query_one("#entries", Static).update(text(language, "home_entries"))
        self.show_assignment()

    def show_assignment(self) -> None:
        """In a class: the assignment waiting, what is left of it, and the key
        that starts it, as last read; or that the class cannot be read now."""
        work = self.tutor.class_work()
        down = self.tutor.class_book is not None and self.tutor.class_book.down
        line = self.query_one("#assignment", Static)
        line.set_class(work is None and not down, "none")
        # Not read is no assignment to start: not in the colour of one.
        line.set_class(work is None and down, "unread")
        language = self.tutor.language
        if work is None and down:
            line.update(text(language, "class_work.unreadable"))
        if work is not None:
            if work.deal is not None:
                line.update(text(language, "class_work.home_deal", due=work.assignment.due))
                return
            kinds = render(listed(kind_name(kind, language) for kind in work.assignment.kinds), language)
            line.update(text(language, "class_work.home", count=work.left, kinds=kinds, due=work.assignment.due))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "assignment":
            return self.tutor.class_name is not None
        return super().check_action(action, parameters)

    def action_assignment(self) -> None:
        self.tutor.start_assignment()

    def _share_width(self) -> None:
        """Half the width each where every title fits in half; else, where
        both fit, the first track as wide as its longest title and the
        second the rest (at 80 columns the English riichi titles are short
        and the MCR ones long), so that no title wraps."""
        tracks = list(self.query(".track").results(Vertical))
        needs = [self._needed_width(track) for track in TRACKS]
        # Each track's margin is one column on either side; one column more
        # keeps the longest title off the border when there is room for it.
        room = self.app.size.width - sum(needs) - 2 * len(tracks)
        half = (self.app.size.width - 2 * len(tracks)) // len(tracks)
        even = all(need < half for need in needs) or room < 0
        tracks[0].styles.width = "1fr" if even else needs[0] + min(room, 1)

    def _needed_width(self, track: str) -> int:
        lessons = self.query_one(f"#lessons-{track}", OptionList)
        prompts = [lessons.get_option_at_index(index).prompt for index in range(lessons.option_count)]
        widest = max((cell_len(str(prompt)) for prompt in prompts), default=0)
        # The border and the padding.
        return widest + lessons.styles.gutter.width

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._share_width()

    def on_screen_resume(self) -> None:
        # Back from a lesson or a drill: read marks and what is due may have changed.
        if self.is_mounted:
            self._write_text()
            self._follow_last_read()
            self.tutor.read_class_book()

    def redraw_in_language(self) -> None:
        self._write_text()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.tutor.open_lesson(event.option.id)
