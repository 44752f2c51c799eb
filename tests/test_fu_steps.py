"""The `fu-steps` kind: the fu of a hand line by line, each wrong line named
by its rule, the learner's own valid reading accepted, mistakes stored per
rule and brought back when due; and the kind in the drill screen."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.drill_helpers import open_drill, record_steps
from tests.helpers import make_app
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.score import score_riichi
from tutor.engine.tiles import wind_tile
from tutor.locale import text
from tutor.quiz.faces import faces_in_text, set_faces
from tutor.quiz.kinds import concept_kind, generate
from tutor.quiz.kinds.fu_steps_judge import judge_fu_steps, valid_readings
from tutor.quiz.kinds.fu_steps_words import reading_note, why_wrong
from tutor.quiz.kinds.steps import ROUNDED, SUM, fu_steps_question, question_steps
from tutor.quiz.names import FU_ITEMS
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import Question
from tutor.quiz.store import DAY, Store
from tutor.quiz.worksheet import worksheet
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.progress import ProgressScreen
from tutor.ui.widgets.mistake_list import MistakeList
from tutor.ui.widgets.step_answer import StepAnswer

# One hand for each fu line item: (hand, win, tsumo, seat, round, flags, the
# item it shows, the step to get wrong, what the learner's sentence is keyed by).
HANDS = {
    "base": ("234m567p789s234s55m", "2m", False, "S", "E", ["riichi"]),
    "closed_ron": ("234m567p789s234s55m", "2m", False, "S", "E", ["riichi"]),
    "pinfu_tsumo": ("234m567p789s234s55m", "2m", True, "S", "E", []),
    "tsumo": ("222m567p789s234s55m", "5p", True, "S", "E", []),
    "closed_triplet": ("222m567p789s234s55m", "5p", True, "S", "E", []),
    "closed_terminal_triplet": ("999s234m567p234s55m", "2m", False, "S", "E", ["riichi"]),
    "open_terminal_triplet": ("234m567p234s55m [555z]", "2m", False, "S", "E", []),
    "open_triplet": ("234m567p55m [555z] [222s]", "2m", False, "S", "E", []),
    "open_no_fu": ("567p234s678s55m [234m]", "5p", False, "S", "E", []),
    "run": ("567p234s678s55m [234m]", "5p", False, "S", "E", []),
    "open_kan": ("234m567p55m [555z] [2222s]", "2m", False, "S", "E", []),
    "open_terminal_kan": ("234m567p55m [555z] [1111s]", "2m", False, "S", "E", []),
    "closed_kan": ("234m567p234s55m (2222p)", "2m", False, "S", "E", ["riichi"]),
    "closed_terminal_kan": ("234m567p234s55m (9999p)", "2m", False, "S", "E", ["riichi"]),
    "pair": ("234m567p789s234s55m", "2m", False, "S", "E", ["riichi"]),
    "dragon_pair": ("234m567p789s234s77z", "2m", False, "S", "E", ["riichi"]),
    "seat_wind_pair": ("234m567p789s234s22z", "2m", False, "S", "E", ["riichi"]),
    "round_wind_pair": ("234m567p789s234s11z", "2m", False, "S", "E", ["riichi"]),
    "double_wind_pair": ("234m567p789s234s11z", "2m", False, "E", "E", ["riichi"]),
    "guest_wind_pair": ("234m567p789s234s44z", "2m", False, "S", "E", ["riichi"]),
    "ryanmen": ("234m567p789s234s55m", "2m", False, "S", "E", ["riichi"]),
    "kanchan": ("234m567p789s234s55m", "3m", False, "S", "E", ["riichi"]),
    "penchan": ("123m567p789s234s55m", "3m", False, "S", "E", ["riichi"]),
    "tanki": ("234m567p789s234s55m", "5m", False, "S", "E", ["riichi"]),
    "shanpon": ("234m567p789p222s55m", "2s", False, "S", "E", ["riichi"]),
    "seven_pairs": ("1199m2288p3377s55z", "5z", False, "S", "E", ["riichi"]),
    SUM: ("999s234m567p234s55m", "2m", False, "S", "E", ["riichi"]),
    ROUNDED: ("999s234m567p234s55m", "2m", False, "S", "E", ["riichi"]),
}


def question_of(hand: str, win: str, tsumo: bool, seat: str, round_: str, flags: list[str]) -> Question:
    context = WinContext(
        parse_tile(win), tsumo, wind_tile(seat), wind_tile(round_), frozenset(Flag(flag) for flag in flags)
    )
    return fu_steps_question(score_riichi(parse_hand(hand), context), seed=0, level=3)


def rounded_up(raw: int, question: Question) -> int:
    return raw if question.answer["fu"] == 25 else -(-raw // 10) * 10


def response_with(question: Question, index: int, value: int) -> dict[str, Any]:
    """The engine's answer with the number of step `index` replaced, and the
    steps after it worked out from it, as a learner whose arithmetic is right
    would (#28.2: the sum and the rounding are judged on the learner's lines)."""
    response = copy.deepcopy(question.answer)
    lines = response["lines"]
    if index < len(lines):
        lines[index]["fu"] = value
        response["fu_raw"] = sum(line["fu"] for line in lines)
        response["fu"] = rounded_up(response["fu_raw"], question)
    elif index == len(lines):
        response["fu_raw"] = value
        response["fu"] = rounded_up(value, question)
    else:
        response["fu"] = value
    return response


@pytest.mark.parametrize("item", sorted(HANDS))
@pytest.mark.parametrize("language", ["en", "ko"])
def test_each_rule_wrong_is_named(item: str, language: str) -> None:
    question = question_of(*HANDS[item])
    steps = question_steps(question)
    index = next(i for i, step in enumerate(steps) if step.step == item)
    # An odd number is never the fu of a set, so no other reading can fit it.
    response = response_with(question, index, steps[index].fu + 1)
    judgement = judge_fu_steps(question, response)
    wrong = [verdict for verdict in judgement.verdicts if not verdict.right]
    assert [verdict.step.step for verdict in wrong] == [item]
    assert not judgement.right and not judgement.own_reading
    assert dict(judgement.concepts)["fu:rounding" if item == ROUNDED else f"fu:{item}"] is False
    sentence = why_wrong(wrong[0]).render(language)
    assert str(steps[index].fu) in sentence and str(steps[index].fu + 1) in sentence
    if item != "seven_pairs":  # Its line counts the whole hand.
        assert steps[index].tiles in sentence


def test_rule_sentences_differ_and_read_as_the_lesson_says() -> None:
    sentences = set()
    for item, hand in HANDS.items():
        question = question_of(*hand)
        steps = question_steps(question)
        index = next(i for i, step in enumerate(steps) if step.step == item)
        verdict = judge_fu_steps(question, response_with(question, index, 1)).verdicts[index]
        sentences.add(why_wrong(verdict).render("en").replace(steps[index].tiles, "").replace(str(steps[index].fu), ""))
    # Every step its own rule sentence (the tiles and numbers taken out).
    assert len(sentences) == len(HANDS)
    question = question_of(*HANDS["closed_terminal_triplet"])
    index = [step.tiles for step in question_steps(question)].index("999s")
    verdict = judge_fu_steps(question, response_with(question, index, 4)).verdicts[index]
    assert why_wrong(verdict).render("en") == "999s is a concealed triplet of terminals or honours: 8, not 4."
    assert why_wrong(verdict).render("ko") == "999s은 요구패 안커다: 4부가 아니라 8부."


def test_a_triplet_finished_by_ron_is_named_open() -> None:
    question = question_of(*HANDS["shanpon"])
    steps = question_steps(question)
    index = [step.tiles for step in steps].index("222s")
    assert steps[index].step == "open_triplet"
    verdict = judge_fu_steps(question, response_with(question, index, 4)).verdicts[index]
    assert why_wrong(verdict).render("en") == text("en", "steps.why.ron_triplet", tiles="222s", fu=2, given=4)
    assert "discard" in why_wrong(verdict).render("en")


def test_the_engines_answer_is_right_and_a_missing_or_extra_line_is_not() -> None:
    for seed in range(200):
        question = generate("fu-steps", seed, 1 + seed % 3)
        assert judge_fu_steps(question, question.answer).right
        fewer = copy.deepcopy(question.answer)
        fewer["lines"].pop()
        assert not judge_fu_steps(question, fewer).right
        more = copy.deepcopy(question.answer)
        more["lines"].append({"item": "run", "fu": 0, "tiles": "123m"})
        assert not judge_fu_steps(question, more).right


def alternative() -> tuple[Question, Any]:
    """A hand whose tiles have another valid reading with other set lines."""
    for seed in range(2000):
        question = generate("fu-steps", seed, 1 + seed % 3)
        score = score_riichi(
            parse_hand(question.request["hand"]),
            WinContext(
                parse_tile(question.request["win"]),
                question.request["tsumo"],
                wind_tile(question.request["seat"]),
                wind_tile(question.request["round"]),
                frozenset(Flag(flag) for flag in question.request["flags"]),
            ),
        )
        engine_steps = question_steps(question)
        for reading in valid_readings(score):
            if len(reading.steps) == len(engine_steps) and [s.fu for s in reading.steps[:-2]] != [
                s.fu for s in engine_steps[:-2]
            ]:
                return question, reading
    raise AssertionError("no hand with two readings")


def test_a_valid_alternative_reading_is_accepted() -> None:
    question, reading = alternative()
    numbers = [step.fu for step in reading.steps]
    # Typed on the engine's lines, as the drill screen asks them ...
    typed = {
        "lines": [
            {"item": step.step, "fu": number, "tiles": step.tiles}
            for step, number in zip(question_steps(question)[:-2], numbers, strict=False)
        ],
        "fu_raw": numbers[-2],
        "fu": numbers[-1],
    }
    # ... or given with the reading's own tiles, as a worksheet answer would.
    own = {"lines": [{"item": s.step, "fu": s.fu, "tiles": s.tiles} for s in reading.steps[:-2]]}
    own |= {"fu_raw": numbers[-2], "fu": numbers[-1]}
    for response in (typed, own):
        judgement = judge_fu_steps(question, response)
        assert judgement.right and judgement.own_reading, response
        assert judgement.reading == reading
        assert judgement.reading.words().render("en") != judgement.engine.words().render("en")
    note = reading_note(judgement).render("en")
    assert reading.words().render("en") in note and judgement.engine.words().render("en") in note
    assert f"{reading.fu} fu" in note and f"({question.answer['fu']} fu)" in note
    assert "worth more points" in note
    # A wrong number on a set line that fits neither reading stays wrong.
    wrong = copy.deepcopy(typed)
    wrong["lines"][0]["fu"] += 1
    assert not judge_fu_steps(question, wrong).right


def test_concepts_per_rule_stored_and_back_when_due(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "progress.sqlite3")
    question = question_of(*HANDS["closed_terminal_triplet"])
    index = [step.tiles for step in question_steps(question)].index("999s")
    judgement = judge_fu_steps(question, response_with(question, index, 4))
    now = 1_780_000_000.0
    record_steps(store, question, judgement.concepts, right=judgement.right, now=now)
    assert store.answer_count() == 1
    assert [due.concept for due in store.due(now)] == ["fu:closed_terminal_triplet"]
    later = [due.concept for due in store.due(now + DAY)]
    assert set(later) == {concept for concept, _ in judgement.concepts}
    assert [item.concept for item in store.weakest("fu:") if item.box == 0] == ["fu:closed_terminal_triplet"]
    # Review brings the rule back as a hand that exercises it, by the kind that drills it.
    assert concept_kind("fu:closed_terminal_triplet") == "fu-steps"
    assert concept_kind("fu:tanki") == "fu" and concept_kind("waits:many") == "waits"
    plan = DrillPlan.review(["fu:closed_terminal_triplet", "fu:closed_ron"])
    for asked, concept in zip(plan.questions(), plan.concepts, strict=True):
        assert asked.kind == "fu-steps" and concept in asked.step_concepts


def test_worksheet_has_lines_to_fill_and_every_line_in_the_key() -> None:
    sheet = worksheet("fu-steps", 2, 3, 2, "en", "text")
    questions_part, key_part = sheet.split("ANSWER KEY")
    assert questions_part.count(": ____") >= 2 * 6
    assert "Sum before rounding: ____" in questions_part and "Fu (rounded): ____" in questions_part
    for number in range(2):
        question = generate("fu-steps", 3 * 1000 + number, 2)
        assert "base 20 + " in key_part
        assert f"Fu before rounding: {question.answer['fu_raw']}" in key_part
        assert len(question.answer["lines"]) == key_part.split("\n\n")[number + 1].count(" + ") + 1
    payload = json.loads(worksheet("fu-steps", 1, 3, 2, "ko", "json"))
    assert set(payload[0]["answer"]) == {"fu", "fu_raw", "lines"}
    assert all(set(line) == {"item", "fu", "tiles"} for line in payload[0]["answer"]["lines"])


# --- in the app -----------------------------------------------------------------------------


STEP_PLAN = DrillPlan(("fu-steps",), length=2, level=1, seed=11)


def wrong_set_line(question: Question) -> int:
    """The first set line that gives fu (else the first set line)."""
    steps = question_steps(question)
    sets = [i for i, step in enumerate(steps) if "triplet" in step.step or "kan" in step.step or step.step == "run"]
    return next((i for i in sets if steps[i].fu), sets[0])


async def fill(pilot: Pilot[Any], numbers: list[int]) -> None:
    """Type each line's number, moving with enter as a learner does."""
    for number in numbers:
        for character in str(number):
            await pilot.press(character)
        await pilot.press("enter")
        await pilot.pause()


async def open_step_drill(pilot: Pilot[Any]) -> DrillScreen:
    return await open_drill(pilot, STEP_PLAN)


async def test_a_step_drill_with_one_wrong_set_line(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_step_drill(pilot)
        question = screen.question
        steps = question_steps(question)
        assert len(screen.query(StepAnswer).first().query(Input)) == len(steps)
        wrong = wrong_set_line(question)
        numbers = [step.fu for step in steps]
        numbers[wrong] += 1
        # The learner's own arithmetic on their lines is right (#28.2).
        numbers[-2] = sum(numbers[:-2])
        numbers[-1] = -(-numbers[-2] // 10) * 10
        await fill(pilot, numbers)
        assert screen.attempts and not screen.attempts[0].right
        marks = [str(mark.render()) for mark in screen.query(".step-mark").results(Static)]
        assert marks[wrong].startswith("✗") and all(mark == "✓" for i, mark in enumerate(marks) if i != wrong)
        whys = [str(why.render()) for why in screen.query(".step-why").results(Static)]
        verdict = judge_fu_steps(question, screen.attempts[0].response).verdicts[wrong]
        assert whys[wrong] == faces_in_text(why_wrong(verdict).render("en"))
        # The set by its faces, in its line's label and in the rule it breaks; its notation nowhere.
        labels = [str(label.render()) for label in screen.query(".step-label").results(Static)]
        faces = set_faces(steps[wrong].tiles)
        assert faces in labels[wrong] and faces in whys[wrong]
        assert steps[wrong].tiles not in labels[wrong] + whys[wrong]
        assert "Lesson: Counting fu" in "\n".join(screen.steps)
        rule = f"fu:{steps[wrong].step}"
        assert rule in [due.concept for due in app.store.due()]
        # The language switch redraws the marks in Korean.
        await pilot.press("l")
        await pilot.pause()
        whys = [str(why.render()) for why in app.screen.query(".step-why").results(Static)]
        assert whys[wrong] == faces_in_text(why_wrong(verdict).render("ko"))
        assert faces in whys[wrong] and steps[wrong].tiles not in whys[wrong]
        await pilot.press("l")
        app.push_screen(ProgressScreen())
        await pilot.pause()
        shown = "\n".join(str(widget.render()) for widget in app.screen.query(Static))
        assert text("en", "steps.weakest") in shown
        assert text("en", "steps.weak_rule", rule=FU_ITEMS.name(steps[wrong].step), lesson="Counting fu") in shown


async def test_language_switch_keeps_typed_lines_and_presentation_reveals_one_by_one(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_step_drill(pilot)
        steps = question_steps(screen.question)
        await fill(pilot, [step.fu for step in steps[:2]])
        await pilot.press("l")
        await pilot.pause()
        typed = [field.value for field in screen.query(StepAnswer).first().query(Input).results(Input)]
        assert typed[:2] == [str(step.fu) for step in steps[:2]] and typed[2] == ""
        assert screen.focused is not None and screen.focused.id == "step-2"
        await pilot.press("f5")
        await fill(pilot, [step.fu for step in steps[2:]])
        assert screen.attempts[0].right and screen.shown_steps == 1
        marks = [str(mark.render()) for mark in screen.query(".step-mark").results(Static)]
        assert marks[0] == "✓" and all(mark == "" for mark in marks[1:])
        await pilot.press("space")
        await pilot.pause()
        marks = [str(mark.render()) for mark in screen.query(".step-mark").results(Static)]
        assert marks[:2] == ["✓", "✓"] and all(mark == "" for mark in marks[2:])


@pytest.mark.parametrize("language", ["ko", "en"])
class TestStepSnapshots:
    def test_step_question(self, snap_compare: Any, tmp_path: Path, language: str) -> None:
        async def run(pilot: Pilot[Any]) -> None:
            await open_step_drill(pilot)
            for field in pilot.app.screen.query(Input):
                field.cursor_blink = False

        assert snap_compare(make_app(tmp_path, language), terminal_size=(100, 40), run_before=run)

    def test_step_feedback(self, snap_compare: Any, tmp_path: Path, language: str) -> None:
        async def run(pilot: Pilot[Any]) -> None:
            screen = await open_step_drill(pilot)
            numbers = [step.fu for step in question_steps(screen.question)]
            numbers[wrong_set_line(screen.question)] += 1
            # Right arithmetic on the learner's own lines: only the set line is wrong (#28.2).
            numbers[-2] = sum(numbers[:-2])
            numbers[-1] = -(-numbers[-2] // 10) * 10
            await fill(pilot, numbers)
            for field in pilot.app.screen.query(Input):
                field.cursor_blink = False

        assert snap_compare(make_app(tmp_path, language), terminal_size=(100, 40), run_before=run)


@pytest.mark.parametrize(
    "response",
    [{}, {"lines": "20"}, {"lines": [None, 5, {"fu": "a"}], "fu": True}, {"lines": [{"tiles": 3}], "fu_raw": -1}],
)
def test_a_malformed_response_is_wrong_not_a_crash(response: dict[str, Any]) -> None:
    question = question_of(*HANDS["tanki"])
    judgement = judge_fu_steps(question, response)
    assert not judgement.right
    assert len(judgement.verdicts) == len(question_steps(question))


async def test_the_summary_names_each_wrong_line_by_its_rule(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_step_drill(pilot)
        sentences = []
        for _ in range(2):
            question = screen.question
            numbers = [step.fu for step in question_steps(question)]
            wrong = wrong_set_line(question)
            numbers[wrong] += 1
            await fill(pilot, numbers)
            sentences.append(
                why_wrong(judge_fu_steps(question, screen.attempts[-1].response).verdicts[wrong]).render("en")
            )
            await pilot.press("enter")
            await pilot.pause()
        shown = "\n".join(mistake.answer for mistake in app.screen.query_one(MistakeList).mistakes)
        assert all(faces_in_text(sentence) in shown for sentence in sentences)
        assert "You left out" not in shown


def test_the_sum_and_the_rounding_follow_the_learners_own_lines() -> None:
    """#28.2: a shanpon triplet typed 4 instead of 2 is that line wrong, and
    only that line, when the learner's lines add up to their sum and the sum
    rounds up to their fu; the sum and the rounding are stored as right."""
    question = question_of("234m567p789p222s55m", "2s", False, "S", "E", ["riichi"])
    steps = question_steps(question)
    index = next(i for i, step in enumerate(steps) if step.step == "open_triplet")
    assert (steps[index].fu, steps[-2].fu, steps[-1].fu) == (2, 32, 40)
    response = copy.deepcopy(question.answer)
    response["lines"][index]["fu"] = 4
    response["fu_raw"], response["fu"] = 34, 40
    judgement = judge_fu_steps(question, response)
    assert [verdict.right for verdict in judgement.verdicts] == [i != index for i in range(len(steps))]
    assert not judgement.right
    assert dict(judgement.concepts)["fu:sum"] and dict(judgement.concepts)["fu:rounding"]
    # The engine's sum after a line of 4 does not follow from the learner's
    # lines; its rounding, 40, does follow from the sum they wrote.
    response["fu_raw"], response["fu"] = 32, 40
    judgement = judge_fu_steps(question, response)
    assert not judgement.verdicts[-2].right
    assert why_wrong(judgement.verdicts[-2]).render("en") == "The lines above add up to 34, not 32."
    assert judgement.verdicts[-1].right
    # Before #28.2 a wrong line made both wrong: 34 was "not 32" and 40 stood.
    response["fu_raw"], response["fu"] = 34, 50
    assert not judge_fu_steps(question, response).verdicts[-1].right
