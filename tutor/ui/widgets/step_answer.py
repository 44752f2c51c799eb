"""A step question's answer: one number field per line, beside what the
line counts, and once answered each line marked right or wrong with the
rule it breaks."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from tutor.locale import text
from tutor.quiz.faces import faces_in_text
from tutor.quiz.kinds.fu_steps_judge import StepVerdict
from tutor.quiz.kinds.fu_steps_words import step_label, why_wrong
from tutor.quiz.kinds.steps import Step
from tutor.ui.widgets.composite_answer import CompositeAnswer
from tutor.ui.widgets.number_field import NumberField


def field_id(index: int) -> str:
    return f"step-{index}"


class StepAnswer(CompositeAnswer):
    """The lines to fill, in order; `verdicts` (once answered) mark the
    first `revealed` of them, so that a teacher can show them one by one."""

    DEFAULT_CSS = """
    StepAnswer { height: auto; }
    StepAnswer .step-row { height: 1; }
    StepAnswer .step-label { width: 34; }
    StepAnswer NumberField { width: 8; }
    StepAnswer .step-mark { width: 1fr; padding: 0 1; }
    StepAnswer .step-why { padding: 0 0 0 4; color: $error; height: auto; display: none; }
    StepAnswer .right { color: $success; }
    StepAnswer .wrong { color: $error; }
    """

    def __init__(
        self,
        steps: tuple[Step, ...],
        language: str,
        typed: dict[str, str],
        verdicts: tuple[StepVerdict, ...] = (),
        revealed: int = 0,
        *,
        id: str,
    ) -> None:
        super().__init__(id=id)
        self.steps = steps
        self.language = language
        self.typed = typed
        self.verdicts = verdicts
        self.revealed = revealed

    def compose(self) -> ComposeResult:
        answered = bool(self.verdicts)
        for index, step in enumerate(self.steps):
            with Horizontal(classes="step-row"):
                yield Static(faces_in_text(step_label(step).render(self.language)), classes="step-label", markup=False)
                field = NumberField(
                    placeholder="____", id=field_id(index), value=self.typed.get(field_id(index), ""), compact=True
                )
                field.disabled = answered
                yield field
                yield Static("", classes="step-mark", markup=False)
            yield Static("", classes="step-why", markup=False)

    def on_mount(self) -> None:
        # Marked as it mounts, before the first layout, which then places
        # the lines as they will stay (one layout rather than two).
        self.reveal(self.revealed)

    def reveal(self, count: int) -> None:
        """Mark the first `count` lines (all of them outside presentation mode)."""
        self.revealed = count
        if not self.verdicts:
            return
        marks = list(self.query(".step-mark").results(Static))
        whys = list(self.query(".step-why").results(Static))
        for index, (verdict, mark, why) in enumerate(zip(self.verdicts, marks, whys, strict=False)):
            shown = index < count
            if verdict.given is None:
                mark.update(text(self.language, "steps.line_shown", label="=", fu=verdict.step.fu) if shown else "")
                continue
            mark.update(("✓" if verdict.right else f"✗ {verdict.step.fu}") if shown else "")
            mark.set_class(shown and verdict.right, "right")
            mark.set_class(shown and not verdict.right, "wrong")
            why.update(faces_in_text(why_wrong(verdict).render(self.language)) if shown and not verdict.right else "")
            # An empty line would leave a gap under every row.
            why.display = shown and not verdict.right

    def first_empty(self) -> NumberField | None:
        return next((field for field in self.query(NumberField).results(NumberField) if field.number is None), None)

    def focus_target(self) -> Widget | None:
        """Where the focus goes: the first line still empty (else the first line)."""
        fields = list(self.query(NumberField).results(NumberField))
        return self.first_empty() or (fields[0] if fields else None)
