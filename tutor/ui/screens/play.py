"""Play: a riichi game against bots, the learner at the bottom, the coach beside.

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
from typing import ClassVar, Final

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from tutor.engine.game.actions import Action, ActionKind, Forbidden
from tutor.engine.game.coach import HintLevel, Note, NoteCode
from tutor.engine.game.review import HandReview
from tutor.engine.game.state import KyokuState, Phase
from tutor.locale import Message, Value, joined, message, render, text
from tutor.quiz.coach_record import record_mistakes
from tutor.quiz.coach_words import note_text
from tutor.quiz.faces import face, faces_in_text
from tutor.quiz.names import CALL_NAMES, WIN_WORDS
from tutor.quiz.play_session import HINT_LEVELS, LEARNER, PlaySession, PlaySetup, hand_order, scenario_goal
from tutor.quiz.review_words import riichi_review_lines
from tutor.ui.lesson_titles import lesson_title
from tutor.ui.screens.base import TutorScreen
from tutor.ui.screens.confirm import ConfirmScreen
from tutor.ui.tile_art import Group, hand_groups
from tutor.ui.widgets.hand_view import TilesView
from tutor.ui.widgets.key_footer import KeyFooter
from tutor.ui.widgets.play_big import PlayBig
from tutor.ui.widgets.play_hand import POSITION_KEYS, PlayHand
from tutor.ui.widgets.play_table import PlayTable, meld_text

KEY_ACTIONS: Final[dict[str, tuple[ActionKind, ...]]] = {
    # Not t for tsumo: t is the app's theme key everywhere.
    "w": (ActionKind.TSUMO, ActionKind.RON),
    "r": (ActionKind.RIICHI,),
    "c": (ActionKind.CHI,),
    "p": (ActionKind.PON,),
    "k": (ActionKind.CLOSED_KAN, ActionKind.ADDED_KAN, ActionKind.OPEN_KAN),
    "n": (ActionKind.NINE_TERMINALS,),
    "x": (ActionKind.PASS,),
}
"""Each action key and the kinds of action it stands for (one phase offers at most one of them)."""

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
    ActionKind.PASS,
)


def action_key(kind: ActionKind) -> str:
    return next(key for key, kinds in KEY_ACTIONS.items() if kind in kinds)


def action_name(kind: ActionKind) -> Value:
    """An action by its name: the calls' and wins' names, riichi, kan, nine terminals, pass."""
    if kind in (ActionKind.RON, ActionKind.TSUMO):
        return WIN_WORDS.name(kind.value)
    if kind in (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN):
        return CALL_NAMES.name(kind.value)
    return message(f"play.action.{kind.value}")


def choice_text(action: Action) -> str:
    """A chi's or kan's choice by the tiles it takes from the hand."""
    return "".join(face(kind) for kind in action.uses) or face(action.tile or 0)


def learner_groups(state: KyokuState) -> list[Group]:
    """The learner's hand as the projector view draws it: the concealed
    tiles as laid out, the tile drawn apart, then each meld."""
    player = state.players[LEARNER]
    kinds = [state.kind(slot) for slot in hand_order(state)]
    drawn = [kinds.pop()] if player.drawn is not None else []
    groups = [Group(tuple(tiles), "concealed") for tiles in (kinds, drawn) if tiles]
    for meld in player.melds:
        closed = meld.called is None
        groups.append(Group(state.kinds(meld.slots), "closed_kan" if closed else "called", -1 if closed else 0))
    return groups


def winning_groups(end: KyokuState, review: HandReview) -> list[Group]:
    """The first winner's hand as the review shows it, the winning tile apart; none at a draw."""
    if not review.wins:
        return []
    win = review.wins[0]
    hand = end.engine_hand(win.seat, extra=win.tile if win.source is not None else None)
    return hand_groups(hand, win=win.tile)


