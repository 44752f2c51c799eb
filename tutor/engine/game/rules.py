"""The rules of riichi play, one small rule per function.

Each function answers one question about a state (may this seat riichi, is
it furiten, which kinds does kuikae bar) and names the rule in its docstring.
"""

from __future__ import annotations

from functools import lru_cache

from tutor.engine.efficiency import shanten
from tutor.engine.efficiency.results import TENPAI
from tutor.engine.game.state import KyokuState, PlayerState
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.refusal import Refusal as ScoreRefusal
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.score import RiichiScore, score_riichi
from tutor.engine.table import indicator_slot
from tutor.engine.tiles import TERMINAL_OR_HONOUR_TILES, WIND_TILES
from tutor.engine.waits import winning_tiles

NINE_KINDS = 9
ALL_KANS = 4


def live_tiles(state: KyokuState) -> int:
    """Tiles left to draw before the dead wall (which the table model keeps at 14)."""
    return state.wall.live()


def waits(state: KyokuState, seat: int) -> tuple[int, ...]:
    """The kinds that complete the seat's 13-tile hand (none it holds all four of)."""
    return hand_waits(state.engine_hand(seat))


@lru_cache(maxsize=2048)
def hand_waits(hand: Hand) -> tuple[int, ...]:
    """The kinds that complete a 13-tile hand, remembered: a seat's hand stands
    unchanged from one of its turns to the next while every discard asks its
    waits (ron, furiten) and its next draw asks them again (tsumo).  Replaying
    500 logged hands, a quarter of the time went to `winning_tiles`, most
    of it on hands asked before."""
    return tuple(winning_tiles(hand))


def discarded_kinds(state: KyokuState, player: PlayerState) -> frozenset[int]:
    """Every kind the player discarded, called-away ones too: what own-discard furiten looks at."""
    return frozenset(state.kind(slot) for slot in player.discards)


def furiten_discards(state: KyokuState, seat: int, wait_kinds: tuple[int, ...]) -> tuple[int, ...]:
    """Furiten by own discards: the waits the seat has itself discarded."""
    seen = discarded_kinds(state, state.players[seat])
    return tuple(kind for kind in wait_kinds if kind in seen)


def win_flags(state: KyokuState, seat: int, tsumo: bool, chankan: bool) -> frozenset[Flag]:
    """The situation flags of a win now: riichi, double riichi, ippatsu,
    rinshan, chankan, haitei (tsumo on the last live tile, not a replacement),
    houtei (ron on the last discard), tenhou and chiihou (tsumo on the first
    draw before any call), renhou (when the scoring rules count it)."""
    player = state.players[seat]
    flags: set[Flag] = set()
    if player.riichi:
        flags.add(Flag.DOUBLE_RIICHI if player.double_riichi else Flag.RIICHI)
        if player.ippatsu:
            flags.add(Flag.IPPATSU)
    last = live_tiles(state) == 0
    if tsumo:
        if state.rinshan:
            flags.add(Flag.RINSHAN)
        elif last:
            flags.add(Flag.HAITEI)
        if state.first_go_round(seat):
            flags.add(Flag.TENHOU if seat == state.dealer else Flag.CHIIHOU)
    elif chankan:
        flags.add(Flag.CHANKAN)
    else:
        if last:
            flags.add(Flag.HOUTEI)
        if state.options.scoring.renhou != "none" and seat != state.dealer and state.first_go_round(seat):
            flags.add(Flag.RENHOU)
    return frozenset(flags)


def score_win(state: KyokuState, seat: int, tile: int, tsumo: bool, chankan: bool = False) -> RiichiScore:
    """Scores the win on `tile` (already in hand for a tsumo) with the dora
    face up, kan dora still to turn included, and ura dora for riichi.
    Raises the scoring engine's Refusal for a hand that cannot win (no yaku)."""
    hand = state.engine_hand(seat, None if tsumo else tile)
    shown = indicators_at_win(state)
    context = WinContext(
        tile,
        tsumo,
        state.seat_wind(seat),
        state.round_tile,
        win_flags(state, seat, tsumo, chankan),
        tuple(state.kind(slot) for slot in shown[0]),
        tuple(state.kind(slot) for slot in shown[1]) if state.players[seat].riichi else (),
    )
    return score_riichi(hand, context, state.options.scoring)


