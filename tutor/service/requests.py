"""Reading a score request (a JSON object or the equivalent flags) into the
engine's `ScoreRequest` (`tutor.engine.request_json` reads it), with one
clear message for anything wrong."""

from __future__ import annotations

from typing import Any

from tutor.engine import request_json
from tutor.engine.problems import InputProblem
from tutor.engine.request import ScoreRequest
from tutor.engine.rules import Rules
from tutor.service.errors import RequestError

__all__ = ["ScoreRequest", "read_score_request", "rules_named"]

JsonObject = dict[str, Any]


def rules_named(name: object) -> Rules:
    """The rule family a request names, or a RequestError saying it names none."""
    try:
        return request_json.rules_named(name)
    except InputProblem as problem:
        raise RequestError.of(problem) from None


def read_score_request(request: JsonObject) -> ScoreRequest:
    """A JSON request as the engine's `ScoreRequest`, or a RequestError saying what is wrong."""
    try:
        return request_json.read_request(request)
    except InputProblem as problem:
        raise RequestError.of(problem) from None
