"""A drill's questions, one at a time: answer by keyboard, then see why.

Every answer goes to the progress store as it is given, so a crash loses at
most the question on screen.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from tutor.engine.notation import NotationError, parse_hand, parse_tile
from tutor.engine.tiles import tile_name
from tutor.locale import text
from tutor.quiz.answer_text import answer_text
from tutor.quiz.kinds import is_right
from tutor.quiz.names import flag_name, flowers_text
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import Question
from tutor.ui.drill_words import word
from tutor.ui.keys import relabel
from tutor.ui.screens.drill_summary import SummaryScreen
from tutor.ui.screens.info import TutorScreen
from tutor.ui.strings import WIND_NAMES
from tutor.ui.tile_art import chip, hand_groups
from tutor.ui.widgets.hand_view import TilesView


class DrillScreen(TutorScreen):
    """One question at a time, feedback with the explanation, then a summary."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Leave the drill"),
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
        Binding(
            "space", "step", "Step", id="step", tooltip="In presentation mode, reveal the next part of the explanation"
        ),
    ]
    DEFAULT_CSS = """
    DrillScreen #strip { height: 1; padding: 0 1; color: $text-muted; }
    DrillScreen #prompt { text-style: bold; padding: 0 1; }
    DrillScreen #hand { padding: 0 1; height: auto; }
    DrillScreen #answer-area { height: auto; max-height: 14; }
    DrillScreen #answer-area OptionList, DrillScreen #answer-area SelectionList { height: auto; max-height: 12; border: round $panel; }
    DrillScreen #feedback { padding: 0 1; height: auto; }
    DrillScreen #feedback.right { border-left: tall $success; }
    DrillScreen #feedback.wrong { border-left: tall $error; }
    DrillScreen #hint { color: $text-muted; padding: 0 1; }
    DrillScreen .context { color: $text-muted; }
    DrillScreen.presenting Header, DrillScreen.presenting Footer, DrillScreen.presenting #hint { display: none; }
    """

    def __init__(self, plan: DrillPlan) -> None:
        super().__init__()
        self.plan = plan
        self.questions = plan.questions()
        self.position = 0
        self.results: list[bool] = []
        self.answered = False
        self.steps: list[str] = []
        self.shown_steps = 0
        self.presenting = False
        """Presentation mode: the explanation comes one step at a time."""

    @property
    def question(self) -> Question:
        return self.questions[self.position]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that would do nothing now leave the footer, which at 100
        columns in Korean cannot hold them all: skip and show answer once the
        question is answered, and step outside presentation mode."""
        if action in ("skip", "show_answer"):
            return not self.answered
        if action == "step":
            return self.presenting
        return True

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="strip", markup=False)
        yield Static("", id="prompt", markup=False)
        with VerticalScroll(id="body"):
            yield Vertical(id="hand")
            yield Vertical(id="answer-area")
            yield Static("", id="hint", markup=False)
            yield Static("", id="feedback", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.call_later(self.show_question)

    def _language(self) -> str:
        return self.tutor.language

    async def show_question(self) -> None:
        question = self.question
        language = self._language()
        self.answered = False
        relabel(self, "submit", "submit", language)
        self.refresh_bindings()
        self.title = word(language, "question", n=self.position + 1, total=len(self.questions))
        self.sub_title = f"{question.kind} ({word(language, 'rules')}: {question.rules})"
        self.query_one("#strip", Static).update(self._strip())
        self.query_one("#prompt", Static).update(question.prompt[language])
        hand_area = self.query_one("#hand", Vertical)
        await hand_area.remove_children()
        if "hand" in question.request:
            try:
                hand = parse_hand(question.request["hand"], sizes=None)
                win = parse_tile(question.request["win"]) if "win" in question.request else None
                await hand_area.mount(TilesView(hand_groups(hand, win)))
            except NotationError:
                pass
        context = self._context_text(question, language)
        if context:
            await hand_area.mount(Static(context, classes="context", markup=False))
        if "discard" in question.request:
            await hand_area.mount(Static(f"-> {chip(parse_tile(question.request['discard']))[0]}", markup=False))
        area = self.query_one("#answer-area", Vertical)
        await area.remove_children()
        feedback = self.query_one("#feedback", Static)
        feedback.update("")
        feedback.set_classes("")
        widget = self._answer_widget(question, language)
        await area.mount(*widget)
        self.query_one("#hint", Static).update(word(language, f"hint_{question.answer_type}"))
        self.call_after_refresh(widget[0].focus)

    def _context_text(self, question: Question, language: str) -> str:
        """How the hand was won, in words: what the fu and fans depend on."""
        request = question.request
        if "win" not in request:
            return ""
        winds = WIND_NAMES[language]
        parts = [
            text(
                language, "win_tsumo" if request.get("tsumo") else "win_ron", tile=chip(parse_tile(request["win"]))[0]
            ),
            text(language, "seat", wind=winds["ESWN".index(request.get("seat", "E"))]),
            text(language, "round", wind=winds["ESWN".index(request.get("round", "E"))]),
        ]
        parts += [flag_name(str(flag), language) for flag in request.get("flags", [])]
        if request.get("flowers"):
            parts.append(flowers_text(int(request["flowers"]), language))
        return "   ".join(parts)

    def _answer_widget(self, question: Question, language: str) -> list[Any]:
        labels = question.choice_labels.get(language, question.choices)
        numbered = [f"{index + 1}. {label}" if index < 9 else label for index, label in enumerate(labels)]
        if question.answer_type == "choice":
            return [OptionList(*[Option(text, id=str(index)) for index, text in enumerate(numbered)], id="answer")]
        if question.answer_type == "checklist":
            widgets: list[Any] = [
                SelectionList[str](
                    *[Selection(text, value) for text, value in zip(numbered, question.choices, strict=True)],
                    id="answer",
                )
            ]
            if question.kind == "mcr-fans":
                widgets.append(Input(placeholder=word(language, "total"), type="integer", id="total"))
            return widgets
        if question.answer_type == "tiles":
            hand = parse_hand(question.request["hand"], sizes=None)
            suits = {tile // 9 for tile in hand.concealed}
            candidates = [tile for tile in range(34) if tile // 9 in suits]
            return [
                SelectionList[str](
                    *[Selection(f"{tile_name(t)} {chip(t)[0]}", tile_name(t)) for t in candidates], id="answer"
                )
            ]
        return [Input(placeholder=word(language, "number"), type="integer", id="answer")]

    def _strip(self) -> str:
        marks = ["✓" if right else "✗" for right in self.results]
        marks += ["-"] * (len(self.questions) - len(self.results))
        return " ".join(marks)

    # --- answering -----------------------------------------------------------------------

    async def on_key(self, event: Any) -> None:
        """Digits pick or tick the numbered options."""
        if self.answered or not event.character or not event.character.isdigit() or event.character == "0":
            return
        answer = self.query("#answer")
        if not answer or isinstance(answer.first(), Input):
            return
        index = int(event.character) - 1
        widget = answer.first()
        if isinstance(widget, SelectionList):
            if index < widget.option_count:
                widget.toggle(widget.get_option_at_index(index).value)
            event.stop()
        elif isinstance(widget, OptionList) and index < widget.option_count:
            widget.highlighted = index
            event.stop()
            await self.action_submit()

    async def action_submit(self) -> None:
        """Enter answers the question on screen, or moves on once answered."""
        if self.answered:
            await self.next_question()
            return
        question = self.question
        key = next(iter(question.answer))
        widget = self.query("#answer").first()
        if isinstance(widget, SelectionList):
            if question.kind == "mcr-fans":
                total = self.query_one("#total", Input)
                if self.focused is not total or not total.value.strip():
                    total.focus()
                    return
                self.submit(self._fans_response(int(total.value)))
                return
            selected = list(widget.selected)
            if question.answer_type == "checklist" and not selected:
                selected = ["none"]
            self.submit({key: selected})
        elif isinstance(widget, OptionList):
            index = widget.highlighted
            if index is None:
                return
            choice = question.choices[index]
            value: Any = choice == "yes" if isinstance(question.answer[key], bool) else choice
            self.submit({key: value})
        elif isinstance(widget, Input):
            try:
                self.submit({key: int(widget.value)})
            except ValueError:
                return

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on an option answers with it (enter is handled by action_submit)."""
        if event.option_list.id == "answer" and not self.answered:
            await self.action_submit()

    def _fans_response(self, total: int) -> dict[str, Any]:
        from tutor.engine.mcr.fans import FANS

        ticked = self.query_one("#answer", SelectionList).selected
        counts = {fan["zh"]: fan["count"] for fan in self.question.answer["fans"]}
        return {"fans": [{"zh": FANS[fan].zh, "count": counts.get(FANS[fan].zh, 1)} for fan in ticked], "total": total}

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        event.stop()

    def submit(self, response: dict[str, Any], shown: bool = False) -> None:
        question = self.question
        right = not shown and is_right(question, response)
        self.answered = True
        relabel(self, "submit", "next", self._language())
        self.refresh_bindings()
        self.results.append(right)
        self.tutor.store.record_answer(
            kind=question.kind,
            level=question.level,
            seed=question.seed,
            concept=question.concept,
            lesson=question.lesson,
            correct=right,
            response=json.dumps(response, ensure_ascii=False),
        )
        self.show_feedback(right, shown)

    def show_feedback(self, right: bool, shown: bool) -> None:
        language = self._language()
        question = self.question
        answer = answer_text(question, language)
        verdict = word(language, "skipped" if shown else "right" if right else "wrong")
        explanation = question.explanation[language]
        self.steps = [
            verdict,
            f"{word(language, 'answer')}: {answer}",
            *[part.strip() + "." for part in explanation.split(". ") if part.strip()],
        ]
        self.shown_steps = 2 if self.presenting else len(self.steps)
        feedback = self.query_one("#feedback", Static)
        feedback.set_classes("right" if right else "wrong")
        self._render_steps()
        self.query_one("#strip", Static).update(self._strip())
        self.query_one("#body", VerticalScroll).scroll_end(animate=False)
        self.focus_next_after_answer()

    def _render_steps(self) -> None:
        self.query_one("#feedback", Static).update("\n".join(self.steps[: self.shown_steps]).replace("..", "."))

    def focus_next_after_answer(self) -> None:
        self.query_one("#body", VerticalScroll).focus()

    def action_present(self) -> None:
        self.presenting = not self.presenting
        self.set_class(self.presenting, "presenting")
        self.refresh_bindings()

    def action_step(self) -> None:
        if self.answered and self.shown_steps < len(self.steps):
            self.shown_steps += 1
            self._render_steps()

    async def action_skip(self) -> None:
        if not self.answered:
            self.submit({}, shown=True)
        await self.next_question()

    def action_show_answer(self) -> None:
        if not self.answered:
            self.submit({}, shown=True)

    async def next_question(self) -> None:
        if self.position + 1 >= len(self.questions):
            self.app.switch_screen(SummaryScreen(self.questions, self.results))
            return
        self.position += 1
        await self.show_question()
