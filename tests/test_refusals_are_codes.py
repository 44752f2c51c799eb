"""#25 §1: the engine refuses a win with codes and values, never with an
English sentence; the command line words each code from the `en` catalogue
(`score.refused.<code>`), and the flower count is a plural, not "flower(s)"."""

from __future__ import annotations

import itertools
import re

import pytest

from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.score import score_mcr
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.score import score_riichi
from tutor.engine.tiles import EAST, SOUTH
from tutor.locale.catalogue import sentences
from tutor.locale.message import render_value
from tutor.locale.refusals import refusal_message
from tutor.service.score import score_json

CODE = re.compile(r"[a-z_]+")
HANDS = (
    "123m456p789s11z234s",
    "234m456p789s55z234s",
    "123m456p789s11z248s",
    "123m456p11z234s [789s]",
    "123m456p11z234s (7777s)",
    "123m456p789s11z23s",
)
FLAG_SETS = [
    frozenset(flags)
    for size in (0, 1, 2, 3)
    for flags in itertools.combinations(list(Flag), size)
    if size < 3 or Flag.TENHOU in flags or Flag.RENHOU in flags
]


PARTS = {"and", "list_and", "declared", "given_too"}
"""Keys of score.refused.* that are parts of a sentence, no detail's code."""
DETAIL_CODES = {
    key.removeprefix("score.refused.").removesuffix(".one").removesuffix(".other")
    for key in sentences("en")
    if key.startswith("score.refused.")
} - PARTS


def riichi_refusals() -> list[Refusal]:
    found = []
    for hand, flags, tsumo, seat in itertools.product(HANDS, FLAG_SETS, (False, True), (EAST, SOUTH)):
        try:
            score_riichi(parse_hand(hand), WinContext(parse_tile("4s"), tsumo, seat, EAST, flags))
        except Refusal as refusal:
            found.append(refusal)
    for red in ("1m", "5s"):
        try:
            score_riichi(parse_hand("123m456p789s11z234s"), WinContext(parse_tile("4s"), red=(parse_tile(red),)))
        except Refusal as refusal:
            found.append(refusal)
    return found


def mcr_refusals() -> list[Refusal]:
    found = []
    requests = [
        ("123m456p789s11z23s", {}),
        ("123m456p789s11z234s1f", {"flowers": 2}),
        ("123m456p789s11z234s", {"last_tile": True}),
        ("123m456p789s11z444s", {"last_tile": True}),
        ("123m456p11z444s [789s]", {"kong": True, "self_drawn": True}),
        ("123m456p789s11z444s", {"kong": True}),
        ("123m456p789s11z234s", {"flowers": 9}),
        ("123m456p789s11z235s", {}),
        ("123m456p789s11z248s", {}),
        ("123m456p789s11z234s", {"seat": 12}),
    ]
    for hand, values in requests:
        try:
            score_mcr(parse_hand(hand), McrContext(parse_tile("4s"), **values))  # type: ignore[arg-type]
        except Refusal as refusal:
            found.append(refusal)
    return found


def test_the_engine_refuses_with_codes_only() -> None:
    refusals = riichi_refusals() + mcr_refusals()
    codes = {detail.code for refusal in refusals for detail in refusal.details}
    # Every situation of both families that can rule a win out is met here.
    assert codes == DETAIL_CODES
    for refusal in refusals:
        assert refusal.details, refusal.reason
        assert all(CODE.fullmatch(str(arg)) for arg in refusal.args), refusal.args


@pytest.mark.parametrize("language", ["en", "ko"])
def test_each_code_is_a_catalogue_sentence(language: str) -> None:
    catalogue = sentences(language)
    for refusal in riichi_refusals() + mcr_refusals():
        for detail in refusal.details:
            key = f"score.refused.{detail.code}"
            assert key in catalogue or f"{key}.other" in catalogue, key
        said = render_value(refusal_message(refusal), language)
        assert said and "{" not in said, said


def test_the_flowers_are_a_plural() -> None:
    one = score_json({"hand": "123m456p789s11z234s", "win": "4s", "rules": "mcr", "flowers": 1})
    two = score_json({"hand": "123m456p789s11z234s", "win": "4s", "rules": "mcr", "flowers": 2})
    assert [fan["tiles"] for fan in one["fans"] if fan["id"] == "flower_tiles"] == ["1 flower"]
    assert [fan["tiles"] for fan in two["fans"] if fan["id"] == "flower_tiles"] == ["2 flowers"]
