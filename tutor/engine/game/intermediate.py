"""The intermediate bot: yaku-aware calls, riichi, and simple defence.

Deterministic by its seed (the seed only breaks ties).  Its rules, in the
order it asks them, each a function below:

1. It wins whenever it may (a legal tsumo or ron always has a yaku).
2. Riichi: whenever riichi is legal and some tenpai discard leaves a wait
   that is not furiten and has a tile left unseen (`riichi_wait`); the
   discard is the one with the most unseen winning tiles.  It never stays
   dama: the bot does not weigh a bad wait against the dealer's early turns.
3. Nine terminals: it aborts unless it holds eleven or more different
   terminals and honours, when it plays on for thirteen orphans.
4. Defence (`defends`): when another seat is in riichi and its own hand is
   far (two or more from tenpai, or one with fewer than `POOR_UKEIRE` tiles
   that take it to tenpai), it makes no call and discards the least
   dangerous tile (`danger`): safe by rule against every riichi seat first
   (`safety.safe_by_rule`), then suji (`safety.suji`), then honours already
   seen on the table (the more seen, the safer), then the rest.
5. Kans: a concealed or added kan when no other seat is in riichi and the
   hand is no further from tenpai after it (`kan_worth`).
6. Calls (`call_worth`): a chi, pon or open kan only when the hand keeps a
   yaku route after it (`routes`: yakuhai, open tanyao, a flush, toitoi),
   and only when it takes the hand nearer tenpai, or, for a pon of a value
   tile, keeps it as near; an open kan only on a hand already open.
7. Discards (`discard_rank`): on an open hand, one that keeps a yaku route
   first; then the least shanten and the most ukeire; among equals the
   safer against a riichi.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.efficiency import DiscardOption, discard_table, shanten, ukeire
from tutor.engine.game.actions import Action, ActionKind, Decision
from tutor.engine.game.bot import called_hand
from tutor.engine.game.routes import has_route, value_tiles
from tutor.engine.game.rules import kuikae_kinds
from tutor.engine.game.safety import safe_by_rule, suji
from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.tiles import COPIES, EAST, TERMINAL_OR_HONOUR_TILES, TERMINAL_TILES
from tutor.engine.waits import winning_tiles

POOR_UKEIRE = 10
"""A hand one from tenpai with fewer tiles than this that take it there defends."""
FAR = 2
"""A hand this many tiles or more from tenpai defends against a riichi."""
KOKUSHI_KINDS = 11
"""With this many different terminals and honours, nine terminals plays on."""

SAFE, SUJI, HONOUR_SEEN, HONOUR, TERMINAL, MIDDLE = range(6)
"""Danger against one riichi seat, least first."""


class IntermediateBot:
    """One seat's intermediate bot; its choices depend on the states and its seed only."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: KyokuState, decision: Decision) -> Action:
        legal = decision.legal
        seat = decision.seat
        by_kind = {action.kind: action for action in legal}
        for win in (ActionKind.TSUMO, ActionKind.RON):
            if win in by_kind:
                return by_kind[win]
        discards = [action for action in legal if action.kind is ActionKind.DISCARD]
        if state.phase is Phase.RIICHI_DISCARD:
            return self._riichi_discard(state, seat, discards)
        if ActionKind.RIICHI in by_kind and riichi_wait(state, seat, discards):
            return by_kind[ActionKind.RIICHI]
        if ActionKind.NINE_TERMINALS in by_kind and abort_nine_terminals(state, seat):
            return by_kind[ActionKind.NINE_TERMINALS]
        if len(legal) == 1:
            return legal[0]
        if discards:
            kan = next((action for action in legal if kan_worth(state, seat, action)), None)
            return kan or self._discard(state, seat, discards)
        return self._answer(state, seat, legal)

    def _pick(self, ranked: Sequence[tuple[tuple[int, ...], Action]]) -> Action:
        """The best-ranked action, a seeded one of the equally good."""
        best = min(rank for rank, _ in ranked)
        return self.rng.choice([action for rank, action in ranked if rank == best])

    def _riichi_discard(self, state: KyokuState, seat: int, discards: Sequence[Action]) -> Action:
        """Riichi's discard: the most unseen winning tiles, not furiten, then the safest."""
        hand = state.engine_hand(seat)
        view = sight(state, seat)
        ranked = []
        for action in discards:
            assert action.tile is not None
            live = live_waits(state, seat, view, hand.without_tile(action.tile), action.tile)
            ranked.append(((-live, *danger(view, action.tile)), action))
        return self._pick(ranked)

    def _discard(self, state: KyokuState, seat: int, discards: Sequence[Action]) -> Action:
        """With another seat in riichi and the hand `far`, the least `danger`;
        else the best by `discard_rank` over the discard table."""
        hand = state.engine_hand(seat)
        allowed = {action.tile: action for action in discards}
        table = [
            option for option in discard_table(hand, with_waits=False, worse_ukeire=False) if option.discard in allowed
        ]
        view = sight(state, seat)
        if view.threats and far(table[0].shanten, table[0].ukeire.count):
            folding = [((*danger(view, option.discard), option.shanten), allowed[option.discard]) for option in table]
            return self._pick(folding)
        values = value_tiles(state.seat_wind(seat), state.round_tile)
        open_tanyao = state.options.scoring.open_tanyao
        ranked = [
            (discard_rank(hand, option, values, open_tanyao, danger(view, option.discard)), allowed[option.discard])
            for option in table
        ]
        return self._pick(ranked)

    def _answer(self, state: KyokuState, seat: int, legal: Sequence[Action]) -> Action:
        """A call `call_worth` takes, the nearest tenpai of them; else pass."""
        passing = next(action for action in legal if action.kind is ActionKind.PASS)
        hand = state.engine_hand(seat)
        if riichi_seats(state, seat) and defends(hand):
            return passing
        now = shanten(hand).shanten
        ranked = []
        for action in legal:
            after = call_worth(state, seat, action, now)
            if after is not None:
                ranked.append(((after,), action))
        return self._pick(ranked) if ranked else passing


