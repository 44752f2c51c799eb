"""Quiz kinds about the table: `calls` and `game-flow`."""

from __future__ import annotations

import random
from typing import Any

from tutor.engine.calls import CallKind, Claim, Seat, calls_on_discard, winning_claim
from tutor.engine.hand import Hand
from tutor.engine.notation import format_hand, format_meld
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.score import score_riichi
from tutor.engine.table import (
    MCR_HANDS,
    MCR_SEAT_PATHS,
    Game,
    Result,
    break_of,
    counted_seat,
    indicator_slot,
    mcr_break_of,
    mcr_seat_wind,
    next_game,
    next_turn,
    tile_total,
)
from tutor.engine.tiles import EAST, TILE_KINDS, WIND_LETTERS, tile_name, wind_tile
from tutor.locale import Joined, Message, joined, message
from tutor.quiz.deal import drop_one, random_complete
from tutor.quiz.names import choice_labels, name
from tutor.quiz.question import Question

CALL_CHOICES = ("chi", "pon", "open_kan", "win", "none")


def discarder(seat: Seat) -> Message:
    """Who discarded, as a prompt names them: "the player on the left", "상가"."""
    return name("discarder", seat.value)


def claimant(seat: Seat) -> Message:
    """A claimant named from the discarder, by where the discarder sits seen from
    the claimant: on the claimant's left, the claimant is the discarder's next player."""
    return message(f"table.quiz.claimant.{seat.value}")


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
    # A ron needs a yaku: the question says the seat, the round and whether
    # the player has declared riichi, and the scoring engine decides.
    own_wind, round_wind = rng.choice(WIND_LETTERS), rng.choice(WIND_LETTERS[:2])
    riichi = not hand.melds and rng.random() < 0.3
    calls = calls_on_discard(hand, discard, seat)
    no_chi = _no_chi_shape(hand, discard) if seat is Seat.LEFT and not riichi else None
    if any(call.kind is CallKind.CHI for call in calls):
        no_chi = None
    shape_wins = any(call.kind is CallKind.WIN for call in calls)
    no_yaku = shape_wins and not _has_yaku(hand, discard, own_wind, round_wind, riichi)
    if no_yaku:
        calls = [call for call in calls if call.kind is not CallKind.WIN]
    # A player in riichi may not chi, pon or open a kan: only ron is left.
    barred_by_riichi = riichi and any(call.kind is not CallKind.WIN for call in calls)
    if riichi:
        calls = [call for call in calls if call.kind is CallKind.WIN]
    kinds = sorted({call.kind.value for call in calls}) or ["none"]
    melds = ", ".join(format_meld(call.meld) for call in calls if call.meld)

    why = [
        message(
            "table.quiz.calls_why_melds" if melds else "table.quiz.calls_why",
            discarder=discarder(seat),
            calls=joined(name("call", k) for k in kinds),
            melds=melds,
        )
    ]
    if no_chi is not None:
        why.append(no_chi)
    if no_yaku:
        why.append(message("table.quiz.calls_no_yaku", tile=tile_name(discard)))
    if barred_by_riichi:
        why.append(message("table.quiz.calls_riichi"))
    prompt = message(
        "table.quiz.calls_prompt_seat",
        discarder=discarder(seat),
        tile=tile_name(discard),
        seat=name("seat_wind", own_wind),
        round=name("round_wind", round_wind),
        riichi=message("table.quiz.riichi_declared" if riichi else "table.quiz.riichi_not_declared"),
    )

    return Question(
        kind="calls",
        level=level,
        seed=seed,
        rules="riichi",
        prompt=prompt,
        request={
            "hand": format_hand(hand),
            "discard": tile_name(discard),
            "from": seat.value,
            "seat": own_wind,
            "round": round_wind,
            "riichi": riichi,
            "rules": "riichi",
        },
        answer={"calls": kinds},
        explanation=tuple(why),
        concept=f"calls:{seat.value}",
        lesson="r05-calls",
        answer_type="checklist",
        choices=CALL_CHOICES,
        choice_labels=choice_labels("call", CALL_CHOICES),
    )


