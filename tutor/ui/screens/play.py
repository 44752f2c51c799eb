"""Play: a game of riichi or MCR against bots, the learner at the bottom, the coach beside.

The screen draws what tutor/quiz/play_session.py holds and passes the
learner's keys to it.  Left and right (or a tile's position, 1-9 and 0)
pick a tile and enter discards it; the call prompt names the keys of the
actions legal now (w a win, tsumo or ron; r riichi, c chi, p pon, k kan,
n nine terminals, x pass).  A key for an action the rules refuse answers in one
line with the coach's reason; `h` steps the hint level; f5 turns the
projector view on and off (widgets/play_big.py).  A scenario from a lesson
says its goal until the learner's first action.  At the end of a
hand `space` steps through the review, then deals the next hand; at the end
of the game it shows the standings.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar, Final

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.timer import Timer
from textual.widgets import Static

from tutor.engine.game.actions import Action, ActionKind, Forbidden
from tutor.engine.game.coach import HintLevel, Note, NoteCode
from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrForbidden
from tutor.engine.game.mistakes import Mistake
from tutor.engine.game.state import KyokuState
from tutor.engine.tiles import tile_name
from tutor.locale import Message, joined, message, render, text
from tutor.quiz.action_words import action_name
from tutor.quiz.coach_record import record_mistakes
from tutor.quiz.coach_words import note_text
from tutor.quiz.deal_turns import decision, ended, situation
from tutor.quiz.faces import face, faces_in_text
from tutor.quiz.mcr_play_session import MCR
from tutor.quiz.plan import DrillPlan
from tutor.quiz.play_session import HINT_LEVELS, PACES, BotMove, PlaySession, PlaySetup, scenario_goal
from tutor.quiz.play_sessions import Session, new_session, value_key
from tutor.quiz.play_view import TenpaiHand, last_discard
from tutor.quiz.review_words import wind_seat
from tutor.quiz.saved_game import SAVED_GAME, encode
from tutor.quiz.writes import SettingWrite, TurnDecision
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.confirm import ConfirmScreen
from tutor.ui.screens.drill import DrillScreen
from tutor.ui.screens.links import LinksScreen
from tutor.ui.tile_art import Group, hand_groups
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.play_big import PlayBig
from tutor.ui.widgets.play_hand import POSITION_KEYS, PlayHand
from tutor.ui.widgets.play_table import PlayTable
from tutor.ui.widgets.table_layout import lines_and_keys, table_top

Kind = ActionKind | McrActionKind
A = McrActionKind
KEY_ACTIONS: Final[dict[str, tuple[Kind, ...]]] = {
    # Not t for tsumo: t is the app's theme key everywhere.
    "w": (ActionKind.TSUMO, ActionKind.RON, A.HU),
    "r": (ActionKind.RIICHI,),
    "c": (ActionKind.CHI, A.CHOW),
    "p": (ActionKind.PON, A.PUNG),
    "k": (ActionKind.CLOSED_KAN, ActionKind.ADDED_KAN, ActionKind.OPEN_KAN, A.CONCEALED_KONG, A.ADDED_KONG, A.KONG),
    "n": (ActionKind.NINE_TERMINALS,),
    "x": (ActionKind.PASS,),
}
"""Each action key and the kinds of action it stands for, riichi's and
MCR's (one phase offers at most one of them; MCR's pass is the same word)."""

PROMPT_ORDER: Final = (
    ActionKind.TSUMO,
    ActionKind.RON,
    ActionKind.RIICHI,
    ActionKind.CHI,
    ActionKind.PON,
    ActionKind.OPEN_KAN,
    ActionKind.CLOSED_KAN,
    ActionKind.ADDED_KAN,
    ActionKind.NINE_TERMINALS,
    A.HU,
    A.CHOW,
    A.PUNG,
    A.KONG,
    A.CONCEALED_KONG,
    A.ADDED_KONG,
    ActionKind.PASS,
)


def action_key(kind: Kind) -> str:
    return next(key for key, kinds in KEY_ACTIONS.items() if kind in kinds)


def choice_text(action: Action | McrAction) -> str:
    """A chi's or kan's choice by the tiles it takes from the hand."""
    return "".join(face(kind) for kind in action.uses) or face(action.tile or 0)


def learner_groups(session: Session) -> list[Group]:
    """The learner's hand as the projector view draws it: the concealed
    tiles as laid out, the tile drawn apart, then each meld."""
    state = session.state
    kinds = [state.kind(slot) for slot in session.hand_order()]
    drawn = [kinds.pop()] if session.drawn else []
    groups = [Group(tuple(tiles), "concealed") for tiles in (kinds, drawn) if tiles]
    for meld in state.players[session.learner].melds:
        closed = meld.called is None
        groups.append(Group(state.kinds(meld.slots), "closed_kan" if closed else "called", -1 if closed else 0))
    return groups


def winning_groups(session: Session) -> list[Group]:
    """The first winner's hand as the review shows it, the winning tile apart; none at a draw."""
    found = session.winning_hand()
    if found is None:
        return []
    hand, tile = found
    return hand_groups(hand, win=tile)


