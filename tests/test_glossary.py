"""The glossary as a reference (issue 28, "the glossary only translates"):
each term defined in both languages and linked to the lesson that teaches
it, each MCR fan with its points and a minimal example hand that the engine
really scores as that fan, and enter on the glossary screen opening the
lesson."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from tests.helpers import make_app, settle
from tutor.engine.mcr.fans import FANS, STANDARD_FANS
from tutor.lessons.blocks import evaluate
from tutor.lessons.check import load_library
from tutor.lessons.glossary import GlossaryError, Term, load_fan_reference, load_glossary
from tutor.lessons.model import HandBlock
from tutor.lessons.parse import _settings
from tutor.locale.catalogue import sentences
from tutor.ui.screens.info import GlossaryScreen, example_words, term_detail
from tutor.ui.screens.lesson import LessonScreen

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
TERMS = load_glossary(LESSONS / "glossary.tsv")
FAN_TERMS = [term for term in TERMS if term.id.startswith("fan-")]


def fan_of(term: Term) -> str:
    return term.id.removeprefix("fan-")


class TestEveryTerm:
    """Every term is defined in both languages and leads to a lesson that exists."""

    def test_definitions_in_both_languages(self) -> None:
        undefined = [term.id for term in TERMS if not term.ko_definition.strip() or not term.en_definition.strip()]
        assert undefined == []

    def test_english_definitions_have_no_hangul(self) -> None:
        assert [term.id for term in TERMS if HANGUL.search(term.en_definition + term.en)] == []

    def test_korean_definitions_are_korean(self) -> None:
        assert [term.id for term in TERMS if not HANGUL.search(term.ko_definition)] == []

    def test_every_term_links_an_existing_lesson_of_its_track(self) -> None:
        library = load_library(LESSONS)
        for language in ("ko", "en"):
            known = library.lessons[language]
            for term in TERMS:
                assert term.lessons, term.id
                for lesson_id in term.lessons:
                    assert lesson_id in known, (term.id, lesson_id)
                    if term.track != "both":
                        assert known[lesson_id].track == term.track, (term.id, lesson_id)

    def test_partial_set_shapes_are_named_as_english_players_say(self) -> None:
        """Issue 26: the English glossary said kanta/ryanta where the lessons
        and English players say penchan, kanchan and ryanmen shapes."""
        names = {term.id: term.en for term in TERMS}
        assert names["penta"].startswith("penchan shape")
        assert names["kanta"].startswith("kanchan shape")
        assert names["ryanta"].startswith("ryanmen shape")


class TestFanReference:
    """The 81 fans carry their points, a definition, a lesson and an example."""

    def test_all_81_fans_have_an_entry(self) -> None:
        reference = load_fan_reference(LESSONS / "fan_reference.tsv")
        assert {fan.id for fan in STANDARD_FANS} <= set(reference)
        assert len(FAN_TERMS) == 81
        assert all(term.points == FANS[fan_of(term)].points for term in FAN_TERMS)
        assert all(term.example and term.lessons for term in FAN_TERMS)

    @pytest.mark.parametrize("term", FAN_TERMS, ids=fan_of)
    def test_example_scores_its_fan(self, term: Term) -> None:
        hand, _, setup = term.example.partition("|")
        block = HandBlock(1, hand.strip(), _settings(setup), {"fans": "?"}, term.example)
        fans = evaluate(block, "mcr").answers["fans"].split(",")
        assert FANS[fan_of(term)].zh in {re.sub(r"x\d+$", "", fan) for fan in fans}, (term.example, fans)

    def test_a_fan_that_is_not_in_the_table_is_refused(self, tmp_path: Path) -> None:
        path = tmp_path / "fan_reference.tsv"
        path.write_text(
            "fan\tlesson\texample\tko_definition\ten_definition\nno_such_fan\tm04-routes-to-eight\t1m\t가\ta\n",
            encoding="utf-8",
        )
        with pytest.raises(GlossaryError, match="no_such_fan"):
            load_fan_reference(path)

    def test_a_teachers_glossary_without_definitions_still_reads(self, tmp_path: Path) -> None:
        (tmp_path / "glossary.tsv").write_text(
            "id\ttrack\tko\toriginal\ten\ntile\tboth\t패\t牌\ttile\n", encoding="utf-8"
        )
        terms = load_glossary(tmp_path / "glossary.tsv")
        assert terms[0] == Term("tile", "both", "패", "牌", "tile")
        assert len(terms) == 82 and terms[1].points == 88 and not terms[1].example


class TestDetailWords:
    """The words under the table: points (with English plurals), definition,
    the example read out, and the lesson by its title."""

    def test_a_one_point_fan_in_english(self) -> None:
        term = next(term for term in FAN_TERMS if fan_of(term) == "self_drawn")
        words = term_detail(term, "en", lambda lesson_id: f"<{lesson_id}>")
        assert words.splitlines() == [
            "1 point. Win on a tile you drew yourself.",
            "Example: 345m 567p 22z [234s] [678s]   winning tile 7p, self-drawn",
            "Taught in: <m05-win-and-wait>",
        ]

    def test_conditions_are_read_out_in_korean(self) -> None:
        words = example_words("567p 44z [111z] [222z] [333z] | win: 7p ron  seat: N  round: N", "ko")
        assert words == "예: 567p 44z [111z] [222z] [333z]   오름패 7p, 남의 버림패로 화료, 자풍 북, 장풍 북"
        assert "깡 뒤의 보충패" in example_words("345m | win: 7p tsumo  flags: kong", "ko")
        assert "robbing a kong" in example_words("345m | win: 7p ron  flags: kong", "en")
        assert "3 flowers" in example_words("123m | win: 1m ron  flowers: 3", "en")
        assert "the last tile of the wall" in example_words("345m | win: 7p tsumo  flags: wall_last", "en")
        assert "the discard after the wall's last tile" in example_words("345m | win: 7p ron  flags: wall_last", "en")

    def test_lists_are_joined_as_the_language_joins_a_list(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The conditions and the lessons are one list each, joined by the catalogue's list.join."""
        monkeypatch.setitem(sentences("en"), "list.join", " ~ ")
        assert example_words("567p | win: 7p ron  seat: N  round: E", "en").endswith(
            "seat wind North ~ prevalent wind East"
        )
        term = next(term for term in TERMS if len(term.lessons) > 1)
        lessons = term_detail(term, "en", lambda lesson_id: f"<{lesson_id}>").splitlines()[-1]
        assert lessons.endswith(" ~ ".join(f"<{lesson}>" for lesson in term.lessons))


class TestGlossaryScreen:
    """Enter on the glossary opens the lesson of the highlighted term."""

    async def test_enter_opens_the_fans_lesson(self, tmp_path: Path) -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("g")
            await settle(pilot)
            await pilot.press(*"Mixed Shifted Chows")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GlossaryScreen)
            assert [term.id for term in screen.shown] == ["fan-mixed_shifted_chows"]
            detail = str(screen.query_one("#term-detail", Static).render())
            assert "6 points" in detail and "345m 22z [456p] [567s] [234p]" in detail
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, LessonScreen)
            assert app.screen.lesson.id == "m06-chow-fans"

    async def test_enter_from_the_table_opens_the_highlighted_terms_lesson(self, tmp_path: Path) -> None:
        app = make_app(tmp_path, "ko")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("g")
            await settle(pilot)
            await pilot.press("tab", "down", "down")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GlossaryScreen)
            assert screen.focused is screen.query_one(DataTable)
            term = screen.shown[2]
            assert term.ko_definition in str(screen.query_one("#term-detail", Static).render())
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, LessonScreen)
            assert app.screen.lesson.id == term.lessons[0]