def _no_chi_shape(hand: Hand, discard: int) -> Message | None:
    """Why the player on the left cannot chi a number tile, when the seat
    allows it and the shape does not (#28.13): the tiles beside it that the
    hand holds, and the one each run would still need ("beside the 7p a run
    needs the 5p or the 8p"); or that the hand holds none near it."""
    if discard >= EAST:
        return None
    counts = hand.concealed_counts()
    first = discard - discard % 9
    runs = [(low, low + 1, low + 2) for low in range(discard - 2, discard + 1) if first <= low and low + 2 <= first + 8]
    held: list[int] = []
    needed: list[int] = []
    for run in runs:
        others = [tile for tile in run if tile != discard]
        missing = [tile for tile in others if not counts[tile]]
        if len(missing) == 1:
            held += [tile for tile in others if counts[tile] and tile not in held]
            needed += [tile for tile in missing if tile not in needed]
    tile = tile_name(discard)
    if not needed:
        return message("table.quiz.calls_no_chi_apart", tile=tile)
    return message(
        "table.quiz.calls_no_chi_shape",
        tile=tile,
        held=", ".join(tile_name(tile) for tile in sorted(held)),
        needed=joined((tile_name(tile) for tile in sorted(needed)), message("table.quiz.or")),
    )


def _has_yaku(hand: Hand, discard: int, seat: str, round_wind: str, riichi: bool) -> bool:
    """Whether ron on `discard` scores: the hand has a yaku for this seat and round."""
    flags = frozenset({Flag.RIICHI}) if riichi else frozenset()
    try:
        score_riichi(hand.with_tile(discard), WinContext(discard, False, wind_tile(seat), wind_tile(round_wind), flags))
    except Refusal:
        return False
    return True


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

    def label(claim: Claim) -> Message:
        # Named from the discarder, the frame the prompt states: a claim's
        # seat is where the discarder sits seen from the claimant.
        return message("table.quiz.claim_choice", discarder=claimant(claim.seat), call=name("call", claim.kind.value))

    return Question(
        kind="calls",
        level=3,
        seed=seed,
        rules="mcr",
        prompt=message("table.quiz.claims_prompt_frame"),
        request={"claims": [{"from": claim.seat.value, "call": claim.kind.value} for claim in claims], "rules": "mcr"},
        answer={"winner": f"{winner.seat.value}:{winner.kind.value}"},
        explanation=message("table.quiz.claims_why", winner=label(winner)),
        concept="calls:priority",
        lesson="m03-calls-and-flowers",
        answer_type="choice",
        choices=choices,
        choice_labels=tuple(label(claim) for claim in claims),
    )


def check_calls(question: Question, response: dict[str, Any]) -> bool:
    if "winner" in question.answer:
        return bool(response.get("winner") == question.answer["winner"])
    given = response.get("calls")
    return isinstance(given, list) and sorted(given) == question.answer["calls"]


SEATS = tuple(WIND_LETTERS)


def seat_word(seat: str) -> Message:
    """A seat by its wind: "East", "동가"."""
    return name("seat_wind", seat)


def seat_path(start: str) -> Joined:
    """The seats a player holds hand after hand in an MCR game: "East > South > ..."."""
    return joined((seat_word(seat) for seat in MCR_SEAT_PATHS[start]), " > ")


RESULTS = ("dealer_wins", "dealer_tenpai", "dealer_noten", "other_wins")
TABLE_CALLS = ("chi", "pon", "open_kan")


def generate_game_flow(seed: int, level: int) -> Question:
    """Level 1: whose seat a throw names.  Level 2: where the wall breaks,
    which stack holds an indicator, whose turn follows a call, who deals next
    with how many honba.  Level 3: MCR seats after a round or in a given hand.
    Every answer comes from tutor/engine/table.py."""
    rng = random.Random(seed)
    if level == 1:
        return _dice_question(rng, seed)
    if level == 2:
        return rng.choice((_break_question, _indicator_question, _call_question, _dealer_question))(rng, seed)
    return rng.choice((_round_seats_question, _hand_seats_question, _mcr_break_question))(rng, seed)


def _seat_question(seed: int, level: int, rules: str, **parts: Any) -> Question:
    """A question whose answer is one of the four seats."""
    return _question(seed, level, rules, choices=SEATS, choice_labels=choice_labels("seat_wind", SEATS), **parts)


def _question(seed: int, level: int, rules: str, **parts: Any) -> Question:
    return Question(kind="game-flow", level=level, seed=seed, rules=rules, answer_type="choice", **parts)


