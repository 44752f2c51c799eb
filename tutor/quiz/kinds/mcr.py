"""The `mcr-fans` quiz kind: pick the fans and the total; the explanation says whether it can be declared."""

from __future__ import annotations

import random
from typing import Any, Final

from tutor.engine.hand import Hand
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.fans import FANS, STANDARD_FANS, FanId
from tutor.engine.mcr.rules import McrRules
from tutor.engine.mcr.score import CountedFan, LeftOutFan, McrScore, score_mcr
from tutor.engine.refusal import Refusal
from tutor.engine.request_json import mcr_request, request_json
from tutor.engine.tiles import WINDS
from tutor.locale import Message, joined, message
from tutor.locale.fan_names import fan_choice, fan_name
from tutor.locale.fan_tiles import fan_tiles
from tutor.quiz.deal import random_complete
from tutor.quiz.names import name
from tutor.quiz.question import Question

DEFAULT_MCR: Final = McrRules()


def mcr_win(rng: random.Random, level: int, rules: McrRules = DEFAULT_MCR) -> tuple[McrContext, McrScore]:
    """An MCR win; it reaches 8 points, except at level 3 where a third of
    the hands fall short (the question is then about the minimum)."""
    short = level == 3 and rng.random() < 0.33
    while True:
        hand = random_complete(rng, max_melds=1 if level == 1 else 3)
        context = McrContext(
            win_tile=rng.choice(hand.concealed),
            self_drawn=rng.random() < 0.4,
            seat=rng.choice(WINDS),
            prevalent=rng.choice(WINDS),
            flowers=rng.choice((0, 0, 1, 2)) if level > 1 else 0,
        )
        try:
            score = score_mcr(hand, context, rules)
        except Refusal:
            continue
        if score.can_win != short:
            return context, score


def _counted(item: CountedFan) -> Message:
    points = item.fan.points * item.count
    if item.count > 1:
        return message(
            "quiz.mcr.fan_times", fan=fan_name(item.fan.id), times=item.count, points=points, tiles=fan_tiles(item)
        )
    return message("quiz.mcr.fan", fan=fan_name(item.fan.id), points=points, tiles=fan_tiles(item))


def _left_out(item: LeftOutFan) -> Message:
    principle = name("principle", item.principle)
    if item.because_of:
        return message("quiz.mcr.left_out_by", zh=item.fan.zh, principle=principle, by=item.because_of.zh)
    return message("quiz.mcr.left_out", zh=item.fan.zh, principle=principle)


def explanation(score: McrScore) -> tuple[Message, ...]:
    said = [
        message("quiz.mcr.fans", fans=joined((_counted(item) for item in score.fans), "; ", empty="")),
        message("quiz.mcr.total", total=score.total),
    ]
    if score.left_out:
        said.append(message("quiz.mcr.not_counted", left=joined((_left_out(item) for item in score.left_out), "; ")))
    declare = "quiz.mcr.can_declare" if score.can_win else "quiz.mcr.cannot_declare"
    said.append(message(declare, points=score.total - score.flowers))
    return tuple(said)


def win_request(hand: Hand, context: McrContext, rules: McrRules = DEFAULT_MCR) -> dict[str, Any]:
    """An MCR win as a question's score request (design brief section 4)."""
    return request_json(mcr_request(hand, context, rules))


def generate_mcr_fans(seed: int, level: int, rules: McrRules = DEFAULT_MCR) -> Question:
    rng = random.Random(seed)
    context, score = mcr_win(rng, level, rules)
    counted = [item.fan.id for item in score.fans if item.fan.id != FanId.FLOWER_TILES]
    distractors = [item.fan.id for item in score.left_out if item.fan.id not in counted]
    others = [
        fan.id
        for fan in STANDARD_FANS
        if fan.id not in counted and fan.id not in distractors and fan.id != FanId.FLOWER_TILES
    ]
    distractors += rng.sample(others, 6)
    choices = tuple(sorted({*counted, *distractors[:6]}, key=list(FANS).index))
    hand = score.hand
    return Question(
        kind="mcr-fans",
        level=level,
        seed=seed,
        rules="mcr",
        prompt=message("quiz.mcr.prompt"),
        request=win_request(hand, context, rules),
        answer={
            "fans": [{"zh": item.fan.zh, "count": item.count} for item in score.fans],
            "total": score.total,
            "can_win": score.can_win,
        },
        explanation=explanation(score),
        concept=f"mcr-fans:{'minimum' if not score.can_win else counted[0]}",
        lesson="m04-routes-to-eight" if not score.can_win else lesson_of_fan(counted[0]),
        answer_type="fans_total",
        choices=choices,
        choice_labels=tuple(fan_choice(c) for c in choices),
    )


LESSON_OF_FAMILY = {
    "win_method": "m05-win-and-wait",
    "wait": "m05-win-and-wait",
    "shape": "m11-special-hands",
    "pungs_and_kongs": "m07-pung-and-kong-fans",
    "honour_pungs": "m08-honour-fans",
    "number_patterns": "m06-chow-fans",
    "composition": "m10-range-fans",
    "other": "m09-suit-fans",
    "no_fan": "m04-routes-to-eight",
}
"""The lesson that teaches each family of fans, by the document's families."""

LESSON_OF_FAN: Final[dict[str, str]] = {
    # The lessons teach fans in ladders, which do not always follow the
    # document's families: these fans are taught with their ladder.
    FanId.ALL_CHOWS: "m06-chow-fans",
    FanId.ALL_PUNGS: "m07-pung-and-kong-fans",
    FanId.DOUBLE_PUNG: "m07-pung-and-kong-fans",
    FanId.TRIPLE_PUNG: "m07-pung-and-kong-fans",
    FanId.MIXED_SHIFTED_PUNGS: "m07-pung-and-kong-fans",
    FanId.PURE_SHIFTED_PUNGS: "m07-pung-and-kong-fans",
    FanId.FOUR_PURE_SHIFTED_PUNGS: "m07-pung-and-kong-fans",
    FanId.NO_HONORS: "m09-suit-fans",
    FanId.ONE_VOIDED_SUIT: "m09-suit-fans",
    FanId.HALF_FLUSH: "m09-suit-fans",
    FanId.FULL_FLUSH: "m09-suit-fans",
    FanId.NINE_GATES: "m09-suit-fans",
    FanId.ALL_HONORS: "m09-suit-fans",
    FanId.FLOWER_TILES: "m04-routes-to-eight",
}
"""Fans taught outside their family's lesson."""


def lesson_of_fan(fan: str) -> str:
    """The lesson whose examples show `fan`, linked from the fan drill."""
    return LESSON_OF_FAN.get(fan) or LESSON_OF_FAMILY[FANS[fan].family]


FLOWERS_ZH: Final = FANS[FanId.FLOWER_TILES].zh
"""花牌, which a response may leave out: flowers are counted, not picked."""


def check_mcr_fans(question: Question, response: dict[str, Any]) -> bool:
    """Right when the fans (with counts) and the total match; `can_win`
    must match too when it is given."""
    fans = response.get("fans")
    if not isinstance(fans, list):
        return False
    wanted = sorted((fan["zh"], fan["count"]) for fan in question.answer["fans"] if fan["zh"] != FLOWERS_ZH)
    try:
        given = sorted((fan["zh"], int(fan.get("count", 1))) for fan in fans if fan["zh"] != FLOWERS_ZH)
    except (KeyError, TypeError, ValueError):
        return False
    if "can_win" in response and response["can_win"] is not question.answer["can_win"]:
        return False
    return given == wanted and response.get("total") == question.answer["total"]
