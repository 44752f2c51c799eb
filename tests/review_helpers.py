"""What the log review's tests of both games share."""

from __future__ import annotations

import json

from tutor.locale import Message, render
from tutor.locale.concept_words import concept_words
from tutor.service.review_log import LogReview, review_text
from tutor.service.review_log_words import finding_message


def concepts_named_in_words(review: LogReview) -> set[str]:
    """The concepts of the review's findings, each checked to be named from
    the catalogue, never by its key, in each finding's line in both languages."""
    concepts = set()
    for index, found in enumerate(review.mcr_rounds or review.rounds):
        for finding in found.findings:
            concepts.add(finding.concept)
            assert isinstance(concept_words(finding.concept), Message)
            for language in ("en", "ko"):
                assert finding.concept not in render(finding_message(review, index, finding), language)
    return concepts


def yakuman_review() -> LogReview:
    """A log of one hand: the dealer, waiting on 9p with the three dragons
    (daisangen), lets its first draw go and wins on its second by tsumo."""
    from tests.scripted_seats import ScriptedSeat
    from tutor.engine.game import log_tenhou
    from tutor.engine.game.arranged import arranged_wall
    from tutor.engine.game.kyoku import deal
    from tutor.engine.game.options import RiichiOptions
    from tutor.engine.game.simulate import play_hand
    from tutor.engine.notation import parse_tiles

    wall = arranged_wall(0, {0: parse_tiles("555z666z777z123m9p")}, parse_tiles("1s2s3s4s9p"))
    seats = [ScriptedSeat(wins=True), ScriptedSeat(), ScriptedSeat(), ScriptedSeat()]
    record = play_hand(deal(RiichiOptions(), wall, 0), seats)
    log = {"name": ["a", "b", "c", "d"], "rule": {"disp": "般南喰", "aka": 0}, "log": [log_tenhou.hand_log(record)]}
    return review_text(json.dumps(log, ensure_ascii=False), (0,))