def _dice_question(rng: random.Random, seed: int) -> Question:
    total = rng.randint(2, 12)
    seat = WIND_LETTERS[counted_seat(0, total)]
    # The count starts at the thrower, so the seats below hold only for a
    # throw from the East seat (the first throw, and the dealer's).
    return _seat_question(
        seed,
        1,
        "riichi",
        prompt=message("table.quiz.dice_prompt", total=total),
        request={"dice": total, "rules": "riichi"},
        answer={"seat": seat},
        explanation=message("table.quiz.dice_why"),
        concept="game-flow:dice",
        lesson="r11-table",
    )


def _break_question(rng: random.Random, seed: int) -> Question:
    """Where the dealer's throw breaks the wall: whose wall, how many stacks from its right end."""
    first, second = rng.randint(1, 6), rng.randint(1, 6)
    total = first + second
    opening = break_of(0, total)  # the dealer sits East: position 0 counted as East
    wrong_seat = (opening.position + 1) % 4  # counted without the thrower as 1
    places = [(opening.position, total), (wrong_seat, total), (opening.position, 2 * total), (wrong_seat, 2 * total)]
    rng.shuffle(places)
    choices = tuple(f"{WIND_LETTERS[position]}:{stacks}" for position, stacks in places)

    def label(choice: str) -> Message:
        wind, stacks = choice.split(":")
        return message("table.quiz.break_choice", seat=seat_word(wind), stacks=stacks)

    seat = WIND_LETTERS[opening.position]
    return _question(
        seed,
        2,
        "riichi",
        prompt=message("table.quiz.break_prompt", first=first, second=second),
        request={"dice": [first, second], "rules": "riichi"},
        answer={"stack": f"{seat}:{opening.stacks}"},
        explanation=message("table.quiz.break_why", total=total, seat=seat_word(seat)),
        concept="game-flow:break",
        lesson="r11-table",
        choices=choices,
        choice_labels=tuple(label(choice) for choice in choices),
    )


def _mcr_break_question(rng: random.Random, seed: int) -> Question:
    """MCR (1998 rules): the dealer's throw names the wall and its owner, who
    throws again; the totals summed count the stacks from its right end."""
    dealer_dice = (rng.randint(1, 6), rng.randint(1, 6))
    second_dice = (rng.randint(1, 6), rng.randint(1, 6))
    first, second = sum(dealer_dice), sum(second_dice)
    opening = mcr_break_of(0, first, second)  # the dealer sits East: position 0
    owner = counted_seat(0, first)
    # The riichi way (the dealer's throw alone), the second throw alone, the sum naming the wall.
    wrong = [(owner, first), (owner, second), (counted_seat(0, first + second), opening.stacks)]
    places = list(dict.fromkeys([(opening.position, opening.stacks), *wrong]))
    rng.shuffle(places)
    choices = tuple(f"{WIND_LETTERS[position]}:{stacks}" for position, stacks in places)

    def label(choice: str) -> Message:
        wind, stacks = choice.split(":")
        return message("table.quiz.break_choice", seat=seat_word(wind), stacks=stacks)

    def words(key: str) -> Message:
        return message(
            key,
            first=first,
            second=second,
            total=first + second,
            thrower=seat_word(WIND_LETTERS[owner]),
            seat=seat_word(WIND_LETTERS[opening.position]),
            stacks=opening.stacks,
        )

    why_key = "table.quiz.mcr_break_why" if opening.position == owner else "table.quiz.mcr_break_on_why"
    return _question(
        seed,
        3,
        "mcr",
        prompt=words("table.quiz.mcr_break_prompt"),
        request={"dice": [list(dealer_dice), list(second_dice)], "rules": "mcr"},
        answer={"stack": f"{WIND_LETTERS[opening.position]}:{opening.stacks}"},
        explanation=words(why_key),
        concept="game-flow:mcr-break",
        lesson="m01-differences",
        choices=choices,
        choice_labels=tuple(label(choice) for choice in choices),
    )


def _indicator_question(rng: random.Random, seed: int) -> Question:
    """Which stack of the dead wall, counted from the break, holds the newest indicator after some kans."""
    kans = rng.randint(0, 3)
    total = tile_total("riichi")
    stacks = total // 2
    # The stack's place in drawing order, turned into its place counted from the break.
    from_break = stacks - indicator_slot(kans, total) // 2
    choices = tuple(str(number) for number in range(1, 8))
    key = "table.quiz.dora_prompt" if kans == 0 else "table.quiz.kan_prompt"
    return _question(
        seed,
        2,
        "riichi",
        prompt=message(key, kans=kans),
        request={"kans": kans, "rules": "riichi"},
        answer={"stack": str(from_break)},
        explanation=message("table.quiz.dora_why", n=from_break),
        concept="game-flow:dora",
        lesson="r11-table",
        choices=choices,
        choice_labels=tuple(message("table.quiz.stack_choice", n=number) for number in choices),
    )


