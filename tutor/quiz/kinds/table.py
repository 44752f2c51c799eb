"""Quiz kinds about the table: `calls` and `game-flow`."""

from __future__ import annotations

import random
from typing import Any

from tutor.engine.calls import CallKind, Claim, Seat, calls_on_discard, winning_claim
from tutor.engine.notation import format_hand, format_meld
from tutor.engine.tiles import TILE_KINDS, tile_name
from tutor.quiz.deal import drop_one, random_complete
from tutor.quiz.names import CALL_NAMES, choice_labels
from tutor.quiz.question import Question

CALL_CHOICES = ("chi", "pon", "open_kan", "win", "none")
SEAT_NAMES = {
    "en": {"left": "the player on the left", "across": "the player opposite", "right": "the player on the right"},
    "ko": {"left": "상가", "across": "대면", "right": "하가"},
}


def generate_calls(seed: int, level: int) -> Question:
    """Which calls may this player make on this discard?  Level 3: of several
    claims on one discard, which wins (MCR priority)."""
    rng = random.Random(seed)
    if level == 3:
        return _claims(rng, seed)
    hand = drop_one(rng, random_complete(rng, max_melds=1))
    # A discard next to or equal to the hand's tiles, so that calls are in play.
    near = sorted({t + d for t in hand.concealed for d in (-2, -1, 0, 1, 2) if 0 <= t + d < TILE_KINDS})
    discard = rng.choice(near)
    while hand.all_counts()[discard] >= 4:
        discard = rng.choice(near)
    seat = rng.choice(list(Seat)) if level == 2 else Seat.LEFT
    calls = calls_on_discard(hand, discard, seat)
    kinds = sorted({call.kind.value for call in calls}) or ["none"]
    melds = ", ".join(format_meld(call.meld) for call in calls if call.meld)
    explanation = {
        "en": f"From {SEAT_NAMES['en'][seat.value]}: "
        + ", ".join(CALL_NAMES["en"][k] for k in kinds)
        + (f" ({melds})" if melds else "")
        + ". Chi only from the player on the left; pon and kan from anyone.",
        "ko": f"{SEAT_NAMES['ko'][seat.value]}의 버림패: "
        + ", ".join(CALL_NAMES["ko"][k] for k in kinds)
        + (f" ({melds})" if melds else "")
        + ". 치는 상가의 패로만, 뻥과 깡은 누구의 패로든 할 수 있다.",
    }
    return Question(
        kind="calls",
        level=level,
        seed=seed,
        rules="riichi",
        prompt={
            "en": f"{SEAT_NAMES['en'][seat.value].capitalize()} discards {tile_name(discard)}. Which calls can you make?",
            "ko": f"{SEAT_NAMES['ko'][seat.value]}가 {tile_name(discard)}을(를) 버렸다. 어떤 울기를 할 수 있는가?",
        },
        request={"hand": format_hand(hand), "discard": tile_name(discard), "from": seat.value, "rules": "riichi"},
        answer={"calls": kinds},
        explanation=explanation,
        concept=f"calls:{seat.value}",
        lesson="r05-calls",
        answer_type="checklist",
        choices=CALL_CHOICES,
        choice_labels=choice_labels(CALL_NAMES, CALL_CHOICES),
    )


def _claims(rng: random.Random, seed: int) -> Question:
    seats = rng.sample(list(Seat), rng.choice((2, 3)))
    kinds: list[CallKind] = []
    for seat in seats:
        options = [CallKind.WIN, CallKind.PON, CallKind.OPEN_KAN] + ([CallKind.CHI] if seat is Seat.LEFT else [])
        # Only one player can pon or kan a tile.
        if any(kind in (CallKind.PON, CallKind.OPEN_KAN) for kind in kinds):
            options = [kind for kind in options if kind not in (CallKind.PON, CallKind.OPEN_KAN)]
        kinds.append(rng.choice(options))
    claims = [Claim(seat, kind) for seat, kind in zip(seats, kinds, strict=True)]
    winner = winning_claim(claims)
    assert winner is not None
    choices = tuple(f"{claim.seat.value}:{claim.kind.value}" for claim in claims)

    def label(claim: Claim, language: str) -> str:
        return f"{SEAT_NAMES[language][claim.seat.value]}: {CALL_NAMES[language][claim.kind.value]}"

    return Question(
        kind="calls",
        level=3,
        seed=seed,
        rules="mcr",
        prompt={
            "en": "Several players claim the same discard. Whose claim is taken?",
            "ko": "여러 사람이 같은 버림패를 선언했다. 누구의 선언이 유효한가?",
        },
        request={"claims": [{"from": claim.seat.value, "call": claim.kind.value} for claim in claims], "rules": "mcr"},
        answer={"winner": f"{winner.seat.value}:{winner.kind.value}"},
        explanation={
            "en": "A win comes before kong and pung, and those before chi; of several wins, the player "
            f"nearest the discarder in turn order. So: {label(winner, 'en')}.",
            "ko": f"후 > 깡 = 펑 > 츠 순이고, 여러 명이 후를 선언하면 버린 사람에게서 차례가 가장 가까운 사람이 우선한다. 따라서 {label(winner, 'ko')}.",
        },
        concept="calls:priority",
        lesson="m03-calls-and-flowers",
        answer_type="choice",
        choices=choices,
        choice_labels={language: tuple(label(claim, language) for claim in claims) for language in ("en", "ko")},
    )


