"""Quizzes: every kind's questions are valid, judged right with the engine's
answer and wrong with a changed one; worksheets are reproducible; answers
agree with the reference libraries; the progress store keeps every answer."""

from __future__ import annotations

import copy
import json
import random
import re
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from mahjong.agari import Agari

from crosscheck.reference_mcr import reference_fans
from crosscheck.reference_riichi import reference_score
from tutor.cli import main
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.fans import BY_ZH
from tutor.engine.mcr.rules import McrRules
from tutor.engine.mcr.score import score_mcr
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.tiles import TILE_KINDS, wind_tile
from tutor.lessons.check import load_library
from tutor.lessons.location import bundled_lessons
from tutor.lessons.model import HandBlock
from tutor.locale import render
from tutor.locale.fan_names import fan_name
from tutor.locale.message import render_value
from tutor.quiz import names
from tutor.quiz.answer_text import answer_words, claim_words
from tutor.quiz.kinds import KINDS, generate, is_right
from tutor.quiz.names import CLAIM_NAMES
from tutor.quiz.question import Question, QuizError
from tutor.quiz.store import BOX_DAYS, DAY, Store
from tutor.quiz.worksheet import sheet_questions, worksheet
from tutor.ui.answers import answer_steps

PER_KIND = 1000


def answer_text(question: Question, language: str) -> str:
    return render_value(answer_words(question), language)


def claim_text(claim: str, value: str, rules: str, language: str) -> str:
    return render_value(claim_words(claim, value, rules), language)


