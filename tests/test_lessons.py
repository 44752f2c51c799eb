"""The lessons: the bundled ones check clean and cover what the issue asks;
the checker names file and line for every kind of mistake."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from tests.fu_cases import CASES as FU_CASES
from tests.lesson_helpers import GOOD, problems_in, write
from tutor.cli import main
from tutor.engine.game.scenarios import SCENARIOS
from tutor.engine.mcr.fans import FANS
from tutor.engine.table import step_ids
from tutor.lessons.blocks import CLAIMS
from tutor.lessons.check import check_folder, load_library
from tutor.lessons.glossary import load_glossary
from tutor.lessons.location import bundled_lessons
from tutor.lessons.model import LANGUAGES, QUIZ_KINDS, HandBlock
from tutor.quiz.kinds.mcr import lesson_of_fan

LESSONS = bundled_lessons()
HANGUL = re.compile("[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")


def fans_shown(blocks: Iterable[HandBlock]) -> set[str]:
    """The fans the blocks' `fans` claims name, without their counts."""
    return {re.sub(r"x\d+$", "", name) for block in blocks for name in block.expect.get("fans", "").split(",")}


RIICHI_ORDER = [
    "r01-tiles",
    "r02-sets",
    "r03-winning",
    "r04-waits",
    "r05-calls",
    "r06-riichi",
    "r07-yaku",
    "r08-points",
    "r09-fu",
    "r10-yakuman",
    "r11-table",
    "r12-efficiency",
    "r13-defence",
]


@pytest.fixture(scope="module")
def checked() -> tuple:
    return check_folder(LESSONS)


