"""The `points-steps` kind: yaku, dora, han and points step by step, each
wrong step named by its rule, mistakes stored per rule and brought back when
due, every question agreeing with `tutor score`; and the kind in the drill."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.drill_helpers import POINTS_PLAN, answer_points_steps, open_drill, pay_fields, record_steps
from tests.helpers import make_app
from tutor.engine.notation import parse_hand, parse_tile, parse_tiles
from tutor.engine.request import score_request
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.score import RiichiScore, score_riichi
from tutor.engine.tiles import wind_tile
from tutor.locale import render, text
from tutor.locale.message import render_value
from tutor.quiz.answer_text import answer_words
from tutor.quiz.kinds import concept_kind, generate, judge
from tutor.quiz.kinds.points_steps import concept_name, limit_of, payment_steps, points_steps_question
from tutor.quiz.kinds.points_steps_judge import PointVerdict, judge_points_steps
from tutor.quiz.kinds.points_steps_words import why_wrong
from tutor.quiz.names import tile_message
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import Question
from tutor.quiz.store import DAY, Store
from tutor.quiz.worksheet import worksheet
from tutor.service.requests import read_score_request
from tutor.service.score_riichi import riichi_score_json
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.progress import ProgressScreen
from tutor.ui.widgets.points_steps_answer import PointsStepsAnswer
from tutor.ui.widgets.yaku_list import YakuList

RIICHI_PINFU = ("234m567p789s234s55m", "2m", False, "S", ["riichi"], "1s")
"""riichi 1 + pinfu 1 + dora 1 (indicator 1s, 234s): 3 han 30 fu, 3900 by ron."""
OPEN_HONITSU = ("111m234m567m99m [777z]", "9m", False, "S", [], "")
"""Open: yakuhai chun 1 + honitsu 2, 3 han 40 fu, 5200."""
FOUR_HAN_FIFTY = ("111m234m567m99m777z", "9m", False, "S", [], "")
"""Closed: chun 1 + honitsu 3 = 4 han 50 fu, over 2000 base points: a mangan."""
BAIMAN = ("111m234m567m99m777z", "9m", False, "S", ["riichi"], "6z")
"""riichi + chun + honitsu + 3 dora (indicator 6z, 777z): 8 han, a baiman."""
TSUMO = ("234m567p789s234s55m", "2m", True, "S", ["riichi"], "")
"""A non-dealer's tsumo, 3 han 20 fu: the dealer pays 1300, the others 700."""
DEALER = ("234m567p789s234s55m", "2m", False, "E", ["riichi"], "")
"""The dealer's ron, 2 han 30 fu: 6 x 480 rounded up, 2900."""


def question_of(hand: str, win: str, tsumo: bool, seat: str, flags: list[str], dora: str) -> Question:
    indicators = parse_tiles(dora) if dora else ()
    context = WinContext(
        parse_tile(win), tsumo, wind_tile(seat), wind_tile("E"), frozenset(Flag(f) for f in flags), indicators
    )
    return points_steps_question(score_riichi(parse_hand(hand), context), seed=0, level=3)


def only_wrong(question: Question, response: dict[str, Any]) -> PointVerdict:
    judgement = judge_points_steps(question, response)
    wrong = [verdict for verdict in judgement.verdicts if not verdict.right]
    assert len(wrong) == 1 and not judgement.right, wrong
    assert dict(judgement.concepts)[wrong[0].step.concept] is False
    return wrong[0]


def with_yaku(question: Question, yaku: list[dict[str, Any]]) -> dict[str, Any]:
    return {**copy.deepcopy(question.answer), "yaku": yaku}


def with_points(question: Question, **points: int) -> dict[str, Any]:
    response = copy.deepcopy(question.answer)
    response["points"].update(points)
    return response


