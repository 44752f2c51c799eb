"""Legal actions at every decision, and the reasons for those refused.

`decisions(state)` lists the seats that must decide now, each with its legal
actions; `decision_for(state, seat)` gives one seat's, with what that seat
might try and may not (a learner's ron in furiten, a discard kuikae bars),
as codes and tiles.  The legal set and the refused set never share an action.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Final

from tutor.engine.calls import CallKind, Seat, calls_on_discard
from tutor.engine.game.actions import Action, ActionKind, Decision, Forbidden, Refusal
from tutor.engine.game.rules import (
    ALL_KANS,
    four_kans_abort,
    furiten_discards,
    hand_waits,
    kan_keeps_waits,
    kuikae_kinds,
    live_tiles,
    nine_terminals,
    riichi_discards,
    waits,
    winning_refusal,
)
from tutor.engine.game.state import GameMeld, KyokuState, Phase
from tutor.engine.hand import Hand, MeldKind
from tutor.engine.memo import memo
from tutor.engine.tiles import EAST

Found = tuple[list[Action], list[Forbidden]]


_last: list[tuple[KyokuState, tuple[Decision, ...]]] = []
"""The last state asked about and its decisions: a player, `kyoku.step`'s
check and the step's own look ahead ask the same state in a row, and a
state never changes (a frozen dataclass), so the same object has the same answer."""


def decisions(state: KyokuState) -> tuple[Decision, ...]:
    """Every seat that must decide now, with its legal actions (PASS among them in answers)."""
    last = _last[0] if _last else None  # read once: a replay in another thread may set it meanwhile
    if last is not None and last[0] is state:
        return last[1]
    phase = state.phase
    seats = _answering(state) if phase is Phase.CLAIMS or phase is Phase.CHANKAN else range(4)
    answer: tuple[Decision, ...] = ()
    if seats:  # after most discards nobody might answer
        found = (decision_for(state, seat) for seat in seats)
        answer = tuple(decision for decision in found if decision.legal)
    _last[:] = [(state, answer)]
    return answer


def _answering(state: KyokuState) -> tuple[int, ...]:
    """The seats that might answer the tile (`answerable`): after most
    discards none, found without listing any seat's actions."""
    last = _last_answering[0] if _last_answering else None  # read once, as `decisions` reads `_last`
    if last is not None and last[0] is state:
        return last[1]
    assert state.last_tile is not None
    tile = state.kind(state.last_tile)
    seats = tuple(seat for seat in range(4) if seat != state.turn and answerable(state, seat) >> tile & 1)
    _last_answering[:] = [(state, seats)]
    return seats


answering_seats = _answering
"""The seats that might answer the discard (or the added kan) now: the only
ones that can let a winning tile go by (`kyoku`'s furiten marks)."""

_last_answering: list[tuple[KyokuState, tuple[int, ...]]] = []
"""The last state asked and its answer, as `_last` keeps `decisions`': the
step that answers a discard asks its seats again to mark the tiles passed."""


def decision_for(state: KyokuState, seat: int) -> Decision:
    """One seat's legal actions now and the actions it might try that are refused."""
    if state.phase is Phase.TURN:
        legal, refused = _turn(state, seat) if seat == state.turn else ([], [])
    elif state.phase is Phase.RIICHI_DISCARD:
        legal, refused = _riichi_discard(state, seat) if seat == state.turn else ([], [])
    elif state.phase is Phase.CLAIMS and seat != state.turn:
        legal, refused = _answer(state, seat, chankan=False)
    elif state.phase is Phase.CHANKAN and seat != state.turn:
        legal, refused = _answer(state, seat, chankan=True)
    else:
        legal, refused = [], []
    return Decision(seat, tuple(legal), tuple(refused))


def _hand_kinds(state: KyokuState, seat: int) -> Counter[int]:
    return Counter(map(state.wall.kinds.__getitem__, state.players[seat].hand))


TURN_KINDS = frozenset(
    {
        ActionKind.TSUMO,
        ActionKind.DISCARD,
        ActionKind.RIICHI,
        ActionKind.CLOSED_KAN,
        ActionKind.ADDED_KAN,
        ActionKind.NINE_TERMINALS,
    }
)


