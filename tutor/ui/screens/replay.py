"""The replay of an imported game: its hands step by step on the play
screen's table (widgets/play_table.py, play_hand.py), from any seat's view
or with every hand open, and at each hand's end our engine's re-score of
every win beside the log's deltas (a difference is said, never hidden).

An MCR log of our own is replayed alike by the MCR rules (tutor/quiz/
mcr_replay.py): its seats are the log's players, flowers are counted on
the table, and a hand's end shows the hu re-scored fan by fan, or the draw,
with any false win's penalty, beside the log's deltas and total.

The screen draws what tutor/quiz/game_replay.py holds and passes its keys
to it: right (or space) and left step, n and p the next and previous hand,
g the list of hands, s the next seat, h every hand open or not, f the
seat's findings (each with its rule and lesson: enter shows its position,
o opens its lesson), d a drill of them.  Drilling stores the findings'
rule mistakes under their concepts, as a game played here stores its
mistakes, and the drill's own answers as every drill's are.

The import reviews only the seat the replay opens at; another seat's
findings are made when first asked: the step's at once (one hand), the
whole game's for f and d in a worker thread, a line saying so meanwhile,
the list or drill opening when they are made.
"""

from __future__ import annotations

import time
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from tutor.engine.game.log_findings import Finding
from tutor.engine.game.mcr.log_review import McrRoundReview
from tutor.locale import Message, joined, message, render, text
from tutor.quiz.faces import faces_in_text
from tutor.quiz.game_replay import GameReplay, drill_questions
from tutor.quiz.plan import DrillPlan
from tutor.quiz.replay_table import TableAt
from tutor.quiz.review_findings import finding_answer
from tutor.quiz.review_words import mcr_review_lines, win_lines, wind_seat
from tutor.service.replay_import import ImportedGame
from tutor.service.review_log_words import finding_message
from tutor.ui.keys import scroll_bindings
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.links import LinksScreen
from tutor.ui.screens.replay_findings import FindingsScreen
from tutor.ui.tile_art import hand_groups
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.play_hand import PlayHand
from tutor.ui.widgets.play_table import PlayTable
from tutor.ui.widgets.table_layout import lines_and_keys, table_top

DRILL_SEED: Final = 31
FINDING: Final = "findings"
"""The worker group that makes a seat's findings."""


def deltas_text(deltas: tuple[int, ...]) -> str:
    return " ".join(f"{delta:+,}" for delta in deltas)


def agreement(key: str, logged: object, ours: object, agree: bool) -> Message:
    """The log's value beside ours, and whether they agree (`<key>_agree`, `<key>_differ`)."""
    return message(f"{key}_agree" if agree else f"{key}_differ", logged=str(logged), ours=str(ours))


def mcr_result_lines(review: McrRoundReview) -> list[Message]:
    """An MCR hand's end: the log's deltas (by player) beside ours, the log's
    total beside ours when it gives one, then the hand's review fan by fan
    (a false win's penalty, the hu or the draw, the payments)."""
    lines = []
    if review.win is not None:
        win = review.win
        lines.append(agreement("replay.deltas", deltas_text(win.logged), deltas_text(win.deltas), win.agree))
        if win.logged_win.total is not None:
            logged, ours = win.logged_win.total, win.ours.total
            lines.append(agreement("replay.mcr_total", logged, ours, logged == ours))
    if review.draw is not None:
        draw = review.draw
        lines.append(agreement("replay.deltas", deltas_text(draw.logged), deltas_text(draw.ours), draw.agree))
    return [*lines, *mcr_review_lines(review.review)]


