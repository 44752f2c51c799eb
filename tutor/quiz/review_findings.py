"""The findings of a game log reviewed (tutor/engine/game/log_findings.py,
tutor/engine/game/mcr/log_review.py) as drill questions from their
positions, and as answers stored under their concepts like every other
mistake of a game (`coach_record.play_answer`).

A question is built from the finding's own position: an efficiency
finding asks "which tile?" of the 14 tiles the seat held then (the discard
drill, `kinds.efficiency.discard_question`), a deal-in with a tile safe by
rule held asks which tile was safe, with the riichi player's discards and
the tiles passed since (the defence drill, `kinds.defence.defence_question`),
a win missed asks every tile the hand that could have won waits on (the
waits drill, `kinds.shapes.waits_question`), and the seat's own riichi win
asks what it scores, step by step (`kinds.points_steps.points_steps_question`,
the answer our engine's score of that hand, winds, flags and indicators), or
for a yakuman which yakuman it makes (`kinds.scoring.yakuman_question`, the
answer our engine's yakuman of it, with the points they pay); an MCR hu
asks its fans, the fans left out and its total (`kinds.mcr_steps.mcr_steps_question`,
the answer our MCR score of that hu, flowers and flags).
The other kinds (a call without yaku, furiten riichi, a false win) are
stored by their concepts, which the drills of those concepts bring back
with questions of their own.  A win is no mistake and is not stored as an
answer; its position is kept under the points rule of its total.

`tutor review --store` keeps each question built as a position under its
concept (the setting `review.position.<concept>`, the newest first, at most
`KEPT`), and a review of that concept, once it is due, asks the newest
position kept (`review_positions`) instead of a question dealt at random;
answered right on that review, the position is retired (the store's
`record_answer`), and the next review asks the next one kept.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tutor.engine.game.log_findings import Finding, FindingKind
from tutor.engine.hand import Hand
from tutor.engine.mcr.score import McrScore
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.problems import InputProblem
from tutor.engine.refusal import Refusal
from tutor.engine.request import Score, score_request
from tutor.engine.request_json import read_request
from tutor.engine.rules import Rules
from tutor.engine.waits import winning_tiles
from tutor.quiz.coach_record import play_answer
from tutor.quiz.kinds.defence import defence_question
from tutor.quiz.kinds.efficiency import discard_question
from tutor.quiz.kinds.mcr_steps import mcr_steps_question
from tutor.quiz.kinds.points_steps import points_steps_question
from tutor.quiz.kinds.scoring import yakuman_question
from tutor.quiz.kinds.shapes import waits_question
from tutor.quiz.question import LEVELS, Question
from tutor.quiz.store_api import POSITION_KEY as POSITION_KEY
from tutor.quiz.store_api import ProgressStore
from tutor.quiz.writes import Answer, SettingWrite, Writes

WHICH_TILE: Final = frozenset({FindingKind.EFFICIENCY, FindingKind.FURITEN_WAIT})
DISCARD_HAND: Final = 14
WAITING_HAND: Final = 13
LEVEL: Final = 2
KEPT: Final = 10
"""Positions kept per concept: a review asks the newest."""


def finding_question(finding: Finding, seed: int, rules: Rules = Rules.RIICHI) -> Question | None:
    """The question of the finding's position: "which tile?" for a discard
    (by `rules`), "which tile was safe?" for a deal-in, "what does this
    score?" for the seat's own win (`score_question`, answered by our
    engine's score of it), "which tiles win?" for a win missed (`waits`, of the hand
    that could have won); else None."""
    hand = finding.hand
    if finding.kind is FindingKind.SCORING:
        # A yakuman is named by no yaku the steps list: the yakuman drill asks it.
        return None if finding.score is None else score_question(finding.score, seed, LEVEL)
    if finding.kind is FindingKind.MISSED_WIN and hand is not None and finding.tiles:
        return _missed_win_question(hand, finding.tiles[0], seed)
    if hand is None or hand.tile_count != DISCARD_HAND:
        return None
    if finding.kind is FindingKind.DEAL_IN_SAFE_HELD and finding.riichi_at is not None:
        try:
            return defence_question(hand, finding.river, finding.riichi_at, finding.passed, seed, LEVEL)
        except ValueError:
            return None
    if finding.kind in WHICH_TILE:
        return discard_question(hand, rules, seed, LEVEL)
    return None


SCORE_KINDS: Final = frozenset({"points-steps", "yakuman", "mcr-steps"})
"""The kinds a win asks, each answered by our engine's score of it."""


def score_question(score: Score, seed: int, level: int) -> Question:
    """What a win scores: an MCR hu its fans, left-out fans and total step by
    step (`mcr-steps`), a riichi win its han and points step by step
    (`points-steps`), or which yakuman it makes (`yakuman`)."""
    if isinstance(score, McrScore):
        return mcr_steps_question(score, seed, level, random.Random(seed))
    return yakuman_question(score, seed, level) if score.yakuman else points_steps_question(score, seed, level)