def decision_of_kind(state: KyokuState, kind: ActionKind) -> Decision:
    """The seat to play's legal and refused actions of one kind only (every
    kind after declaring riichi, when only discards are played).  A replayed
    log asks this of each logged play: the whole `decision_for` looks for a
    tsumo, riichi's tenpai and kans at every turn, a third of a replay's time."""
    seat = state.turn
    if state.phase is not Phase.TURN:
        return decision_for(state, seat)
    legal, refused = _turn(state, seat, frozenset({kind}))
    return Decision(seat, tuple(legal), tuple(refused))


def _turn(state: KyokuState, seat: int, kinds: frozenset[ActionKind] = TURN_KINDS) -> Found:
    """The seat to play: discards, tsumo, riichi, kans, nine terminals (those of `kinds`)."""
    legal: list[Action] = []
    refused: list[Forbidden] = []
    player = state.players[seat]
    if ActionKind.TSUMO in kinds:
        _tsumo(state, seat, legal, refused)
    if ActionKind.DISCARD in kinds:
        _discards(state, seat, legal, refused)
    if player.drawn is None or kinds.isdisjoint(_DRAWN_KINDS):
        return legal, refused
    counts = _hand_kinds(state, seat)
    if ActionKind.RIICHI in kinds:
        _riichi(state, seat, legal, refused)
    if ActionKind.CLOSED_KAN in kinds:
        _closed_kans(state, seat, counts, legal, refused)
    if ActionKind.ADDED_KAN in kinds:
        _added_kans(state, seat, counts, legal, refused)
    if ActionKind.NINE_TERMINALS in kinds and nine_terminals(state, seat):
        legal.append(Action(seat, ActionKind.NINE_TERMINALS))
    return legal, refused


_DRAWN_KINDS = frozenset({ActionKind.RIICHI, ActionKind.CLOSED_KAN, ActionKind.ADDED_KAN, ActionKind.NINE_TERMINALS})
"""The turn's actions only a seat that has just drawn may take."""


def _tsumo(state: KyokuState, seat: int, legal: list[Action], refused: list[Forbidden]) -> None:
    """Tsumo: the drawn tile completes the hand, and the hand has a yaku."""
    drawn = state.players[seat].drawn
    if drawn is None:
        return
    tile = state.kind(drawn)
    if tile not in hand_waits(state.engine_hand(seat).without_tile(tile)):
        return
    action = Action(seat, ActionKind.TSUMO, tile)
    reason = winning_refusal(state, seat, tile, tsumo=True)
    if reason is None:
        legal.append(action)
    elif reason == "no_yaku":
        refused.append(Forbidden(action, Refusal.NO_YAKU, (tile,)))


def _discards(state: KyokuState, seat: int, legal: list[Action], refused: list[Forbidden]) -> None:
    """Discards: any kind held, except those kuikae bars and, after riichi, all but the drawn tile."""
    # The actions are shared (`_discard_action`): a game lists a seat's
    # discards at every one of its turns.
    for kind in sorted(set(state.engine_hand(seat).concealed)):
        action = _discard_action(seat, kind)
        refusal = _discard_refusal(state, action)
        if refusal is None:
            legal.append(action)
        else:
            refused.append(refusal)


def _discard_refusal(state: KyokuState, action: Action) -> Forbidden | None:
    """Why a discard of a kind held is refused, or None: after riichi only the
    drawn tile goes, and kuikae bars what a call just made."""
    player = state.players[action.seat]
    if player.riichi and (player.drawn is None or action.tile != state.kind(player.drawn)):
        return _riichi_locked(action)
    if state.options.kuikae and action.tile in player.kuikae:
        return Forbidden(action, Refusal.KUIKAE, tuple(sorted(player.kuikae)))
    return None