def riichi_seats(state: KyokuState, seat: int) -> tuple[int, ...]:
    """The other seats whose riichi stands."""
    return tuple(other for other in range(4) if other != seat and state.players[other].riichi)


def far(shanten_now: int, accepted: int) -> bool:
    """Defence's threshold: two or more from tenpai, or one with fewer than
    `POOR_UKEIRE` tiles that take the hand to tenpai."""
    return shanten_now >= FAR or (shanten_now == 1 and accepted < POOR_UKEIRE)


def defends(hand: Hand) -> bool:
    """Whether a 13-tile hand is far enough from tenpai to fold against a riichi (`far`)."""
    now = shanten(hand).shanten
    if now != 1:
        return now >= FAR
    return far(now, ukeire(hand).count)


def seen_on_table(state: KyokuState) -> Counter[int]:
    """Kinds every seat sees: the rivers, the melds and the dora indicators."""
    seen: Counter[int] = Counter(state.dora_indicators())
    for player in state.players:
        seen.update(state.kind(slot) for slot in player.river())
        seen.update(state.kind(slot) for meld in player.melds for slot in meld.slots)
    return seen


@dataclass(frozen=True)
class Sight:
    """What one seat knows at a decision, gathered once: the riichi seats,
    the kinds safe by rule and suji against each, the kinds on the table and in hand."""

    threats: tuple[int, ...]
    safe: tuple[frozenset[int], ...]
    suji: tuple[frozenset[int], ...]
    seen: Counter[int]
    held: Counter[int]

    def unseen(self, kind: int) -> int:
        """Copies of a kind the seat cannot see: not on the table, not in its hand."""
        return max(COPIES - self.seen[kind] - self.held[kind], 0)


def sight(state: KyokuState, seat: int) -> Sight:
    """The seat's `Sight` of the table now."""
    threats = riichi_seats(state, seat)
    return Sight(
        threats,
        tuple(safe_by_rule(state, other) for other in threats),
        tuple(suji(state, other) for other in threats),
        seen_on_table(state),
        Counter(state.kind(slot) for slot in state.players[seat].hand),
    )


def danger_against(view: Sight, threat: int, kind: int) -> int:
    """How dangerous a discard is against one riichi seat (its index in
    `view.threats`): safe by rule (its discards and the tiles passed since its
    riichi), then suji, then an honour seen on the table, an honour unseen,
    a terminal, a middle tile."""
    if kind in view.safe[threat]:
        return SAFE
    if kind in view.suji[threat]:
        return SUJI
    if kind >= EAST:
        return HONOUR_SEEN if view.seen[kind] else HONOUR
    return TERMINAL if kind in TERMINAL_TILES else MIDDLE


def danger(view: Sight, kind: int) -> tuple[int, int, int]:
    """A discard's danger against every riichi seat: the worst of them, then
    their sum, then the copies the seat cannot see (fewer, safer)."""
    if not view.threats:
        return (0, 0, 0)
    levels = [danger_against(view, threat, kind) for threat in range(len(view.threats))]
    return (max(levels), sum(levels), view.unseen(kind))


