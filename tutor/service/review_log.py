"""`tutor review FILE`: a game log imported, replayed through the game
model's rules, every win re-scored and set beside the log's deltas, and
the findings of the chosen seats (tutor/engine/game/log_findings.py).

The format is found from the content: one JSON object with a `log` array
is tenhou.net/6 (`"tenhou6"`), JSON lines of mjai events are `"mjai"`, and
the JSON lines of this game's own MCR games (`tutor play --simulate --rules
mcr`, whose `start_game` says `"rules":"mcr"`) are `"tutor"`, played again
by the MCR rules and reviewed by tutor/engine/game/mcr/log_review.py (their
rounds are `LogReview.mcr_rounds`).  Our riichi logs are mjai or
tenhou.net/6 and import as those.

A log that cannot be read or breaks the rules raises `LogRefused`: a code,
the round (from 1; 0 for the log as a whole), the event (its index in the
log: for mjai the index of the event's line among the log's events, for
tenhou.net/6 the index among the round's events as replayed; None when the
problem is a round's header or end) and, for a play the rules refuse, the
rule's code (`furiten`, `kuikae` ...).  Nothing else escapes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from tutor.engine.game import read_mjai, read_tenhou
from tutor.engine.game.log_findings import Finding
from tutor.engine.game.log_review import RoundReview
from tutor.engine.game.mcr import log_replay
from tutor.engine.game.mcr.log_replay import McrReplayedHand
from tutor.engine.game.mcr.log_review import McrRoundReview
from tutor.engine.game.mcr.log_review import review_round as review_mcr_round
from tutor.engine.game.mjai import WIND_NAMES, pai
from tutor.engine.game.read_tenhou import LogError, TenhouLog
from tutor.engine.notation import format_hand
from tutor.service.review_rounds import collector_paused, review_rounds

FORMATS: Final = ("mjai", "tenhou6", "tutor")
MAX_BYTES: Final = read_tenhou.MAX_CHARS
"""A larger file is refused unread."""
SEATS: Final = (0, 1, 2, 3)
MAX_ROUNDS: Final = 2_000
"""More rounds are refused unreplayed: a south game has about a dozen, and
each round replays in tens of milliseconds."""


class LogRefused(ValueError):
    """A log refused: what is wrong (`code`), where (`round`, `event`), and the rule's code for an illegal play."""

    def __init__(self, code: str, round_number: int, event: int | None, rule: str = "", rules: str = "riichi") -> None:
        self.code = code
        self.round = round_number
        self.event = event
        self.rule = rule
        self.rules = rules
        """The game the log was read as ("riichi" or "mcr"): its plays are named in that game's terms."""
        super().__init__(code, round_number, event, rule)


@dataclass(frozen=True)
class LogReview:
    format: str
    seats: tuple[int, ...]
    rounds: tuple[RoundReview, ...]
    lines: tuple[tuple[int, ...], ...]
    """Each round's events' indices in an mjai log (empty for tenhou.net/6)."""
    mcr_rounds: tuple[McrRoundReview, ...] = ()
    """The hands of an MCR log (`format` "tutor"), whose `rounds` is empty;
    their events are the log's own indices, and their seats players."""

    def event_index(self, round_index: int, event: int) -> int:
        """An event's index in the log, from its index in the round."""
        lines = self.lines[round_index]
        return lines[event] if lines and 0 <= event < len(lines) else event


def detect(text: str) -> str:
    """The log's format from its content (see the module's docstring)."""
    stripped = text.lstrip()
    first_line = stripped.split("\n", 1)[0]
    if stripped.startswith("{") and '"log"' in stripped[:200_000] and '"type"' not in first_line[:200]:
        return "tenhou6"
    if log_replay.is_mcr_log(first_line):
        return "tutor"
    if stripped.startswith("{"):
        return "mjai"
    raise LogRefused("unknown_format", 0, None)


def _refused(error: LogError, lines: tuple[int, ...] = (), rules: str = "riichi") -> LogRefused:
    code, _, rule = error.code.partition(":")
    event = error.event
    if lines and event is not None and 0 <= event < len(lines):
        event = lines[event]
    return LogRefused(code, error.round, event, rule, rules)


