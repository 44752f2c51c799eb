"""#25 §2: one quiz-kind interface and one answer-widget registry. The UI
holds no branch on a question's answer type or kind, every kind is a
`Kind`, and an answer is judged once."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

import tutor
from tests.drill_helpers import POINTS_PLAN, answer_points_steps, fill_rows, open_drill
from tests.helpers import make_app, wait_for
from tutor.quiz.kind import Kind
from tutor.quiz.kinds import KINDS, generate
from tutor.quiz.kinds import fu_steps_judge as fu_judging
from tutor.quiz.kinds import mcr_steps_judge as mcr_judging
from tutor.quiz.kinds import points_steps_judge as points_judging
from tutor.quiz.kinds.steps import question_steps
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import ANSWER_TYPES, LEVELS
from tutor.ui.answer_widgets import ANSWER_WIDGETS
from tutor.ui.screens.drill import DrillScreen

UI = Path(tutor.__file__).parent / "ui"
WORDS = frozenset(KINDS) | frozenset(ANSWER_TYPES)
"""The kind ids and answer types a branch would name."""


def _names_kind(part: ast.expr) -> bool:
    """An expression that holds a question's kind or answer type."""
    if isinstance(part, ast.Attribute):
        return part.attr in ("answer_type", "kind")
    return isinstance(part, ast.Name) and part.id in ("kind", "answer_type", "FAN_STEPS", "ANSWER_TYPE")


def _kind_word(part: ast.expr) -> bool:
    """A kind id or an answer type written out ("points-steps", "steps"),
    alone or in a tuple, or an answer type held by name."""
    if isinstance(part, ast.Tuple | ast.List | ast.Set):
        return any(_kind_word(item) for item in part.elts)
    if isinstance(part, ast.Name):
        return part.id in ("FAN_STEPS", "ANSWER_TYPE", "MARKED_ANSWERS")
    return isinstance(part, ast.Constant) and part.value in WORDS


def branches(source: str) -> list[str]:
    """The comparisons in `source` that test a question's answer type or
    kind: `.answer_type` compared with anything, or a kind or answer type
    (an attribute or a variable of that name) compared with a kind id or an
    answer type. `group.kind == "win"` (a tile group) is no such branch."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        parts = [node.left, *node.comparators]
        on_type = any(isinstance(part, ast.Attribute) and part.attr == "answer_type" for part in parts)
        on_kind = any(_names_kind(part) for part in parts) and any(_kind_word(part) for part in parts)
        if on_type or on_kind:
            found.append(ast.unparse(node))
    return found


def test_the_scan_finds_a_branch() -> None:
    made = (
        'if question.answer_type == "steps": pass\n'
        'if kind == "points-steps": pass\n'
        "if question.answer_type in MARKED_ANSWERS: pass\n"
        'if question.kind in ("mcr-fans", "yaku"): pass\n'
    )
    assert len(branches(made)) == 4
    assert branches('if group.kind == "win": pass\nif claim in ("fu", "fu_raw"): pass\n') == []


def test_the_ui_holds_no_branch_on_answer_types_or_kinds() -> None:
    found = {
        str(path.relative_to(UI)): branches(path.read_text(encoding="utf-8"))
        for path in sorted(UI.rglob("*.py"))
        if branches(path.read_text(encoding="utf-8"))
    }
    assert found == {}


def test_every_kind_is_a_kind_and_its_questions_take_its_answer_types() -> None:
    assert len(KINDS) == 19
    for kind_id, kind in KINDS.items():
        assert isinstance(kind, Kind) and kind.id == kind_id
        for level in LEVELS:
            for seed in range(6):
                question = generate(kind_id, seed, level)
                assert question.kind == kind_id
                assert question.answer_type in kind.answer_types, (kind_id, seed, level)


def test_every_answer_type_has_its_widget() -> None:
    assert set(ANSWER_WIDGETS) == set(ANSWER_TYPES)


def test_the_judgement_of_the_engines_answer() -> None:
    """Right for the plain kinds given the answer itself; an empty response
    is unanswered, never right, and stores no rule."""
    for kind_id, kind in KINDS.items():
        question = generate(kind_id, 3, 2)
        unanswered = kind.judge(question, {})
        assert not unanswered.right and not unanswered.answered and unanswered.concepts == ()
        if kind_id not in ("fu-steps", "points-steps", "mcr-steps"):
            assert kind.judge(question, question.answer).right, kind_id


async def answer_step_question(pilot: Pilot[Any], screen: DrillScreen) -> None:
    """Answer the step question on screen with its own answer, as typed and ticked."""
    question = screen.question
    if question.kind == "fu-steps":
        for step in question_steps(question):
            for character in str(step.fu):
                await pilot.press(character)
            await pilot.press("enter")
            await pilot.pause()
    elif question.kind == "points-steps":
        await answer_points_steps(pilot, question, question.answer["han"])
    else:
        await fill_rows(pilot, question.answer)
    await wait_for(pilot, lambda: screen.answered, "the answer")


@pytest.mark.parametrize(
    ("plan", "judging", "judge_name"),
    [
        (DrillPlan(("fu-steps",), length=2, level=1, seed=11), fu_judging, "judge_fu_steps"),
        (POINTS_PLAN, points_judging, "judge_points_steps"),
        (DrillPlan(("mcr-steps",), length=2, level=1, seed=4), mcr_judging, "judge_mcr_steps"),
    ],
)
async def test_an_answer_is_judged_once(
    plan: DrillPlan, judging: Any, judge_name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Answering, presenting its steps, switching the language twice (two
    redraws), the summary: one judgement. Before, the drill ran the step
    judge again for the marks, the feedback, its rows, the rules stored and
    the summary's lines."""
    calls: list[object] = []
    judge = getattr(judging, judge_name)

    def counted(*args: Any) -> Any:
        calls.append(args)
        return judge(*args)

    monkeypatch.setattr(judging, judge_name, counted)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_drill(pilot, plan)
        await answer_step_question(pilot, screen)
        assert screen.attempts[0].right
        assert len(calls) == 1
        for key in ("l", "l", "f5", "space"):
            await pilot.press(key)
            await pilot.pause()
        app.show_summary(screen.attempts)
        await pilot.pause()
        assert len(calls) == 1