def legal_discard(state: KyokuState, kind: int) -> Action | None:
    """The discard of `kind` by the seat to play on its turn, if the rules
    allow it, else None (`decision_of_kind` then says why).  A replayed log
    asks this of each logged discard: listing every discard of every turn
    was a tenth of a replay's time."""
    seat = state.turn
    kinds = state.wall.kinds
    # The kinds held, not the scoring hand: building a new 14-tile hand
    # only to find the kind in it cost more than the rest of the check.
    if state.phase is not Phase.TURN or kind not in map(kinds.__getitem__, state.players[seat].hand):
        return None
    action = _discard_action(seat, kind)
    return action if _discard_refusal(state, action) is None else None


@lru_cache(maxsize=4)
def pass_action(seat: int) -> Action:
    """The seat's pass, made once: every answer lists one."""
    return Action(seat, ActionKind.PASS)


@lru_cache(maxsize=4 * 34)
def _discard_action(seat: int, kind: int) -> Action:
    return Action(seat, ActionKind.DISCARD, kind)


@lru_cache(maxsize=4 * 34)
def _riichi_locked(action: Action) -> Forbidden:
    assert action.tile is not None
    return Forbidden(action, Refusal.RIICHI_LOCKED, (action.tile,))


def _riichi(state: KyokuState, seat: int, legal: list[Action], refused: list[Forbidden]) -> None:
    """Riichi: a closed hand, tenpai after some discard, points for the stick,
    enough tiles left in the wall; not twice."""
    player = state.players[seat]
    if player.riichi:
        return
    action = Action(seat, ActionKind.RIICHI)
    reasons: list[Forbidden] = []
    if not player.closed:
        called = tuple(sorted(state.kind(meld.called) for meld in player.melds if meld.called is not None))
        reasons.append(Forbidden(action, Refusal.NOT_CLOSED, called))
    elif not riichi_discards(state, seat):
        reasons.append(Forbidden(action, Refusal.NOT_TENPAI))
    if state.scores[seat] < state.options.riichi_cost:
        reasons.append(Forbidden(action, Refusal.NOT_ENOUGH_POINTS))
    if live_tiles(state) < state.options.riichi_min_wall:
        reasons.append(Forbidden(action, Refusal.TOO_FEW_TILES))
    if reasons:
        refused.extend(reasons)
    else:
        legal.append(action)


def _kan_blocker(state: KyokuState, action: Action) -> Forbidden | None:
    """A kan needs a replacement tile to draw and fewer than four kans made."""
    if len(state.kans) >= ALL_KANS:
        return Forbidden(action, Refusal.KAN_LIMIT)
    if live_tiles(state) == 0:
        return Forbidden(action, Refusal.TOO_FEW_TILES)
    return None


def _closed_kans(
    state: KyokuState, seat: int, counts: Counter[int], legal: list[Action], refused: list[Forbidden]
) -> None:
    """Concealed kan: four of a kind held; after riichi only one that keeps the waits."""
    for kind in sorted(kind for kind, count in counts.items() if count == 4):
        action = Action(seat, ActionKind.CLOSED_KAN, kind, (kind,) * 4)
        blocker = _kan_blocker(state, action)
        if blocker is None and state.players[seat].riichi and not kan_keeps_waits(state, seat, kind):
            blocker = Forbidden(action, Refusal.RIICHI_LOCKED, (kind,))
        if blocker is None:
            legal.append(action)
        else:
            refused.append(blocker)


def _added_kans(
    state: KyokuState, seat: int, counts: Counter[int], legal: list[Action], refused: list[Forbidden]
) -> None:
    """Added kan: the fourth tile of one of the seat's pons, held in hand."""
    for meld in state.players[seat].melds:
        kind = state.kind(meld.slots[0])
        if meld.kind is MeldKind.PON and counts[kind]:
            action = Action(seat, ActionKind.ADDED_KAN, kind, (kind,))
            blocker = _kan_blocker(state, action)
            if blocker is None:
                legal.append(action)
            else:
                refused.append(blocker)


def _riichi_discard(state: KyokuState, seat: int) -> Found:
    """After declaring riichi: only the discards that leave the hand tenpai."""
    keeping = set(riichi_discards(state, seat))
    legal: list[Action] = []
    refused: list[Forbidden] = []
    for kind in sorted(_hand_kinds(state, seat)):
        action = Action(seat, ActionKind.DISCARD, kind)
        if kind in keeping:
            legal.append(action)
        else:
            refused.append(Forbidden(action, Refusal.NOT_TENPAI_DISCARD, (kind,)))
    return legal, refused


