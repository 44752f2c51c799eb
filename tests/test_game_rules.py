"""The riichi game model's rules, each on a hand dealt for it (issue 29)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.game_fixtures import HONOURS, OPTIONS, PLAIN, SOUZU, TANYAO, TOTAL, act, dealt, discard, pass_all, t
from tutor.engine.game.actions import Action, ActionKind, Refusal
from tutor.engine.game.arranged import arranged_wall
from tutor.engine.game.invariants import violations
from tutor.engine.game.kyoku import IllegalAction, deal, exhaustive_draw, step
from tutor.engine.game.legal import decision_for
from tutor.engine.game.rules import kuikae_kinds, win_flags
from tutor.engine.game.settle import nagashi_deltas, noten_deltas
from tutor.engine.game.state import EndKind, KyokuState, Phase
from tutor.engine.hand import MeldKind
from tutor.engine.notation import parse_tiles
from tutor.engine.riichi.context import Flag
from tutor.engine.table import Wall, back_slot, indicator_slot


def refused(state: KyokuState, seat: int, kind: ActionKind) -> list[tuple[Refusal, tuple[int, ...]]]:
    return [(item.code, item.tiles) for item in decision_for(state, seat).forbidden if item.action.kind is kind]


def legal_kinds(state: KyokuState, seat: int) -> set[ActionKind]:
    return {action.kind for action in decision_for(state, seat).legal}


# --- kuikae ------------------------------------------------------------------------------


def test_kuikae_bars_the_called_kind_and_the_other_end_of_the_run() -> None:
    state = dealt({0: PLAIN, 1: "4567m123s456s99p1z", 2: HONOURS, 3: "2233446667788s"}, draws="4m")
    state = discard(state, 0, "4m")
    chi = Action(1, ActionKind.CHI, t("4m"), (t("5m"), t("6m")))
    assert chi in decision_for(state, 1).legal
    state = act(state, chi)
    assert state.phase is Phase.TURN and state.turn == 1
    legal = {action.tile for action in decision_for(state, 1).legal if action.kind is ActionKind.DISCARD}
    assert t("4m") not in legal and t("7m") not in legal and t("1s") in legal
    barred = (t("4m"), t("7m"))
    assert (Refusal.KUIKAE, barred) in refused(state, 1, ActionKind.DISCARD)
    with pytest.raises(IllegalAction):
        step(state, {1: Action(1, ActionKind.DISCARD, t("7m"))})


def test_kuikae_kinds_by_shape() -> None:
    assert kuikae_kinds(t("4m"), (t("5m"), t("6m")), MeldKind.CHI) == {t("4m"), t("7m")}
    assert kuikae_kinds(t("7m"), (t("5m"), t("6m")), MeldKind.CHI) == {t("7m"), t("4m")}
    assert kuikae_kinds(t("5m"), (t("4m"), t("6m")), MeldKind.CHI) == {t("5m")}
    # An edge run has no other end to bar: 7m called with 89m bars 7m only.
    assert kuikae_kinds(t("7m"), (t("8m"), t("9m")), MeldKind.CHI) == {t("7m")}
    assert kuikae_kinds(t("3m"), (t("1m"), t("2m")), MeldKind.CHI) == {t("3m")}
    assert kuikae_kinds(t("5z"), (t("5z"), t("5z")), MeldKind.PON) == {t("5z")}


# --- winning: yaku and furiten -------------------------------------------------------------


NO_YAKU = "123m456m789p55s24s"
"""Kanchan on 3s: no yaku on a ron, menzen tsumo on a tsumo."""


def test_a_ron_without_yaku_is_refused_and_the_tsumo_is_not() -> None:
    state = dealt({0: PLAIN, 1: NO_YAKU, 2: HONOURS, 3: SOUZU}, draws="3s")
    state = discard(state, 0, "3s")
    assert ActionKind.RON not in legal_kinds(state, 1)
    assert refused(state, 1, ActionKind.RON) == [(Refusal.NO_YAKU, (t("3s"),))]

    state = dealt({0: PLAIN, 1: NO_YAKU, 2: HONOURS, 3: SOUZU}, draws="7z3s")
    state = discard(state, 0, "7z")
    assert state.turn == 1 and ActionKind.TSUMO in legal_kinds(state, 1)
    end = act(state, Action(1, ActionKind.TSUMO, t("3s")))
    assert end.phase is Phase.OVER and end.result is not None
    (win,) = end.result.wins
    # The first draw, before any call: chiihou, a yakuman, not just menzen tsumo.
    assert win.yaku == (("chiihou", 1),) and win.source is None and win.limit == "yakuman"


def test_furiten_by_own_discard_names_the_discard() -> None:
    state = dealt({0: PLAIN, 1: TANYAO, 2: HONOURS, 3: SOUZU}, draws="7z3s6s", learner=1)
    state = discard(state, 0, "7z")
    assert ActionKind.TSUMO in legal_kinds(state, 1)
    state = discard(state, 1, "3s")  # a learner throws the winning tile
    state = discard(state, 2, "6s")
    assert ActionKind.RON not in legal_kinds(state, 1)
    assert refused(state, 1, ActionKind.RON) == [(Refusal.FURITEN, (t("3s"),))]


def test_temporary_furiten_lasts_until_the_next_discard() -> None:
    hands = {0: PLAIN, 1: "2266s7788s4466z9s", 2: HONOURS, 3: TANYAO}
    state = dealt(hands, draws="3s6s4z4z6s", learner=3)
    state = discard(state, 0, "3s")
    assert ActionKind.RON in legal_kinds(state, 3)
    state = act(state, Action(3, ActionKind.PASS))
    state = discard(state, 1, "6s")
    # The learner's seat is asked, with only a pass legal, so that it may try the ron.
    assert legal_kinds(state, 3) == {ActionKind.PASS}
    assert refused(state, 3, ActionKind.RON) == [(Refusal.FURITEN_TEMPORARY, (t("3s"),))]
    state = discard(state, 2, "4z")
    state = discard(state, 3, "4z")
    state = discard(state, 0, "6s")
    assert ActionKind.RON in legal_kinds(state, 3)


# --- riichi --------------------------------------------------------------------------------


def test_riichi_needs_points_and_tiles_left() -> None:
    state = dealt({0: TANYAO, 1: SOUZU, 2: HONOURS, 3: PLAIN}, draws="4z")
    assert ActionKind.RIICHI in legal_kinds(state, 0)
    poor = replace(state, scores=(900, 25000, 25000, 25000))
    assert refused(poor, 0, ActionKind.RIICHI) == [(Refusal.NOT_ENOUGH_POINTS, ())]
    # Three tiles left to draw: slots up to the last four live ones already drawn.
    late = replace(state, wall=replace(state.wall, front=state.wall.total - 14 - 3))
    assert late.wall.live() == 3
    assert refused(late, 0, ActionKind.RIICHI) == [(Refusal.TOO_FEW_TILES, ())]


def test_riichi_discard_stick_lock_and_ippatsu() -> None:
    state = dealt({0: TANYAO, 1: SOUZU, 2: HONOURS, 3: PLAIN}, draws="4z3s")
    state = act(state, Action(0, ActionKind.RIICHI))
    assert state.phase is Phase.RIICHI_DISCARD
    assert [action.tile for action in decision_for(state, 0).legal] == [t("4z")]
    assert (Refusal.NOT_TENPAI_DISCARD, (t("2m"),)) in refused(state, 0, ActionKind.DISCARD)
    state = pass_all(discard(state, 0, "4z"))  # seat 1 could pon it and passes
    assert state.scores[0] == 24000 and state.sticks == 1 and state.players[0].riichi
    assert state.players[0].double_riichi  # the first discard, before any call
    state = discard(state, 1, "3s")
    assert ActionKind.RON in legal_kinds(state, 0)
    end = act(state, Action(0, ActionKind.RON, t("3s")))
    assert end.result is not None
    (win,) = end.result.wins
    names = dict(win.yaku)
    assert names.keys() >= {"double_riichi", "ippatsu", "tanyao"}
    assert end.result.deltas[0] == win.points + 1000 and end.result.deltas[1] == -win.points
    assert sum(end.scores) == TOTAL


def test_a_riichi_hand_discards_only_its_draw() -> None:
    state = dealt({0: TANYAO, 1: SOUZU, 2: HONOURS, 3: PLAIN}, draws="4z1s1s1s9p")
    state = act(state, Action(0, ActionKind.RIICHI))
    state = discard(state, 0, "4z")
    for seat in (1, 2, 3):
        state = act(state, _tsumogiri(pass_all(state), seat))
    state = pass_all(state)
    assert state.turn == 0
    legal = decision_for(state, 0).legal
    assert [action.tile for action in legal if action.kind is ActionKind.DISCARD] == [t("9p")]
    assert (Refusal.RIICHI_LOCKED, (t("2m"),)) in refused(state, 0, ActionKind.DISCARD)


def _tsumogiri(state: KyokuState, seat: int) -> Action:
    drawn = state.players[seat].drawn
    assert drawn is not None
    return Action(seat, ActionKind.DISCARD, state.kind(drawn))


# --- kans and the dead wall ------------------------------------------------------------------


def test_a_concealed_kan_draws_from_the_dead_wall_and_turns_a_dora() -> None:
    state = dealt({0: "1111m234p567p789s", 1: SOUZU, 2: "222m888m777z2345s", 3: PLAIN}, draws="9m")
    kan = Action(0, ActionKind.CLOSED_KAN, t("1m"), (t("1m"),) * 4)
    assert kan in decision_for(state, 0).legal
    state = act(state, kan)
    assert state.indicators == 2 and state.kans == (0,)
    assert state.players[0].drawn == back_slot(0, 136) and state.rinshan
    assert len(state.wall.dead()) == 14


def test_a_rinshan_win_after_an_open_kan_does_not_count_the_kan_indicator() -> None:
    """The open kan's indicator turns at the kan player's discard; a tsumo on
    the replacement tile comes first (riichienv found ours counting it)."""
    kinds = {back_slot(0, 136): t("5s"), indicator_slot(0, 136): t("1z"), indicator_slot(1, 136): t("3m")}
    hands = {0: parse_tiles("1p234p567p789s555z"), 1: parse_tiles("111p234m567m6788s")}
    wall = arranged_wall(0, hands, parse_tiles("3z"))
    state, _ = deal(OPTIONS, placed(wall, kinds), 0)
    state = discard(state, 0, "1p")
    state = act(state, Action(1, ActionKind.OPEN_KAN, t("1p"), (t("1p"),) * 3))
    assert state.rinshan and state.pending_dora == 1
    following, _ = step(state, {1: Action(1, ActionKind.TSUMO, t("5s"))})
    assert following.result is not None
    (win,) = following.result.wins
    assert (win.yaku, win.han) == ((("rinshan", 1),), 1)


def placed(wall: Wall, kinds: dict[int, int]) -> Wall:
    """The wall with the given kinds at the given slots, each swapped with a
    tile of that kind from the far end of the live wall."""
    tiles = list(wall.kinds)
    for slot, kind in kinds.items():
        other = next(index for index in range(60, 122) if tiles[index] == kind and index not in kinds)
        tiles[slot], tiles[other] = tiles[other], tiles[slot]
    return replace(wall, kinds=tuple(tiles))


# --- end of the hand ---------------------------------------------------------------------


def test_haitei_and_houtei_on_the_last_tile() -> None:
    state = dealt({0: TANYAO, 1: SOUZU, 2: HONOURS, 3: PLAIN}, draws="4z")
    last = replace(state, wall=replace(state.wall, front=state.wall.total - 14))
    assert last.wall.live() == 0
    assert Flag.HAITEI in win_flags(last, 0, tsumo=True, chankan=False)
    assert Flag.HOUTEI in win_flags(last, 1, tsumo=False, chankan=False)
    assert Flag.HAITEI not in win_flags(state, 0, tsumo=True, chankan=False)


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        (frozenset(), (0, 0, 0, 0)),
        (frozenset({2}), (-1000, -1000, 3000, -1000)),
        (frozenset({0, 3}), (1500, -1500, -1500, 1500)),
        (frozenset({0, 1, 2}), (1000, 1000, 1000, -3000)),
        (frozenset({0, 1, 2, 3}), (0, 0, 0, 0)),
    ],
)
def test_tenpai_payments(tenpai: frozenset[int], deltas: tuple[int, int, int, int]) -> None:
    assert noten_deltas(OPTIONS, tenpai) == deltas


def test_nine_terminals_on_the_first_draw() -> None:
    state = dealt({0: "19m19p19s1234z588s", 1: SOUZU.replace("88s", "55s"), 2: HONOURS, 3: PLAIN}, draws="5z")
    assert ActionKind.NINE_TERMINALS in legal_kinds(state, 0)
    end = act(state, Action(0, ActionKind.NINE_TERMINALS))
    assert end.result is not None and end.result.kind is EndKind.NINE_TERMINALS and end.scores == (25000,) * 4


def test_an_added_kan_can_be_robbed_and_its_tile_stays_counted() -> None:
    hands = {0: "55p111m999m111s99s", 1: "234m567m23s789s34z", 2: "1199p3355s6677s2z", 3: "46p234m678m234s88s"}
    state = dealt(hands, draws="2z5p6z7z1z5p")
    state = discard(state, 0, "2z")
    state = discard(state, 1, "5p")
    assert ActionKind.RON in legal_kinds(state, 3)
    state = act(state, Action(0, ActionKind.PON, t("5p"), (t("5p"), t("5p"))))
    state = discard(state, 0, "9s")
    for seat in (1, 2, 3):
        state = act(state, _tsumogiri(pass_all(state), seat))
    state = pass_all(state)
    kan = Action(0, ActionKind.ADDED_KAN, t("5p"), (t("5p"),))
    assert kan in decision_for(state, 0).legal
    robbed = act(state, kan)
    assert robbed.phase is Phase.CHANKAN
    assert violations(robbed, TOTAL) == []
    end = act(robbed, Action(3, ActionKind.RON, t("5p")))
    assert end.result is not None
    (win,) = end.result.wins
    assert ("chankan", 1) in win.yaku and win.source == 0
    assert violations(end, TOTAL) == []


def test_nagashi_mangan_replaces_the_tenpai_payments() -> None:
    state = discard(dealt({0: TANYAO, 1: SOUZU, 2: HONOURS, 3: PLAIN}, draws="4z"), 0, "4z")
    assert state.phase is Phase.CLAIMS  # every hand at 13 tiles, as when the wall runs out
    terminals = [slot for slot in state.wall.remaining() if state.kind(slot) in (0, 8, 27, 33)][:6]
    simples = [slot for slot in state.wall.remaining() if state.kind(slot) == t("5p")][:2]
    players = list(state.players)
    players[0] = replace(players[0], discards=(*players[0].discards, simples[1]))
    players[2] = replace(players[2], discards=tuple(terminals))
    players[1] = replace(players[1], discards=tuple(simples[:1]))
    players[3] = replace(players[3], discards=tuple(terminals[:2]), called_away=frozenset(terminals[:1]))
    ended = exhaustive_draw(replace(state, players=(players[0], players[1], players[2], players[3])))
    assert ended.result is not None and ended.result.nagashi == {2}
    # Seat 2, not the dealer: 4,000 from the dealer (seat 0), 2,000 from each other seat.
    assert ended.result.deltas == (-4000, -2000, 8000, -2000)
    assert nagashi_deltas(0, frozenset({0})) == (12000, -4000, -4000, -4000)
    plain = exhaustive_draw(replace(state, options=replace(OPTIONS, nagashi_mangan=False), players=state.players))
    assert plain.result is not None and not plain.result.nagashi


def test_riichi_furiten_outlasts_the_next_discard() -> None:
    state = dealt({0: TANYAO, 1: SOUZU, 2: HONOURS, 3: PLAIN}, draws="4z3s1s1s9p6s", learner=0)
    state = act(state, Action(0, ActionKind.RIICHI))
    state = discard(state, 0, "4z")
    state = discard(state, 1, "3s")
    assert ActionKind.RON in legal_kinds(state, 0)
    state = act(state, Action(0, ActionKind.PASS))
    for seat in (2, 3, 0):
        state = act(state, _tsumogiri(pass_all(state), seat))
    state = discard(state, 1, "6s")
    assert refused(state, 0, ActionKind.RON) == [(Refusal.FURITEN_RIICHI, (t("3s"),))]


def test_a_call_ends_ippatsu() -> None:
    state = dealt({0: TANYAO, 1: SOUZU, 2: HONOURS, 3: PLAIN}, draws="4z3s")
    state = act(state, Action(0, ActionKind.RIICHI))
    state = discard(state, 0, "4z")
    state = act(state, Action(1, ActionKind.PON, t("4z"), (t("4z"), t("4z"))))
    assert not state.players[0].ippatsu
    state = discard(state, 1, "9s")
    state = discard(state, 2, "3s")
    end = act(state, Action(0, ActionKind.RON, t("3s")))
    assert end.result is not None
    names = dict(end.result.wins[0].yaku)
    assert "double_riichi" in names and "ippatsu" not in names