class ReplayScreen(TutorScreen):
    """One step of one hand at a time; the hand's result at its end."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Step", id="replay_next", tooltip="The next step of the hand"),
        Binding("left", "step(-1)", "Step back", id="replay_back", show=False, tooltip="The step before"),
        # Its own action: the footer shows one key per action, and this one it leaves out.
        Binding("space", "step_on", show=False),
        Binding("n", "round(1)", "Next hand", id="replay_next_round", show=False, tooltip="The start of the next hand"),
        Binding("p", "round(-1)", "Previous hand", id="replay_previous_round", show=False, tooltip="The hand before"),
        Binding("g", "rounds", "Hand list", id="replay_rounds", tooltip="The game's hands, to jump to one"),
        Binding("s", "seat", "Seat", id="replay_seat", tooltip="See the game from the next seat"),
        Binding("h", "hands", "Hands", id="hands", tooltip="Open or turn down every seat's hand"),
        Binding("f", "findings", "Findings", id="replay_findings", tooltip="The seat's findings"),
        Binding("d", "drill", "Drill", id="replay_drill", tooltip="Drill the seat's findings"),
        Binding("escape", "app.pop_screen", "Back", id="back", tooltip="Return"),
        Binding("question_mark", "app.help", "Help", id="help", show=False),
        *scroll_bindings("scroll_result"),
    ]
    DEFAULT_CSS = """
    ReplayScreen #status { height: 1; padding: 0 1; color: $text-muted; }
    ReplayScreen #said { height: auto; max-height: 2; padding: 0 1; }
    ReplayScreen #found { height: auto; max-height: 3; padding: 0 1; color: $warning; }
    ReplayScreen #found.-empty { display: none; }
    ReplayScreen #working { height: 1; padding: 0 1; color: $text-muted; }
    ReplayScreen #working.-empty { display: none; }
    ReplayScreen #result { height: 1fr; padding: 0 1; display: none; }
    ReplayScreen.-end #result { display: block; }
    ReplayScreen.-end PlayTable { display: none; }
    ReplayScreen.-end PlayHand { display: none; }
    ReplayScreen #result-lines { height: auto; }
    ReplayScreen PlayHand { height: 1; }
    """

    def __init__(self, game: ImportedGame, name: str) -> None:
        super().__init__()
        review = game.review
        self.game = game
        self.name_shown = name
        if game.mcr_hands:
            self.replay = GameReplay.of_mcr(review.format, game.mcr_hands, review.mcr_rounds)
        else:
            self.replay = GameReplay.of(review.format, game.rounds, review.rounds, review.lines, review.seats)
        self.recorded: set[int] = set()
        """The seats whose findings are stored already (the first drill of each stores them)."""
        self.asked: tuple[str, int] | None = None
        """What was asked ("list" or "drill") of which seat while its findings are made."""

    # --- drawing --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # The result never focused: the arrows step the replay; the screen scrolls it (scroll_bindings).
        yield from table_top(self.replay.at().table, self.tutor.language, "result", ("lines",), focusable=False)
        yield PlayHand(id="hand", numbered=False)
        yield Static(id="working", classes="-empty", markup=False)
        yield from lines_and_keys("said", "found")

    def on_mount(self) -> None:
        super().on_mount()
        self.show()

    def redraw_in_language(self) -> None:
        self.show()

    def seat_name(self, seat: int) -> Message:
        """A seat (a player of an MCR log) by its number in the log and its wind this hand."""
        return message("replay.view", wind=wind_seat(self.replay.current.wind_of(seat)), seat=seat)

    def lesson(self, lesson: str) -> str:
        return lesson_title(self.tutor.library, lesson, self.tutor.language)

    def show(self) -> None:
        language = self.tutor.language
        replay = self.replay
        at = replay.at()
        self.title = text(language, "replay.title", name=self.name_shown)
        status = message(
            "replay.status",
            round=replay.round_label(replay.round),
            event=at.event,
            events=at.events,
            seat=self.seat_name(replay.seat),
            hands=message("replay.hands_open" if replay.open else "replay.hands_own"),
        )
        self.query_one("#status", Static).update(render(status, language))
        self.query_one(PlayTable).show(at.table, language)
        self.query_one(PlayHand).show(
            at.hand, len(at.hand) - 1 if at.drawn else None, " ".join(at.table.seats[0].melds), None
        )
        ending = replay.at_end()
        self.set_class(ending, "-end")
        said = list(at.said)
        if ending:
            said.append(message("replay.end_prompt"))
        self.query_one("#said", Static).update(faces_in_text(render(joined(said, " "), language)))
        found = self.query_one("#found", Static)
        found.update("\n".join(self.finding_text(finding) for finding in at.findings))
        found.set_class(not at.findings, "-empty")
        if ending:
            self.show_result(at)
        working = self.query_one("#working", Static)
        asked = self.asked
        working.update("" if asked is None else text(language, "replay.finding", seat=self.seat_name(asked[1])))
        working.set_class(asked is None, "-empty")

    def finding_text(self, finding: Finding) -> str:
        language = self.tutor.language
        said = render(finding_message(self.game.review, self.replay.round, finding), language).strip()
        line = message("replay.finding_here", finding=said, lesson=self.lesson(finding.lesson))
        return faces_in_text(render(line, language)).strip()

    def result_lines(self, at: TableAt) -> list[Message]:
        """Each win step by step with the log's deltas beside ours, or the draw with both deltas."""
        if at.mcr is not None:
            return mcr_result_lines(at.mcr)
        current = self.replay.current

        def seat(number: int) -> Message:
            return wind_seat(current.wind_of(number))

        lines: list[Message] = []
        for check in at.wins:
            # The comparison first, in sight without scrolling: a difference is never left below the fold.
            ours = deltas_text(check.ours.payments)
            lines.append(agreement("replay.deltas", deltas_text(check.logged), ours, check.agree))
            lines += win_lines(check.ours, seat)
        if at.draw is not None:
            draw = at.draw
            lines.append(message(f"review_log.draw.{draw.kind.value}"))
            lines.append(agreement("replay.deltas", deltas_text(draw.logged), deltas_text(draw.ours), draw.agree))
        return lines

    def show_result(self, at: TableAt) -> None:
        language = self.tutor.language
        won = self.replay.current.winning_hand()
        self.query_one("#result-hand", TilesView).groups = [] if won is None else hand_groups(*won)
        lines = (faces_in_text(render(line, language)) for line in self.result_lines(at))
        self.query_one("#result-lines", Static).update("\n".join(lines))

    # --- keys -----------------------------------------------------------------------------

    def action_step(self, step: int) -> None:
        moved = self.replay.forward() if step > 0 else self.replay.back()
        if moved:
            self.show()

    def action_scroll_result(self, how: str) -> None:
        getattr(self.query_one("#result", VerticalScroll), f"action_{how}")()

    def action_step_on(self) -> None:
        self.action_step(1)

    def action_round(self, step: int) -> None:
        moved = self.replay.next_round() if step > 0 else self.replay.previous_round()
        if moved:
            self.show()

    def action_seat(self) -> None:
        self.replay.next_seat()
        self.show()

    def action_hands(self) -> None:
        self.replay.toggle_open()
        self.show()

    def action_rounds(self) -> None:
        """The list of the game's hands; enter jumps to the start of one."""
        language = self.tutor.language
        links = [
            (render(self.replay.round_label(index), language), f"round:{index}")
            for index in range(len(self.replay.rounds))
        ]

        def jump(href: str | None) -> None:
            if href:
                self.replay.jump(int(href.removeprefix("round:")))
                self.show()

        self.app.push_screen(LinksScreen(links, heading="replay.rounds_heading", highlighted=self.replay.round), jump)

    def action_findings(self) -> None:
        self.when_found("list")

    def action_drill(self) -> None:
        self.when_found("drill")

    def when_found(self, what: str) -> None:
        """The list or the drill of the seat viewed's findings, once they are
        made.  Those the review left out are made in a worker whatever the
        log's length: a usual game's take milliseconds, a 500-hand log's
        seconds, and one path keeps the keys answered in both; a worker
        already making the seat's is left to end, the latest ask kept."""
        seat = self.replay.seat
        if self.replay.has_findings(seat):
            if self.asked is not None:
                self.asked = None
                self.show()
            self.open_found(what, seat)
            return
        making = any(
            worker.node is self and worker.group == FINDING and worker.name == str(seat) and not worker.is_finished
            for worker in self.workers
        )
        self.asked = (what, seat)
        self.show()
        if not making:
            replay = self.replay
            self.run_worker(
                lambda: replay.findings(seat), thread=True, group=FINDING, name=str(seat), exit_on_error=False
            )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != FINDING or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        asked = self.asked
        if asked is None or str(asked[1]) != worker.name:
            return
        if event.state is WorkerState.ERROR:
            self.asked = None
            self.show()
            # The review replayed these very hands; should a seat's findings still fail, it is one line.
            self.tutor.say(
                "replay.findings_failed", severity="error", seat=render(self.seat_name(asked[1]), self.tutor.language)
            )
            return
        if self.app.screen is self:
            self.asked = None
            self.show()
            self.open_found(*asked)
        # Else the learner looked elsewhere meanwhile (help, the palette):
        # what they asked opens when they come back (`on_screen_resume`).

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        asked = self.asked
        if asked is not None and self.replay.has_findings(asked[1]):
            self.asked = None
            self.show()
            self.open_found(*asked)

    def open_found(self, what: str, seat: int) -> None:
        if what == "drill":
            self.drill(seat)
        else:
            self.list_findings(seat)

    def list_findings(self, seat: int) -> None:
        """The seat's findings with their rules and lessons, to go to one, open its lesson, or drill them."""
        replay = self.replay
        language = self.tutor.language
        found = replay.findings(seat)
        lines = [
            faces_in_text(
                render(
                    message(
                        "replay.finding_line",
                        round=replay.round_label(index),
                        finding=render(finding_message(self.game.review, index, finding), language).strip(),
                        lesson=self.lesson(finding.lesson),
                    ),
                    language,
                )
            ).strip()
            for index, finding in found
        ]
        heading = message("replay.findings_heading" if found else "replay.no_findings", seat=self.seat_name(seat))

        def chosen(choice: tuple[str, int] | None) -> None:
            if choice is None:
                return
            what, number = choice
            if what == "drill":
                self.drill(seat)
                return
            index, finding = found[number]
            if what == "lesson":
                self.tutor.open_lesson(finding.lesson)
            else:
                replay.go_to(index, finding)
                self.show()

        self.app.push_screen(FindingsScreen(lines, render(heading, language)), chosen)

    def drill(self, seat: int) -> None:
        """A drill of the seat's findings, from their own positions; their
        rule mistakes stored under their concepts the first time."""
        replay = self.replay
        found = replay.findings(seat)
        if seat not in self.recorded:
            self.recorded.add(seat)
            game = f"{replay.format}:{self.name_shown}"
            now = time.time()
            for offset, (index, finding) in enumerate(found):
                answer = finding_answer(
                    finding, game, replay.rounds[index].review.number, DRILL_SEED, now + offset * 1e-6
                )
                if answer is not None:
                    self.tutor.save_write(answer)
        rules = self.tutor.drill_rules()
        questions = drill_questions([finding for _, finding in found], DRILL_SEED, rules, replay.rules)
        if not questions:
            self.tutor.say("replay.nothing_to_drill", seat=render(self.seat_name(seat), self.tutor.language))
            return
        kinds = tuple(dict.fromkeys(question.kind for question in questions))
        plan = DrillPlan(kinds, length=len(questions), again=tuple(questions), rules=rules)
        self.app.push_screen(DrillScreen(plan))