def _answer(state: KyokuState, seat: int, chankan: bool) -> Found:
    """A seat answering a discard (or, in chankan, an added kan): ron, then calls, then pass."""
    assert state.last_tile is not None
    tile = state.kind(state.last_tile)
    legal: list[Action] = []
    refused: list[Forbidden] = []
    if not answerable(state, seat) >> tile & 1:
        return legal, refused  # the usual answer, found without listing waits or shapes
    _ron(state, seat, tile, chankan, legal, refused)
    if not chankan:
        _calls(state, seat, tile, legal, refused)
    if legal or (refused and state.learner == seat):
        legal.append(pass_action(seat))
    return legal, refused


def answerable(state: KyokuState, seat: int) -> int:
    """Every kind the seat might answer the discard of the seat to play with,
    as a bit mask (bit k for kind k; `_answerable`: chi only from the seat
    on the discarder's right, the next to play), remembered as
    `state.scoring_hand` remembers the hand (the wall's kinds and the melds
    by identity, the slots by value): every discard asks it of three seats,
    whose tiles stand unchanged for three discards out of four, and a tile
    drawn and let go leaves the slots held before."""
    player = state.players[seat]
    kinds = state.wall.kinds
    key = (id(kinds), player.hand, id(player.melds))
    found = _ANSWERABLE.get(key)
    if found is None:
        if len(_ANSWERABLE) >= _MOST_ANSWERABLE:
            _ANSWERABLE.clear()
        found = _ANSWERABLE[key] = (kinds, player.melds, _answerable(state.engine_hand(seat)))
    without_chi, with_chi = found[2]
    return with_chi if (seat - state.turn) % 4 == 1 else without_chi


_ANSWERABLE: Final[
    dict[
        tuple[int, tuple[int, ...], int],
        tuple[tuple[int, ...], tuple[GameMeld, ...], tuple[int, int]],
    ]
] = memo("game.legal.answerable", {})
_MOST_ANSWERABLE: Final = 4096

_RANK_ABOVE_1: Final = sum(1 << kind for kind in range(EAST) if kind % 9 > 0)
_RANK_BELOW_8: Final = sum(1 << kind for kind in range(EAST) if kind % 9 < 7)
_RANK_BELOW_9: Final = sum(1 << kind for kind in range(EAST) if kind % 9 < 8)


def _answerable(hand: Hand) -> tuple[int, int]:
    """Every kind a 13-tile hand might ron or call on (or be refused either),
    as bit masks, without chi and with it: its waits and the kinds it holds
    twice (pon, kan), then also the kinds two of its tiles make a run with
    (chi).  A hand stands through three discards for each of its own, and
    most discards are none of these; only one seat may chi."""
    held = 0
    twice = 0
    for kind in hand.concealed:
        bit = 1 << kind
        twice |= held & bit
        held |= bit
    without_chi = twice
    for kind in hand_waits(hand):
        without_chi |= 1 << kind
    # k and k+1 of a suit held: k-1 or k+2 makes the run; k and k+2 held: k+1 makes it.
    side = held & held >> 1 & _RANK_BELOW_9
    gap = held & held >> 2 & _RANK_BELOW_8
    runs = (side & _RANK_ABOVE_1) >> 1 | (side & _RANK_BELOW_8) << 2 | gap << 1
    return without_chi, without_chi | runs


def furiten_reason(state: KyokuState, seat: int, wait_kinds: tuple[int, ...]) -> tuple[Refusal, tuple[int, ...]] | None:
    """Furiten, in the order a learner meets it: own discards of a wait, a
    winning tile passed since riichi, one passed since the seat's last discard."""
    player = state.players[seat]
    own = furiten_discards(state, seat, wait_kinds)
    if own:
        return Refusal.FURITEN, own
    if player.riichi_passed:
        return Refusal.FURITEN_RIICHI, tuple(sorted(set(player.riichi_passed)))
    if player.passed_wins:
        return Refusal.FURITEN_TEMPORARY, tuple(sorted(set(player.passed_wins)))
    return None