def _missed_win_question(hand: Hand, tile: int, seed: int) -> Question | None:
    """The waits of the hand a win missed would have completed: the hand
    answering the discard, or for a tsumo the hand before its draw."""
    waiting = hand if hand.tile_count == WAITING_HAND else hand.without_tile(tile)
    if waiting.tile_count != WAITING_HAND or tile not in winning_tiles(waiting):
        return None
    return waits_question(waiting, seed, LEVEL)


def finding_answer(finding: Finding, game: str, round_number: int, seed: int, now: float) -> Answer | None:
    """A rule mistake or an efficiency loss as a wrong answer of its concept;
    None for a scoring question (the seat's own win is no mistake)."""
    if finding.kind is FindingKind.SCORING:
        return None
    response: dict[str, object] = {
        "finding": finding.kind.value,
        "game": game,
        "round": round_number,
        "event": finding.event,
        "tiles": list(finding.tiles),
    }
    return play_answer(finding.concept, finding.lesson, response, seed, now)


def position_record(question: Question) -> dict[str, Any]:
    """What rebuilds a question of a position: its kind, seed, level, rules and request."""
    return {
        "kind": question.kind,
        "seed": question.seed,
        "level": question.level,
        "rules": question.rules,
        "request": question.request,
    }


def position_question(record: object) -> Question | None:
    """The question a kept record rebuilds, or None for a record not understood (never an error)."""
    if not isinstance(record, dict):
        return None
    try:
        kind, request = record["kind"], record["request"]
        seed, level = int(record["seed"]), int(record["level"])
        if level not in LEVELS:
            return None
        hand = parse_hand(str(request["hand"]))
        if kind in SCORE_KINDS:
            score = score_request(read_request(request))
            question = score_question(score, seed, level)
            return question if question.kind == kind else None
        if kind == "waits":
            return waits_question(hand, seed, level)
        if kind == "discard":
            return discard_question(hand, Rules(record["rules"]), seed, level)
        if kind == "defence":
            river = [parse_tile(str(tile)) for tile in request["river"]]
            passed = [parse_tile(str(tile)) for tile in request["passed"]]
            return defence_question(hand, river, int(request["riichi_at"]), passed, seed, level)
    except (KeyError, TypeError, ValueError, IndexError, InputProblem, Refusal):
        return None
    return None


def kept_positions(store: ProgressStore, concept: str) -> list[Any]:
    """The records kept for a concept, newest first (none for a setting not understood)."""
    try:
        found = json.loads(store.setting(POSITION_KEY + concept) or "[]")
    except ValueError:
        return []
    return found if isinstance(found, list) else []


def review_positions(store: ProgressStore, concepts: Iterable[str]) -> dict[str, Question]:
    """For each concept with a position kept, the newest one's question (of that concept)."""
    found: dict[str, Question] = {}
    for concept in concepts:
        for record in kept_positions(store, concept):
            question = position_question(record)
            if question is not None and question.concept == concept:
                found[concept] = question
                break
    return found


@dataclass(frozen=True)
class Stored:
    """What `store_findings` handed to the store: answers and positions, and
    the store's problem in one line while they wait (kept, retried)."""

    answers: int
    positions: int
    problem: str | None


def store_findings(writes: Writes, found: Sequence[tuple[int, Finding]], game: str, rules: Rules, now: float) -> Stored:
    """Each finding (with its round's number) as a wrong answer of its
    concept, and each position question of the finding's own concept kept
    for review; every write goes through `writes`."""
    answers = 0
    problem = None
    positions: dict[str, list[dict[str, Any]]] = {}
    for offset, (round_number, finding) in enumerate(found):
        # Apart by a microsecond each: two findings are two answers, never one merged.
        answer = finding_answer(finding, game, round_number, finding.event, now + offset * 1e-6)
        if answer is not None:
            answers += 1
            problem = writes.save(answer)
        question = finding_question(finding, finding.event, rules)
        if question is not None and (question.concept == finding.concept or finding.kind is FindingKind.SCORING):
            # A win is no mistake: its position waits under the points rule its
            # total follows, asked when a review brings that rule back.
            positions.setdefault(question.concept, []).append(position_record(question))
    for concept, records in positions.items():
        with writes.reading() as reader:
            kept = _newest_first([*reversed(records), *kept_positions(reader, concept)])
        problem = writes.save(SettingWrite(POSITION_KEY + concept, json.dumps(kept, ensure_ascii=False)))
    return Stored(answers, sum(len(records) for records in positions.values()), problem)


def _newest_first(records: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The records without repeats (the same log stored twice), at most KEPT."""
    kept: list[Mapping[str, Any]] = []
    for record in records:
        if record not in kept:
            kept.append(record)
    return kept[:KEPT]
