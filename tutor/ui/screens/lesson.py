"""Reading a lesson: contents, text, hand blocks drawn as tiles, answers
revealed on request, and a presentation mode for the classroom."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown, OptionList
from textual.widgets.option_list import Option

from tutor.engine.rules import Rules
from tutor.lessons.blocks import BlockError, block_rules
from tutor.lessons.model import Lesson
from tutor.locale import text
from tutor.ui.keys import localise_bindings
from tutor.ui.tile_art import TileSize
from tutor.ui.widgets.hand_view import HandBlockView
from tutor.workbench.analysis import typed_from
from tutor.workbench.settings import settings_from_setup

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp

HEADING = re.compile(r"^(#{1,3}) (.+)$")


class LessonScreen(Screen[None]):
    """One lesson.  In presentation mode the chrome goes, tiles grow, and
    space reveals the next answer step."""

    DEFAULT_CSS = """
    LessonScreen #contents { width: 28; border: round $panel; }
    LessonScreen #contents.hidden { display: none; }
    LessonScreen #text { width: 1fr; padding: 0 1; }
    LessonScreen Markdown { margin: 0; padding: 0; }
    LessonScreen.presenting #contents { display: none; }
    LessonScreen.presenting Header { display: none; }
    LessonScreen.presenting Footer { display: none; }
    LessonScreen.presenting Markdown { text-style: bold; }
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
        Binding("a", "reveal", "Reveal", id="reveal", tooltip="Reveal the answer of the selected hand (all, if none)"),
        Binding("f5", "present", "Present", id="present", tooltip="Presentation mode: large tiles, no chrome"),
        Binding("space", "step", "Step", id="step", show=False, tooltip="Reveal the next answer step"),
        Binding("z", "quiz", "Drill", id="quiz", tooltip="Drill what this lesson teaches"),
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

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson
        """The lesson shown, in the app's language."""
        self.presenting = False

    @property
    def tutor(self) -> TutorApp:
        from tutor.ui.app import TutorApp

        assert isinstance(self.app, TutorApp)
        return self.app

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield OptionList(*self._contents(), id="contents")
            with VerticalScroll(id="text"):
                yield from self._segments()
        yield Footer()

    def on_mount(self) -> None:
        localise_bindings(self, self.tutor.language)
        self.title = self.lesson.title
        self.sub_title = text(self.tutor.language, self.lesson.track)
        self.tutor.store.mark_read(self.lesson.id)
        self.query_one("#text").focus()

    def _contents(self) -> list[Option]:
        options = []
        for index, line in enumerate(self.lesson.body.splitlines()):
            match = HEADING.match(line)
            if match and len(match.group(1)) <= 2:
                indent = "  " * (len(match.group(1)) - 1)
                options.append(Option(f"{indent}{match.group(2)}", id=f"heading-{index}"))
        return options

    def _segments(self) -> ComposeResult:
        """The body as Markdown pieces (one per heading, so the contents can
        jump to it) with hand blocks drawn in between."""
        lines = self.lesson.body.splitlines()
        blocks = iter(self.lesson.blocks)
        chunk: list[str] = []
        chunk_id = "heading-top"
        index = 0
        while index < len(lines):
            line = lines[index]
            if line.strip() == "```hand":
                if chunk:
                    yield Markdown("\n".join(chunk), id=chunk_id, open_links=False)
                    chunk = []
                    chunk_id = f"after-{index}"
                index += 1
                while index < len(lines) and lines[index].strip() != "```":
                    index += 1
                yield HandBlockView(next(blocks), self.lesson.track, self.tutor.language)
            elif HEADING.match(line):
                if chunk:
                    yield Markdown("\n".join(chunk), id=chunk_id, open_links=False)
                chunk = [line]
                chunk_id = f"heading-{index}"
            else:
                chunk.append(line)
            index += 1
        if chunk:
            yield Markdown("\n".join(chunk), id=chunk_id, open_links=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            target = self.query(f"#{event.option.id}")
            if target:
                self.query_one("#text", VerticalScroll).scroll_to_widget(target.first(), top=True)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        if event.href.startswith("lesson:"):
            event.prevent_default()
            self.tutor.open_lesson(event.href.removeprefix("lesson:"), replace=True)

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

    def action_next_lesson(self) -> None:
        self._neighbour(1)

    def action_previous_lesson(self) -> None:
        self._neighbour(-1)

    def action_toggle_contents(self) -> None:
        self.query_one("#contents").toggle_class("hidden")

    def action_reveal(self) -> None:
        focused = self.focused
        if isinstance(focused, HandBlockView):
            focused.reveal_all()
            return
        for view in self.query(HandBlockView):
            view.reveal_all()

    def action_present(self) -> None:
        self.presenting = not self.presenting
        self.set_class(self.presenting, "presenting")
        size = TileSize.LARGE if self.presenting else TileSize.SMALL
        for view in self.query(HandBlockView):
            view.set_tile_size(size)

    def action_step(self) -> None:
        """Reveal the next step of the first hand with anything still hidden."""
        for view in self.query(HandBlockView):
            if view.reveal_step():
                self.query_one("#text", VerticalScroll).scroll_to_widget(view)
                return

    def action_workbench(self) -> None:
        """The selected hand block, or the first, with its settings, in the workbench."""
        focused = self.focused
        views = [focused] if isinstance(focused, HandBlockView) else list(self.query(HandBlockView))
        if not views:
            self.tutor.open_workbench()
            return
        block = views[0].block
        win = block.setup.get("win", "").split()
        try:
            rules = block_rules(block, self.lesson.track)
        except BlockError:
            rules = Rules.RIICHI
        flowers = block.setup.get("flowers", "0")
        source = typed_from(block.hand, win[0] if win else None, int(flowers) if flowers.isdecimal() else 0)
        self.tutor.open_workbench(source, settings_from_setup(block.setup), rules)

    def action_quiz(self) -> None:
        self.tutor.start_drills(self.lesson.quiz)