class TestBundledLessons:
    """What ships must check clean and cover the documents."""

    def test_no_problems(self, checked: tuple) -> None:
        _, problems = checked
        assert [str(problem) for problem in problems] == []

    def test_at_least_24_lessons_per_language_with_the_same_ids(self, checked: tuple) -> None:
        library, _ = checked
        ko, en = (set(library.lessons[language]) for language in LANGUAGES)
        assert len(ko) >= 24 and ko == en

    def test_both_tracks(self, checked: tuple) -> None:
        library, _ = checked
        for language in LANGUAGES:
            assert len(library.in_order(language, "riichi")) >= 9
            assert len(library.in_order(language, "mcr")) >= 12

    def test_english_lessons_have_no_hangul(self, checked: tuple) -> None:
        library, _ = checked
        for lesson in library.lessons["en"].values():
            text = lesson.title + lesson.body
            found = [(number, line) for number, line in enumerate(text.splitlines()) if HANGUL.search(line)]
            assert found == [], lesson.id

    def test_each_fans_drill_links_a_lesson_that_shows_the_fan(self, checked: tuple) -> None:
        library, _ = checked
        for fan in FANS.values():
            for language in LANGUAGES:
                lesson = library.lessons[language][lesson_of_fan(fan.id)]
                assert fan.zh in fans_shown(lesson.blocks), (fan.zh, lesson.id, language)

    def test_every_fan_has_an_example_in_both_languages(self, checked: tuple) -> None:
        library, _ = checked
        for language in LANGUAGES:
            shown = set()
            for lesson in library.lessons[language].values():
                shown |= fans_shown(lesson.blocks)
                for block in lesson.blocks:
                    assert "fans" not in block.expect or "total" in block.expect
            assert {fan.zh for fan in FANS.values()} <= shown, language

    def test_every_yakuman_has_an_example_in_both_languages(self, checked: tuple) -> None:
        library, _ = checked
        wanted = {
            "chuuren",
            "junsei_chuuren",
            "ryuuiisou",
            "suuankou",
            "suuankou_tanki",
            "suukantsu",
            "chinroutou",
            "kokushi",
            "kokushi_13",
            "daisangen",
            "shousuushii",
            "daisuushii",
            "tsuuiisou",
            "tenhou",
            "chiihou",
            "renhou",
        }
        for language in LANGUAGES:
            shown = {
                name
                for lesson in library.lessons[language].values()
                for block in lesson.blocks
                for name in block.expect.get("yakuman", "").split(",")
            }
            assert wanted <= shown, language

    def test_the_twenty_fu_examples_are_in_the_fu_lesson(self, checked: tuple) -> None:
        """Each worked example of the fu section, won the same way, claims the same fu."""
        library, _ = checked
        wanted = {
            (hand, f"{win} {'tsumo' if tsumo else 'ron'}", seat, round_, str(fu_raw), str(fu))
            for _, hand, win, tsumo, seat, round_, _, fu_raw, fu, _ in FU_CASES
        }
        assert len(wanted) == 20
        for language in LANGUAGES:
            shown = {
                (
                    block.hand,
                    block.setup.get("win"),
                    block.setup.get("seat"),
                    block.setup.get("round"),
                    block.expect.get("fu_raw"),
                    block.expect.get("fu"),
                )
                for block in library.lessons[language]["r09-fu"].blocks
            }
            assert wanted <= shown, (language, wanted - shown)

    def test_the_riichi_track_runs_in_a_beginners_order(self, checked: tuple) -> None:
        library, _ = checked
        for language in LANGUAGES:
            assert [lesson.id for lesson in library.in_order(language, "riichi")] == RIICHI_ORDER

    def test_each_lesson_has_drills(self, checked: tuple) -> None:
        library, _ = checked
        for language in LANGUAGES:
            for lesson in library.lessons[language].values():
                assert lesson.quiz, lesson.id

    def test_lessons_name_drills_in_words_not_program_keys(self, checked: tuple) -> None:
        """Learners read "fu before rounding", never `fu_raw`; a drill by its name, never its id."""
        library, _ = checked
        keys = {f"`{name}`" for name in (*QUIZ_KINDS, *CLAIMS)}
        for language in LANGUAGES:
            for lesson in library.lessons[language].values():
                prose = re.sub(r"```hand.*?```", "", lesson.body, flags=re.DOTALL)
                assert [key for key in keys if key in prose] == [], lesson.id
                assert "## Drills" in prose or "## 연습" in prose, lesson.id

    def test_command_passes(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["lessons", "check"]) == 0
        assert capsys.readouterr().out.rstrip().endswith("; 0 problems")

    def test_glossary(self) -> None:
        terms = load_glossary(LESSONS / "glossary.tsv")
        by_original = {term.original: term for term in terms}
        assert by_original["大四喜"].ko == "대사희 (다스시)"
        assert len([term for term in terms if term.id.startswith("fan-")]) == 81
        assert {"tenpai", "fu", "dora", "flower"} <= {term.id for term in terms}


