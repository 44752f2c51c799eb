"""Quiz kinds about riichi scoring: `fu`, `yakuman` and `riichi-points`."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Final

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.notation import format_decomposition
from tutor.engine.problems import InputProblem
from tutor.engine.refusal import Refusal
from tutor.engine.request import score_request
from tutor.engine.request_json import read_request, request_json, riichi_request
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.points import base_points, payments, points_json
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.score import RiichiScore, score_riichi
from tutor.engine.tiles import DRAGONS, EAST, WINDS
from tutor.locale import Message, joined, message
from tutor.quiz.answer_text import payment_message
from tutor.quiz.deal import random_complete, random_seven_pairs
from tutor.quiz.names import FU_ITEMS, FU_NOT_COUNTED, YAKU_NAMES, choice_labels, limit_message, name
from tutor.quiz.question import Question

DEFAULT_RULES: Final = RiichiRules()


def win_request(hand: Hand, context: WinContext, rules: RiichiRules = DEFAULT_RULES) -> dict[str, Any]:
    """A riichi win as a question's score request (design brief section 4)."""
    return request_json(riichi_request(hand, context, rules))


def request_rules(request: dict[str, Any]) -> RiichiRules:
    """The riichi rules a question's request names; the defaults where it
    names none.  Only the options are read: a riichi-points request has no
    hand, and a judge must not fail on a stored request it cannot read."""
    options = request.get("options")
    return RiichiRules.from_options(options) if isinstance(options, dict) else DEFAULT_RULES


def request_score(request: dict[str, Any]) -> RiichiScore | None:
    """The engine's score of a question's request, or None when it cannot be scored."""
    try:
        score = score_request(read_request(request))
    except (InputProblem, Refusal):
        return None
    return score if isinstance(score, RiichiScore) else None


def riichi_win(
    rng: random.Random, level: int, rules: RiichiRules = DEFAULT_RULES
) -> tuple[Hand, WinContext, RiichiScore]:
    """A winning hand with a yaku: level 1 closed and won by ron, level 2 with
    calls and tsumo, level 3 anything (kans, seven pairs)."""
    while True:
        if level == 3 and rng.random() < 0.15:
            hand = random_seven_pairs(rng)
        else:
            hand = random_complete(rng, max_melds=0 if level == 1 else 2 if level == 2 else 4)
        if level < 3 and any(meld.is_kan for meld in hand.melds):
            continue
        tsumo = level > 1 and rng.random() < 0.4
        flags = frozenset({Flag.RIICHI}) if hand.is_closed and rng.random() < 0.7 else frozenset()
        context = WinContext(rng.choice(hand.concealed), tsumo, rng.choice(WINDS), rng.choice(WINDS[:2]), flags)
        try:
            score = score_riichi(hand, context, rules)
        except Refusal:
            continue
        if not score.yakuman:
            return hand, context, score


def fu_line(item: str, tiles: str, fu: int) -> Message:
    """One fu line: its name, the tiles it counts (if any) and its fu."""
    shown = name("fu", item) if item in FU_ITEMS else item
    if not tiles:
        return message("quiz.fu.line_alone", item=shown, fu=fu)
    return message("quiz.fu.line", item=shown, tiles=tiles, fu=fu)


def fu_explanation(score: RiichiScore) -> tuple[Message, ...]:
    """The reading, its fu lines, and the total, one sentence each."""
    if not score.fu.lines:
        return (FU_NOT_COUNTED,)
    total = (
        message("quiz.fu.total_rounded", raw=score.fu.raw, fu=score.fu.fu)
        if score.fu.raw != score.fu.fu
        else message("quiz.fu.total", fu=score.fu.fu)
    )
    return (
        message(
            "quiz.fu.reading",
            reading=format_decomposition(score.reading.decomposition),
            wait=name("wait", score.reading.wait.value),
        ),
        message(
            "quiz.fu.lines", lines=joined((fu_line(line.item, line.tiles, line.fu) for line in score.fu.lines), "; ")
        ),
        total,
    )