def check_calls(question: Question, response: dict[str, Any]) -> bool:
    if "winner" in question.answer:
        return bool(response.get("winner") == question.answer["winner"])
    given = response.get("calls")
    return isinstance(given, list) and sorted(given) == question.answer["calls"]


SEATS = ("E", "S", "W", "N")
SEAT_WORDS = {
    "en": dict(zip(SEATS, ("East", "South", "West", "North"), strict=True)),
    "ko": dict(zip(SEATS, ("동가", "남가", "서가", "북가"), strict=True)),
}
DICE_SEAT = {5: "E", 9: "E", 2: "S", 6: "S", 10: "S", 3: "W", 7: "W", 11: "W", 4: "N", 8: "N", 12: "N"}
# Document 004: seats after the East, South and West rounds, for each starting seat.
MCR_SEATS = {"E": ("S", "N", "W"), "S": ("E", "W", "N"), "W": ("N", "E", "S"), "N": ("W", "S", "E")}
ROUND_NAMES = {"en": ("East", "South", "West"), "ko": ("동장", "남장", "서장")}


def generate_game_flow(seed: int, level: int) -> Question:
    rng = random.Random(seed)
    labels = choice_labels(SEAT_WORDS, SEATS)
    if level == 1:
        total = rng.randint(2, 12)
        seat = DICE_SEAT[total]
        # The count starts at the thrower, so the seats below hold only for a
        # throw from the East seat (the first throw, and the dealer's).
        prompt = {
            "en": f"The player in the East seat throws the dice: {total}. Counting the thrower as 1, whose seat is it?",
            "ko": f"동가가 주사위를 던져 눈의 합이 {total}이다. 던진 사람을 1로 세면 어느 자리인가?",
        }
        explanation = {
            "en": "Counting from the thrower in the East seat: 5 and 9 name East, 2, 6 and 10 South, "
            "3, 7 and 11 West, 4, 8 and 12 North.",
            "ko": "동가를 1로 세면 5, 9는 동가, 2, 6, 10은 남가, 3, 7, 11은 서가, 4, 8, 12는 북가다.",
        }
        request: dict[str, Any] = {"dice": total, "rules": "riichi"}
        concept, lesson = "game-flow:dice", "r11-table"
    elif level == 2:
        result = rng.choice(("dealer_wins", "dealer_tenpai", "dealer_noten", "other_wins"))
        seat = "E" if result in ("dealer_wins", "dealer_tenpai") else "S"
        words = {
            "dealer_wins": ("the dealer wins", "친이 올랐다"),
            "dealer_tenpai": ("an exhaustive draw with the dealer tenpai", "유국, 친은 텐파이"),
            "dealer_noten": ("an exhaustive draw with the dealer not tenpai", "유국, 친은 노텐"),
            "other_wins": ("another player wins", "다른 사람이 올랐다"),
        }[result]
        prompt = {
            "en": f"The hand ends with {words[0]}. Who deals next (by today's seat)?",
            "ko": f"이번 국은 '{words[1]}'로 끝났다. 다음 친은 지금의 어느 자리인가?",
        }
        explanation = {
            "en": "The dealer deals again after a win or a tenpai draw; otherwise the deal passes to South.",
            "ko": "친이 오르거나 유국 때 텐파이면 친을 계속하고, 아니면 남가가 다음 친이 된다.",
        }
        request = {"result": result, "rules": "riichi"}
        concept, lesson = "game-flow:dealer", "r11-table"
    else:
        start = rng.choice(SEATS)
        after = rng.randrange(3)
        seat = MCR_SEATS[start][after]
        prompt = {
            "en": f"In MCR you started in the {SEAT_WORDS['en'][start]} seat. Where do you sit after the {ROUND_NAMES['en'][after]} round?",
            "ko": f"국표마작에서 처음 {SEAT_WORDS['ko'][start]}에 앉았다. {ROUND_NAMES['ko'][after]}이 끝나면 어디에 앉는가?",
        }
        path = " > ".join(SEAT_WORDS["en"][s] for s in (start, *MCR_SEATS[start]))
        path_ko = " > ".join(SEAT_WORDS["ko"][s] for s in (start, *MCR_SEATS[start]))
        explanation = {
            "en": f"From {SEAT_WORDS['en'][start]} the seats go {path}.",
            "ko": f"{SEAT_WORDS['ko'][start]}에서 시작하면 {path_ko} 순이다.",
        }
        request = {"start": start, "after_round": ("E", "S", "W")[after], "rules": "mcr"}
        concept, lesson = "game-flow:mcr-seats", "m01-differences"
    return Question(
        kind="game-flow",
        level=level,
        seed=seed,
        rules=request["rules"],
        prompt=prompt,
        request=request,
        answer={"seat": seat},
        explanation=explanation,
        concept=concept,
        lesson=lesson,
        answer_type="choice",
        choices=SEATS,
        choice_labels=labels,
    )


def check_game_flow(question: Question, response: dict[str, Any]) -> bool:
    return bool(response.get("seat") == question.answer["seat"])
