"""A drill's questions, one at a time: answer by keyboard, then see why.

Every answer goes to the progress store as it is given, so a crash loses at
most the question on screen; an answer the store cannot take yet is kept
and saved later (tutor/ui/answer_log.py).

The screen draws itself from its state alone (`compose`), so switching the
language redraws it in place: the question, what was typed or ticked, and
the feedback once answered. An answer and the next question change only the
widgets that show something new (`_draw_answered`, `_draw_question`), in
one batch: the hand, the prompt and the containers stay mounted.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, SelectionList, Static

from tutor.locale import SWITCH_LABEL
from tutor.quiz.attempt import Attempt
from tutor.quiz.kinds import KINDS
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import Question
from tutor.quiz.store_api import AssignedPlace
from tutor.ui.answer_log import Answer
from tutor.ui.answer_widgets import ANSWER_WIDGETS, AnswerWidget, Draft, Drawn, hint_key
from tutor.ui.drill_words import feedback_lines, header_text, prompt_text, verdict_text, word
from tutor.ui.keys import relabel, scroll_bindings
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.confirm import ConfirmScreen
from tutor.ui.screens.redrawn import RedrawnScreen
from tutor.ui.tile_art import TileSize
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.key_footer import KeyFooter
from tutor.ui.widgets.number_field import NumberField
from tutor.ui.widgets.question_hand import question_hand
from tutor.ui.widgets.ticks import ChoiceList, TickList, replace_options
from tutor.workbench.opening import question_opening

APP_KEYS: list[BindingType] = [
    # The app's own keys again, as priority bindings: a number field would
    # otherwise take these letters as typing, though it accepts digits only,
    # and the footer would show keys that do nothing.
    Binding("q", "app.quit", "Quit", id="quit", show=False, priority=True),
    Binding("l", "app.switch_language", SWITCH_LABEL, id="language", show=False, priority=True),
    Binding("t", "app.next_theme", "Theme", id="theme", show=False, priority=True),
    Binding("question_mark", "app.help", "Help", id="help", priority=True),
]


def redraw_in(child: Widget, widget: Widget) -> bool:
    """Whether the mounted `child` now shows what `widget`, of the same
    kind and id, was made to show (it then does)."""
    if type(child) is not type(widget) or child.id != widget.id:
        return False
    if isinstance(child, OptionList) and isinstance(widget, OptionList):
        replace_options(child, list(widget.options))
        return True
    if isinstance(child, NumberField) and isinstance(widget, NumberField):
        child.value = widget.value
        child.placeholder = widget.placeholder
        return True
    return False


class DrillScreen(RedrawnScreen):
    """One question at a time, feedback with the explanation, then a summary."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back", id="back", tooltip="Leave the drill"),
        Binding(
            "enter", "submit", "Answer", id="submit", tooltip="Answer, or go on to the next question", priority=True
        ),
        Binding("f5", "present", "Present", id="present", tooltip="Presentation mode: explanations step by step"),
        Binding("ctrl+s", "skip", "Skip", id="skip", tooltip="Skip this question (counts as a mistake)"),
        # A priority binding: the answer field's own ctrl+w (delete a word)
        # would otherwise take the key whenever the field has focus.
        Binding(
            "ctrl+w",
            "show_answer",
            "Show answer",
            id="show",
            tooltip="Show the answer (counts as a mistake)",
            priority=True,
        ),
        # Once answered, the question's hand goes to the workbench; out of the
        # footer, which must fit 80 columns (the help lists it).
        Binding("w", "workbench", "Workbench", id="workbench", show=False, priority=True),
        Binding(
            "space", "step", "Step", id="step", tooltip="In presentation mode, reveal the next part of the explanation"
        ),
        # Once answered, nothing has the focus and these scroll the feedback
        # (an answer field, while it has the focus, takes the arrows first).
        *scroll_bindings("scroll_body"),
        *APP_KEYS,
    ]
    DEFAULT_CSS = """
    DrillScreen #strip { height: 1; padding: 0 1; color: $text-muted; }
    DrillScreen #prompt { text-style: bold; padding: 0 1; }
    /* The gutter stays whether or not the body scrolls: the answer keeps
       its width when the feedback comes and goes (no second layout to
       take a scroll bar in or out). */
    DrillScreen #body { scrollbar-gutter: stable; }
    /* The hand stays above the body, in sight beside the answer and its
       feedback however far they scroll; projected too, where the class
       reads the explanation against it step by step. */
    DrillScreen #hand { padding: 0 1; height: auto; }
    DrillScreen #answer-area { height: auto; max-height: 14; }
    DrillScreen #answer-area OptionList, DrillScreen #answer-area SelectionList { height: auto; max-height: 12; border: round $panel; }
    DrillScreen #answer-area.steps { max-height: 40; }
    DrillScreen #answer-area.points_steps { max-height: 40; }
    DrillScreen #answer-area.fan_steps { max-height: 80; }
    DrillScreen #feedback { padding: 0 1; height: auto; }
    DrillScreen #verdict { text-style: bold; padding: 0 1; }
    DrillScreen .verdict-right { color: $success; border-left: tall $success; }
    DrillScreen .verdict-wrong { color: $error; border-left: tall $error; }
    DrillScreen .verdict-hint { color: $warning; border-left: tall $warning; }
    DrillScreen .verdict-shown { color: $warning; border-left: tall $warning; }
    DrillScreen #hint { color: $text-muted; padding: 0 1; }
    DrillScreen #present-note { display: none; color: $text-muted; padding: 0 1; height: auto; dock: bottom; }
    DrillScreen .context { color: $text-muted; }
    DrillScreen.presenting Header, DrillScreen.presenting Footer, DrillScreen.presenting #hint { display: none; }
    DrillScreen.presenting #present-note { display: block; }
    /* Projected, toasts would cover the hand: the drill's own notices go to
       the note line instead (see `tell`), and the app's (language, theme)
       show for themselves. */
    DrillScreen.presenting ToastRack { display: none; }
    """

    def __init__(self, plan: DrillPlan) -> None:
        super().__init__()
        self.plan = plan
        self.questions = plan.questions()
        self.position = 0
        self.attempts: list[Attempt] = []
        """Each question answered so far: right or not, and what was given."""
        self.draft = Draft()
        self.shown_steps = 0
        self.presenting = False
        """Presentation mode: large tiles, and the explanation one step at a time."""
        self.notice = ""
        """The drill's last notice, shown in the note line while presenting."""
        self._after_layout: Callable[[], None] | None = None
        """What to scroll into view once the next layout has placed it: the
        answer just focused, or the feedback just given."""

    @property
    def question(self) -> Question:
        return self.questions[self.position]

    @property
    def answered(self) -> bool:
        return len(self.attempts) > self.position

    @property
    def results(self) -> list[bool]:
        return [attempt.right for attempt in self.attempts]

    @property
    def steps(self) -> list[str]:
        """The feedback after the verdict, in the order presentation reveals it."""
        if not self.answered:
            return []
        return feedback_lines(self.attempts[self.position], self.tutor.language, self.tutor.library)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that would do nothing now leave the footer, which at 100
        columns in Korean cannot hold them all: skip and show answer once the
        question is answered, and step outside presentation mode."""
        if action in ("skip", "show_answer"):
            return not self.answered
        if action == "workbench":
            return self.answered
        if action == "step":
            return self.presenting
        return True

    # --- drawing ---------------------------------------------------------------------------

    def draw(self) -> ComposeResult:
        question = self.question
        language = self.tutor.language
        yield Static(self._strip(), id="strip", markup=False)
        yield Static(prompt_text(question, language), id="prompt", markup=False)
        # Above the body, not docked inside it: the hand stays in sight
        # however far the answer and its feedback scroll, and nothing
        # scrolls under it (#28.5: tiles of a hand docked in the body drew
        # blank after the body scrolled to an MCR step row).
        with Vertical(id="hand"):
            yield from self._hand_widgets()
        with VerticalScroll(id="body"):
            with Vertical(id="answer-area", classes=question.answer_type):
                yield from self._answer_widgets(question, language)
            hint = Static(word(language, hint_key(question.answer_type)), id="hint", markup=False)
            # How to answer is no help once answered, and it stood between the answer and its feedback.
            hint.display = not self.answered
            yield hint
            with Vertical(id="feedback"):
                yield from self._feedback_widgets()
        yield Static(self.notice or word(language, "present_note"), id="present-note", markup=False)

    def _hand_widgets(self) -> list[Widget]:
        size = TileSize.LARGE if self.presenting else TileSize.SMALL
        return question_hand(self.question, self.tutor.language, size)

    def _feedback_widgets(self) -> list[Widget]:
        """The verdict and the explanation shown so far, drawn once answered.

        Both stay mounted, hidden before the answer: the next question hides
        them rather than removes them (a removal asks for one more layout of
        the screen once the batch that drew the question is over), and the
        answer shows them rather than mounts and styles them anew."""
        verdict = Static(id="verdict", markup=False)
        steps = Static(id="steps", markup=False)
        self._fill_feedback(verdict, steps)
        return [verdict, steps]

    def _fill_feedback(self, verdict: Static, steps: Static) -> None:
        """The feedback's widgets showing the answer, or hidden before it."""
        verdict.display = steps.display = self.answered
        if not self.answered:
            verdict.update("")
            steps.update("")
            return
        attempt = self.attempts[self.position]
        verdict.update(verdict_text(attempt, self.tutor.language))
        verdict.set_classes(f"verdict-{attempt.verdict}")
        steps.update(self._shown_steps_text())

    async def _draw_answered(self) -> None:
        """The question just answered: only the strip, the feedback and an
        answer widget that marks its lines change, so only they are drawn
        again; the hand and the prompt stay as they are."""
        # One layout and one frame for all of it, as a recompose has.
        with self.app.batch_update():
            self.query_one("#strip", Static).update(self._strip())
            if self.answer_widget.marks_lines:
                await self._refill("#answer-area", self._answer_widgets(self.question, self.tutor.language))
            else:
                self.answer_widget.answered(self._area)
            self.query_one("#hint", Static).display = False
            self._fill_feedback(self.query_one("#verdict", Static), self.query_one("#steps", Static))
            self.settle()
            await self._update_footer()

    async def _draw_question(self) -> None:
        """The next question, in the widgets the last one was drawn in."""
        question = self.question
        language = self.tutor.language
        # One layout and one frame for all of it, as a recompose has.
        with self.app.batch_update():
            self.query_one("#strip", Static).update(self._strip())
            self.query_one("#prompt", Static).update(prompt_text(question, language))
            await self._draw_hand()
            area = self.query_one("#answer-area", Vertical)
            area.set_classes(question.answer_type)
            await self._draw_answer(self._answer_widgets(question, language))
            hint = self.query_one("#hint", Static)
            hint.update(word(language, hint_key(question.answer_type)))
            hint.display = True
            self._fill_feedback(self.query_one("#verdict", Static), self.query_one("#steps", Static))
            self.query_one("#present-note", Static).update(self.notice or word(language, "present_note"))
            self.query_one("#body", VerticalScroll).scroll_home(animate=False, immediate=True)
            self.settle()
            await self._update_footer()

    async def _update_footer(self) -> None:
        """The footer's new keys in the same batch as the rest (the rebuild
        Textual schedules for after the refresh then finds nothing new)."""
        await self.query_one(KeyFooter).update_now()

    async def _draw_hand(self) -> None:
        """The new hand drawn in the last one's widgets when they are of the
        same kinds (tiles, then lines of text), else in new ones."""
        hand = self.query_one("#hand", Vertical)
        widgets = self._hand_widgets()
        if [type(widget) for widget in widgets] != [type(child) for child in hand.children]:
            await self._refill("#hand", widgets)
            return
        for child, widget in zip(hand.children, widgets, strict=True):
            if isinstance(child, TilesView) and isinstance(widget, TilesView):
                child.groups = widget.groups
                child.size_name = widget.size_name
            elif isinstance(child, Static) and isinstance(widget, Static):
                child.update(widget.content)
                child.set_classes(widget.classes)

    async def _draw_answer(self, widgets: list[Widget]) -> None:
        """The new answer drawn in the last one's widgets where they are of
        the same kinds, else in new ones.

        An option list mounted anew is styled with all its parts and, once
        drawn, shows a new scroll bar, which asks for one more layout of the
        screen; its options were drawn twice, once at each width. An MCR fan
        question's total, when the next question has none, is hidden rather
        than removed: a removal asks for one more layout once the batch is
        over."""
        area = self.query_one("#answer-area")
        children = list(area.children)
        if not (children and widgets and redraw_in(children[0], widgets[0])):
            await self._refill("#answer-area", widgets)
            return
        for widget in widgets[1:]:
            same = next((child for child in children[1:] if redraw_in(child, widget)), None)
            if same is None:
                await area.mount(widget)
            else:
                same.display = True
                children.remove(same)
        for child in children[1:]:
            if isinstance(child, NumberField):
                child.value = ""
            child.display = False

    async def _refill(self, selector: str, widgets: list[Widget]) -> None:
        container = self.query_one(selector)
        await container.remove_children()
        if widgets:
            await container.mount_all(widgets)

    @property
    def answer_widget(self) -> AnswerWidget:
        """How the question on screen is answered."""
        return ANSWER_WIDGETS[self.question.answer_type]

    @property
    def _area(self) -> Widget:
        return self.query_one("#answer-area")

    def _answer_widgets(self, question: Question, language: str) -> list[Widget]:
        """The answer widgets (the one with id `answer` holding the draft),
        marked once answered."""
        attempt = self.attempts[self.position] if self.answered else None
        title = partial(lesson_title, self.tutor.library, language=language)
        drawn = Drawn(question, language, self.draft, attempt.judgement if attempt else None, self.shown_steps, title)
        return ANSWER_WIDGETS[question.answer_type].widgets(drawn)

    def _strip(self) -> str:
        marks = ["✓" if attempt.right else "✗" for attempt in self.attempts]
        marks += ["-"] * (len(self.questions) - len(self.attempts))
        return " ".join(marks)

    def _shown_steps_text(self) -> str:
        # The first feedback lines of a step question are its steps, marked in the answer widget itself.
        marked = self.attempts[self.position].judgement.verdicts if self.answer_widget.marks_lines else ()
        rows = len(marked)
        return "\n".join(self.steps[rows : self.shown_steps])

    def keep(self) -> None:
        """What was typed or ticked, kept across a redraw (a language switch)."""
        if self.answered or not self.is_mounted:
            return
        for area in self.query("#answer-area"):
            self.answer_widget.keep(area, self.draft)

    def settle(self) -> None:
        """After drawing: the titles, the enter key's label, the highlight, the focus."""
        language = self.tutor.language
        self.title = word(
            language, "question_level", n=self.position + 1, total=len(self.questions), level=self.question.level
        )
        self.sub_title = header_text(self.question, language)
        relabel(self, "submit", "next" if self.answered else "submit", self.tutor.language)
        self.refresh_bindings()
        for area in self.query("#answer-area"):
            self.answer_widget.restore(area, self.draft)
        if self.answered:
            # Nothing keeps the focus (the screen's arrows scroll the
            # feedback): a focused body, a container, was styled again with
            # all it holds when the next question took the focus from it, a
            # fifth of the time the next question took. At once, not after
            # the refresh, so that the footer, whose keys' order follows the
            # focus, is brought up to date once.
            self.set_focus(None)
            self._after_layout = self._show_feedback
        else:
            # At once, not after the refresh: keys typed right after enter
            # (the next question) are handed to the focused widget as they
            # arrive, and must find the new field rather than the body.
            self._focus_answer()

    def _focus_answer(self) -> None:
        # The screen's set_focus, not the widget's focus(), which waits its
        # turn in the app's queue behind the keys already typed.
        for area in self.query("#answer-area"):
            target = self.answer_widget.focus_target(area)
            if target is not None:
                self.set_focus(target, scroll_visible=False)
                self._after_layout = partial(self._show_answer, target)

    def on_mount(self) -> None:
        super().on_mount()
        self.screen_layout_refresh_signal.subscribe(self, self._laid_out)

    def _laid_out(self, _screen: object) -> None:
        """After a layout, what was drawn scrolled into view, now that its
        place is known. (A callback "after the refresh", set while drawing
        in a batch, may run before the layout that places it.)"""
        show, self._after_layout = self._after_layout, None
        if show is not None:
            show()

    def action_scroll_body(self, how: str) -> None:
        for body in self.query("#body").results(VerticalScroll):
            getattr(body, f"action_{how}")()

    def _show_answer(self, answer: Widget) -> None:
        if self.focused is answer and not self.can_view_entire(answer):
            self.scroll_to_center(answer, animate=False, origin_visible=True)

    def _show_feedback(self) -> None:
        """The feedback in view under the hand: all of it when it fits, else
        from its verdict; with many MCR step rows, from the first one marked
        wrong."""
        for body in self.query("#body").results(VerticalScroll):
            wrong = self.answer_widget.first_wrong(self._area)
            # After the refresh, not at once: the scroll that focusing the
            # last field asked for waits there too, and an animated scroll
            # running under this one left it between rows, at a place that
            # depended on the machine's speed (#25 §5).
            self.app.animator.force_stop_animation(body, "scroll_y")
            if wrong is not None:
                body.scroll_to_widget(wrong, animate=False, top=True)
            else:
                body.scroll_to_widget(self.query_one("#feedback"), animate=False)

    # --- answering -----------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Digits pick or tick the numbered options while something else has
        the focus (the options, focused, take their digits themselves: see
        ticks.py); not while a number is typed."""
        if self.answered or isinstance(self.focused, NumberField):
            return
        widget = self.query("#answer").first()
        if isinstance(widget, TickList | ChoiceList):
            widget.take_digit(event)

    async def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        """A digit on the focused options picked one (see ChoiceList): answer with it."""
        event.stop()
        if not self.answered:
            await self.action_submit()

    async def action_submit(self) -> None:
        """Enter answers the question on screen, or moves on once answered."""
        if self.answered:
            await self.next_question()
            return
        # Enter is a priority key, handled as it arrives, while the keys typed
        # just before it may still wait in the focused field's queue (and then
        # in this screen's): answer once both are worked through, or a fast
        # "30⏎" would answer with an empty field.
        (self.focused or self).call_later(self.call_later, self._answer)

    async def _answer(self) -> None:
        if self.answered:
            return
        response = self._response()
        if response is not None:
            await self.submit(response)

    def _response(self) -> dict[str, Any] | None:
        """The answer on screen as the kind takes it; None (with the focus
        where something is still missing) when it is not complete."""
        return self.answer_widget.response(self._area, self.question, self.focused)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on an option answers with it (enter is handled by action_submit)."""
        if event.option_list.id == "answer" and not self.answered:
            await self.action_submit()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        event.stop()

    async def submit(self, response: dict[str, Any], shown: bool = False, revealed: bool = False) -> None:
        """Record the answer (kept in memory if the store cannot take it
        now), then draw the feedback. `shown`: not answered, either skipped
        or, with `revealed`, its answer shown."""
        question = self.question
        # Judged once: the feedback, the marks and the summary read this judgement.
        judgement = KINDS[question.kind].judge(question, response)
        self.keep()  # The redraw below shows the answer as it was given.
        unanswered = "shown" if revealed else "hint"
        verdict = unanswered if shown else "right" if judgement.right else "wrong"
        self.attempts.append(Attempt(judgement, verdict))
        right = verdict == "right"
        self._save(
            Answer(
                kind=question.kind,
                level=question.level,
                seed=question.seed,
                concept=question.concept,
                lesson=question.lesson,
                correct=right,
                response=json.dumps(response, ensure_ascii=False),
                answered_at=time.time(),
                rules=judgement.concepts,
                place=self._place(),
            )
        )
        self.shown_steps = 1 if self.presenting else len(self.steps)
        await self._draw_answered()

    def _place(self) -> AssignedPlace | None:
        """The class's assignment and question number of the question on screen, if it is one's."""
        plan = self.plan
        if plan.assignment is None or self.position >= len(plan.places):
            return None
        return AssignedPlace(plan.assignment, plan.places[self.position])

    def _save(self, answer: Answer | None = None) -> None:
        log = self.tutor.answer_log
        problem = log.save(answer)
        if problem is not None:
            self.tell(word(self.tutor.language, "not_saved", count=len(log.waiting), error=problem))

    def show_notice(self, message: str) -> bool:
        """Projected, the app's notices too (the store's, which come from
        its writer after the answer) go to the note line, off the hand."""
        if not self.presenting or not self.query("#present-note"):  # not while the drill is taken down
            return False
        self.tell(message)
        return True

    def tell(self, notice: str) -> None:
        """A notice, kept in the one line under a projected drill rather
        than over its content."""
        if self.presenting:
            self.notice = notice
            self.query_one("#present-note", Static).update(notice)
        else:
            self.notify(notice, severity="warning", timeout=8)

    def action_present(self) -> None:
        self.presenting = not self.presenting
        self.set_class(self.presenting, "presenting")
        for tiles in self.query(TilesView):
            tiles.size_name = TileSize.LARGE if self.presenting else TileSize.SMALL
        self.query_one("#present-note", Static).update(word(self.tutor.language, "present_note"))
        self.refresh_bindings()

    def action_step(self) -> None:
        if self.answered and self.shown_steps < len(self.steps):
            self.shown_steps += 1
            self.query_one("#steps", Static).update(self._shown_steps_text())
            self.answer_widget.reveal(self._area, self.shown_steps)

    def action_workbench(self) -> None:
        """The answered question's hand and settings, in the workbench."""
        opening = question_opening(self.question.request)
        if opening is not None:
            self.tutor.open_workbench(opening.source, opening.settings, opening.rules)

    async def action_skip(self) -> None:
        if not self.answered:
            await self.submit({}, shown=True)
        await self.next_question()

    async def action_show_answer(self) -> None:
        if not self.answered:
            await self.submit({}, shown=True, revealed=True)

    def action_leave(self) -> None:
        """Escape: with answers given, ask first, then sum up those answers
        (see tutor/ui/screens/confirm.py); with none, leave at once."""
        if not self.attempts:
            self.app.pop_screen()
            return

        def leave(yes: bool | None) -> None:
            if yes:
                self.tutor.show_summary(self.attempts)

        self.app.push_screen(ConfirmScreen("drill.leave_ask"), leave)

    async def next_question(self) -> None:
        if self.position + 1 >= len(self.questions):
            self.tutor.show_summary(self.attempts)
            return
        self.position += 1
        self.draft = Draft()
        self.notice = ""
        await self._draw_question()

    def on_unmount(self) -> None:
        """Leaving the drill: one more try for answers still waiting."""
        log = self.tutor.answer_log
        problem = log.save() if log.waiting else None
        if problem is not None:
            self.app.notify(
                word(self.tutor.language, "not_saved", count=len(log.waiting), error=problem),
                severity="warning",
                timeout=8,
            )