@pytest.mark.parametrize("language", ["en", "ko"])
class TestEachWrongStepIsNamed:
    """One step wrong at a time: only that step is marked, its rule is
    stored as missed, and its sentence gives the rule with both numbers."""

    def test_a_yaku_left_out(self, language: str) -> None:
        question = question_of(*RIICHI_PINFU)
        verdict = only_wrong(question, with_yaku(question, [{"id": "riichi", "han": 1}]))
        assert verdict.step.concept == "yaku:pinfu" and verdict.given is None
        assert why_wrong(verdict, question).render(language) == text(
            language, "points_steps.why.missed", name=render_value(concept_name("yaku:pinfu"), language), han=1
        )

    def test_a_yaku_the_hand_has_not(self, language: str) -> None:
        question = question_of(*RIICHI_PINFU)
        response = with_yaku(question, [*question.answer["yaku"], {"id": "tanyao", "han": 1}])
        verdict = only_wrong(question, response)
        assert verdict.step.concept == "yaku:tanyao"
        assert why_wrong(verdict, question).render(language) == text(
            language, "points_steps.why.extra", name=render_value(concept_name("yaku:tanyao"), language)
        )

    def test_a_closed_only_yaku_in_an_open_hand(self, language: str) -> None:
        question = question_of(*OPEN_HONITSU)
        verdict = only_wrong(question, with_yaku(question, [*question.answer["yaku"], {"id": "pinfu", "han": 1}]))
        assert why_wrong(verdict, question).render(language) == text(
            language, "points_steps.why.closed_only", name=render_value(concept_name("yaku:pinfu"), language)
        )

    def test_the_closed_han_of_a_yaku_in_an_open_hand(self, language: str) -> None:
        question = question_of(*OPEN_HONITSU)
        yaku = [{"id": "yakuhai_chun", "han": 1}, {"id": "honitsu", "han": 3}]
        verdict = only_wrong(question, with_yaku(question, yaku))
        assert verdict.step.concept == "yaku:honitsu"
        sentence = why_wrong(verdict, question).render(language)
        assert sentence == text(
            language,
            "points_steps.why.han_open",
            name=render_value(concept_name("yaku:honitsu"), language),
            han=2,
            given=3,
        )
        if language == "en":
            assert sentence == "honitsu is worth 2 han in an open hand, not 3."

    def test_the_dora(self, language: str) -> None:
        question = question_of(*RIICHI_PINFU)
        verdict = only_wrong(question, {**question.answer, "dora": 0})
        assert verdict.step.concept == "points:dora"
        sentence = why_wrong(verdict, question).render(language)
        assert render(tile_message(parse_tile("1s")), language) in sentence
        assert render(tile_message(parse_tile("2s")), language) in sentence

    def test_the_han_sum(self, language: str) -> None:
        question = question_of(*RIICHI_PINFU)
        verdict = only_wrong(question, {**question.answer, "han": 2})
        assert verdict.step.concept == "points:han_sum"
        assert "3" in why_wrong(verdict, question).render(language)

    @pytest.mark.parametrize(
        ("hand", "changed", "concept", "numbers"),
        [
            # 4 han 50 fu from the table would be 50 x 64 = 3200 base, 12800: the cap makes it 8000.
            (FOUR_HAN_FIFTY, {"total": 12800}, "points:mangan_threshold", ("4", "50", "8000", "12800")),
            (BAIMAN, {"total": 12000}, "points:limit", ("8", "16000", "12000")),
            (TSUMO, {"dealer": 1400}, "points:tsumo_split", ("640", "1300", "1400")),
            (DEALER, {"total": 2000}, "points:dealer", ("6", "2900", "2000")),
        ],
        ids=["mangan_threshold", "limit", "tsumo_split", "dealer"],
    )
    def test_the_points(
        self, language: str, hand: tuple[Any, ...], changed: dict[str, int], concept: str, numbers: tuple[str, ...]
    ) -> None:
        question = question_of(*hand)
        verdict = only_wrong(question, with_points(question, **changed))
        assert verdict.step.concept == concept
        sentence = why_wrong(verdict, question).render(language)
        assert all(number in sentence for number in numbers), sentence
        if concept == "points:limit":
            assert text(language, "limit.baiman") in sentence
        if concept == "points:mangan_threshold" and language == "en":
            assert sentence.startswith("4 han 50 fu reaches mangan")


