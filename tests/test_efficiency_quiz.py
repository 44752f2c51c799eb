"""The efficiency drills: answers as the engine counts them, in the forms
the drill screen sends, and feedback that names what a worse discard loses."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from textual.widgets import OptionList, Static

from tutor.engine.efficiency import best_discards, discard_table, shanten, ukeire
from tutor.engine.notation import parse_hand
from tutor.engine.rules import Rules
from tutor.engine.tiles import tile_name
from tutor.locale.message import render_value
from tutor.quiz.faces import faces_in_text
from tutor.quiz.kinds import generate, is_right
from tutor.quiz.kinds.efficiency import discard_explanation, discard_feedback
from tutor.quiz.question import Question
from tutor.quiz.store import Store
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill import DrillPlan, DrillScreen


def test_answers_are_the_engines() -> None:
    for seed in range(30):
        for kind in ("shanten", "ukeire", "discard"):
            question = generate(kind, seed, 1 + seed % 3)
            hand = parse_hand(question.request["hand"])
            rules = Rules(question.request["rules"])
            if kind == "shanten":
                assert question.answer == {"shanten": shanten(hand, rules).shanten}
            elif kind == "ukeire":
                found = ukeire(hand, rules)
                assert question.answer == {
                    "tiles": [tile_name(item.tile) for item in found.tiles],
                    "count": found.count,
                }
            else:
                right = best_discards(discard_table(hand, rules))
                assert question.answer == {"discards": [tile_name(tile) for tile in right]}


def test_levels_keep_their_promises() -> None:
    for seed in range(40):
        one_suit = generate("shanten", seed, 1)
        assert len({tile // 9 for tile in parse_hand(one_suit.request["hand"]).concealed}) == 1
        mixed = generate("shanten", seed, 2)
        assert 1 <= mixed.answer["shanten"] <= 2
        far = generate("shanten", seed, 3)
        found = shanten(parse_hand(far.request["hand"]), Rules(far.rules))
        others = [value for name, value in found.by_shape().items() if name != "regular"]
        assert 3 <= found.shanten <= 4 or min(others) <= found.regular
    rules = {generate(kind, seed, 2).rules for kind in ("shanten", "ukeire", "discard") for seed in range(30)}
    assert rules == {"riichi", "mcr"}


def test_ukeire_answered_by_ticking_tiles_only() -> None:
    question = generate("ukeire", 4, 2)
    tiles = question.answer["tiles"]
    assert is_right(question, {"tiles": list(reversed(tiles))})
    assert is_right(question, {"tiles": tiles, "count": question.answer["count"]})
    assert not is_right(question, {"tiles": tiles, "count": question.answer["count"] + 1})
    assert not is_right(question, {"tiles": tiles[1:]})
    # The drill offers the tiles of the hand's suits: every answer is among them.
    suits = {tile // 9 for tile in parse_hand(question.request["hand"]).concealed}
    assert all("mpsz".index(name[1]) in suits for name in tiles)


def test_discard_picked_as_one_choice() -> None:
    for seed in range(20):
        question = generate("discard", seed, 2)
        right = question.answer["discards"]
        wrong = [choice for choice in question.choices if choice not in right]
        assert all(is_right(question, {"discards": tile}) for tile in right)
        assert not any(is_right(question, {"discards": tile}) for tile in wrong)
        assert is_right(question, {"discards": list(reversed(right))})


def _asked(hand: str) -> Question:
    """A discard question about a chosen hand (generated, then re-aimed)."""
    table = discard_table(parse_hand(hand), Rules.RIICHI)
    answer = {"discards": [tile_name(tile) for tile in best_discards(table)]}
    return replace(generate("discard", 0, 2), rules="riichi", request={"hand": hand, "rules": "riichi"}, answer=answer)


def test_a_worse_discard_is_ranked_and_its_lost_tiles_named() -> None:
    # 11333345566789m: 3m, 6m or 9m keep six tiles (4m, 7m); 5m keeps the
    # same shanten with four other tiles.
    question = _asked("11333345566789m")
    assert question.answer == {"discards": ["3m", "6m", "9m"]}
    assert render_value(discard_feedback(question, {"discards": "6m"}), "en") == (
        "Your 6m is one of the best discards: 0-shanten with 6 tiles of ukeire."
    )
    assert render_value(discard_feedback(question, {"discards": "5m"}), "en") == (
        "Your 5m ranks 4 of 8: 0-shanten with 4 tiles against 6; it loses 4m, 7m."
    )
    assert render_value(discard_feedback(question, {"discards": "1m"}), "ko").startswith("고른 1m은 8개 중 5위다")
    explanation = discard_explanation(discard_table(parse_hand("11333345566789m"), Rules.RIICHI), "en")
    assert explanation.startswith("Best: discard 3m, 6m, 9m, leaving 0-shanten with 6 tiles of ukeire (4m x3, 7m x3).")
    assert "#4 5m: 0-shanten, 4 tiles; it loses 4m, 7m." in explanation


def test_explanations_in_both_languages_without_mixing() -> None:
    for seed in range(15):
        for kind in ("shanten", "ukeire", "discard"):
            question = generate(kind, seed, 1 + seed % 3)
            assert not any(
                "\uac00" <= char <= "\ud7a3" for char in question.explanation_text("en") + question.prompt_text("en")
            )
            assert any("\uac00" <= char <= "\ud7a3" for char in question.explanation_text("ko"))
            assert question.lesson == "r12-efficiency"


async def test_a_discard_drill_with_a_worse_pick(tmp_path: Path) -> None:
    """The issue's walk-through: a level-2 discard drill, one right pick and
    one worse; the feedback ranks the discards and names the lost tiles, and
    the missed concept is due."""
    app = TutorApp(language="en", store=Store.open(tmp_path / "progress.sqlite3"))
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(DrillScreen(DrillPlan(("discard",), length=3, level=2, seed=11)))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        for number, pick_right in enumerate((True, False)):
            question = screen.questions[number]
            right = question.answer["discards"]
            choice = next(tile for tile in question.choices if (tile in right) == pick_right)
            options = screen.query_one("#answer", OptionList)
            # The options, and every tile in the feedback, by their faces as the hand is drawn.
            labels = [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]
            assert [label.split()[1] for label in labels] == [faces_in_text(tile) for tile in question.choices]
            options.highlighted = question.choices.index(choice)
            await pilot.press("enter")
            await pilot.pause()
            shown = "\n".join(str(part.render()) for part in screen.query("#feedback Static").results(Static))
            assert "Every discard, best first:" in shown
            assert not re.search(r"(?<![A-Za-z0-9])[0-9]+[mpsz](?![A-Za-z0-9])", shown), shown
            picked = faces_in_text(choice)
            [line] = [line for line in shown.splitlines() if f" {picked}: " in line]
            if not pick_right:
                # A worse pick's line names what it loses, or that it goes backwards.
                assert "it loses" in line or "further from tenpai" in line, line
                # The pick is named as a discard, not as the answer's "best discards".
                assert f"Your answer: Discard: {picked} (" in shown
            await pilot.press("enter")
            await pilot.pause()
        assert screen.results == [True, False]
        assert screen.questions[1].concept in {item.concept for item in app.store.due()}


def test_the_ukeire_prompt_of_a_tenpai_hand_does_not_say_closer_to_tenpai() -> None:
    """#28.14: a tenpai hand's prompt asks for the tiles that complete it;
    "closer to tenpai" is kept for hands that are not tenpai yet."""
    from tutor.locale import text

    seen = set()
    for seed in range(60):
        question = generate("ukeire", seed, 1)
        rules = Rules(question.rules)
        figure = shanten(parse_hand(question.request["hand"]), rules).shanten
        for language in ("en", "ko"):
            key = "efficiency.prompt_ukeire_tenpai" if figure == 0 else "efficiency.prompt_ukeire"
            assert question.prompt_text(language) == text(language, key)
        seen.add(figure == 0)
    assert seen == {True, False}