def read_log(text: str) -> tuple[str, TenhouLog]:
    """The format and rounds of a riichi log, as the replay plays them;
    raises LogRefused (`mcr_not_reviewed` for an MCR log: `review_text` reviews it)."""
    found = detect(text)
    if found == "tutor":
        raise LogRefused("mcr_not_reviewed", 0, None)
    try:
        # The readers make objects at every event, none of them garbage: the
        # collector would walk them, and all a long-running app holds besides.
        with collector_paused():
            return found, (read_tenhou.loads(text) if found == "tenhou6" else read_mjai.loads(text))
    except LogError as error:
        raise _refused(error) from error


def review_text(text: str, seats: Sequence[int] = SEATS) -> LogReview:
    """The whole review of a log's text; raises LogRefused."""
    with collector_paused():
        return _review_text(text, seats)


def _review_text(text: str, seats: Sequence[int]) -> LogReview:
    if detect(text) == "tutor":
        return review_mcr_text(text, seats)
    return _review_riichi(text, seats)[1]


def review_riichi_text(text: str, seats: Sequence[int] = SEATS) -> tuple[TenhouLog, LogReview]:
    """A riichi log's rounds as read, and its review (`review_text`'s), the
    log read once: the app keeps the rounds to replay each when shown.
    Raises LogRefused (`mcr_not_reviewed` for an MCR log)."""
    with collector_paused():
        return _review_riichi(text, seats)


def _review_riichi(text: str, seats: Sequence[int]) -> tuple[TenhouLog, LogReview]:
    found, log = read_log(text)
    if len(log.rounds) > MAX_ROUNDS:
        raise LogRefused("too_large", 0, None)
    try:
        rounds = review_rounds(log.rounds, tuple(seats))
    except LogError as error:
        lines = next((round_.lines for round_ in log.rounds if round_.number == error.round), ())
        raise _refused(error, lines) from error
    return log, LogReview(found, tuple(seats), tuple(rounds), tuple(round_.lines for round_ in log.rounds))


def review_mcr_text(text: str, players: Sequence[int] = SEATS) -> LogReview:
    """The review of an MCR log of this tutor (`players` by starting seat); raises LogRefused."""
    return review_mcr_hands(read_mcr_log(text), players)


def read_mcr_log(text: str) -> tuple[McrReplayedHand, ...]:
    """Every hand of an MCR log of this tutor, played again (`log_replay.loads`); raises LogRefused."""
    try:
        return log_replay.loads(text)
    except LogError as error:
        raise _refused(error, rules="mcr") from error


def review_mcr_hands(hands: Sequence[McrReplayedHand], players: Sequence[int] = SEATS) -> LogReview:
    """The review of an MCR log's hands as `read_mcr_log` played them; raises LogRefused."""
    try:
        rounds = tuple(review_mcr_round(hand, tuple(players)) for hand in hands)
    except LogError as error:
        raise _refused(error, rules="mcr") from error
    return LogReview("tutor", tuple(players), (), tuple(() for _ in rounds), rounds)


def review_file(path: Path, seats: Sequence[int] = SEATS) -> LogReview:
    """Reads and reviews a file; raises LogRefused (`unreadable`, `too_large`, `not_text` too)."""
    return review_text(log_text(path), seats)


