"""The rules coach (issue 29): its refusal notes agree exactly with each
decision's refused set over bot-played hands of both games, the hint level
off says nothing, and each note names what a learner needs (the furiten
discard's turn, the yaku a call loses, the tiles safe against a riichi)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from tests.game_fixtures import OPTIONS, PLAIN, SOUZU, TANYAO, act, dealt, discard, t
from tutor.engine.game.actions import Action, ActionKind, Forbidden, Refusal
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.coach import (
    HintLevel,
    Note,
    NoteCode,
    as_forbidden,
    call_notes,
    claim_lost,
    coach,
    hand_call_notes,
)
from tutor.engine.game.kyoku import deal, shuffled_wall, step
from tutor.engine.game.legal import decision_for, decisions
from tutor.engine.game.mcr import coach as mcr_coach
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrForbidden
from tutor.engine.game.mcr.bots import BOTS
from tutor.engine.game.mcr.state import McrOptions, McrPhase
from tutor.engine.game.routes import open_routes, value_tiles
from tutor.engine.game.rules import waits
from tutor.engine.game.safety import safe_by_rule
from tutor.engine.game.simulate import Turn
from tutor.engine.game.state import KyokuState, Phase
from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.notation import parse_tiles

RIICHI_HANDS = 40
MCR_HANDS = 20
LEARNER = 0


def _checked_riichi(state: KyokuState, tally: Counter[str]) -> None:
    """Every seat's decision now: the refusal notes are the refused set, one note each."""
    for seat in range(4):
        decision = decision_for(state, seat)
        assert coach(state, decision, HintLevel.OFF) == ()
        notes = coach(state, decision, HintLevel.RULES_AND_EFFICIENCY)
        stated = [found for note in notes if (found := as_forbidden(note)) is not None]
        assert Counter(stated) == Counter(decision.forbidden)
        tally["decisions"] += 1
        tally["refusals"] += len(stated)
        for note in notes:
            tally[note.code] += 1
            _check_note(state, note)


def _check_note(state: KyokuState, note: Note) -> None:
    """What a note adds to its refusal is true of the state."""
    if note.code == "furiten":
        assert note.action is not None
        turn, tile = note.value("turn"), note.value("tile")
        assert turn is not None and tile in note.tiles
        assert state.kind(state.players[note.action.seat].discards[turn - 1]) == tile
        assert tile in waits(state, note.action.seat)
    if note.code == NoteCode.SAFE_BY_RULE:
        other = note.value("seat")
        assert other is not None and set(note.tiles) <= safe_by_rule(state, other)


def test_riichi_forbidden_notes_are_the_decisions_refusals() -> None:
    tally: Counter[str] = Counter()
    for number in range(RIICHI_HANDS):
        bots = [BeginnerBot(f"coach/{number}/{seat}") for seat in range(4)]
        state, _ = deal(OPTIONS, shuffled_wall(f"coach/{number}"), number % 4, learner=LEARNER)
        while state.phase is not Phase.OVER:
            _checked_riichi(state, tally)
            deciding = decisions(state)
            choices = {decision.seat: bots[decision.seat].choose(state, decision) for decision in deciding}
            state, _ = step(state, choices)
    # The corpus must reach refusals and the notes beside them, or it proves little.
    assert tally["refusals"] > 0 and tally[NoteCode.DISCARD] > 0 and tally[NoteCode.CALL_LOSES_YAKU] > 0
    assert tally[NoteCode.SAFE_BY_RULE] > 0