def test_each_rule_has_its_own_sentence() -> None:
    """No two wrong steps read alike (numbers aside)."""
    cases = [
        (RIICHI_PINFU, lambda q: with_yaku(q, [{"id": "riichi", "han": 1}])),
        (RIICHI_PINFU, lambda q: with_yaku(q, [*q.answer["yaku"], {"id": "tanyao", "han": 1}])),
        (OPEN_HONITSU, lambda q: with_yaku(q, [*q.answer["yaku"], {"id": "pinfu", "han": 1}])),
        (OPEN_HONITSU, lambda q: with_yaku(q, [{"id": "yakuhai_chun", "han": 1}, {"id": "honitsu", "han": 3}])),
        (RIICHI_PINFU, lambda q: {**q.answer, "dora": 0}),
        (RIICHI_PINFU, lambda q: {**q.answer, "han": 2}),
        (FOUR_HAN_FIFTY, lambda q: with_points(q, total=1)),
        (BAIMAN, lambda q: with_points(q, total=1)),
        (TSUMO, lambda q: with_points(q, dealer=1)),
        (TSUMO, lambda q: with_points(q, non_dealer=1)),
        (TSUMO, lambda q: with_points(q, total=1)),
        (DEALER, lambda q: with_points(q, total=1)),
        (RIICHI_PINFU, lambda q: with_points(q, total=1)),
    ]
    sentences = set()
    for hand, response in cases:
        question = question_of(*hand)
        sentence = why_wrong(only_wrong(question, response(question)), question).render("en")
        sentences.add("".join(character for character in sentence if not character.isdigit()))
    assert len(sentences) == len(cases)


@pytest.mark.parametrize(
    "response",
    [{}, {"yaku": "pinfu"}, {"yaku": [None, 3, {"id": 5}], "dora": True}, {"points": [1]}, {"fu": 20}],
)
def test_a_malformed_response_is_wrong_not_a_crash(response: dict[str, Any]) -> None:
    question = question_of(*TSUMO)
    judgement = judge_points_steps(question, response)
    assert not judgement.right
    for verdict in judgement.verdicts:
        if not verdict.right:
            assert why_wrong(verdict, question).render("ko")


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_question_agrees_with_tutor_score_and_fits_its_level(level: int) -> None:
    for seed in range(40):
        question = generate("points-steps", seed, level)
        assert question == generate("points-steps", seed, level)
        score = score_request(read_score_request(question.request))
        assert isinstance(score, RiichiScore)
        scored = riichi_score_json(score)
        answer = question.answer
        assert answer == {key: scored[key] for key in ("yaku", "dora", "han", "fu", "points")}
        assert judge_points_steps(question, answer).right
        limit = scored["limit"]
        # The explanation names the limit the engine names (#25 §3: computed once).
        assert limit_of(answer, question.request) == limit
        if level == 1:
            assert len(answer["yaku"]) <= 2 and answer["han"] <= 3 and limit is None
            assert "[" not in question.request["hand"]
        else:
            assert (limit is None) == (level == 2)


def record_at_zero(store: Store, question: Question, response: dict[str, Any]) -> None:
    """A wrong answer stored at time 0, each step's rule on its own, as the drill stores it."""
    rules = judge_points_steps(question, response).concepts
    record_steps(store, question, rules, right=False, now=0.0, response=json.dumps(response))


def test_concepts_are_stored_per_step_and_come_back_when_due() -> None:
    question = question_of(*FOUR_HAN_FIFTY)
    response = with_yaku(question, [{"id": "yakuhai_chun", "han": 1}])
    response["points"]["total"] = 12800
    store = Store.in_memory()
    record_at_zero(store, question, response)
    due_now = {due.concept for due in store.due(now=1.0)}
    assert {"yaku:honitsu", "points:mangan_threshold"} <= due_now
    assert "yaku:yakuhai_chun" not in due_now and "points:dora" not in due_now
    assert "points:dora" in {due.concept for due in store.due(now=10 * DAY)}
    plan = DrillPlan.review(sorted(due_now))
    assert plan.kinds == ("points-steps",)
    for concept, asked in zip(sorted(due_now), plan.questions(), strict=True):
        assert concept_kind(concept) == "points-steps"
        assert asked.kind == "points-steps" and concept in asked.step_concepts


