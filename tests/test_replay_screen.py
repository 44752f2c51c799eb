"""The app's import and replay of a game log (issue 31, tutor/ui/screens/
import_game.py, replay.py): home's `i` imports by path, a log refused is
one line naming round, event and problem and stores nothing, the replay
steps, turns to another seat and opens every hand, jumps between hands, shows
each win re-scored beside the log (a difference said), and lists the seat's
findings, which open their lesson and become a drill whose mistakes are stored."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from tests.helpers import committed_answers, make_app, search_palette, wait_for
from tests.mcr_logs import careless_log
from tests.replay_games import imported, write_log
from tutor.engine.game.mcr.hand import payment_deltas, score_win
from tutor.engine.rules import Rules
from tutor.locale import render
from tutor.locale.fan_names import fan_choice
from tutor.quiz.drill_rules import DrillRules
from tutor.quiz.game_replay import drill_questions
from tutor.quiz.mcr_replay import McrReplayRound
from tutor.quiz.store import learner_folder
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.import_game import ImportScreen
from tutor.ui.screens.lesson import LessonScreen
from tutor.ui.screens.links import LinksScreen
from tutor.ui.screens.replay import ReplayScreen, deltas_text
from tutor.ui.screens.replay_findings import FindingsScreen
from tutor.ui.widgets.play_table import PlayTable


def shown(screen: ReplayScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def import_path(pilot: Pilot[Any], path: Path) -> ImportScreen:
    """Home's `i`, the path pasted, enter."""
    app = pilot.app
    await pilot.press("i")
    await wait_for(pilot, lambda: isinstance(app.screen, ImportScreen), "i to open the import dialog")
    dialog = app.screen
    assert isinstance(dialog, ImportScreen)
    dialog.query_one(Input).value = str(path)
    await pilot.press("enter")
    return dialog


async def opened(pilot: Pilot[Any], folder: Path, path: Path | None = None) -> ReplayScreen:
    """The replay of the test game (or of `path`), opened as home's `i` opens it."""
    app = pilot.app
    await import_path(pilot, path or write_log(folder))
    # Drawn, not only pushed: its status line is filled when it mounts.
    await wait_for(
        pilot,
        lambda: isinstance(app.screen, ReplayScreen) and shown(app.screen, "#status"),
        "the replay drawn after the import",
    )
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


async def test_a_log_imported_by_its_path_opens_its_replay(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)
        assert screen.replay.format == "tenhou6" and len(screen.replay.rounds) == len(imported(tmp_path).rounds)
        status = shown(screen, "#status")
        assert status.startswith("East 1, 0 honba · event ") and "East (seat 0) · own hand" in status
        assert "The hand is dealt." in shown(screen, "#said")
        assert committed_answers(tmp_path / "progress.sqlite3") == 0


@pytest.mark.parametrize("language", ["en", "ko"])
async def test_a_refused_log_is_one_line_and_the_store_is_untouched(tmp_path: Path, language: str) -> None:
    path = write_log(tmp_path, form="mjai")
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await import_path(pilot, path)
        expected = {"en": "Not imported: round ", "ko": "가져오지 못했다: "}[language]

        def said() -> str:
            return str(dialog.query_one("#import-said", Static).render())

        await wait_for(pilot, lambda: said().startswith(expected), "the refusal")
        assert "\n" not in said() and ("event" in said() or "이벤트" in said())
        assert app.screen is dialog
        assert not app.answer_log.waiting
    assert committed_answers(tmp_path / "progress.sqlite3") == 0


async def test_the_replay_steps_forward_and_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)
        first = screen.replay.at().event
        await pilot.press("right", "right", "space")
        await wait_for(pilot, lambda: screen.replay.step == 3, "three steps")
        assert screen.replay.at().event > first
        assert f"event {screen.replay.at().event} of" in shown(screen, "#status")
        await pilot.press("left")
        await wait_for(pilot, lambda: screen.replay.step == 2, "a step back")
        said = shown(screen, "#said")
        assert any(word in said for word in ("discarded", "drew", "called", "declared"))


