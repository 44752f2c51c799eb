"""`tutor score`: one request in, one score out, for either rule family.

A hand that cannot win is an answer, `{"error": ..., "reason": ...}`, not a
failure of the request, so batch mode and the single command treat it alike.
"""

from __future__ import annotations

from typing import Any

from tutor.engine.mcr.score import McrScore
from tutor.engine.refusal import Refusal
from tutor.engine.request import RequestProblem, Score, ScoreRequest, score_request
from tutor.locale.message import render_value
from tutor.locale.refusals import refusal_message
from tutor.service.errors import RequestError
from tutor.service.requests import read_score_request
from tutor.service.score_mcr import mcr_score_json, mcr_score_text
from tutor.service.score_riichi import riichi_score_json, riichi_score_text

JsonObject = dict[str, Any]


def evaluate(request: JsonObject) -> Score:
    """Score a request.  Raises RequestError for a bad request and Refusal
    for a hand that cannot win."""
    return score_of(read_score_request(request))


def score_of(request: ScoreRequest) -> Score:
    """Score a request read already.  Raises RequestError for a request that
    does not fit its rules and Refusal for a hand that cannot win."""
    try:
        return score_request(request)
    except RequestProblem as problem:
        raise RequestError.of(problem) from None


def refusal_json(refusal: Refusal) -> JsonObject:
    """A refusal as the command line answers it: in English, with its reason's code."""
    return {"error": render_value(refusal_message(refusal), "en"), "reason": refusal.reason}


def score_as_json(score: Score) -> JsonObject:
    return mcr_score_json(score) if isinstance(score, McrScore) else riichi_score_json(score)


def score_json(request: JsonObject) -> JsonObject:
    try:
        return score_as_json(evaluate(request))
    except Refusal as refusal:
        return refusal_json(refusal)


def score_text(score: Score) -> str:
    return mcr_score_text(score) if isinstance(score, McrScore) else riichi_score_text(score)