PACE_SECONDS: Final = {"normal": 0.6, "slow": 1.5}
"""Seconds between the bots' moves at each pace but instant."""
BOT_DID: Final = {
    **dict.fromkeys(("discard",), "play.bot.discard"),
    **dict.fromkeys(("chi", "pon", "open_kan", "chow", "pung", "kong"), "play.bot.call"),
    **dict.fromkeys(("tsumo", "ron", "hu"), "play.bot.win"),
    **dict.fromkeys(("closed_kan", "added_kan", "concealed_kong", "added_kong"), "play.bot.declare_tile"),
    "riichi": "play.bot.declare",
    "nine_terminals": "play.bot.abort",
}
"""The sentence that says a bot's action, by the action's kind (both rules)."""


def bot_did(move: BotMove) -> Message:
    """A bot's action in words: its seat by its wind, as the review names seats, and the tile."""
    action = move.action
    state = move.state
    wind = (action.seat - state.dealer) % 4 if isinstance(state, KyokuState) else action.seat
    tile = tile_name(action.tile) if action.tile is not None else ""
    return message(BOT_DID[action.kind], seat=wind_seat(wind), action=action_name(action.kind), tile=tile)


def mistake_groups(mistakes: Sequence[Mistake]) -> dict[tuple[str, str], int]:
    """The game's mistakes by their kind and lesson, in the order first made, each with how many times."""
    groups: dict[tuple[str, str], int] = {}
    for mistake in mistakes:
        key = (mistake.kind.value, mistake.lesson)
        groups[key] = groups.get(key, 0) + 1
    return groups


def tenpai_message(hand: TenpaiHand) -> Message:
    """A tenpai seat's line at a draw: its wind (as the review names it) and place, its hand, its waits."""
    return message(
        "play.tenpai_hand",
        wind=wind_seat(hand.wind),
        seat=message(f"table.label.{hand.relation}"),
        tiles=" ".join(("".join(face(kind) for kind in hand.tiles), *hand.melds)),
        waits=", ".join(face(kind) for kind in hand.waits),
    )