def changed(question: Question, key: str) -> dict[str, Any]:
    """The engine's answer with the value of `key` changed."""
    answer = copy.deepcopy(question.answer)
    value = answer[key]
    if isinstance(value, bool):
        answer[key] = not value
    elif isinstance(value, int):
        answer[key] = value + 10
    elif isinstance(value, str):
        answer[key] = next((choice for choice in question.choices if choice != value), value + "?")
    elif value is None:
        answer[key] = "mangan"
    elif isinstance(value, dict):
        # A step answer's points: a wrong total.
        answer[key] = {**value, "total": value["total"] + 10}
    elif key == "fans":
        answer[key] = value[1:] if len(value) > 1 else [*value, {"zh": "七对", "count": 1}]
    elif isinstance(value, list):
        answer[key] = (
            value[1:]
            if len(value) > 1
            else [*value, "5z" if key == "waits" else "none" if value != ["none"] else "chi"]
        )
    assert answer[key] != question.answer[key], (key, value)
    return answer


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_gives_valid_questions(kind: str) -> None:
    lessons = load_library(bundled_lessons()).lessons["en"]
    for seed in range(PER_KIND):
        question = generate(kind, seed, 1 + seed % 3)
        assert question.kind == kind and question.rules in ("riichi", "mcr")
        assert question.prompt_text("en") and question.prompt_text("ko")
        assert question.explanation_text("en") and question.explanation_text("ko")
        assert question.lesson in lessons
        if "hand" in question.request:
            parse_hand(question.request["hand"], sizes=None)  # raises on anything illegal
        value = next(iter(question.answer.values()))
        if question.answer_type == "choice" and isinstance(value, list):
            # Every right choice (the discard kind): all among the choices.
            assert value and set(value) <= set(question.choices)
        elif question.answer_type == "choice":
            assert (
                {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
            ) in question.choices
        if question.answer_type == "checklist" and kind != "mcr-fans":
            assert set(value) <= set(question.choices)
        if question.choices:
            assert len(question.labels("en")) == len(question.choices) == len(question.labels("ko"))
        # The engine's own answer is right (a checker that rejected everything
        # would pass the next check); each value changed in turn is wrong.
        assert is_right(question, question.answer)
        for key in question.answer:
            assert not is_right(question, changed(question, key)), (kind, seed, key, question.answer)


@pytest.mark.parametrize("kind", list(KINDS))
def test_same_seed_same_question(kind: str) -> None:
    assert generate(kind, 42, 2) == generate(kind, 42, 2)


@pytest.mark.parametrize(
    "concept",
    [
        "fu:kanchan",
        "fu:tanki",
        "waits:many",
        "sets:kanta",
        "mcr-fans:minimum",
        "shanten:seven_pairs",
        "ukeire:regular",
        "discard:honour",
        "discard:seven_pairs",
    ],
)
def test_a_concept_can_be_asked_for(concept: str) -> None:
    question = generate(concept.split(":")[0], 9, 2, concept=concept)
    assert question.concept == concept
    assert generate(question.kind, 9, 2, concept=concept) == question


def test_unknown_kind_and_level() -> None:
    with pytest.raises(QuizError, match="unknown quiz kind"):
        generate("poker", 1)
    with pytest.raises(QuizError, match="level 4"):
        generate("fu", 1, 4)


class TestAnswerText:
    """A drill's feedback and a printed answer key show the answer in words:
    every part named in the learner's language, choices by their labels,
    never the JSON the answer is kept as."""

    @pytest.mark.parametrize("language", ["en", "ko"])
    @pytest.mark.parametrize("kind", sorted(KINDS))
    def test_every_kind_in_words(self, kind: str, language: str) -> None:
        for seed in range(40):
            question = generate(kind, seed, 3)
            shown = answer_text(question, language)
            for key in question.answer:
                assert f"{render(CLAIM_NAMES.name(key), language)}: " in shown, (key, shown)
            assert not any(mark in shown for mark in ('"', "{", "[", "True", "true", "None", "null")), shown
            labels = dict(zip(question.choices, question.labels(language), strict=True))
            for value in question.answer.values():
                for item in value if isinstance(value, list) else [value]:
                    if isinstance(item, str) and item in labels:
                        assert labels[item] in shown, (item, shown)

    def test_fans_by_name_with_their_count(self) -> None:
        question = next(
            q
            for q in (generate("mcr-fans", seed, 3) for seed in range(200))
            if any(fan["count"] > 1 for fan in q.answer["fans"])
        )
        fan = next(fan for fan in question.answer["fans"] if fan["count"] > 1)
        assert f"{render(fan_name(BY_ZH[fan['zh']].id), 'en')} x{fan['count']}" in answer_text(question, "en")
        assert f"{fan['zh']} {BY_ZH[fan['zh']].ko_sino} x{fan['count']}" in answer_text(question, "ko")

    def test_limits_by_the_lessons_names(self) -> None:
        questions = [generate("riichi-points", seed, level) for seed in range(100) for level in (1, 3)]
        korean = {"mangan": "만관", "haneman": "하네만", "baiman": "배만", "sanbaiman": "삼배만"}
        limited = [q for q in questions if q.answer["limit"] in korean]
        unlimited = [q for q in questions if q.answer["limit"] is None]
        assert limited and unlimited, "the sample should hold both, or this test proves nothing"
        for question in limited:
            assert f"한도: {korean[question.answer['limit']]}" in answer_text(question, "ko")
        for question in unlimited:
            assert answer_text(question, "ko").endswith("한도: 없음")
            assert answer_text(question, "en").endswith("Limit: none")


class TestLessonAnswersInWords:
    """A lesson's hand blocks reveal their claims step by step; each claim
    must read in words in the lesson's language (칸짱대기, not kanchan; 예,
    not true), as the teacher projects it."""

    @pytest.mark.parametrize("language", ["en", "ko"])
    def test_every_claim_of_the_bundled_lessons(self, language: str) -> None:
        library = load_library(bundled_lessons())
        named = ("shape", "kinds", "calls", "group", "yaku", "yakuman", "complete", "tenpai", "can_win", "limit")
        checked = 0
        for lesson in library.lessons[language].values():
            for block in lesson.blocks:
                if not isinstance(block, HandBlock):
                    continue
                steps = answer_steps(block, lesson.track, language)
                for claim, value in block.expect.items():
                    if claim not in named:
                        continue
                    [step] = [s for s in steps if s.startswith(f"{render(CLAIM_NAMES.name(claim), language)}: ")]
                    shown = step.split(": ", 1)[1]
                    for item in value.split(","):
                        if item != "none" and (language == "ko" or item in ("true", "false") or "_" in item):
                            assert item not in shown.split(", "), (lesson.id, claim, step)
                    checked += 1
        assert checked > 50

    def test_claim_values(self) -> None:
        assert claim_text("shape", "regular", "riichi", "ko") == "4멘쯔 1작두"
        assert claim_text("shape", "seven_pairs", "mcr", "ko") == "칠대(七对)"
        assert claim_text("kinds", "ryanmen,shanpon", "riichi", "en") == "ryanmen (both ends), shanpon (two pairs)"
        assert claim_text("complete", "false", "riichi", "ko") == "아니오"
        assert claim_text("fans", "全带幺九,幺九刻x2", "mcr", "en") == (
            "全带幺九 Outside Hand, 幺九刻 Pung of Terminals or Honours x2"
        )
        assert claim_text("yaku", "riichi,menzen_tsumo", "riichi", "ko") == "리치, 멘젠 쯔모"
        assert claim_text("waits", "1m,4m", "riichi", "en") == "1m, 4m"


class TestWorksheets:
    def test_same_seed_same_sheet(self) -> None:
        assert worksheet("fu", 5, 3, 2, "en", "text") == worksheet("fu", 5, 3, 2, "en", "text")
        assert worksheet("fu", 5, 3, 2, "en", "text") != worksheet("fu", 5, 4, 2, "en", "text")

    def test_json_shape(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["quiz", "--kind", "waits", "--count", "3", "--seed", "1", "--format", "json", "--lang", "ko"]) == 0
        sheet = json.loads(capsys.readouterr().out)
        assert len(sheet) == 3
        for item in sheet:
            assert {"kind", "prompt", "request", "answer", "explanation"} <= set(item)
            assert set(item["answer"]) == {"waits"} and item["kind"] == "waits"

    def test_fu_and_fan_answers_as_documented(self) -> None:
        [fu] = json.loads(worksheet("fu", 1, 1, 2, "en", "json"))
        assert set(fu["answer"]) == {"fu", "fu_raw"}
        [fans] = json.loads(worksheet("mcr-fans", 1, 1, 2, "en", "json"))
        assert set(fans["answer"]) >= {"fans", "total"} and {"zh", "count"} == set(fans["answer"]["fans"][0])

    def test_markdown_has_questions_then_key(self) -> None:
        text = worksheet("tiles", 3, 1, 1, "en", "md")
        assert text.index("## Questions") < text.index("## Answer key")

    @pytest.mark.parametrize("language", ["en", "ko"])
    def test_sheet_prints_everything_the_answer_depends_on(self, language: str) -> None:
        """A printed question must show the flags and flowers its answer
        counts (花牌 is a fan; riichi is a yaku), in the sheet's language."""
        questions = sheet_questions("mcr-fans", 60, 7, 3) + sheet_questions("fu", 60, 7, 3)
        text = worksheet("mcr-fans", 60, 7, 3, language, "text") + worksheet("fu", 60, 7, 3, language, "text")
        with_flowers = [q for q in questions if q.request.get("flowers")]
        with_flags = [q for q in questions if q.request.get("flags")]
        assert with_flowers and with_flags, "the sample should hold both, or this test proves nothing"
        win_lines = [line for line in text.splitlines() if line.startswith(("   won on:", "   오름패:"))]
        assert len(win_lines) == len(questions)
        flowers_word, flag_word, ron = ("flower", "riichi", " ron,") if language == "en" else ("화패", "리치", " 론,")
        assert sum(flowers_word in line for line in win_lines) == len(with_flowers)
        assert sum(flag_word in line for line in win_lines) == sum(
            "riichi" in q.request.get("flags", ()) or "double_riichi" in q.request.get("flags", ()) for q in questions
        )
        assert sum(ron in line for line in win_lines) == sum(not q.request["tsumo"] for q in questions)
        if language == "ko":
            assert not any(word in line for line in win_lines for word in ("seat", "round", "tsumo", "flower"))

    def test_bad_request_is_one_line(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["quiz", "--kind", "fu", "--count", "0"]) == 1
        assert capsys.readouterr().err == "tutor quiz: count 0 is not between 1 and 500\n"


class TestAgreesWithReferences:
    """Worksheet answers of fu, waits and mcr-fans, checked by the reference libraries."""

    def test_fu(self) -> None:
        for question in sheet_questions("fu", 500, 11, 3):
            request = question.request
            hand = parse_hand(request["hand"])
            context = WinContext(
                parse_tile(request["win"]),
                request["tsumo"],
                wind_tile(request["seat"]),
                wind_tile(request["round"]),
                frozenset(Flag(flag) for flag in request["flags"]),
            )
            theirs = reference_score(hand, context, RiichiRules(double_yakuman=True, yakuman_stacking=True))
            assert theirs.fu == question.answer["fu"], request

    def test_waits(self) -> None:
        for question in sheet_questions("waits", 500, 12, 3) + sheet_questions("waits", 100, 13, 1):
            hand = parse_hand(question.request["hand"])
            held = hand.all_counts()
            counts = hand.all_counts()
            melds = [list(meld.tiles) for meld in hand.melds]
            theirs = []
            for tile in range(TILE_KINDS):
                if held[tile] < 4:
                    counts[tile] += 1
                    if Agari.is_agari(counts, melds or None):
                        theirs.append(tile)
                    counts[tile] -= 1
            assert sorted(parse_tile(t) for t in question.answer["waits"]) == theirs

    def test_mcr_fans(self) -> None:
        compatible = McrRules(concealed_and_melded_kong=True, exhausted_tile_is_wait=True)
        option_dependent = 0
        for question in sheet_questions("mcr-fans", 500, 14, 2):
            request = question.request
            hand = parse_hand(request["hand"])
            context = McrContext(
                parse_tile(request["win"]),
                request["tsumo"],
                wind_tile(request["seat"]),
                wind_tile(request["round"]),
                request["flowers"],
            )
            ours_compatible = score_mcr(hand, context, compatible)
            if ours_compatible.total != question.answer["total"]:
                # The two options the reference always applies (明暗杠, exhausted waits) changed this hand.
                option_dependent += 1
                continue
            fans, total = reference_fans(hand, context)  # type: ignore[misc]
            assert total == question.answer["total"], request
            ours = Counter({BY_ZH[fan["zh"]].id: fan["count"] for fan in question.answer["fans"]})
            assert ours == fans, request
        assert option_dependent < 50


class TestStore:
    """Answers are kept one transaction each, and concepts move between Leitner boxes."""

    def record(self, store: Store, concept: str, correct: bool, now: float) -> None:
        store.record_answer(
            kind="fu", level=1, seed=1, concept=concept, lesson="r09-fu", correct=correct, response="{}", now=now
        )

    def test_wrong_answer_is_due_at_once_right_answers_wait_longer(self, tmp_path: Path) -> None:
        store = Store.open(tmp_path / "p.sqlite3")
        self.record(store, "fu:kanchan", False, now=1000.0)
        assert [due.concept for due in store.due(now=1000.0)] == ["fu:kanchan"]
        self.record(store, "fu:kanchan", True, now=1001.0)
        assert store.due(now=1001.0) == []
        assert [due.box for due in store.due(now=1001.0 + BOX_DAYS[1] * DAY)] == [1]

    def test_a_box_moves_up_only_at_a_review(self, tmp_path: Path) -> None:
        """A rule missed and then answered right twice in the same drill is
        in box 1, still among the weakest: the second right answer came
        before the rule was due again, and lifts it no further."""
        store = Store.open(tmp_path / "p.sqlite3")
        self.record(store, "fu:kanchan", False, now=1000.0)
        self.record(store, "fu:kanchan", True, now=1001.0)
        self.record(store, "fu:kanchan", True, now=1002.0)
        assert [(due.concept, due.box) for due in store.weakest("fu:")] == [("fu:kanchan", 1)]
        # Once due again, a right answer moves it up.
        self.record(store, "fu:kanchan", True, now=1001.0 + BOX_DAYS[1] * DAY)
        assert store.weakest("fu:") == []
        # A wrong answer sends it back at any time, due or not.
        self.record(store, "fu:kanchan", False, now=1003.0 + BOX_DAYS[1] * DAY)
        assert [(due.concept, due.box) for due in store.weakest("fu:")] == [("fu:kanchan", 0)]

    def test_crash_between_answers_loses_nothing_committed(self, tmp_path: Path) -> None:
        path = tmp_path / "p.sqlite3"
        store = Store.open(path)
        self.record(store, "fu:tanki", True, now=1.0)
        # A second connection starts an answer and dies before committing.
        crashed = sqlite3.connect(path)
        crashed.execute("BEGIN")
        crashed.execute(
            "INSERT INTO answers (answered_at, kind, level, seed, concept, correct, response) VALUES (2, 'fu', 1, 1, 'x', 1, '{}')"
        )
        crashed.close()
        again = Store.open(path)
        assert again.answer_count() == 1 and again.notice is None

    def test_damaged_file_is_set_aside(self, tmp_path: Path) -> None:
        path = tmp_path / "p.sqlite3"
        path.write_bytes(b"this is not a database" * 100)
        store = Store.open(path)
        assert store.notice and "moved to" in store.notice
        assert store.answer_count() == 0
        assert [p for p in tmp_path.iterdir() if ".damaged-" in p.name]

    def test_two_writers_lose_no_answer(self, tmp_path: Path) -> None:
        path = tmp_path / "p.sqlite3"
        first, second = Store.open(path), Store.open(path)
        for number in range(50):
            self.record(first if number % 2 else second, f"c{number % 5}", number % 3 == 0, now=float(number))
        assert Store.open(path).answer_count() == 50

    def test_accuracy_by_day(self, tmp_path: Path) -> None:
        store = Store.open(tmp_path / "p.sqlite3")
        for correct in (True, False, True):
            self.record(store, "fu:x", correct, now=86400.0 * 100)
        [day] = store.accuracy_by_day()
        assert (day.kind, day.answered, day.right) == ("fu", 3, 2)


def test_random_is_not_global() -> None:
    state = random.getstate()
    generate("fu", 5, 2)
    assert random.getstate() == state


def test_english_names_hold_no_hangul() -> None:
    """Every English name a drill or a revealed lesson answer prints is English
    (the fu lines once read "open koutsu, 요구패" on English screens)."""
    found = []
    for table_name, table in vars(names).items():
        if isinstance(table, dict) and isinstance(table.get("en"), dict | tuple):
            english = table["en"]
            values = english.values() if isinstance(english, dict) else english
            found += [(table_name, value) for value in values if re.search("[\uac00-\ud7a3]", str(value))]
    assert found == []


def test_dice_question_says_who_throws() -> None:
    """A dice total names a seat only counted from the thrower (lesson r11):
    the question says the East seat throws, and the answer counts from it."""
    for seed in range(40):
        question = generate("game-flow", seed, 1)
        total = question.request["dice"]
        assert "East seat" in question.prompt_text("en") and "동가" in question.prompt_text("ko")
        assert question.answer["seat"] == "ESWN"[(total - 1) % 4]


def _game_flow(concept: str, level: int, count: int = 30) -> list[Question]:
    found = [generate("game-flow", seed, level) for seed in range(400)]
    found = [question for question in found if question.concept == concept][:count]
    assert found, f"no {concept} question in 400 seeds"
    return found


def test_break_question_counts_seats_then_stacks_from_the_right_end() -> None:
    for question in _game_flow("game-flow:break", 2):
        total = sum(question.request["dice"])
        # Document 000: from the dealer (East) 5 and 9 open East's wall, 2, 6, 10 South's, ...
        seat = {5: "E", 9: "E", 2: "S", 6: "S", 10: "S", 3: "W", 7: "W", 11: "W"}.get(total, "N")
        assert question.answer["stack"] == f"{seat}:{total}"
        assert "right end" in question.labels("en")[question.choices.index(question.answer["stack"])]


def test_indicator_question_is_the_third_stack_then_one_further_per_kan() -> None:
    kans_seen = set()
    for question in _game_flow("game-flow:dora", 2, 60):
        kans = question.request["kans"]
        kans_seen.add(kans)
        assert question.answer["stack"] == str(3 + kans)
    assert kans_seen == {0, 1, 2, 3}


def test_call_question_gives_the_turn_to_the_callers_right() -> None:
    for question in _game_flow("game-flow:call-turn", 2):
        caller = question.request["caller"]
        assert question.answer["seat"] == "ESWN"[("ESWN".index(caller) + 1) % 4]
        if question.request["call"] == "chi":
            assert "ESWN".index(caller) == ("ESWN".index(question.request["discarder"]) + 1) % 4


def test_dealer_question_counts_honba() -> None:
    expected = {"dealer_wins": ("E", 1), "dealer_tenpai": ("E", 1), "dealer_noten": ("S", 1), "other_wins": ("S", None)}
    for question in _game_flow("game-flow:dealer", 2):
        seat, added = expected[question.request["result"]]
        honba = 0 if added is None else question.request["honba"] + added
        assert question.answer["seat"] == f"{seat}:{honba}"


def test_mcr_hand_five_seats() -> None:
    # Document 004: after the East round East and South swap, and West and North.
    hand_five = {"E": "S", "S": "E", "W": "N", "N": "W"}
    asked = [q for q in _game_flow("game-flow:mcr-seats", 3, 200) if q.request.get("hand_number") == 5]
    assert asked
    for question in asked:
        assert question.answer["seat"] == hand_five[question.request["start"]]
        assert "hand 5" in question.prompt_text("en") and "5국" in question.prompt_text("ko")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_worksheets_speak_one_language(kind: str) -> None:
    """A printed sheet is in one language throughout: its title names the
    kind in words (not `calls` or `fu-steps`), the rules by their names, and
    every prompt and explanation from the catalogue.  Notation (`888m`) and
    the acronym MCR are the only Latin letters a Korean sheet may hold."""
    for level in (1, 2, 3):
        korean = worksheet(kind, 3, 7, level, "ko", "text")
        english = worksheet(kind, 3, 7, level, "en", "text")
        latin_words = set(re.findall(r"[A-Za-z]{3,}", korean)) - {"MCR"}
        assert not latin_words, f"{kind} level {level}: English in the Korean sheet: {sorted(latin_words)}"
        hangul = [line for line in english.splitlines() if re.search(r"[\uac00-\ud7a3]", line)]
        assert not hangul, f"{kind} level {level}: Korean in the English sheet: {hangul[:3]}"