async def test_another_seat_is_viewed_and_every_hand_opened(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)
        await pilot.press("s")
        await wait_for(pilot, lambda: "(seat 1)" in shown(screen, "#status"), "s to view seat 1")
        table = screen.query_one(PlayTable)
        assert table.view.seats[0].points == screen.replay.current.state(0).scores[1]
        assert all(not seat.hand for seat in table.view.seats)
        await pilot.press("h")
        await wait_for(pilot, lambda: "all hands open" in shown(screen, "#status"), "h to open every hand")
        assert all(len(seat.hand) in (13, 14) for seat in table.view.seats[1:]) and not table.view.seats[0].hand


async def test_the_list_of_hands_jumps_to_one_and_n_and_p_move_between_them(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, LinksScreen), "g to list the hands")
        await pilot.press("down", "down", "down", "enter")
        await wait_for(pilot, lambda: app.screen is screen and screen.replay.round == 3, "the fourth hand")
        label = render(screen.replay.round_label(3), "en")
        assert shown(screen, "#status").startswith(label) and screen.replay.step == 0
        await pilot.press("n")
        await wait_for(pilot, lambda: screen.replay.round == 4, "n to the next hand")
        await pilot.press("p", "p")
        await wait_for(pilot, lambda: screen.replay.round == 2, "p twice to the hand before")


def with_a_wrong_win(folder: Path) -> Path:
    """The test game with the first win's deltas moved by 1,000: a wrong log."""
    path = write_log(folder)
    log = json.loads(path.read_text(encoding="utf-8"))
    for found in log["log"]:
        result = found[-1]
        if result[0] == "和了":
            deltas = result[1]
            deltas[max(range(4), key=deltas.__getitem__)] += 1000
            deltas[min(range(4), key=deltas.__getitem__)] -= 1000
            break
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    return path


async def to_the_end(pilot: Pilot[Any], screen: ReplayScreen) -> None:
    """From the hand's last decision, `→` to its end (stepping is tested above;
    seventy presses per hand cost seconds)."""
    replay = screen.replay
    replay.jump(replay.round, replay.current.steps - 2)
    screen.show()
    await pilot.press("right")
    await wait_for(pilot, replay.at_end, "the end of the hand")


async def test_a_win_is_re_scored_step_by_step_beside_the_log_and_a_difference_is_said(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path, with_a_wrong_win(tmp_path))
        wrong = next(index for index, found in enumerate(screen.replay.rounds) if found.review.wins)
        screen.replay.jump(wrong)
        await to_the_end(pilot, screen)
        await wait_for(pilot, lambda: "they differ" in shown(screen, "#result-lines"), "the difference")
        lines = shown(screen, "#result-lines").split("\n")
        assert lines[0].startswith("The log's deltas ") and "a rule option or a wrong log" in lines[0]
        win = screen.replay.current.review.wins[0].ours
        assert any(line.endswith(f"{win.fu} fu") for line in lines)
        assert "riichi: 1 han" in lines and dict(win.yaku)["riichi"] == 1
        assert screen.has_class("-end")
        await pilot.press("n")
        await wait_for(pilot, lambda: not screen.replay.at_end(), "n to the next hand")
        agreeing = next(
            index for index, found in enumerate(screen.replay.rounds) if found.review.wins and index > wrong
        )
        screen.replay.jump(agreeing)
        await to_the_end(pilot, screen)
        await wait_for(pilot, lambda: "they agree" in shown(screen, "#result-lines"), "the agreement")