class TestCheckerFindsMistakes:
    """Each kind of mistake is reported with its file and line."""

    def test_a_clean_pair(self, tmp_path: Path) -> None:
        for language in LANGUAGES:
            write(tmp_path, language, "a.md", GOOD.format(id="a", link="a"))
        assert problems_in(tmp_path) == []

    def test_table_links_name_a_step_of_the_lessons_rules(self, tmp_path: Path) -> None:
        for language in LANGUAGES:
            text = GOOD.format(id="a", link="a") + "\n[See it](table:dora) and [this](table:flowers).\n"
            write(tmp_path, language, "a.md", text)
        problems = problems_in(tmp_path)
        # The dora step is riichi's; flowers are MCR's, so a riichi lesson may not link to them.
        assert len(problems) == 2 and all(":19: link to table step 'flowers'" in problem for problem in problems)
        assert "steps: seats, first-dice" in problems[0]

    def test_table_links_are_read_with_their_lines(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a") + "[x](table:seats) [y](table:)\n")
        library, problems = check_folder(tmp_path)
        assert library.lessons["en"]["a"].table_links == ((18, "seats"), (18, ""))
        assert [str(problem) for problem in problems if "table step" in str(problem)] == [
            f"{path}:18: link to table step '', which the riichi table does not have; steps: "
            + ", ".join(step_ids("riichi"))
        ]

    def test_play_links_name_a_scenario_of_the_lessons_rules(self, tmp_path: Path) -> None:
        """An unknown scenario, or an MCR one in a riichi lesson, is a problem naming file and line."""
        text = (
            GOOD.format(id="a", link="a")
            + "[play it](play:r04-furiten)\n[x](play:r04-nope) [y](play:m04-under-eight)\n"
        )
        path = write(tmp_path, "en", "a.md", text)
        library, problems = check_folder(tmp_path)
        assert library.lessons["en"]["a"].play_links == ((18, "r04-furiten"), (19, "r04-nope"), (19, "m04-under-eight"))
        found = [str(problem) for problem in problems if "scenario" in str(problem)]
        riichi = ", ".join(scenario.id for scenario in SCENARIOS.values() if scenario.rules == "riichi")
        assert found == [
            f"{path}:19: link to scenario 'r04-nope', which the riichi scenarios do not have; scenarios: {riichi}",
            f"{path}:19: link to scenario 'm04-under-eight', which the riichi scenarios do not have; scenarios: {riichi}",
        ]

    def test_bad_front_matter(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a").replace("track: riichi\n", ""))
        assert problems_in(tmp_path) == [f"{path}:1: the front matter has no 'track'"]

    def test_no_front_matter(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", "# Just text\n")
        assert problems_in(tmp_path) == [f"{path}:1: the file must start with front matter between '---' lines"]

    def test_hand_that_does_not_parse(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a").replace("234m456s55s", "234x456s55s"))
        [problem] = problems_in(tmp_path)
        assert problem.startswith(f"{path}:11: hand '234x456s55s [777p] [777z]': unknown suit letter")

    def test_expect_the_engine_contradicts(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a").replace("fu=30", "fu=40"))
        assert problems_in(tmp_path) == [
            f"{path}:11: hand '234m456s55s [777p] [777z]': expect fu=40, but the engine says 30"
        ]

    def test_unknown_claim(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a").replace("fu=30", "fuu=30"))
        [problem] = problems_in(tmp_path)
        assert problem.startswith(f"{path}:11: unknown expect claim 'fuu'")

    def test_a_call_block_holds_thirteen_tiles(self, tmp_path: Path) -> None:
        block = "```hand\n555z123m456p789s1z2z\ndiscard: 5z  from: across\nexpect: calls=open_kan,pon\n```\n"
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a") + "\n" + block)
        [problem] = problems_in(tmp_path)
        assert problem.startswith(f"{path}:19: hand '555z123m456p789s1z2z'")
        assert "holds 13 tiles, this one 14" in problem

    def test_link_to_missing_lesson(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="nowhere"))
        assert problems_in(tmp_path) == [f"{path}:17: link to lesson 'nowhere', which does not exist"]

    def test_lesson_in_one_language_only(self, tmp_path: Path) -> None:
        write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a"))
        write(tmp_path, "ko", "a.md", GOOD.format(id="a", link="a"))
        path = write(tmp_path, "en", "b.md", GOOD.format(id="b", link="a"))
        assert problems_in(tmp_path) == [f"{path}:1: lesson 'b' has no ko version"]

    def test_hand_blocks_differ_between_languages(self, tmp_path: Path) -> None:
        write(tmp_path, "ko", "a.md", GOOD.format(id="a", link="a"))
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a").replace("seat: S", "seat: W"))
        assert problems_in(tmp_path) == [f"{path}:11: this hand block differs from ko line 11"]

    def test_ambiguous_width_character(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a") + "\nWait\u2026 here.\n")
        [problem] = problems_in(tmp_path)
        assert problem.startswith(f"{path}:19: ambiguous-width character '\u2026' (HORIZONTAL ELLIPSIS)")

    def test_unclosed_hand_block(self, tmp_path: Path) -> None:
        path = write(
            tmp_path,
            "en",
            "a.md",
            GOOD.format(id="a", link="a").replace("expect: fu_raw=26 fu=30 waits=1m,4m\n```", "x"),
        )
        assert problems_in(tmp_path) == [f"{path}:11: a hand block with no closing ```"]

    def test_duplicate_id(self, tmp_path: Path) -> None:
        write(tmp_path, "en", "a.md", GOOD.format(id="a", link="a"))
        path = write(tmp_path, "en", "b.md", GOOD.format(id="a", link="a"))
        assert problems_in(tmp_path) == [f"{path}:1: id 'a' is also used by a.md"]

    def test_a_teachers_flat_folder(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        folder = tmp_path / "mine"
        folder.mkdir()
        (folder / "a.md").write_text(GOOD.format(id="a", link="a"), encoding="utf-8")
        assert main(["lessons", "check", "--lessons", str(folder)]) == 0
        (folder / "a.md").write_text(GOOD.format(id="a", link="a").replace("fu=30", "fu=20"), encoding="utf-8")
        assert main(["lessons", "check", "--lessons", str(folder)]) == 1
        assert "expect fu=20, but the engine says 30" in capsys.readouterr().out

    def test_missing_folder(self, tmp_path: Path) -> None:
        assert load_library(tmp_path / "none").problems[0].message == "no such lesson folder"


EFFICIENCY = """---
id: e
track: {track}
order: 1
title: Efficiency
quiz: [discard]
---

# Efficiency

```hand
13m456p789s11z23s5z
expect: shanten={shanten} ukeire={ukeire}
```

```hand
13m456p789s11z23s5z9p
expect: shanten=1 best_discard={best}
```
"""


class TestEfficiencyClaims:
    """`shanten=`, `ukeire=` and `best_discard=` in hand blocks, checked by the engine."""

    def test_right_claims_pass(self, tmp_path: Path) -> None:
        write(tmp_path, "en", "e.md", EFFICIENCY.format(track="riichi", shanten=1, ukeire=12, best="5z,9p"))
        assert problems_in(tmp_path / "en") == []

    def test_wrong_claims_are_named(self, tmp_path: Path) -> None:
        path = write(tmp_path, "en", "e.md", EFFICIENCY.format(track="riichi", shanten=2, ukeire=12, best="1m"))
        assert problems_in(tmp_path / "en") == [
            f"{path}:11: hand '13m456p789s11z23s5z': expect shanten=2, but the engine says 1",
            f"{path}:16: hand '13m456p789s11z23s5z9p': expect best_discard=1m, but the engine says 9p,5z",
        ]

    def test_counted_under_the_lessons_rules(self, tmp_path: Path) -> None:
        # 147m258p369s1234z: MCR's honours and knitted tiles make it tenpai, riichi sees no shape close.
        text = "---\nid: k\ntrack: {track}\norder: 1\ntitle: K\nquiz: [shanten]\n---\n\n```hand\n147m258p369s1234z\nexpect: shanten={value}\n```\n"
        write(tmp_path / "mcr", "en", "k.md", text.format(track="mcr", value=0))
        write(tmp_path / "riichi", "en", "k.md", text.format(track="riichi", value=0))
        assert problems_in(tmp_path / "mcr" / "en") == []
        [problem] = problems_in(tmp_path / "riichi" / "en")
        assert problem.endswith("expect shanten=0, but the engine says 6")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_scenario_is_linked_from_its_lesson(language: str) -> None:
    """Each scenario's lesson offers it to play (`play:` links, issue 30), in both languages."""
    library = load_library(bundled_lessons())
    for scenario in SCENARIOS.values():
        lesson = library.lessons[language][scenario.lesson]
        assert scenario.id in {target for _, target in lesson.play_links}, (language, scenario.id)