def _call_question(rng: random.Random, seed: int) -> Question:
    """Whose turn it is once a caller has called and discarded."""
    discarder = rng.randrange(4)
    call = rng.choice(TABLE_CALLS)
    # Chi only from the player on the left: the caller then sits just after the discarder.
    caller = (discarder + 1) % 4 if call == "chi" else (discarder + rng.randint(1, 3)) % 4
    after = next_turn(caller)

    def seat(position: int) -> Message:
        return seat_word(WIND_LETTERS[position])

    return _seat_question(
        seed,
        2,
        "riichi",
        prompt=message(
            "table.quiz.call_prompt", discarder=seat(discarder), caller=seat(caller), call=name("call", call)
        ),
        request={"discarder": WIND_LETTERS[discarder], "caller": WIND_LETTERS[caller], "call": call, "rules": "riichi"},
        answer={"seat": WIND_LETTERS[after]},
        explanation=message("table.quiz.call_why", next=seat(after)),
        concept="game-flow:call-turn",
        lesson="r11-table",
    )


def _dealer_question(rng: random.Random, seed: int) -> Question:
    """Who deals next, and with how many honba, after this result."""
    honba = rng.randint(0, 3)
    result_name = rng.choice(RESULTS)
    result = {
        "dealer_wins": Result(winner=0),
        "dealer_tenpai": Result(winner=None, tenpai=frozenset({0, 2})),
        "dealer_noten": Result(winner=None, tenpai=frozenset({1})),
        "other_wins": Result(winner=2),
    }[result_name]
    after = next_game(Game("riichi", dealer=0, honba=honba), result)
    places = sorted({(0, honba + 1), (0, 0), (1, honba + 1), (1, 0), (after.dealer, after.honba)})
    rng.shuffle(places)
    choices = tuple(f"{WIND_LETTERS[position]}:{count}" for position, count in places)

    def label(choice: str) -> Message:
        wind, count = choice.split(":")
        return message("table.quiz.dealer_choice", seat=seat_word(wind), honba=count)

    return _question(
        seed,
        2,
        "riichi",
        prompt=message("table.quiz.dealer_prompt", honba=honba, result=message(f"table.result.{result_name}")),
        request={"result": result_name, "honba": honba, "rules": "riichi"},
        answer={"seat": f"{WIND_LETTERS[after.dealer]}:{after.honba}"},
        explanation=message("table.quiz.dealer_why"),
        concept="game-flow:dealer",
        lesson="r11-table",
        choices=choices,
        choice_labels=tuple(label(choice) for choice in choices),
    )


def _round_seats_question(rng: random.Random, seed: int) -> Question:
    start = rng.choice(SEATS)
    after = rng.randrange(3)
    seat = mcr_seat_wind(start, 4 * (after + 1) + 1)
    return _seat_question(
        seed,
        3,
        "mcr",
        prompt=message("table.quiz.round_seats_prompt", start=seat_word(start), round=name("round_wind", SEATS[after])),
        request={"start": start, "after_round": ("E", "S", "W")[after], "rules": "mcr"},
        answer={"seat": seat},
        explanation=message("table.quiz.round_seats_why", start=seat_word(start), path=seat_path(start)),
        concept="game-flow:mcr-seats",
        lesson="m01-differences",
    )


def _hand_seats_question(rng: random.Random, seed: int) -> Question:
    """Which seat a player holds in a given MCR hand (hand 5 half the time)."""
    start = rng.choice(SEATS)
    hand = 5 if rng.random() < 0.5 else rng.randint(2, MCR_HANDS)
    seat = mcr_seat_wind(start, hand)

    def words(key: str) -> Message:
        return message(key, start=seat_word(start), hand=hand, path=seat_path(start), seat=seat_word(seat))

    return _seat_question(
        seed,
        3,
        "mcr",
        prompt=words("table.quiz.hand_prompt"),
        request={"start": start, "hand_number": hand, "rules": "mcr"},
        answer={"seat": seat},
        explanation=words("table.quiz.hand_why"),
        concept="game-flow:mcr-seats",
        lesson="m01-differences",
    )


def check_game_flow(question: Question, response: dict[str, Any]) -> bool:
    key = next(iter(question.answer))
    return bool(response.get(key) == question.answer[key])