async def test_the_findings_open_their_position_and_lesson_and_become_a_stored_drill(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)
        await pilot.press("s", "s", "s", "f")
        await wait_for(pilot, lambda: isinstance(app.screen, FindingsScreen), "f to list the findings")
        findings = screen.replay.findings(3)
        options = app.screen.query_one(OptionList)
        assert options.option_count == len(findings) > 3
        assert all("concept" in str(options.get_option_at_index(index).prompt) for index in range(len(findings)))
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: app.screen is screen, "enter to the finding's position")
        index, finding = findings[1]
        assert (screen.replay.round, screen.replay.seat) == (index, 3)
        assert finding in screen.replay.at().findings and shown(screen, "#found").startswith("Found: ")
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, FindingsScreen), "f again")
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen), "o to open the lesson")
        lesson = app.screen
        assert isinstance(lesson, LessonScreen) and lesson.lesson.id == findings[0][1].lesson
        app.pop_screen()
        await wait_for(pilot, lambda: app.screen is screen, "back at the replay")
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), "d to drill the findings")
        drill = app.screen
        assert isinstance(drill, DrillScreen)
        expected = drill_questions([found for _, found in findings], 31, DrillRules())
        assert drill.questions == expected and expected
        rule_concepts = {
            found.concept for _, found in findings if found.rule and found.kind.value != "deal_in_safe_held"
        }
        assert rule_concepts

        def stored() -> set[str]:
            return {count.concept for count in app.store.concept_counts() if count.wrong}

        await wait_for(pilot, lambda: rule_concepts <= stored(), "the findings stored under their concepts")


async def test_the_palette_finds_the_import(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "ctrl+p to open the palette")
        found = await search_palette(pilot, "import a game")
        assert "import a game" in str(found.query_one(CommandList).get_option_at_index(0).prompt).lower()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ImportScreen), "the palette's import")


async def test_the_replay_redraws_in_the_other_language_where_it_stands(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)
        await pilot.press("right", "right", "s")
        await wait_for(pilot, lambda: "(seat 1)" in shown(screen, "#status"), "two steps and seat 1")
        await pilot.press("l")
        await wait_for(pilot, lambda: "1번 자리" in shown(screen, "#status"), "l to redraw in Korean")
        assert (screen.replay.step, screen.replay.seat) == (2, 1)


async def test_in_a_served_session_a_path_names_a_file_of_the_learners_own_folder(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await wait_for(pilot, lambda: isinstance(app.screen, ImportScreen), "i to open the import dialog")
        dialog = app.screen
        assert isinstance(dialog, ImportScreen)
        assert dialog.path_of("/etc/passwd") == Path("/etc/passwd")
        # Served without a class, the learner named on the learner screen (not joined): still never a server path.
        app.classroom, app.learner = True, "kim"
        assert app.joined is None
        for joined in (None, "kim"):
            app.joined = joined
            assert dialog.path_of("/etc/passwd") == app.files_folder() / "passwd"
            assert dialog.path_of("../../other/game.json") == app.files_folder() / "game.json"
            assert app.files_folder() == learner_folder("kim")


async def test_the_log_is_read_in_a_worker_while_the_app_answers_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import held until the test lets it go: meanwhile the dialog says
    it is reading and keys still reach the path field."""
    import threading

    from tutor.ui.screens import import_game as dialog_module

    release = threading.Event()
    real = dialog_module.import_game

    def held(path: Path) -> Any:
        assert release.wait(60)
        return real(path)

    monkeypatch.setattr(dialog_module, "import_game", held)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await import_path(pilot, write_log(tmp_path))
        await wait_for(pilot, lambda: "Reading " in str(dialog.query_one("#import-said", Static).render()), "reading")
        field = dialog.query_one(Input)
        typed = field.value
        await pilot.press("x")
        await wait_for(pilot, lambda: field.value == typed + "x", "a key typed while the log is read")
        assert app.screen is dialog
        release.set()
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay once read")
        # Left while a log is read: nothing opens behind the learner's back.
        release.clear()
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, ReplayScreen), "escape from the replay")
        home = app.screen
        await pilot.press("i")
        await wait_for(pilot, lambda: isinstance(app.screen, ImportScreen), "the dialog again")
        again = app.screen
        again.query_one(Input).value = str(write_log(tmp_path))
        await pilot.press("enter", "escape")
        await wait_for(pilot, lambda: app.screen is home, "escape back home")
        release.set()
        await wait_for(pilot, lambda: not any(worker.is_running for worker in app.workers), "the read over")
        assert app.screen is home


async def test_another_seats_findings_are_made_in_a_worker_while_the_replay_answers_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import reviewed seat 0; seat 1's whole-game findings are made in a
    worker held until the test lets it go: meanwhile a line says so, the
    arrows still step, a second ask starts no second worker and is the one
    answered (d: the drill of seat 1's findings)."""
    import threading

    release = threading.Event()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)
        assert screen.game.review.seats == (0,)
        replay = screen.replay
        real = replay.findings
        asked: list[int | None] = []

        def held(seat: int | None = None) -> Any:
            if threading.current_thread() is not threading.main_thread():
                asked.append(seat)
                assert release.wait(60)
            return real(seat)

        monkeypatch.setattr(replay, "findings", held)
        await pilot.press("s", "f")
        working = screen.query_one("#working", Static)
        await wait_for(
            pilot, lambda: shown(screen, "#working") == "Looking for the findings for South (seat 1) …", "the line"
        )
        assert working.display
        await pilot.press("right", "d")
        await wait_for(pilot, lambda: replay.step == 1, "a step while the findings are made")
        assert app.screen is screen and asked == [1]
        release.set()
        await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), "the drill asked last, once made")
        assert asked == [1] and not working.display
        drill = app.screen
        assert isinstance(drill, DrillScreen)
        findings = [finding for _, finding in replay.findings(1)]
        assert findings and {finding.seat for finding in findings} == {1}
        assert drill.questions == drill_questions(findings, 31, DrillRules())