def indicators_at_win(state: KyokuState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Dora at a win: the indicators face up, and the ura indicators beneath
    them (slots).  An open or added kan's indicator turns at the kan player's
    discard, so a win before it (a rinshan tsumo, a chankan) does not count it:
    Tenhou's and Mahjong Soul's rule, and riichienv's."""
    total = state.wall.total
    dora = tuple(indicator_slot(number, total) for number in range(state.indicators))
    return dora, tuple(slot + 1 for slot in dora)


def winning_refusal(state: KyokuState, seat: int, tile: int, tsumo: bool, chankan: bool = False) -> str | None:
    """None if the win on `tile` may be declared, else the scoring engine's reason (`no_yaku`)."""
    try:
        score_win(state, seat, tile, tsumo, chankan)
    except ScoreRefusal as refusal:
        return refusal.reason
    return None


def kuikae_kinds(called: int, uses: tuple[int, ...], kind: MeldKind) -> frozenset[int]:
    """Kuikae, both kinds: after a call the called kind may not be discarded
    (genbutsu), and after a chi on the end of a run neither may the kind at
    the run's other end (suji): 4m called with 56m bars 4m and 7m."""
    barred = {called}
    if kind is MeldKind.CHI:
        low, high = min(uses), max(uses)
        if called < low and high % 9 < 8:
            barred.add(high + 1)
        elif called > high and low % 9 > 0:
            barred.add(low - 1)
    return frozenset(barred)


def riichi_discards(state: KyokuState, seat: int) -> tuple[int, ...]:
    """Riichi's tenpai: the kinds whose discard leaves the 14-tile hand tenpai."""
    return _tenpai_discards(state.engine_hand(seat))


@lru_cache(maxsize=256)
def _tenpai_discards(hand: Hand) -> tuple[int, ...]:
    """`riichi_discards` of a hand, remembered: the riichi asks it, then the
    riichi's discard asks it of the very same hand."""
    # A discard that leaves the hand tenpai needs a 14-tile hand at most
    # tenpai: one shanten count rules out most hands before a wait is looked
    # for after each of up to 14 discards (asked at every turn of a closed
    # hand, for riichi's legality, this was a sixth of a replay's time).
    if shanten(hand).shanten > TENPAI:
        return ()
    return tuple(kind for kind in sorted(set(hand.concealed)) if hand_waits(hand.without_tile(kind)))


def nine_terminals(state: KyokuState, seat: int) -> bool:
    """Nine terminals (kyuushu kyuuhai): on the first draw, before any call,
    nine or more different terminals and honours may abort the hand."""
    if not state.options.nine_terminals or not state.first_go_round(seat):
        return False
    kinds = {state.kind(slot) for slot in state.players[seat].hand}
    return len(kinds & TERMINAL_OR_HONOUR_TILES) >= NINE_KINDS


def four_winds(first_discards: tuple[int, ...]) -> bool:
    """Four winds (suufon renda): the four first discards are one wind."""
    return len(first_discards) == 4 and first_discards[0] in WIND_TILES and len(set(first_discards)) == 1


def four_kans_abort(kans: tuple[int, ...]) -> bool:
    """Four kans (suukaikan): the fourth kan by more than one seat aborts the hand."""
    return len(kans) == ALL_KANS and len(set(kans)) > 1


def kan_keeps_waits(state: KyokuState, seat: int, kind: int) -> bool:
    """The riichi hand's kan: only of the tile just drawn, and only if the
    waits stay what they were before the draw."""
    player = state.players[seat]
    if player.drawn is None or state.kind(player.drawn) != kind:
        return False
    hand = state.engine_hand(seat)
    before = winning_tiles(hand.without_tile(kind))
    rest = hand
    for _ in range(4):
        rest = rest.without_tile(kind)
    after_hand = Hand(rest.concealed, (*rest.melds, Meld(MeldKind.CLOSED_KAN, (kind,) * 4)))
    return bool(before) and winning_tiles(after_hand) == before


def tenpai(state: KyokuState, seat: int) -> bool:
    """Tenpai at an exhaustive draw: the 13-tile hand waits on a kind it does not hold all four of."""
    return bool(waits(state, seat))


def nagashi_seats(state: KyokuState) -> frozenset[int]:
    """Nagashi mangan: the seats that discarded only terminals and honours and had none called."""
    if not state.options.nagashi_mangan:
        return frozenset()
    return frozenset(
        seat
        for seat, player in enumerate(state.players)
        if player.discards
        and not player.called_away
        and all(state.kind(slot) in TERMINAL_OR_HONOUR_TILES for slot in player.discards)
    )