def _ron(state: KyokuState, seat: int, tile: int, chankan: bool, legal: list[Action], refused: list[Forbidden]) -> None:
    """Ron: the tile completes the hand, the seat is not furiten, and the hand has a yaku."""
    wait_kinds = waits(state, seat)
    if tile not in wait_kinds:
        return
    action = Action(seat, ActionKind.RON, tile)
    furiten = furiten_reason(state, seat, wait_kinds)
    if furiten is not None:
        refused.append(Forbidden(action, furiten[0], furiten[1]))
        return
    reason = winning_refusal(state, seat, tile, tsumo=False, chankan=chankan)
    if reason is None:
        legal.append(action)
    elif reason == "no_yaku":
        refused.append(Forbidden(action, Refusal.NO_YAKU, (tile,)))


CALL_ACTIONS = {CallKind.CHI: ActionKind.CHI, CallKind.PON: ActionKind.PON, CallKind.OPEN_KAN: ActionKind.OPEN_KAN}
SEAT_OF_DISCARDER = {1: Seat.LEFT, 2: Seat.ACROSS, 3: Seat.RIGHT}
"""Where the discarder sits seen from the caller, by how many turns the caller plays after it."""


def _call_shapes(state: KyokuState, seat: int, tile: int) -> list[Action]:
    """The chi, pon and open kan shapes the seat's hand makes with the tile
    (`tutor.engine.calls`: chi only from the seat on the left)."""
    where = SEAT_OF_DISCARDER[(seat - state.turn) % 4]
    shapes = []
    for call in calls_on_discard(state.engine_hand(seat), tile, where, wins=False):
        kind = CALL_ACTIONS.get(call.kind)
        if kind is not None:
            shapes.append(Action(seat, kind, tile, tuple(sorted(call.from_hand))))
    return shapes


def _calls(state: KyokuState, seat: int, tile: int, legal: list[Action], refused: list[Forbidden]) -> None:
    """Chi, pon and open kan: not after riichi, not on the last discard, not
    on the discard that ends the hand by four kans, no fifth kan, and not a
    call that would leave only kuikae discards."""
    shapes = _call_shapes(state, seat, tile)
    if not shapes:
        return  # the usual answer: no count of the hand is needed then
    player = state.players[seat]
    held = state.engine_hand(seat).concealed
    aborting = state.options.four_kans and four_kans_abort(state.kans)
    last_discard = live_tiles(state) == 0
    for action in shapes:
        if player.riichi:
            refused.append(Forbidden(action, Refusal.RIICHI_LOCKED, (tile,)))
        elif last_discard:
            refused.append(Forbidden(action, Refusal.TOO_FEW_TILES))
        elif aborting:
            refused.append(Forbidden(action, Refusal.FOUR_KANS))
        elif action.kind is ActionKind.OPEN_KAN and len(state.kans) >= ALL_KANS:
            refused.append(Forbidden(action, Refusal.KAN_LIMIT))
        elif action.kind is not ActionKind.OPEN_KAN and not _discard_left(state, held, action):
            barred = _barred_by(action)
            refused.append(Forbidden(action, Refusal.NO_DISCARD_LEFT, tuple(sorted(barred))))
        else:
            legal.append(action)


def _barred_by(action: Action) -> frozenset[int]:
    assert action.tile is not None
    kind = MeldKind.CHI if action.kind is ActionKind.CHI else MeldKind.PON
    return kuikae_kinds(action.tile, action.uses, kind)


def _discard_left(state: KyokuState, held: tuple[int, ...], action: Action) -> bool:
    """Whether after the call some tile could be discarded that kuikae does not bar."""
    barred = _barred_by(action) if state.options.kuikae else frozenset()
    # The tiles left are those held less those the call uses (all held):
    # some is not barred unless the barred kinds left are all of them.
    left_barred = sum(held.count(kind) - action.uses.count(kind) for kind in barred)
    return len(held) - len(action.uses) > left_barred
