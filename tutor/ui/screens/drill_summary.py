"""The end of a drill: the score, and each mistake with its hand, both
answers, the step missed and the lesson that teaches it; then a retry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Button, Static

from tutor.quiz.answer_text import answer_text
from tutor.quiz.attempt import Attempt
from tutor.quiz.faces import faces_in_text
from tutor.quiz.plan import DrillPlan
from tutor.ui.drill_words import given_text, header_text, lesson_title, prompt_text, step_lines, verdict_text, word
from tutor.ui.screens.redrawn import RedrawnScreen
from tutor.ui.tile_art import Group, TileSize, fitting_size, render_groups
from tutor.ui.widgets.hand_view import tile_styles
from tutor.ui.widgets.lesson_document import tile_line
from tutor.ui.widgets.question_hand import hand_parts


@dataclass(frozen=True)
class Pieces:
    """What a mistake shows, styled: its prompt, tiles and the text below them."""

    prompt: Content
    groups: list[Group] | None
    tile_styles: dict[str, Style]
    text: list[Content]
    """The hand's setting and discard, if any, then the answers."""


class MistakeView(Widget, can_focus=True):
    """One missed question: enter (or a click) opens its lesson.

    One widget that draws its own lines (the prompt, the hand's tiles as a
    lesson draws them, the setting, the answers): as five widgets each, twenty
    mistakes were a hundred widgets to compose, style and lay out, and the
    summary took most of a second to open.
    """

    # Styled without component classes: each one made every restyle (the
    # screen coming back, a change of focus) apply the stylesheet once more
    # per mistake, most of the time the summary took to open.
    DEFAULT_CSS = """
    MistakeView { height: auto; margin: 0 0 1 0; padding: 0 1; border-left: tall $panel; text-wrap: nowrap; }
    MistakeView:focus { border-left: tall $accent; }
    """

    def __init__(self, attempt: Attempt, number: int, language: str, lesson: str) -> None:
        super().__init__()
        self.attempt = attempt
        self.number = number
        self.language = language
        self.lesson = lesson
        """The title of the lesson that teaches it."""
        self._pieces: tuple[str, Pieces] | None = None
        self._drawn: tuple[tuple[int, str], Content, int] | None = None

    @property
    def prompt(self) -> str:
        question = self.attempt.question
        header, prompt = header_text(question, self.language), prompt_text(question, self.language)
        return word(self.language, "mistake_heading", number=self.number, header=header, prompt=prompt)

    @property
    def answer(self) -> str:
        """The verdict, both answers, the step missed and the lesson, one a line."""
        attempt, language = self.attempt, self.language
        lines = [
            verdict_text(attempt, language),
            word(language, "your_answer", answer=given_text(attempt, language)),
            word(language, "right_answer", answer=answer_text(attempt.question, language)),
            *step_lines(attempt, language),
            word(language, "lesson_link", title=self.lesson),
        ]
        return faces_in_text("\n".join(lines))

    def _pieces_now(self) -> Pieces:
        """The mistake's parts, styled for the theme of now (kept while it lasts)."""
        theme = self.app.theme
        if self._pieces is None or self._pieces[0] != theme:
            variables = self.app.theme_variables
            parts = hand_parts(self.attempt.question, self.language)
            styles = {name: Style.from_rich_style(style) for name, style in tile_styles(variables).items()}
            below = [Content.styled(parts.context, variables.get("text-muted", "auto 60%"))] if parts.context else []
            below += [Content(parts.discard)] if parts.discard else []
            pieces = Pieces(Content.styled(self.prompt, "bold"), parts.groups, styles, [*below, Content(self.answer)])
            self._pieces = (theme, pieces)
        return self._pieces[1]

    def _draw(self, width: int) -> tuple[Content, int]:
        """Every row at a width, and how many (kept for the last width and theme).

        The rows are wrapped here, once, and drawn without wrapping again."""
        key = (width, self.app.theme)
        if self._drawn is None or self._drawn[0] != key:
            pieces = self._pieces_now()
            rows = pieces.prompt.wrap(width)
            if pieces.groups is not None:
                drawn = render_groups(pieces.groups, fitting_size(pieces.groups, TileSize.SMALL, width), width)
                rows += [tile_line(line, pieces.tile_styles) for line in drawn]
            for text in pieces.text:
                rows += text.wrap(width)
            self._drawn = (key, Content("\n").join(rows), len(rows))
        return self._drawn[1:]

    def render(self) -> Content:
        return self._draw(self.content_size.width or 80)[0]

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return self._draw(width)[1] if width else 0

    def on_click(self) -> None:
        self.focus()


class SummaryScreen(RedrawnScreen):
    """The score and the mistakes, each linked to the lesson that teaches it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return"),
        Binding("enter", "open_lesson", "Lesson", id="open_lesson", tooltip="Open the lesson of this mistake"),
        Binding("r", "retry", "Retry mistakes", id="retry", tooltip="Drill the missed questions again"),
    ]
    DEFAULT_CSS = """
    SummaryScreen #score { text-style: bold; padding: 1 2 0 2; }
    SummaryScreen #how { color: $text-muted; padding: 0 2; }
    SummaryScreen #mistakes { height: 1fr; padding: 0 1; }
    SummaryScreen #retry { margin: 0 2; }
    """

    def __init__(self, attempts: list[Attempt], again: Callable[[DrillPlan], Screen[None]]) -> None:
        super().__init__()
        self.attempts = attempts
        self.again = again
        self.position = 0
        """Which mistake has the focus."""
        """Makes the drill screen that asks the missed questions again."""

    @property
    def mistakes(self) -> list[Attempt]:
        return [attempt for attempt in self.attempts if not attempt.right]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("retry", "open_lesson"):
            return bool(self.mistakes)
        return True

    def draw(self) -> ComposeResult:
        language = self.tutor.language
        right = len(self.attempts) - len(self.mistakes)
        yield Static(word(language, "summary", right=right, total=len(self.attempts)), id="score", markup=False)
        if self.mistakes:
            yield Static(word(language, "mistakes"), id="how", markup=False)
            with VerticalScroll(id="mistakes"):
                for number, attempt in enumerate(self.mistakes, start=1):
                    title = lesson_title(self.tutor.library, attempt.question.lesson, language)
                    yield MistakeView(attempt, number, language, title)
            yield Button(word(language, "retry"), id="retry", compact=True)
        else:
            yield Static(word(language, "none_wrong"), id="how", markup=False)

    def keep(self) -> None:
        """The mistake in focus stays in focus across a redraw."""
        focused = self.focused
        self.position = list(self.query(MistakeView)).index(focused) if isinstance(focused, MistakeView) else 0

    def settle(self) -> None:
        self.title = word(self.tutor.language, "summary_title")
        views = list(self.query(MistakeView))
        if views:
            self.call_after_refresh(views[min(self.position, len(views) - 1)].focus)

    def action_open_lesson(self) -> None:
        focused = self.focused
        if isinstance(focused, MistakeView):
            self.tutor.open_lesson(focused.attempt.question.lesson)

    def action_retry(self) -> None:
        if self.mistakes:
            self.app.switch_screen(self.again(DrillPlan.retry([attempt.question for attempt in self.mistakes])))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "retry":
            self.action_retry()