def test_worksheet_leaves_every_step_to_fill_and_keys_every_step() -> None:
    sheet = worksheet("points-steps", 2, 7, 3, "en", "text")
    questions, key = sheet.split("ANSWER KEY")
    assert questions.count("Yaku, each with its han: ____") == 2
    assert questions.count("Han in all: ____") == 2 and questions.count("Fu (given): ") == 2
    assert "choices:" not in questions
    assert key.count("Yaku: ") == 2 and key.count("Points: ") == 2
    payload = json.loads(worksheet("points-steps", 1, 7, 3, "ko", "json"))
    assert set(payload[0]["answer"]) == {"yaku", "dora", "han", "fu", "points"}
    assert {"total", "base", "discarder", "dealer", "non_dealer"} == set(payload[0]["answer"]["points"])


# --- the drill screen -------------------------------------------------------------------------


async def open_points_drill(pilot: Pilot[Any]) -> DrillScreen:
    return await open_drill(pilot, POINTS_PLAN)


async def test_a_drill_with_one_wrong_step(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_points_drill(pilot)
        question = screen.question
        await answer_points_steps(pilot, question, question.answer["han"] + 1)
        [attempt] = screen.attempts
        assert not attempt.right and attempt.response["yaku"] == question.answer["yaku"]
        verdicts = judge_points_steps(question, attempt.response).verdicts
        han = next(i for i, verdict in enumerate(verdicts) if verdict.step.step == "han")
        marks = [str(mark.render()) for mark in screen.query(".mark").results(Static)]
        assert marks[han] == f"✗ {question.answer['han']}"
        assert all(mark == "✓" for i, mark in enumerate(marks) if i != han)
        whys = [str(why.render()) for why in screen.query(".why").results(Static)]
        assert whys[han] == why_wrong(verdicts[han], question).render("en")
        assert "Lessons: From han and fu to points" in "\n".join(screen.steps)
        assert "points:han_sum" in [due.concept for due in app.store.due()]
        await pilot.press("l")
        await pilot.pause()
        whys = [str(why.render()) for why in app.screen.query(".why").results(Static)]
        assert whys[han] == why_wrong(verdicts[han], question).render("ko")
        app.push_screen(ProgressScreen())
        await pilot.pause()
        shown = "\n".join(str(widget.render()) for widget in app.screen.query(Static))
        assert text("ko", "points_steps.weakest") in shown
        assert text("ko", "points_steps.rule.han_sum") in shown


async def test_language_switch_keeps_ticks_and_numbers_and_presentation_reveals_one_by_one(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_points_drill(pilot)
        await pilot.press("down", "space", "enter", "3")
        await pilot.press("l")
        await pilot.pause()
        widget = screen.query_one(PointsStepsAnswer)
        yaku_list = widget.query_one(YakuList)
        # The second entry as drawn (grouped by han, headers skipped).
        entries = [
            yaku_list.get_option_at_index(index).value
            for index in range(yaku_list.option_count)
            if not yaku_list.get_option_at_index(index).disabled
        ]
        assert widget.ticked() == [entries[1]]
        assert screen.query_one("#dora").value == "3"  # type: ignore[attr-defined]
        await pilot.press("f5")
        await pilot.press("1", "enter")
        for _ in pay_fields(screen):
            await pilot.press("9", "enter")
        await pilot.pause()
        assert screen.attempts and screen.shown_steps == 1
        marks = [str(mark.render()) for mark in screen.query(".mark").results(Static)]
        assert marks[0] and all(mark == "" for mark in marks[1:])
        await pilot.press("space")
        await pilot.pause()
        marks = [str(mark.render()) for mark in screen.query(".mark").results(Static)]
        assert marks[1] and all(mark == "" for mark in marks[2:])


@pytest.mark.parametrize("language", ["en", "ko"])
def test_steps_that_follow_from_an_earlier_mistake_are_marked_but_not_stored_as_missed(language: str) -> None:
    """Honitsu counted at its open 2 han in a closed hand: the han (3) and
    the points (3 han 50 fu, 6400) are wrong for the hand but right for what
    the learner gave, so only the honitsu rule is missed."""
    question = question_of(*FOUR_HAN_FIFTY)
    response = with_points(question, total=6400)
    response.update(yaku=[{"id": "yakuhai_chun", "han": 1}, {"id": "honitsu", "han": 2}], han=3)
    judgement = judge_points_steps(question, response)
    wrong = {verdict.step.step: verdict for verdict in judgement.verdicts if not verdict.right}
    assert set(wrong) == {"yaku", "han", "total"} and not judgement.right
    assert wrong["han"].follows and wrong["total"].follows and not wrong["yaku"].follows
    concepts = dict(judgement.concepts)
    assert concepts["yaku:honitsu"] is False
    assert concepts["points:han_sum"] is True and concepts["points:mangan_threshold"] is True
    sentence = why_wrong(wrong["total"], question).render(language)
    assert "6400" in sentence and "8000" in sentence
    assert "3" in why_wrong(wrong["han"], question).render(language) and "4" in why_wrong(
        wrong["han"], question
    ).render(language)
    # A payment that follows from nothing the learner gave is its own mistake.
    response = with_points(question, total=6400)
    assert not judge_points_steps(question, response).verdicts[-1].follows


def test_the_app_reviews_yaku_and_points_rules(tmp_path: Path) -> None:
    """Review (r) drills what is due: the yaku and points rules of a
    points-steps answer too, though no kind is named "yaku" or "points"."""
    app = make_app(tmp_path)
    question = question_of(*RIICHI_PINFU)
    record_at_zero(app.store, question, {**question.answer, "dora": 0})
    assert "points:dora" in app.due_concepts()
    assert DrillPlan.review(app.due_concepts()).kinds == ("points-steps",)


@pytest.mark.parametrize(
    "concept", ["yaku:pinfu", "yaku:ittsu", "yaku:ryanpeikou", "yaku:shousangen", "yaku:chanta", "points:tsumo_split"]
)
def test_a_review_finds_a_hand_for_a_rare_rule(concept: str) -> None:
    """Hands shaped for the yaku random deals seldom make: a review of one finds a hand that has it."""
    question = generate("points-steps", 5, 2, concept=concept)
    assert concept in question.step_concepts


def test_its_answer_type_is_known() -> None:
    from tutor.quiz.question import ANSWER_TYPES

    assert generate("points-steps", 1, 1).answer_type in ANSWER_TYPES


async def test_progress_names_the_lesson_of_each_rule_due(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    question = question_of(*OPEN_HONITSU)
    record_at_zero(app.store, question, with_yaku(question, [{"id": "yakuhai_chun", "han": 1}]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ProgressScreen())
        await pilot.pause()
        shown = "\n".join(str(widget.render()) for widget in app.screen.query(Static))
    kind = text("en", "drill.kind.points-steps")
    assert text("en", "drill.due_item", kind=kind, count=1, lesson="The other yaku") in shown


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_the_summary_opens_the_lesson_the_feedback_named(tmp_path: Path, language: str) -> None:
    """#28.9: a yaku left out is taught by the yaku lesson, which the
    feedback names; the summary names and opens that lesson too, not the
    question's own (the points lesson)."""
    from tutor.quiz.attempt import Attempt
    from tutor.quiz.kinds.points_steps_judge import step_lesson
    from tutor.ui.screens.lesson import LessonScreen

    question = question_of(*RIICHI_PINFU)
    response = with_yaku(question, [{"id": "riichi", "han": 1}])
    missed = only_wrong(question, response)
    taught = step_lesson(missed.step)
    assert taught != question.lesson
    app = make_app(tmp_path)
    app.language = language
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_summary([Attempt(judge(question, response), "wrong")])
        await pilot.pause()
        title = app.library.lessons[language][taught].title
        shown = "\n".join(
            line.text
            for line in app.screen.query_one("#mistakes").render_lines(
                app.screen.query_one("#mistakes").region.reset_offset
            )
        )
        assert title in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == taught


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_learners_payments_read_as_they_were_won(language: str) -> None:
    """#28.3: a ron's response has only the total; the summary read it as a
    dealer's tsumo and printed "Each of the three pays None"."""
    for seed in range(60):
        question = generate("points-steps", seed, 1 + seed % 3)
        response = {"yaku": [], "dora": 0, "han": 1, "points": {step: 1000 for step in payment_steps(question.request)}}
        shown = render_value(answer_words(replace(question, answer=response)), language)
        assert "None" not in shown, shown
        if payment_steps(question.request) == ("total",):
            assert text(language, "points_steps.paid_ron", total=1000) in shown
