"""Reading a lesson: contents, text, hand blocks drawn as tiles, answers
revealed on request, and a presentation mode for the classroom."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.lessons.model import HEADING, Lesson, TextChunk
from tutor.locale import text
from tutor.quiz.writes import ReadMark
from tutor.ui.keys import localise_bindings, scroll_bindings
from tutor.ui.lesson_hand import LessonHand
from tutor.ui.reading_state import ReadingState
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.links import LinksScreen, first_named
from tutor.ui.textual_compat import stylesheet_changes
from tutor.ui.tile_art import TileSize
from tutor.ui.widgets.header_title import set_titles
from tutor.ui.widgets.key_footer import KeyFooter
from tutor.ui.widgets.lesson_document import LessonDocument, Part
from tutor.workbench.opening import block_opening


class LessonScreen(TutorScreen):
    """One lesson.  In presentation mode the chrome goes, tiles grow, and
    space reveals the next answer step.

    A lesson counts as read when its end has been scrolled to or an answer
    revealed, not when it is merely passed through with `]`.

    Speed: the text and the hands are one widget (`LessonDocument`), which
    lays the lesson out itself and draws only the lines in view, so a lesson
    opens with a dozen widgets whatever its length; one screen shows lesson
    after lesson (`show`, see tutor/ui/lesson_screens.py); presentation mode
    hides and shows single widgets instead of toggling a class on the whole
    screen.
    """

    AUTO_FOCUS = ""
    """Nothing takes the focus on its own: the screen's keys scroll the text,
    and `tab` selects one hand at a time."""

    # The contents run the screen's height whatever their length: as long
    # as their words (`height: auto`), they changed size with the language
    # and needed a scrollbar in one language only, and `l` laid the screen
    # out once more for either.
    DEFAULT_CSS = """
    LessonScreen #contents { width: 28; border: round $panel; height: 1fr; }
    LessonScreen #text { width: 1fr; padding: 0 1; }
    LessonScreen #presenting { height: 1; padding: 0 1; color: $text-muted; dock: bottom; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="back", tooltip="Return to the lesson list"),
        Binding("right_square_bracket", "next_lesson", "Next", id="next", tooltip="Open the next lesson of the track"),
        # Previous, contents and step are left out of the footer so that it fits
        # 80 columns; the help lists them, and step is for presentation mode,
        # where the footer is hidden anyway.
        Binding(
            "left_square_bracket",
            "previous_lesson",
            "Previous",
            id="previous",
            show=False,
            tooltip="Open the previous lesson",
        ),
        Binding(
            "c", "toggle_contents", "Contents", id="contents", show=False, tooltip="Show or hide the table of contents"
        ),
        Binding(
            "a",
            "reveal",
            "Reveal",
            id="reveal",
            tooltip="Reveal the answer of the selected hand (all, if none); again, hide it",
        ),
        Binding("o", "links", "Links", id="links", tooltip="Follow a link of the text in view"),
        Binding("f5", "present", "Present", id="present", tooltip="Presentation mode: large tiles, no chrome"),
        Binding("space", "step", "Step", id="step", show=False, tooltip="Reveal the next answer step"),
        Binding("z", "quiz", "Drill", id="quiz", tooltip="Drill what this lesson teaches"),
        # The text scrolls by these keys without taking the focus (see the class's note on speed).
        *scroll_bindings("scroll_text"),
        # Out of the footer, which must fit 80 columns; the help lists it.
        Binding(
            "w",
            "workbench",
            "Workbench",
            id="workbench",
            show=False,
            tooltip="Open the selected hand (or the first) in the workbench",
        ),
    ]

    lesson: Lesson
    """The lesson shown, in the app's language (set by `show` before the screen is composed)."""

    def __init__(self) -> None:
        super().__init__()
        self._lesson_parts: list[Part] = []
        """The lesson's text pieces and hands (kept by tutor/ui/lesson_screens.py)."""
        self.presenting = False
        self._state_to_show: ReadingState | None = None
        """Where to show the lesson when the screen is next shown (see `show`); None: where it is."""
        self._styled_at: int | None = None
        """The app's count of stylesheet changes when this screen's widgets were last styled."""

    def compose(self) -> ComposeResult:
        # Widgets are styled as they mount, with the stylesheet of now.
        self._styled_at = stylesheet_changes(self.app)
        size = TileSize.LARGE if self.presenting else TileSize.SMALL
        yield Header()
        with Horizontal():
            yield OptionList(*self._contents(), id="contents")
            yield LessonDocument(self._lesson_parts, size=size, id="text")
        yield Static(text(self.tutor.language, "lesson.presenting"), id="presenting", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._write_titles()
        self._show_presenting()
        self.watch(self.document, "scroll_y", self._check_end, init=False)

    @property
    def document(self) -> LessonDocument:
        """The lesson's text and hands."""
        return self.query_one(LessonDocument)

    @property
    def hands(self) -> list[LessonHand]:
        """The lesson's hands, in order."""
        return self.document.hands

    def _write_titles(self) -> None:
        set_titles(self, self.lesson.title, text(self.tutor.language, self.lesson.track))

    # --- read marks ---------------------------------------------------------------------------

    def _check_end(self, scroll_y: float) -> None:
        document = self.document
        if document.max_scroll_y and scroll_y >= document.max_scroll_y - 1:
            self.tutor.save_write(ReadMark(self.lesson.id))

    def on_lesson_document_revealed(self) -> None:
        self.tutor.save_write(ReadMark(self.lesson.id))

    # --- building -----------------------------------------------------------------------------

    def _contents(self) -> list[Option]:
        options = []
        for part in self.lesson.parts:
            if not isinstance(part, TextChunk):
                continue
            # A heading's chunk starts with its line; no other chunk starts with one.
            match = HEADING.match(part.text.split("\n", 1)[0])
            if match and len(match.group(1)) <= 2:
                indent = "  " * (len(match.group(1)) - 1)
                options.append(Option(f"{indent}{match.group(2)}", id=part.id))
        return options

    # --- the other language -------------------------------------------------------------------

    def reading_state(self) -> ReadingState:
        top_part, into_part = self.document.part_at(int(self.document.scroll_y))
        return ReadingState(
            top_part,
            into_part,
            tuple(hand.revealed for hand in self.hands),
            self.presenting,
            self._contents_hidden,
        )

    def language_changed(self) -> None:
        if self.on_top:
            # This screen makes way for the other language's at once; its
            # keys are put in the language of the day when it comes back
            # (`_on_screen_resume`), not now, for a footer nobody would see.
            self.redraw_in_language()
        else:
            super().language_changed()

    def redraw_in_language(self) -> None:
        """The same lesson in the app's language, at the same place, drawn
        in place of this one (see tutor/ui/lesson_screens.py)."""
        if self.lesson.language != self.tutor.language and self.on_top:
            self.tutor.open_lesson(self.lesson.id, replace=True, at=self.reading_state())
        else:
            localise_bindings(self, self.tutor.language)

    def show(self, lesson: Lesson, parts: list[Part], state: ReadingState) -> None:
        """Show a lesson on this screen, at a state: composed so if the screen
        is new, swapped in place if it is on top, and otherwise when it is
        next shown. One screen shows lesson after lesson (see
        tutor/ui/lesson_screens.py), since building a screen is what took a
        learner's time."""
        self.lesson, self._lesson_parts = lesson, parts
        # The answers as the state shows them before anything is laid out,
        # which would otherwise lay the lesson out twice.
        for position, hand in enumerate(part for part in parts if isinstance(part, LessonHand)):
            hand.revealed = state.revealed[position] if position < len(state.revealed) else 0
        if not self.is_attached:
            # Not composed yet: it is composed in the state's mode.
            self.presenting = state.presenting
            self._contents_hidden = state.contents_hidden
            if state.top_part or state.into_part:
                self._state_to_show = state
            return
        self._fill()
        if self.on_top:
            self._restore(state)
        else:
            self._state_to_show = state

    def _fill(self) -> None:
        """The lesson's parts, contents, titles and keys, in place of the last lesson's."""
        language = self.tutor.language
        self.document.set_parts(self._lesson_parts)
        contents = self.query_one("#contents", OptionList)
        contents.clear_options()
        contents.add_options(self._contents())
        # As a new list does: the first heading highlighted.
        contents.highlighted = 0 if contents.option_count else None
        self._write_titles()
        self.query_one("#presenting", Static).update(text(language, "lesson.presenting"))
        localise_bindings(self, language)
        self.refresh_bindings()

    def _on_screen_suspend(self) -> None:
        # Overrides Textual's private handler (tutor/ui/textual_compat.py).
        self._styled_at = stylesheet_changes(self.app)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual styles a resumed screen again from scratch, in case the
        # stylesheet changed while it was away (a theme); the kept lesson
        # screen comes back with every lesson opened from home, so that is
        # done only when it did change: restyled, opening a lesson cost 48
        # ms of CPU at the median instead of 35 (bench/ui_latency.py's
        # RESTYLE_BUDGETS). (Overrides Textual's private handler:
        # tutor/ui/textual_compat.py.)
        changes = stylesheet_changes(self.app)
        if self._styled_at == changes:
            event.refresh_styles = False
        self._styled_at = changes
        # Kept screens come back here, perhaps after the language changed twice.
        localise_bindings(self, self.tutor.language)
        if self._state_to_show is not None:
            state, self._state_to_show = self._state_to_show, None
            self.call_later(self._restore, state)

    def _restore(self, state: ReadingState) -> None:
        if self.focused is not None:
            self.set_focus(None)
        new_width = (self.presenting, self._contents_hidden) != (state.presenting, state.contents_hidden)
        if self.presenting != state.presenting:
            self.action_present()
        if self._contents_hidden != state.contents_hidden:
            self.action_toggle_contents()
        # The answers shown were set by `show`, before the parts were laid out.
        if new_width and (state.top_part or state.into_part):
            # The document has its new width once the screen is laid out: scroll then.
            self.call_after_refresh(self._return_to, state)
        else:
            self._return_to(state)

    def _return_to(self, state: ReadingState) -> None:
        if state.top_part < len(self.document.parts):
            self.document.scroll_to_part(state.top_part, state.into_part)

    # --- actions ------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = self.document.part_index(event.option.id or "")
        if index is not None:
            self.document.scroll_to_part(index)

    def on_lesson_document_link_clicked(self, event: LessonDocument.LinkClicked) -> None:
        if event.href.startswith("lesson:"):
            self.tutor.open_lesson(event.href.removeprefix("lesson:"), replace=True)
        elif event.href.startswith("table:"):
            self.tutor.open_table(self.lesson.track, event.href.removeprefix("table:"))
        elif event.href.startswith("play:"):
            self.tutor.open_play(event.href.removeprefix("play:"))

    def action_back(self) -> None:
        if self.presenting:
            self.action_present()
        else:
            self.app.pop_screen()

    def _neighbour(self, step: int) -> None:
        lessons = self.tutor.library.in_order(self.tutor.language, self.lesson.track)
        ids = [lesson.id for lesson in lessons]
        position = ids.index(self.lesson.id) + step
        if 0 <= position < len(ids):
            self.tutor.open_lesson(ids[position], replace=True)
        else:
            # At an end the key said nothing, and seemed not to work.
            self.tutor.say("lesson.last" if step > 0 else "lesson.first_previous")

    def action_scroll_text(self, how: str) -> None:
        getattr(self.document, f"action_{how}")()

    def action_next_lesson(self) -> None:
        self._neighbour(1)

    def action_previous_lesson(self) -> None:
        self._neighbour(-1)

    _contents_hidden = False

    def action_toggle_contents(self) -> None:
        # The text changes width, and its rows with it: the part read stays at
        # the top (the same row would be another part at the new width).
        top_part, into_part = self.document.part_at(int(self.document.scroll_y))
        self._contents_hidden = not self._contents_hidden
        self._show_presenting()
        if top_part or into_part:
            # From the part's start: its rows, too, are others at the new width.
            self.call_after_refresh(self.document.scroll_to_part, top_part)

    def action_reveal(self) -> None:
        """The answers of the selected hand (or of all): revealed, or hidden
        again when they are all shown already (a teacher asks the class once more)."""
        document = self.document
        selected = document.selected_hand
        hands = [selected] if selected is not None else document.hands
        if hands and all(hand.fully_revealed for hand in hands):
            document.set_revealed_of(dict.fromkeys(hands, 0))
        else:
            document.reveal_all(selected)

    def action_links(self) -> None:
        """The links of the text in view, to choose one to follow; with none
        in view, every link of the lesson, the next one below the view
        highlighted (a notice saying "no link here" covered the text and
        led nowhere)."""
        document = self.document
        top = int(document.scroll_y)
        first = document.part_at(top)[0]
        last = document.part_at(top + max(document.scrollable_content_region.height - 1, 0))[0]
        in_view = first_named(document.parts[first : last + 1])
        if in_view:
            self._choose_link(LinksScreen(in_view))
            return
        every = first_named(document.parts)
        if not every:
            return  # the footer shows `o` as off (see check_action)
        after = first_named(document.parts[last + 1 :])
        below = every.index(after[0]) if after else 0
        self._choose_link(LinksScreen(every, heading="lesson.links_all", highlighted=below))

    def _choose_link(self, links: LinksScreen) -> None:
        def follow(href: str | None) -> None:
            if href:
                self.on_lesson_document_link_clicked(LessonDocument.LinkClicked(href))

        self.app.push_screen(links, follow)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A lesson without links: `o` shown as off rather than answering with a notice.
        if action == "links" and self.is_attached and not first_named(self.document.parts):
            return None
        return super().check_action(action, parameters)

    def action_present(self) -> None:
        self.presenting = not self.presenting
        if self.presenting:
            # A notice still up (the language just switched, say) would sit
            # over the projected lesson; new ones go to the bottom line.
            self.app.clear_notifications()
        self._show_presenting()
        self.document.tile_size = TileSize.LARGE if self.presenting else TileSize.SMALL

    def _show_presenting(self) -> None:
        """Presentation mode hides the chrome and says how to leave it."""
        for chrome in self.query("Header, Footer, #contents").results(Widget):
            chrome.display = not self.presenting and not (chrome.id == "contents" and self._contents_hidden)
        self.query_one("#presenting").display = self.presenting

    def show_notice(self, message: str) -> bool:
        """In presentation mode a notice goes to the line at the bottom,
        not over the projected lesson; True when it was shown there."""
        if not self.presenting:
            return False
        self.query_one("#presenting", Static).update(f"{message}  ·  {text(self.tutor.language, 'lesson.presenting')}")
        return True

    def action_step(self) -> None:
        """Reveal the next step of the first hand with anything still hidden."""
        hand = self.document.reveal_step()
        if hand is not None:
            self.document.scroll_to_hand(hand)

    def action_workbench(self) -> None:
        """The selected hand block, or the first, with its settings, in the workbench."""
        selected = self.document.selected_hand
        hands = [selected] if selected is not None else self.hands
        if not hands:
            self.tutor.open_workbench()
            return
        opening = block_opening(hands[0].block, self.lesson.track)
        self.tutor.open_workbench(opening.source, opening.settings, opening.rules)

    def action_quiz(self) -> None:
        self.tutor.start_drills(self.lesson.quiz)