class PlayScreen(TutorScreen):
    """A game against bots, one decision of the learner's at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "discard", "Discard", id="discard", tooltip="Discard the tile picked"),
        Binding("space", "next_line", "Next", id="next", tooltip="The next step"),
        Binding("h", "hint", "Hints", id="hint", tooltip="The coach's hint level"),
        Binding(
            "f5", "presentation", "Projector", id="presentation", tooltip="Large tiles for a projector", show=False
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

    def __init__(self, setup: PlaySetup | None = None) -> None:
        super().__init__()
        self.session = PlaySession(setup or PlaySetup(seed=random.randrange(1000, 10000)))
        self.picked: int | None = None
        self.choices: tuple[Action, ...] = ()
        """The chi or kan shapes offered after its key, picked by their numbers."""
        self.said: str | Message | Forbidden | None = None
        """The answer to the learner's last try: a refusal (said by the coach) or a message."""
        self.review: tuple[Message, ...] = ()
        """The finished hand's review, line by line; empty while a hand is played."""
        self.game_ends = False
        """Whether the game ends with the hand reviewed."""
        self.review_shown = 0
        self.standings_shown = False
        self.presenting = self.session.setup.presentation
        """The projector view is on: the setup's choice, then `z` turns it on and off."""
        if self.session.setup.scenario is not None:
            # A scenario says its goal until the learner's first action.
            self.said = scenario_goal(self.session.setup.scenario)

    # --- drawing --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        language = self.tutor.language
        yield Static(id="status", markup=False)
        yield PlayTable(self.session.state, language, id="table")
        with VerticalScroll(id="review"):
            yield TilesView([], id="review-hand")
            yield Static(id="review-lines", markup=False)
        yield PlayBig(id="big")
        yield PlayHand(id="hand")
        yield Static(id="prompt", markup=False)
        yield Static(id="said", markup=False)
        yield Static(id="coach", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.title = text(self.tutor.language, "play.title")
        self.start_hand()

    def redraw_in_language(self) -> None:
        self.show()

    def start_hand(self) -> None:
        """A new decision of the learner's: the pick on the drawn tile (or the first), the review when the hand ended."""
        self.choices = ()
        if self.session.hand_over and not self.review:
            review = self.session.review()
            self.review = riichi_review_lines(review)
            self.game_ends = review.game_over
            self.query_one("#review-hand", TilesView).groups = winning_groups(self.session.state, review)
            self.review_shown = 1
        order = hand_order(self.session.state)
        drawn = self.session.state.players[LEARNER].drawn
        self.picked = len(order) - 1 if drawn is not None else (0 if order else None)
        self.show()

    def show(self) -> None:
        language = self.tutor.language
        session = self.session
        state = session.state
        reviewing = bool(self.review) or self.standings_shown
        self.set_class(reviewing, "-review")
        self.query_one("#status", Static).update(self.status_line())
        self.query_one(PlayTable).show(state, language)
        order = hand_order(state)
        drawn = state.players[LEARNER].drawn
        melds = " ".join(meld_text(state, meld) for meld in state.players[LEARNER].melds)
        self.query_one(PlayHand).show(
            tuple(state.kind(slot) for slot in order), len(order) - 1 if drawn is not None else None, melds, self.picked
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
        coach.set_class(session.hint is HintLevel.OFF, "-off")
        if reviewing:
            hand = self.query_one("#review-hand", TilesView)
            hand.display = bool(hand.groups) and not self.standings_shown
            self.query_one("#review-lines", Static).update(self.review_text())
            self.query_one("#review", VerticalScroll).scroll_end(animate=False)
        self.refresh_bindings()

    def show_big(self) -> None:
        """The projector view: the hand and the last discard, large."""
        last = self.session.last_discard()
        label = ""
        if last is not None:
            label = text(
                self.tutor.language, "play.last_discard", seat=text(self.tutor.language, f"table.label.{last[0]}")
            )
        state = self.session.state
        drawn = state.players[LEARNER].drawn is not None
        self.query_one(PlayBig).show(learner_groups(state), drawn, last[1] if last else None, label)

    def status_line(self) -> str:
        language = self.tutor.language
        setup = self.session.setup
        return text(
            language,
            "play.status",
            rules=text(language, f"play.preset.{setup.preset}"),
            seed=setup.seed,
            length=text(language, f"play.length.{setup.length}"),
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
        if isinstance(said, Forbidden):
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
        if state.phase is Phase.TURN:
            return render(
                message("play.prompt.turn", keys=keys)
                if kinds - {ActionKind.DISCARD}
                else message("play.prompt.discard"),
                language,
            )
        if state.phase is Phase.RIICHI_DISCARD:
            return text(language, "play.prompt.riichi_discard")
        assert state.last_tile is not None
        tile = face(state.kind(state.last_tile))
        seat = text(language, f"table.label.{state.turn}")
        key = "play.prompt.chankan" if state.phase is Phase.CHANKAN else "play.prompt.claim"
        return render(message(key, seat=seat, tile=tile, keys=keys), language)

    def coach_text(self) -> str:
        language = self.tutor.language
        session = self.session
        level = text(language, f"play.hint.{session.hint.value}")
        notes = [note for note in session.notes() if note.code != NoteCode.DISCARD or self.discussed(note)]
        lines = [text(language, "play.coach", level=level)]
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
        order = hand_order(self.session.state)
        if self.picked is None or self.picked >= len(order):
            return None
        return self.session.state.kind(order[self.picked])

    def review_text(self) -> str:
        language = self.tutor.language
        if self.standings_shown:
            return "\n".join(self.standings_lines())
        return "\n".join(faces_in_text(render(line, language)) for line in self.review[: self.review_shown])

    def standings_lines(self) -> list[str]:
        language = self.tutor.language
        lines = [text(language, "play.standings")]
        for standing in sorted(self.session.standings(), key=lambda standing: standing.place):
            lines.append(
                text(
                    language,
                    "play.standing",
                    place=standing.place,
                    seat=text(language, f"table.label.{standing.seat}"),
                    points=f"{standing.points:,}",
                    final=f"{standing.final:+,}",
                )
            )
        count = len(self.session.mistakes)
        lines.append(text(language, "play.mistakes", count=count) if count else text(language, "play.no_mistakes"))
        return lines

    # --- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter shows where a tile may be discarded, space where there is a next line."""
        reviewing = bool(self.review) or self.standings_shown
        if action == "discard":
            phase = self.session.state.phase
            return not reviewing and not self.choices and phase in (Phase.TURN, Phase.RIICHI_DISCARD)
        if action == "next_line":
            return reviewing
        return True

    def action_pick(self, step: int) -> None:
        count = len(hand_order(self.session.state))
        if self.picked is None or not count or self.review:
            return
        self.picked = (self.picked + step) % count
        self.show()

    def pick_at(self, index: int) -> None:
        if index < len(hand_order(self.session.state)):
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
        kinds = KEY_ACTIONS[key]
        legal = tuple(action for kind in kinds for action in session.legal(kind))
        if len(legal) == 1:
            self.play(legal[0])
        elif legal:
            self.choices = legal
            self.said = None
            self.show()
        else:
            refused = next((found for kind in kinds if (found := session.refusal(kind)) is not None), None)
            self.tell(refused, kinds[0] if session.state.phase is Phase.TURN else kinds[-1])

    def tell(self, refused: Forbidden | None, kind: ActionKind) -> None:
        """The one line that answers a try: the coach's reason, or that the action is not offered now."""
        if refused is not None:
            self.session.refused(refused)
            self.said = refused
        else:
            self.said = message("play.not_now", name=action_name(kind))
        self.show()

    def play(self, action: Action) -> None:
        self.said = None
        self.session.play(action)
        self.start_hand()

    def action_presentation(self) -> None:
        self.presenting = not self.presenting
        self.show()

    def action_hint(self) -> None:
        levels = list(HINT_LEVELS)
        self.session.hint = levels[(levels.index(self.session.hint) + 1) % len(levels)]
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
            record_mistakes(self.tutor.answer_log, mistakes, "riichi", session.setup.seed)
        session.next_hand()
        self.review = ()
        self.review_shown = 0
        self.said = None
        if session.game_over:
            self.standings_shown = True
            self.show()
        else:
            self.start_hand()

    def action_back(self) -> None:
        """Escape: out of a chi or kan choice first; a game still in play is
        left only after asking, as it is not saved (see ConfirmScreen)."""
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