async def test_findings_made_while_the_learner_looks_elsewhere_open_on_coming_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """f for seat 1, then the help while they are made: nothing opens over
    the help; back on the replay, the list asked for opens."""
    import threading

    release = threading.Event()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)
        replay = screen.replay
        real = replay.findings

        def held(seat: int | None = None) -> Any:
            if threading.current_thread() is not threading.main_thread():
                assert release.wait(60)
            return real(seat)

        monkeypatch.setattr(replay, "findings", held)
        await pilot.press("s", "f")
        await wait_for(pilot, lambda: screen.asked == ("list", 1), "the ask")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: app.screen is not screen, "the help over the replay")
        elsewhere = app.screen
        release.set()
        await wait_for(pilot, lambda: replay.has_findings(1), "seat 1's findings made")
        await wait_for(pilot, lambda: not any(worker.is_running for worker in screen.workers), "the worker ended")
        assert app.screen is elsewhere
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, FindingsScreen), "the list, on coming back")
        assert screen.asked is None


async def test_findings_that_cannot_be_made_are_said_in_one_line_and_the_replay_stays(tmp_path: Path) -> None:
    from tutor.ui.textual_compat import notifications_showing

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path)

        def broken(seat: int | None = None) -> Any:
            raise ValueError(seat)

        screen.replay.findings = broken  # type: ignore[method-assign]
        await pilot.press("s", "s", "f")

        def said() -> list[str]:
            return [notice.message for notice in notifications_showing(app)]

        await wait_for(
            pilot, lambda: said() == ["The findings for West (seat 2) could not be made; f tries again."], "the line"
        )
        assert app.screen is screen and screen.asked is None and not screen.query_one("#working", Static).display


RIICHI_WORDS = re.compile(r"\b(han|fu|ron|tsumo|riichi|yaku|honba|chi|pon|kan)\b")
"""Riichi's words, which an MCR hand's end never uses (it says hu, chow, pung, kong)."""


def write_mcr_log(folder: Path) -> Path:
    """Our own MCR game's first two hands (a hu; then a false win of player 1's and a hu)."""
    path = folder / "mcr.jsonl"
    path.write_text(careless_log(2), encoding="utf-8")
    return path