def test_mcr_forbidden_notes_are_the_decisions_refusals() -> None:
    options = McrOptions()
    tally: Counter[str] = Counter()
    for seed in range(MCR_HANDS):
        state, _ = mcr_hand.deal(options, seed % 4, seed)
        rng = random.Random(seed)
        while state.phase is not McrPhase.OVER:
            deciding = mcr_hand.decisions(state)
            for decision in deciding:
                assert mcr_coach.coach(state, decision, HintLevel.OFF) == ()
                notes = mcr_coach.coach(state, decision, HintLevel.RULES_AND_EFFICIENCY)
                stated = [found for note in notes if (found := mcr_coach.as_forbidden(note)) is not None]
                assert Counter(stated) == Counter(decision.forbidden)
                tally["refusals"] += len(stated)
                tally.update(note.code for note in notes)
            choices = {d.seat: BOTS["beginner"](state, d, rng) for d in deciding}
            state, _ = mcr_hand.step(state, choices)
    assert tally["under_eight"] > 0 and tally[NoteCode.DISCARD] > 0


def test_the_under_eight_note_carries_its_fans_and_points() -> None:
    action = mcr_hand.McrAction(1, mcr_hand.A.HU, 5)
    forbidden = McrForbidden(action, mcr_hand.McrRefusal.UNDER_EIGHT, (5,), (("1", 1), ("77", 2)), 4)
    note = mcr_coach.forbidden_note(forbidden)
    assert note.names == ("1", "77", "77") and note.value("points") == 4
    assert note.lesson == "m04-routes-to-eight" and note.rule == "mcr.under_eight"
    assert mcr_coach.as_forbidden(note) == forbidden


def test_furiten_note_names_the_discard_and_its_turn() -> None:
    state = dealt({0: PLAIN, 1: TANYAO, 2: "111m99m222z333z17z", 3: SOUZU}, draws="7z3s6s", learner=1)
    state = discard(state, 0, "7z")
    state = discard(state, 1, "3s")
    state = discard(state, 2, "6s")
    notes = coach(state, decision_for(state, 1), HintLevel.RULES)
    (furiten,) = [note for note in notes if note.code == "furiten"]
    assert furiten.values == (("turn", 1), ("tile", t("3s")))
    assert furiten.lesson == "r04-waits" and furiten.rule == "riichi.furiten"
    assert as_forbidden(furiten) == Forbidden(Action(1, ActionKind.RON, t("6s")), Refusal.FURITEN, (t("3s"),))


def test_a_chi_that_leaves_no_yaku_and_one_that_loses_pinfu() -> None:
    # Seat 1 holds a closed pinfu tenpai (23m waits on 1m and 4m) and may chi 4s with 23s.
    pinfu = "23m456m678p234s55s"
    state = dealt({0: PLAIN, 1: pinfu, 2: "111m99m222z333z17z", 3: SOUZU}, draws="4s")
    state = discard(state, 0, "4s")
    chi = Action(1, ActionKind.CHI, t("4s"), (t("2s"), t("3s")))
    assert chi in decision_for(state, 1).legal
    notes = {note.code: note for note in call_notes(state, chi)}
    assert "pinfu" in notes[NoteCode.CALL_LOSES_YAKU].names and "riichi" in notes[NoteCode.CALL_LOSES_YAKU].names
    # One run called leaves every route but the closed ones: sanshoku, a flush, tanyao ...
    assert NoteCode.CALL_NO_YAKU not in notes


def test_open_routes_follow_the_melds_fixed() -> None:
    def melds(*runs: str) -> tuple[Meld, ...]:
        return tuple(Meld(MeldKind.CHI, parse_tiles(run)) for run in runs)

    values = value_tiles(t("2z"), t("1z"))  # a south seat in an east round
    three_ways = Hand(parse_tiles("55s3z"), melds("234s", "567m", "789p"))
    # 234s, 567m and 789p: no flush, sanshoku, ittsu, chanta, toitoi, and 9p bars tanyao.
    assert open_routes(three_ways, values, open_tanyao=True) == ()
    # The seat's wind held is still a route: yakuhai (a pair and a triplet may grow from it).
    assert open_routes(replace(three_ways, concealed=parse_tiles("55s2z")), values, True) == ("yakuhai",)
    two_ways = Hand(parse_tiles("55s2z3z4z"), melds("234s", "567m"))
    # Sanshoku of 567 is still open: 567p and 567s beside 234s.
    assert "sanshoku" in open_routes(two_ways, values, open_tanyao=False)
    assert "tanyao" in open_routes(two_ways, values, open_tanyao=True)
    ittsu = Hand(parse_tiles("55s2z3z4z"), melds("123m", "456m", "789p"))
    assert "ittsu" in open_routes(ittsu, values, open_tanyao=False)