class PlayScreen(TutorScreen):
    """A game against bots, one decision of the learner's at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "discard", "Discard", id="discard", tooltip="Discard the tile picked"),
        Binding("space", "next_line", "Next", id="next", tooltip="The next step"),
        Binding("h", "hint", "Hints", id="hint", tooltip="The coach's hint level"),
        Binding("s", "skip", "Skip", id="play_skip", tooltip="The bots' moves at once, to your next decision"),
        Binding("b", "pace", "Pace", id="play_pace", tooltip="The bots' pace: instant, normal, slow"),
        Binding("y", "why", "Why?", id="play_why", tooltip="Why the last bot did what it did"),
        Binding("o", "mistake_lessons", "Lessons", id="play_lessons", tooltip="The lessons of this game's mistakes"),
        Binding("d", "drill_mistakes", "Drill", id="play_drill", tooltip="Drill the rules of this game's mistakes"),
        Binding(
            "f5", "presentation", "Present", id="presentation", tooltip="Presentation mode: large tiles", show=False
        ),
        Binding("escape", "back", "Back", id="back", tooltip="Return"),
        Binding("question_mark", "app.help", "Help", id="help", show=False),
        Binding("left", "pick(-1)", show=False),
        Binding("right", "pick(1)", show=False),
        *(Binding(key, f"act('{key}')", show=False) for key in KEY_ACTIONS),
    ]
    DEFAULT_CSS = """
    PlayScreen #status { height: 1; padding: 0 1; color: $text-muted; }
    PlayScreen #prompt { height: auto; padding: 0 1; text-style: bold; color: $accent; }
    PlayScreen #said { height: auto; padding: 0 1; color: $warning; }
    PlayScreen #bot { height: auto; padding: 0 1; color: $text-muted; }
    PlayScreen #bot.-empty { display: none; }
    PlayScreen #said.-empty { display: none; }
    PlayScreen #coach { height: auto; max-height: 8; padding: 0 1; border-top: solid $panel; }
    PlayScreen #coach.-off { display: none; }
    PlayScreen #review { height: 1fr; padding: 0 1; display: none; }
    PlayScreen.-review #review { display: block; }
    PlayScreen.-review PlayTable { display: none; }
    PlayScreen.-review PlayHand { display: none; }
    PlayScreen.-review #coach { display: none; }
    PlayScreen #big { display: none; }
    PlayScreen.-present #big { display: block; }
    PlayScreen.-review #big { display: none; }
    """

    def __init__(self, setup: PlaySetup | None = None, assignment: str | None = None) -> None:
        super().__init__()
        self.session: Session = new_session(setup or PlaySetup(seed=random.randrange(1000, 10000)))
        self.assignment = assignment
        """A class's shared deal (its reference): the first hand's decisions are stored for the teacher."""
        self.decided = 0
        """The learner's decisions in the shared deal so far."""
        self.picked: int | None = None
        self.choices: tuple[Action | McrAction, ...] = ()
        """The chi or kan shapes offered after its key, picked by their numbers."""
        self.said: str | Message | Forbidden | McrForbidden | None = None
        """The answer to the learner's last try: a refusal (said by the coach) or a message."""
        self.review: tuple[Message, ...] = ()
        """The finished hand's review, line by line; empty while a hand is played."""
        self.game_ends = False
        """Whether the game ends with the hand reviewed."""
        self.review_shown = 0
        self.standings_shown = False
        self.bot_timer: Timer | None = None
        """The next bot move's tick, at a pace other than instant."""
        self.why: Note | None = None
        """The coach's note on why the last bot did what it did, shown on `y` until the learner's next action."""
        self.presenting = self.session.setup.presentation
        """The projector view is on: the setup's choice, then f5 turns it on and off."""
        if self.session.setup.scenario is not None:
            # A scenario says its goal until the learner's first action.
            self.said = scenario_goal(self.session.setup.scenario)

    @classmethod
    def resumed(cls, session: Session) -> PlayScreen:
        """The screen on a game in progress, played again from the store (saved_game.restore)."""
        screen = cls(session.setup)
        screen.session = session
        if session.moves:
            screen.said = None
        return screen

    def save_game(self) -> None:
        """The game in progress kept in the store after every move of the
        learner's (saved_game.py); a game over is kept no longer."""
        session = self.session
        self.tutor.save_write(SettingWrite(SAVED_GAME, "" if session.game_over else encode(session)))

    # --- drawing --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        language = self.tutor.language
        yield from table_top(self.session.view(), language, "review", ("tenpai", "lines"), focusable=True)
        yield PlayBig(id="big")
        yield PlayHand(id="hand")
        yield from lines_and_keys("bot", "prompt", "said", "coach")

    def on_mount(self) -> None:
        super().on_mount()
        self.title = text(self.tutor.language, "play.title")
        self.start_hand()
        self.save_game()
        self.bots_play()

    def redraw_in_language(self) -> None:
        self.show()

    def keep_decision(self, action: Action | McrAction) -> None:
        """In a class's shared deal, the learner's decision in its first hand, with the situation it was taken in."""
        session = self.session
        if self.assignment is None or not isinstance(session, PlaySession) or not isinstance(action, Action):
            return
        if session.hands_played or session.hand_over:
            return
        self.tutor.save_write(
            TurnDecision(self.assignment, self.decided, situation(session), decision(action), time.time())
        )
        self.decided += 1

    def start_hand(self) -> None:
        """A new decision of the learner's: the pick on the drawn tile (or the first), the review when the hand ended."""
        self.choices = ()
        session = self.session
        if session.hand_over and self.assignment is not None and not session.hands_played and self.decided >= 0:
            # The shared deal played to its end: the assignment is done.
            self.tutor.save_write(ended(self.assignment, time.time()))
            self.decided = -1
        if session.hand_over and not self.review:
            self.review = session.review_lines()
            self.game_ends = session.review().game_over
            self.query_one("#review-hand", TilesView).groups = winning_groups(session)
            self.review_shown = 1
        order = session.hand_order()
        self.picked = len(order) - 1 if session.drawn else (0 if order else None)
        self.show()

    def show(self) -> None:
        language = self.tutor.language
        session = self.session
        state = session.state
        reviewing = bool(self.review) or self.standings_shown
        self.set_class(reviewing, "-review")
        self.query_one("#status", Static).update(self.status_line())
        self.query_one(PlayTable).show(session.view(), language)
        order = session.hand_order()
        self.query_one(PlayHand).show(
            tuple(state.kind(slot) for slot in order),
            len(order) - 1 if session.drawn else None,
            session.learner_melds(),
            self.picked,
        )
        self.set_class(self.presenting, "-present")
        if self.presenting and not reviewing:
            self.show_big()
        self.query_one("#prompt", Static).update(self.prompt_text())
        said = self.said_text()
        self.query_one("#said", Static).update(said)
        self.query_one("#said").set_class(not said, "-empty")
        coach = self.query_one("#coach", Static)
        coach.update(self.coach_text())
        coach.set_class(session.hint is HintLevel.OFF and self.why is None, "-off")
        bot = self.bot_text() if not reviewing else ""
        self.query_one("#bot", Static).update(bot)
        self.query_one("#bot").set_class(not bot, "-empty")
        if reviewing:
            hand = self.query_one("#review-hand", TilesView)
            hand.display = bool(hand.groups) and not self.standings_shown
            tenpai = self.tenpai_text()
            shown = self.query_one("#review-tenpai", Static)
            shown.update(tenpai)
            shown.display = bool(tenpai) and not self.standings_shown
            self.query_one("#review-lines", Static).update(self.review_text())
            self.query_one("#review", VerticalScroll).scroll_end(animate=False)
        self.refresh_bindings()

    def show_big(self) -> None:
        """The projector view: the hand and the last discard, large."""
        session = self.session
        last = last_discard(session.turns, session.state)
        label = ""
        if last is not None:
            seat, _kind = last
            label = text(
                self.tutor.language,
                "play.last_discard",
                seat=text(self.tutor.language, f"table.label.{session.relative(seat)}"),
            )
        self.query_one(PlayBig).show(learner_groups(session), session.drawn, last[1] if last else None, label)

    def status_line(self) -> str:
        language = self.tutor.language
        setup = self.session.setup
        return text(
            language,
            "play.status",
            rules=text(language, f"play.preset.{setup.preset}"),
            seed=setup.seed,
            length=text(language, value_key(setup, "length")),
            bots=text(language, f"play.bots.{setup.bots}"),
            hint=text(language, f"play.hint.{self.session.hint.value}"),
        )

    def lesson(self, lesson: str) -> str:
        return lesson_title(self.tutor.library, lesson, self.tutor.language)

    def said_text(self) -> str:
        language = self.tutor.language
        said = self.said
        if said is None:
            return ""
        if isinstance(said, Forbidden | McrForbidden):
            return note_text(self.session.refusal_note(said), language, self.lesson)
        if isinstance(said, Message):
            return faces_in_text(render(said, language))
        return said

    def prompt_text(self) -> str:
        """What the learner may do now, by key."""
        language = self.tutor.language
        session = self.session
        if self.standings_shown:
            return text(language, "play.prompt.standings")
        if self.review:
            last = self.review_shown >= len(self.review)
            if not last:
                return text(language, "play.prompt.review")
            return text(language, "play.prompt.game_over" if self.game_ends else "play.prompt.next_hand")
        if self.choices:
            options = joined(
                message("play.choice", key=POSITION_KEYS[index], tiles=choice_text(action))
                for index, action in enumerate(self.choices)
            )
            return text(language, "play.prompt.choose", name=action_name(self.choices[0].kind), options=options)
        decision = session.decision
        if decision is None:
            return ""
        kinds = {action.kind for action in decision.legal}
        keys = joined(
            (
                message("play.key", key=action_key(kind), name=action_name(kind))
                for kind in PROMPT_ORDER
                if kind in kinds
            ),
            " · ",
        )
        state = session.state
        stage = session.stage
        if stage == "turn":
            return render(
                message("play.prompt.turn", keys=keys)
                if kinds - {ActionKind.DISCARD}
                else message("play.prompt.discard"),
                language,
            )
        if stage == "riichi_discard":
            return text(language, "play.prompt.riichi_discard")
        assert state.last_tile is not None
        tile = face(state.kind(state.last_tile))
        seat = text(language, f"table.label.{session.relative(state.turn)}")
        rob = "play.prompt.rob_kong" if session.game_name == MCR else "play.prompt.chankan"
        key = rob if stage == "rob" else "play.prompt.claim"
        return render(message(key, seat=seat, tile=tile, keys=keys), language)

    def coach_text(self) -> str:
        language = self.tutor.language
        session = self.session
        level = text(language, f"play.hint.{session.hint.value}")
        notes = [note for note in session.notes() if note.code != NoteCode.DISCARD or self.discussed(note)]
        lines = [text(language, "play.coach", level=level)]
        if self.why is not None:
            lines.append(note_text(self.why, language, self.lesson))
        # Two shapes of one call say the same of the yaku: once is enough.
        lines += dict.fromkeys(note_text(note, language, self.lesson) for note in notes)
        if len(lines) == 1:
            lines.append(text(language, "play.coach_quiet"))
        return "\n".join(lines)

    def discussed(self, row: Note) -> bool:
        """A row of the discard table the panel shows: a best discard, or the tile picked."""
        picked = self.picked_kind()
        return bool(row.value("best")) or (picked is not None and row.tiles[:1] == (picked,))

    def picked_kind(self) -> int | None:
        order = self.session.hand_order()
        if self.picked is None or self.picked >= len(order):
            return None
        return self.session.state.kind(order[self.picked])

    def tenpai_text(self) -> str:
        """At an exhaustive draw, each tenpai seat's hand and waits, a line each."""
        language = self.tutor.language
        return "\n".join(render(tenpai_message(hand), language) for hand in self.session.tenpai_hands())

    def review_text(self) -> str:
        language = self.tutor.language
        if self.standings_shown:
            return "\n".join(self.standings_lines())
        return "\n".join(faces_in_text(render(line, language)) for line in self.review[: self.review_shown])

    def standings_lines(self) -> list[str]:
        """The standings, then the game's rule mistakes, a line for each rule with its lesson, and the keys to them."""
        language = self.tutor.language
        session = self.session
        key = "play.standing_mcr" if session.game_name == MCR else "play.standing"
        lines = [text(language, "play.standings")]
        for standing in sorted(session.standings(), key=lambda standing: standing.place):
            lines.append(
                text(
                    language,
                    key,
                    place=standing.place,
                    seat=text(language, f"table.label.{standing.seat}"),
                    points=f"{standing.points:,}",
                    final=f"{standing.final:+,}",
                )
            )
        count = len(session.mistakes)
        lines.append(text(language, "play.mistakes", count=count) if count else text(language, "play.no_mistakes"))
        for (kind, lesson), times in mistake_groups(session.mistakes).items():
            what = text(language, f"play.mistake.{kind}")
            lines.append(text(language, "play.mistake_line", what=what, count=times, lesson=self.lesson(lesson)))
        if count:
            lines.append(text(language, "play.mistake_keys"))
        return lines

    # --- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter shows where a tile may be discarded, space where there is a
        next line, o and d at the end of a game with rule mistakes."""
        if action in ("mistake_lessons", "drill_mistakes"):
            return self.standings_shown and bool(self.session.mistakes)
        if action == "skip":
            return self.session.bots_to_play
        if action == "pace":
            return not self.standings_shown
        if action == "why":
            return self.session.last_bot is not None and not self.standings_shown
        reviewing = bool(self.review) or self.standings_shown
        if action == "discard":
            stage = self.session.stage
            return not reviewing and not self.choices and stage in ("turn", "riichi_discard")
        if action == "next_line":
            return reviewing
        return True

    def action_pick(self, step: int) -> None:
        count = len(self.session.hand_order())
        if self.picked is None or not count or self.review:
            return
        self.picked = (self.picked + step) % count
        self.show()

    def pick_at(self, index: int) -> None:
        if index < len(self.session.hand_order()):
            self.picked = index
            self.show()

    def on_play_hand_picked(self, event: PlayHand.Picked) -> None:
        if event.again:
            self.action_discard()
        else:
            self.pick_at(event.index)

    def on_key(self, event: events.Key) -> None:
        """Digits pick a tile by its position, or a choice of chi or kan by its number."""
        character = event.character
        if character is None or len(character) != 1 or character not in POSITION_KEYS:
            return
        event.stop()
        index = POSITION_KEYS.index(character)
        if self.choices:
            if index < len(self.choices):
                self.play(self.choices[index])
        elif not self.review:
            self.pick_at(index)

    def action_discard(self) -> None:
        session = self.session
        if self.review or self.picked is None or session.decision is None:
            return
        kind = self.picked_kind()
        if kind is None:
            return
        legal = session.legal(ActionKind.DISCARD, kind)
        if legal:
            self.play(legal[0])
            return
        self.tell(session.refusal(ActionKind.DISCARD, kind), ActionKind.DISCARD)

    def action_act(self, key: str) -> None:
        session = self.session
        if self.review or session.decision is None:
            return
        # The key's kinds of this game's rules (pass is one word for both).
        mcr = session.game_name == MCR
        kinds = tuple(kind for kind in KEY_ACTIONS[key] if isinstance(kind, McrActionKind) == mcr or kind == "pass")
        if not kinds:
            return
        legal = tuple(action for kind in kinds for action in session.legal(kind))
        if len(legal) == 1:
            self.play(legal[0])
        elif legal:
            self.choices = legal
            self.said = None
            self.show()
        else:
            refused = next((found for kind in kinds if (found := session.refusal(kind)) is not None), None)
            self.tell(refused, kinds[0] if session.stage == "turn" else kinds[-1])

    def tell(self, refused: Forbidden | McrForbidden | None, kind: Kind) -> None:
        """The one line that answers a try: the coach's reason, or that the action is not offered now."""
        if refused is not None:
            self.session.refused(refused)
            self.save_game()
            self.said = refused
        else:
            self.said = message("play.not_now", name=action_name(kind))
        self.show()

    def play(self, action: Action | McrAction) -> None:
        self.said = None
        self.why = None
        self.keep_decision(action)
        self.session.play(action, advance=False)
        self.save_game()
        self.bots_play()

    # --- the bots' pace -------------------------------------------------------------------

    def bots_play(self) -> None:
        """The bots' moves up to the learner's next decision: at once at the
        instant pace, else one a tick of the pace, the table drawn after each."""
        session = self.session
        session.auto = session.setup.pace == "instant"
        self.stop_bots()
        if session.auto or not session.bots_to_play:
            session.advance()
            self.start_hand()
            return
        self.show()
        self.bot_timer = self.set_timer(PACE_SECONDS[session.setup.pace], self.bot_tick)

    def bot_tick(self) -> None:
        self.bot_timer = None
        session = self.session
        session.bot_step()
        if session.bots_to_play:
            self.show()
            self.bot_timer = self.set_timer(PACE_SECONDS[session.setup.pace], self.bot_tick)
        else:
            self.start_hand()

    def stop_bots(self) -> None:
        if self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_timer = None

    def action_skip(self) -> None:
        """The bots' moves at once, up to the learner's next decision."""
        if self.session.bots_to_play:
            self.stop_bots()
            self.session.advance()
            self.start_hand()

    def action_pace(self) -> None:
        """The next pace: instant, normal, slow; from now on (instant plays the moves waiting at once)."""
        session = self.session
        session.setup = replace(session.setup, pace=PACES[(PACES.index(session.setup.pace) + 1) % len(PACES)])
        self.save_game()
        self.said = message("play.pace_now", pace=message(f"play.pace.{session.setup.pace}"))
        if session.bots_to_play:
            self.bots_play()
        else:
            session.auto = session.setup.pace == "instant"
            self.show()

    def action_why(self) -> None:
        """Why the last bot did what it did, in the coach panel."""
        self.why = self.session.why()
        if self.why is None:
            self.said = message("play.why_none")
        self.show()

    def bot_text(self) -> str:
        """What the last bot did, in one line (and that y asks why)."""
        move = self.session.last_bot
        if move is None:
            return ""
        language = self.tutor.language
        return faces_in_text(render(message("play.bot_line", did=bot_did(move)), language))

    def action_mistake_lessons(self) -> None:
        """The lessons of the game's mistakes, to open one (links.py's list)."""
        lessons = dict.fromkeys(lesson for _kind, lesson in mistake_groups(self.session.mistakes))
        links = [(self.lesson(lesson), f"lesson:{lesson}") for lesson in lessons]

        def follow(href: str | None) -> None:
            if href:
                self.tutor.open_lesson(href.removeprefix("lesson:"))

        self.app.push_screen(LinksScreen(links, heading="play.mistake_lessons"), follow)

    def action_drill_mistakes(self) -> None:
        """A drill of the game's mistakes: each rule's concept brought back as
        a question (as review brings back what is due), under the learner's rule options."""
        concepts = list(dict.fromkeys(mistake.concept for mistake in self.session.mistakes))
        self.app.push_screen(DrillScreen(DrillPlan.review(concepts, self.tutor.drill_rules())))

    def action_presentation(self) -> None:
        self.presenting = not self.presenting
        self.show()

    def action_hint(self) -> None:
        levels = list(HINT_LEVELS)
        self.session.hint = levels[(levels.index(self.session.hint) + 1) % len(levels)]
        self.save_game()
        self.show()

    def action_next_line(self) -> None:
        session = self.session
        if self.standings_shown:
            self.app.pop_screen()
            return
        if not self.review:
            return
        if self.review_shown < len(self.review):
            self.review_shown += 1
            self.show()
            return
        mistakes = session.hand_mistakes()
        if mistakes:
            record_mistakes(self.tutor.answer_log, mistakes, session.game_name, session.setup.seed)
        session.auto = session.setup.pace == "instant"
        session.next_hand()
        self.save_game()
        self.review = ()
        self.review_shown = 0
        self.said = None
        self.why = None
        if session.game_over:
            self.standings_shown = True
            self.show()
        else:
            self.start_hand()
            self.bots_play()

    def action_back(self) -> None:
        """Escape: out of a chi or kan choice first; a game still in play is
        left only after asking (ConfirmScreen); it is saved, and the setup offers it again."""
        if self.choices:
            self.choices = ()
            self.show()
            return
        if self.session.game_over:
            self.app.pop_screen()
            return

        def leave(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen("play.leave_ask"), leave)