def log_text(path: Path) -> str:
    """A log file's text; raises LogRefused (`unreadable`, `too_large`, `not_text`)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise LogRefused("unreadable", 0, None) from error
    if len(data) > MAX_BYTES:
        raise LogRefused("too_large", 0, None)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LogRefused("not_text", 0, None) from error
    return text


def _finding_json(review: LogReview, round_index: int, finding: Finding) -> dict[str, Any]:
    return {
        "seat": finding.seat,
        "round": (review.mcr_rounds or review.rounds)[round_index].number,
        "event": review.event_index(round_index, finding.event),
        "concept": finding.concept,
        "kind": finding.kind.value,
        "rule": finding.rule,
        "lesson": finding.lesson,
        "tiles": [pai(kind) for kind in finding.tiles],
        "values": dict(finding.values),
        "hand": None if finding.hand is None else format_hand(finding.hand),
    }


def _round_json(review: LogReview, round_index: int) -> dict[str, Any]:
    reviewed = review.rounds[round_index]
    results: list[dict[str, Any]] = []
    for check in reviewed.wins:
        ours = check.ours
        yaku = [[name, han] for name, han in (*ours.yaku, *ours.yakuman)]
        yaku += [[name, count] for name, count in _dora(ours.dora, ours.ura_dora, ours.red_dora) if count]
        results.append(
            {
                "type": "hora",
                "seat": ours.seat,
                "from": ours.source,
                "event": review.event_index(round_index, check.event),
                "deltas": list(check.logged),
                "ours": {"han": ours.han, "fu": ours.fu, "yaku": yaku, "deltas": list(ours.payments)},
                "agree": check.agree,
            }
        )
    if reviewed.draw is not None:
        draw = reviewed.draw
        results.append(
            {
                "type": "ryukyoku",
                "kind": draw.kind.value,
                "event": review.event_index(round_index, draw.event),
                "deltas": list(draw.logged),
                "ours": {"deltas": list(draw.ours)},
                "agree": draw.agree,
            }
        )
    return {
        "round": reviewed.number,
        "wind": WIND_NAMES[reviewed.round_wind],
        "hand": reviewed.hand_number + 1,
        "honba": reviewed.honba,
        "sticks": reviewed.sticks,
        "results": results,
        "findings": [_finding_json(review, round_index, finding) for finding in reviewed.findings],
    }


def _dora(dora: int, ura: int, red: int) -> tuple[tuple[str, int], ...]:
    return (("dora", dora), ("ura_dora", ura), ("red_dora", red))


def _mcr_round_json(review: LogReview, round_index: int) -> dict[str, Any]:
    reviewed = review.mcr_rounds[round_index]
    results: list[dict[str, Any]] = []
    if reviewed.win is not None:
        check = reviewed.win
        ours = check.ours
        results.append(
            {
                "type": "hora",
                "seat": reviewed.seats[ours.seat],
                "from": None if ours.source is None else reviewed.seats[ours.source],
                "event": check.event,
                "deltas": list(check.logged),
                "total": check.logged_win.total,
                "ours": {
                    "han": ours.total,
                    "fu": None,
                    "yaku": [[fan.fan, fan.points * fan.count] for fan in ours.fans],
                    "fans": [[fan.fan, fan.count] for fan in ours.fans],
                    "total": ours.total,
                    "deltas": list(check.deltas),
                },
                "agree": check.agree,
            }
        )
    if reviewed.draw is not None:
        draw = reviewed.draw
        results.append(
            {
                "type": "ryukyoku",
                "kind": "exhaustive",
                "event": draw.event,
                "deltas": list(draw.logged),
                "ours": {"deltas": list(draw.ours)},
                "agree": draw.agree,
            }
        )
    return {
        "round": reviewed.number,
        "wind": WIND_NAMES[reviewed.prevalent],
        "hand": reviewed.hand_number % 4 + 1,
        "honba": 0,
        "sticks": 0,
        "results": results,
        "findings": [_finding_json(review, round_index, finding) for finding in reviewed.findings],
    }


def review_json(review: LogReview) -> dict[str, Any]:
    """The `--json` contract: `{"format": ..., "rounds": [...]}` (README, "Reviewing a game log")."""
    if review.mcr_rounds:
        rounds = [_mcr_round_json(review, index) for index in range(len(review.mcr_rounds))]
    else:
        rounds = [_round_json(review, index) for index in range(len(review.rounds))]
    return {"format": review.format, "seats": list(review.seats), "rounds": rounds}


def seat_findings(review: LogReview) -> list[tuple[int, Finding]]:
    """Every finding of the review with its round's number, in the log's order."""
    found = [(reviewed.number, finding) for reviewed in review.rounds for finding in reviewed.findings]
    return found + [(hand.number, finding) for hand in review.mcr_rounds for finding in hand.findings]


def refusal_json(refused: LogRefused) -> dict[str, Any]:
    return {"error": refused.code, "round": refused.round, "event": refused.event, "rule": refused.rule or None}


def dumps(review: LogReview) -> str:
    return json.dumps(review_json(review), ensure_ascii=False)