def discard_rank(
    hand: Hand, option: DiscardOption, values: frozenset[int], open_tanyao: bool, risk: tuple[int, ...]
) -> tuple[int, ...]:
    """A discard's rank, least first: on an open hand, keeping a yaku route
    before all; then the least shanten, the most ukeire, the least danger."""
    keeps = hand.is_closed or has_route(hand.without_tile(option.discard), values, open_tanyao)
    return (0 if keeps else 1, option.shanten, -option.ukeire.count, *risk)


def live_waits(state: KyokuState, seat: int, view: Sight, waiting: Hand, discard: int) -> int:
    """Unseen copies of a 13-tile hand's winning tiles, none if a wait is
    furiten (among the seat's discards or the one it is about to make)."""
    found = winning_tiles(waiting)
    discarded = {state.kind(slot) for slot in state.players[seat].discards} | {discard}
    if not found or discarded & set(found):
        return 0
    return sum(view.unseen(kind) for kind in found)


def riichi_wait(state: KyokuState, seat: int, discards: Sequence[Action]) -> bool:
    """Riichi is worth declaring: some discard leaves a wait not furiten with a tile left to win on."""
    hand = state.engine_hand(seat)
    view = sight(state, seat)
    return any(
        live_waits(state, seat, view, hand.without_tile(action.tile), action.tile) > 0
        for action in discards
        if action.tile is not None
    )


def abort_nine_terminals(state: KyokuState, seat: int) -> bool:
    """Nine terminals aborts unless the hand holds `KOKUSHI_KINDS` different
    terminals and honours (then thirteen orphans is near)."""
    kinds = {state.kind(slot) for slot in state.players[seat].hand} & TERMINAL_OR_HONOUR_TILES
    return len(kinds) < KOKUSHI_KINDS


def kan_worth(state: KyokuState, seat: int, action: Action) -> bool:
    """A concealed or added kan: no other seat in riichi (its dora would help
    them), and the hand no further from tenpai after it."""
    if action.kind not in (ActionKind.CLOSED_KAN, ActionKind.ADDED_KAN) or riichi_seats(state, seat):
        return False
    assert action.tile is not None
    hand = state.engine_hand(seat)
    if state.players[seat].riichi:
        return True  # the rules allow a riichi hand only a kan that keeps its waits
    before = min(shanten(hand.without_tile(kind)).shanten for kind in set(hand.concealed))
    return shanten(kan_hand(hand, action)).shanten <= before


def kan_hand(hand: Hand, action: Action) -> Hand:
    """The 13-tile hand after a concealed or added kan, before its replacement draw."""
    assert action.tile is not None
    kind = action.tile
    rest = Counter(hand.concealed)
    if action.kind is ActionKind.CLOSED_KAN:
        rest[kind] -= COPIES
        melds = (*hand.melds, Meld(MeldKind.CLOSED_KAN, (kind,) * COPIES))
    else:
        rest[kind] -= 1
        melds = tuple(
            Meld(MeldKind.OPEN_KAN, (kind,) * COPIES) if meld.kind is MeldKind.PON and meld.first == kind else meld
            for meld in hand.melds
        )
    return Hand(tuple(sorted(rest.elements())), melds)


def call_worth(state: KyokuState, seat: int, action: Action, now: int) -> int | None:
    """The shanten a chi, pon or open kan leads to, if the bot takes it
    (else None): the hand keeps a yaku route after the call and the discard
    that follows, and comes nearer tenpai, or as near for a value tile's pon;
    an open kan only on a hand already open, keeping a route."""
    if action.kind not in (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN):
        return None
    assert action.tile is not None
    values = value_tiles(state.seat_wind(seat), state.round_tile)
    open_tanyao = state.options.scoring.open_tanyao
    after = called_hand(state, seat, action)
    if action.kind is ActionKind.OPEN_KAN:
        keeps = not state.engine_hand(seat).is_closed and has_route(after, values, open_tanyao)
        return shanten(after).shanten if keeps else None
    meld = MeldKind.CHI if action.kind is ActionKind.CHI else MeldKind.PON
    barred = kuikae_kinds(action.tile, action.uses, meld) if state.options.kuikae else frozenset()
    reachable = [
        shanten(rest).shanten
        for rest in (after.without_tile(kind) for kind in set(after.concealed) - barred)
        if has_route(rest, values, open_tanyao)
    ]
    if not reachable:
        return None
    best = min(reachable)
    value_pon = action.kind is ActionKind.PON and action.tile in values
    return best if best < now or (value_pon and best == now) else None