def generate_fu(seed: int, level: int, rules: RiichiRules = DEFAULT_RULES) -> Question:
    """The fu of a winning hand."""
    rng = random.Random(seed)
    hand, context, score = riichi_win(rng, level, rules)
    return Question(
        kind="fu",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("quiz.fu.prompt"),
        request=win_request(hand, context, rules),
        answer={"fu": score.fu.fu, "fu_raw": score.fu.raw},
        explanation=fu_explanation(score),
        concept=f"fu:{score.reading.wait.value}",
        lesson="r09-fu",
        answer_type="number",
    )


def check_fu(question: Question, response: dict[str, Any]) -> bool:
    return bool(
        response.get("fu") == question.answer["fu"]
        and response.get("fu_raw", question.answer["fu_raw"]) == question.answer["fu_raw"]
    )


def _run(rng: random.Random) -> list[int]:
    start = rng.randrange(3) * 9 + rng.randrange(7)
    return [start, start + 1, start + 2]


def _yakuman_hand(rng: random.Random) -> tuple[Hand, WinContext]:
    """A hand built towards a yakuman: some make it, some just miss."""
    pattern = rng.choice(("dragons", "winds", "honours", "terminals", "green", "concealed", "kans", "orphans", "near"))
    seat = rng.choice(WINDS)
    if pattern == "dragons":
        dragons = list(DRAGONS)
        rng.shuffle(dragons)
        melds = tuple(Meld(MeldKind.PON, (tile,) * 3) for tile in dragons[:2])
        if rng.random() < 0.6:
            pair = rng.randrange(27)
            concealed = [dragons[2]] * 3 + _run(rng) + [pair, pair]
        else:
            # Two dragon pungs and a dragon pair: shousangen, not a yakuman.
            concealed = _run(rng) + _run(rng) + [dragons[2]] * 2
        hand = Hand(tuple(sorted(concealed)), melds)
    elif pattern == "orphans":
        extra = rng.choice((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
        hand = Hand(tuple(sorted([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, extra])))
    else:
        pool = {
            "winds": [*WINDS, 1, 10, 19],
            "honours": list(range(27, 34)),
            "terminals": [0, 8, 9, 17, 18, 26],
            "green": [19, 20, 21, 23, 25, 32],
            "concealed": [rng.randrange(34) for _ in range(6)],
            "kans": [rng.randrange(34) for _ in range(5)],
            "near": [27, 28, 29, 31, 32, 33, 4, 13],
        }[pattern]
        hand = random_complete(rng, pool, max_melds=0 if pattern == "concealed" else 3)
    return hand, WinContext(rng.choice(hand.concealed), rng.random() < 0.5, seat, EAST)


def stacking(rules: RiichiRules) -> RiichiRules:
    """The rules with every yakuman of a hand named, the other options kept."""
    return replace(rules, yakuman_stacking=True)


def _yaku(yaku: str) -> Message | str:
    """A yaku by its id; an unknown id (a newer brief) is shown as it is."""
    return name("yaku", yaku) if yaku in YAKU_NAMES else yaku


def generate_yakuman(seed: int, level: int, rules: RiichiRules = DEFAULT_RULES) -> Question:
    """Which yakuman is this, if any?"""
    rng = random.Random(seed)
    while True:
        try:
            hand, context = _yakuman_hand(rng)
        except ValueError:
            continue  # a pool that makes no complete hand: deal again
        if hand.tile_count != 14 or max(hand.all_counts()) > 4:
            continue
        try:
            score = score_riichi(hand, context, rules)
        except Refusal:
            continue
        found = _yakuman_found(hand, context, rules)
        if (level == 1 and found) or (level == 3 and not found) or level == 2:
            return yakuman_question(score, seed, level)


def _yakuman_found(hand: Hand, context: WinContext, rules: RiichiRules) -> list[str]:
    """Every yakuman the hand makes, by name, stacking or not."""
    return sorted(name for name, _ in score_riichi(hand, context, stacking(rules)).yakuman)


YAKUMAN_CHOICES: Final = (
    "none",
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "suukantsu",
)


def yakuman_question(score: RiichiScore, seed: int, level: int) -> Question:
    """Which yakuman the scored hand makes, if any, answered by our engine's
    score of it: every yakuman it makes (the rules in force, yakuman_stacking
    off by default, decide only which of them count), the explanation
    saying what they pay (a random hand of the drill, or a win of a game reviewed)."""
    hand, context, rules = score.hand, score.context, score.rules
    # Every yakuman the hand makes answers the question.
    found = _yakuman_found(hand, context, rules)
    counted = sorted(name for name, _ in score.yakuman)
    answer = found or ["none"]
    said = (
        message("quiz.yakuman.found", yakuman=joined(name("yakuman", n) for n in found))
        if found
        else message(
            "quiz.yakuman.none",
            yaku=joined(
                (message("quiz.yakuman.yaku", yaku=_yaku(yaku), han=han) for yaku, han in score.yaku), empty=""
            ),
        )
    )
    explanation: tuple[Message, ...] = (said,)
    if len(found) > 1 and counted != found:
        explanation += (message("quiz.yakuman.counted", yakuman=joined(name("yakuman", n) for n in counted)),)
    if score.points.limit and score.yakuman:
        paid = payment_message(points_json(score.points))
        explanation += (message("quiz.yakuman.paid", limit=limit_message(score.points.limit), paid=paid),)
    if not score.fu.lines:
        explanation += (FU_NOT_COUNTED,)
    return Question(
        kind="yakuman",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("quiz.yakuman.prompt"),
        request=win_request(hand, context, rules),
        answer={"yakuman": answer},
        explanation=explanation,
        concept=f"yakuman:{answer[0]}",
        lesson="r10-yakuman",
        answer_type="checklist",
        choices=YAKUMAN_CHOICES,
        choice_labels=choice_labels("yakuman", YAKUMAN_CHOICES),
    )


def check_yakuman(question: Question, response: dict[str, Any]) -> bool:
    given = response.get("yakuman")
    return isinstance(given, list) and sorted(given) == sorted(question.answer["yakuman"])


def generate_points(seed: int, level: int, rules: RiichiRules = DEFAULT_RULES) -> Question:
    """Han and fu to the payment."""
    rng = random.Random(seed)
    if level == 3:
        han, fu = rng.choice(range(5, 14)), rng.choice((30, 40))
    else:
        han = rng.choice((1, 2, 3, 4))
        fu = rng.choice((30, 40, 50, 60) if han < 4 else (30,))
    dealer = rng.random() < 0.4
    tsumo = level >= 2 and rng.random() < 0.5
    base, limit = base_points(han, fu, 0, rules)
    paid = payments(base, limit, dealer, tsumo)
    who = message("quiz.points.who.dealer" if dealer else "quiz.points.who.non_dealer")
    how = message("quiz.points.how.tsumo" if tsumo else "quiz.points.how.ron")
    # Who pays follows from how it was won; a payment that is None here would
    # be a Python value on screen, so the branch names the ones it needs.
    if not tsumo and paid.discarder is not None:
        split = message("quiz.points.split.ron", discarder=paid.discarder)
    elif dealer and paid.non_dealer is not None:
        split = message("quiz.points.split.dealer_tsumo", each=paid.non_dealer)
    elif paid.dealer is not None and paid.non_dealer is not None:
        split = message("quiz.points.split.tsumo", dealer=paid.dealer, each=paid.non_dealer)
    else:
        raise AssertionError(f"payments without a payer: {paid}")
    explanation = (
        message(
            "quiz.points.explanation_limit", base=paid.base, limit=limit_message(limit), split=split, total=paid.total
        )
        if limit
        else message("quiz.points.explanation", base=paid.base, split=split, total=paid.total)
    )
    return Question(
        kind="riichi-points",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("quiz.points.prompt", han=han, fu=fu, how=how, who=who),
        request={
            "han": han,
            "fu": fu,
            "dealer": dealer,
            "tsumo": tsumo,
            "rules": "riichi",
            **({"options": rules.differences()} if rules.differences() else {}),
        },
        answer={"total": paid.total, "base": paid.base, "limit": limit},
        explanation=explanation,
        concept=f"riichi-points:{'limit' if limit else 'table'}",
        lesson="r08-points",
        answer_type="number",
    )


def check_points(question: Question, response: dict[str, Any]) -> bool:
    """The total decides; a base or limit given with it must be right too
    (as `fu_raw` with `fu`)."""
    answer = question.answer
    return bool(
        response.get("total") == answer["total"]
        and all(response.get(key, answer[key]) == answer[key] for key in ("base", "limit"))
    )