def test_a_call_that_leaves_no_route_says_so() -> None:
    # 234s and 567m called, and a chi of 7p with 89p offered: no yaku is left to reach.
    hand = Hand(
        parse_tiles("89p55s3z"), (Meld(MeldKind.CHI, parse_tiles("234s")), Meld(MeldKind.CHI, parse_tiles("567m")))
    )
    chi = Action(1, ActionKind.CHI, t("7p"), (t("8p"), t("9p")))
    (note,) = hand_call_notes(hand, chi, t("2z"), t("1z"), open_tanyao=True, closed_yaku=None)
    assert note.code == NoteCode.CALL_NO_YAKU and note.lesson == "r03-winning" and note.tiles == (t("7p"),)
    # A pon of the round wind instead is a yaku in itself.
    pon = Action(1, ActionKind.PON, t("1z"), (t("1z"), t("1z")))
    held = replace(hand, concealed=parse_tiles("89p5s1z1z"))
    assert hand_call_notes(held, pon, t("2z"), t("1z"), open_tanyao=True, closed_yaku=None) == ()


def test_safe_tiles_against_a_riichi_are_the_hands_genbutsu() -> None:
    state = dealt({0: "123m456p789s1155z", 1: TANYAO, 2: "111m99m222z333z17z", 3: SOUZU}, draws="7z1p9m1s")
    state = discard(state, 0, "7z")
    # Seat 1 declares riichi on its tenpai hand after drawing 1p.
    state = act(state, Action(1, ActionKind.RIICHI))
    state = act(state, Action(1, ActionKind.DISCARD, t("1p")))
    state = discard(state, 2, "9m")
    state = discard(state, 3, "1s")
    assert state.players[1].riichi and state.turn == 0
    notes = coach(state, decision_for(state, 0), HintLevel.RULES_AND_EFFICIENCY)
    safe = next(note for note in notes if note.code == NoteCode.SAFE_BY_RULE)
    held = {state.kind(slot) for slot in state.players[0].hand}
    assert safe.value("seat") == 1
    assert set(safe.tiles) == held & (safe_by_rule(state, 1))
    assert t("1p") in safe.tiles or t("1p") not in held
    assert not any(note.code == NoteCode.SAFE_BY_RULE for note in coach(state, decision_for(state, 0), HintLevel.RULES))


def test_a_chi_that_gives_way_to_a_pon_is_told() -> None:
    state = dealt({0: PLAIN, 1: "4567m123s456s99p1z", 2: "44m123p456p789p12z", 3: SOUZU}, draws="4m")
    state = pass_until_claims(state)
    chi = Action(1, ActionKind.CHI, t("4m"), (t("5m"), t("6m")))
    pon = Action(2, ActionKind.PON, t("4m"), (t("4m"), t("4m")))
    deciding = decisions(state)
    choices = {d.seat: Action(d.seat, ActionKind.PASS) for d in deciding}
    choices[1], choices[2] = chi, pon
    _, events = step(state, choices)
    note = claim_lost(Turn(state, deciding, choices, events), 1)
    assert note is not None and note.value("seat") == 2 and note.names == ("pon",) and note.lesson == "r05-calls"
    assert claim_lost(Turn(state, deciding, choices, events), 2) is None


def pass_until_claims(state: KyokuState) -> KyokuState:
    state, _ = step(state, {0: Action(0, ActionKind.DISCARD, t("4m"))})
    assert state.phase is Phase.CLAIMS
    return state