async def test_an_mcr_log_steps_to_its_hu_and_shows_our_engines_score_beside_the_log(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path, write_mcr_log(tmp_path))
        assert screen.replay.format == "tutor" and screen.replay.rules is Rules.MCR
        at = screen.replay.at()
        status = f"East round, hand 1 of 16 · event {at.event} of {at.events} · East (seat 0) · own hand"
        assert shown(screen, "#status") == status
        # The step stands at the deal's last event (the log's flowers replaced, or its start), before East's first play.
        logged = [json.loads(line) for line in careless_log(2).splitlines()]
        assert logged[at.event]["type"] in ("start_kyoku", "flower") and logged[at.event + 1]["actor"] == 0
        assert "The hand is dealt." in shown(screen, "#said")
        await pilot.press("right", "right")
        await wait_for(pilot, lambda: screen.replay.step == 2, "two steps")
        assert "discarded" in shown(screen, "#said") or "drew" in shown(screen, "#said")
        await to_the_end(pilot, screen)
        await wait_for(pilot, lambda: "they agree" in shown(screen, "#result-lines"), "the hand's end")
        lines = shown(screen, "#result-lines").split("\n")
        found = screen.replay.current
        assert isinstance(found, McrReplayRound) and found.review.win is not None
        ours = found.review.win.ours
        # Our engine's score of the hu, from the hand's last state (not the review's).
        score = score_win(found.review.final, ours.seat, ours.tile, ours.source is None, ours.kong)
        assert score is not None
        final = found.review.final
        paid = payment_deltas(score.payments, ours.seat, ours.source)
        by_seat = [change + penalty for change, penalty in zip(paid, final.penalties, strict=True)]
        by_player = tuple(by_seat[found.hand.seats.index(player)] for player in range(4))
        assert by_player == found.hand.logged
        logged = deltas_text(found.hand.logged)
        assert lines[0] == f"The log's deltas {logged}; ours {deltas_text(by_player)}: they agree."
        assert lines[1] == f"The log's total {score.total}; ours {score.total}: they agree."
        assert any(line.startswith(f"Total: {score.total} points") for line in lines)
        for item in score.fans:
            assert f"Counted: {render(fan_choice(str(item.fan.id)), 'en')}" in "\n".join(lines)
        assert "Hu: " in "\n".join(lines) and not RIICHI_WORDS.search("\n".join(lines))
        await pilot.press("n")
        await wait_for(pilot, lambda: screen.replay.round == 1, "n to the next hand")
        assert shown(screen, "#status").startswith("East round, hand 2 of 16")


async def test_an_mcr_false_win_is_shown_as_such_where_it_is_declared_and_at_the_end(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path, write_mcr_log(tmp_path))
        replay = screen.replay
        replay.jump(1)
        found = replay.current
        assert isinstance(found, McrReplayRound)
        step = next(step for step in range(found.steps) if any(e.kind == "false_win" for e in found.made(step)))
        replay.jump(1, step - 1)
        screen.show()
        await pilot.press("right")
        await wait_for(pilot, lambda: "declared a false win" in shown(screen, "#said"), "the false win said")
        await to_the_end(pilot, screen)
        await wait_for(pilot, lambda: "they agree" in shown(screen, "#result-lines"), "the hand's end")
        lines = shown(screen, "#result-lines")
        assert "declared a false win: 10 to each other player, and the hand is dead." in lines


async def test_the_mcr_findings_become_a_drill_by_the_mcr_rules_and_are_stored(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, tmp_path, write_mcr_log(tmp_path))
        await pilot.press("s", "f")
        await wait_for(pilot, lambda: isinstance(app.screen, FindingsScreen), "f to list player 1's findings")
        findings = screen.replay.findings(1)
        prompts = [str(app.screen.query_one(OptionList).get_option_at_index(i).prompt) for i in range(len(findings))]
        assert any("a hu the rules refuse was declared" in prompt for prompt in prompts)
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), "d to drill them")
        drill = app.screen
        assert isinstance(drill, DrillScreen)
        expected = drill_questions([found for _, found in findings], 31, DrillRules(), Rules.MCR)
        assert drill.questions == expected and any(question.rules == "mcr" for question in expected)
        rule_concepts = {found.concept for _, found in findings if found.rule}
        assert rule_concepts

        def stored() -> set[str]:
            return {count.concept for count in app.store.concept_counts() if count.wrong}

        await wait_for(pilot, lambda: rule_concepts <= stored(), "the rule findings stored under their concepts")
