"""Why a bot did what it did, as the coach's notes (data, no prose): the
play screen's "why?" key explains the last bot action with one of them.

The bots (bot.py, intermediate.py, mcr/bots.py) choose without keeping a
reason; this module reads the choice back from the state it was made in,
by the same measures the bots use: a discard by the efficiency table (the
best shanten, then the most ukeire: `NoteCode.DISCARD`, `best` when it is
one of the best), or, against a riichi, as a tile that riichi cannot ron on
(`BotReason.SAFE`); a call by the shanten it leaves; a win, riichi,
kan or nine terminals by what allowed it.  Words: tutor/quiz/coach_words.py.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from tutor.engine.efficiency import best_discards, discard_table, shanten
from tutor.engine.game.actions import CALLS, Action, ActionKind
from tutor.engine.game.bot import called_hand
from tutor.engine.game.coach import CALLS_LESSON, DEFENCE, EFFICIENCY, RIICHI, TABLE, WINNING, Note, NoteCode
from tutor.engine.game.mcr.actions import McrAction, McrActionKind
from tutor.engine.game.mcr.coach import CALLS_AND_FLOWERS
from tutor.engine.game.mcr.mistakes import WIN_AND_WAIT
from tutor.engine.game.mcr.state import McrHandState
from tutor.engine.game.safety import safe_by_rule
from tutor.engine.game.state import KyokuState
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.rules import Rules

BOT_RULE: Final = "bot.play"
"""The rule id of a bot's reasons that are no table row: how the bots play."""


class BotReason(StrEnum):
    """A bot's reason that is not a row of the coach's tables."""

    WIN = "bot_win"
    """A win the rules allow: the bots always take one; tiles: the winning tile."""
    RIICHI = "bot_riichi"
    """A closed hand tenpai with the points and tiles for it: riichi."""
    CALL = "bot_call"
    """A call that takes the hand nearer to tenpai; values: `before` and `after` (shanten)."""
    KAN = "bot_kan"
    """A kan (kong) from the hand; tiles: its kind."""
    NINE_TERMINALS = "bot_nine_terminals"
    """The hand ended with nine terminals and honours on the first draw."""
    SAFE = "bot_safe"
    """Against a riichi, a tile that riichi cannot ron on, not the most efficient:
    the intermediate bot defends; tiles: the discard; values: `seat` (the
    riichi seat) and `learner` (whose view names it)."""


def _reason(code: BotReason, lesson: str, action: Action | McrAction, values: tuple[tuple[str, int], ...] = ()) -> Note:
    tiles = (action.tile,) if action.tile is not None else ()
    return Note(code, BOT_RULE, lesson, action, tiles, values)


def _discard_row(hand: Hand, action: Action | McrAction, rules: Rules) -> Note:
    """The discard's row of the efficiency table, marked best when it is one of the best."""
    assert action.tile is not None
    rows = discard_table(hand, rules, with_waits=False)
    row = next(found for found in rows if found.discard == action.tile)
    best = int(row.discard in best_discards(rows))
    values = (("shanten", row.shanten), ("ukeire", row.ukeire.count), ("best", best))
    return Note(NoteCode.DISCARD, "efficiency.discard", EFFICIENCY, action, (action.tile,), values)


def _call(hand: Hand, called: Hand, action: Action | McrAction, rules: Rules, lesson: str) -> Note:
    """A call by the shanten before it and after it and its best discard."""
    before = shanten(hand, rules).shanten
    after = min(shanten(called.without_tile(kind), rules).shanten for kind in set(called.concealed))
    return _reason(BotReason.CALL, lesson, action, (("before", before), ("after", after)))


def why(state: KyokuState, action: Action, learner: int = 0) -> Note | None:
    """Why the bot at `action.seat` took `action` in `state` (riichi); None for a pass."""
    seat = action.seat
    kind = action.kind
    if kind in (ActionKind.TSUMO, ActionKind.RON):
        return _reason(BotReason.WIN, WINNING, action)
    if kind is ActionKind.RIICHI:
        return _reason(BotReason.RIICHI, RIICHI, action)
    if kind is ActionKind.NINE_TERMINALS:
        return _reason(BotReason.NINE_TERMINALS, TABLE, action)
    if kind in (ActionKind.CLOSED_KAN, ActionKind.ADDED_KAN):
        return _reason(BotReason.KAN, CALLS_LESSON, action)
    if kind in CALLS:
        return _call(state.engine_hand(seat), called_hand(state, seat, action), action, Rules.RIICHI, CALLS_LESSON)
    if kind is not ActionKind.DISCARD:
        return None
    row = _discard_row(state.engine_hand(seat), action, Rules.RIICHI)
    threats = [other for other in range(4) if other != seat and state.players[other].riichi]
    for threat in threats:
        if not row.value("best") and action.tile in safe_by_rule(state, threat):
            # Named from the learner's seat: the note carries no action, and the learner's seat instead.
            values = (("seat", threat), ("learner", learner))
            return Note(BotReason.SAFE, "defence.safe_by_rule", DEFENCE, None, (action.tile,), values)
    return row


MCR_MELDS: Final = {
    McrActionKind.CHOW: MeldKind.CHI,
    McrActionKind.PUNG: MeldKind.PON,
    McrActionKind.KONG: MeldKind.OPEN_KAN,
}


def why_mcr(state: McrHandState, action: McrAction) -> Note | None:
    """Why the MCR bot at `action.seat` took `action` in `state`; None for a pass."""
    kind = action.kind
    if kind is McrActionKind.HU:
        return _reason(BotReason.WIN, WIN_AND_WAIT, action)
    if kind in (McrActionKind.CONCEALED_KONG, McrActionKind.ADDED_KONG):
        return _reason(BotReason.KAN, CALLS_AND_FLOWERS, action)
    hand = state.engine_hand(action.seat)
    if kind in MCR_MELDS:
        assert action.tile is not None
        rest = hand
        for used in action.uses:
            rest = rest.without_tile(used)
        meld = Meld(MCR_MELDS[McrActionKind(kind)], tuple(sorted((*action.uses, action.tile))))
        called = Hand(rest.concealed, (*rest.melds, meld))
        return _call(hand, called, action, Rules.MCR, CALLS_AND_FLOWERS)
    if kind is McrActionKind.DISCARD:
        return _discard_row(hand, action, Rules.MCR)
    return None
