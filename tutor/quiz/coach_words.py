"""The rules coach's notes (tutor/engine/game/coach.py, mcr/coach.py) in
words: each note as one catalogue sentence (`coach.<code>`) inside a line
that names its rule (`coach.rule.<rule id>`) and the lesson that teaches it.

Tiles go into the sentences in notation, so that a Korean particle follows
the tile as it is said; `note_text` shows them by their faces, as the drill
feedback does.  The coach's seats are absolute; a sentence names another
seat from where the learner sits (the player on the left, opposite, on the right).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final

from tutor.engine.game.actions import ActionKind, Refusal
from tutor.engine.game.bot_reasons import BOT_RULE, BotReason
from tutor.engine.game.coach import Note, NoteCode
from tutor.engine.game.mcr.actions import McrRefusal
from tutor.engine.mcr.fans import FanId
from tutor.engine.tiles import tile_name
from tutor.locale import Message, Value, joined, message, render
from tutor.locale.fan_names import fan_name
from tutor.quiz.faces import faces_in_text
from tutor.quiz.kind import LessonTitle
from tutor.quiz.names import CALL_NAMES, WIN_WORDS, YAKU_NAMES, names_table

DISCARDERS: Final = names_table("discarder", ("left", "across", "right"))
"""Another seat named from where the learner sits, as the table questions name a discarder."""
SEAT_FROM_LEARNER: Final = {1: "right", 2: "across", 3: "left"}
"""Where a seat sits seen from the learner, by how many turns after the learner it plays."""
MCR_CLAIMS: Final = names_table("coach.mcr_claim", ("chow", "pung", "kong", "hu"))
"""MCR's calls and its win, as a coach sentence names what a learner tried."""

Says = Callable[[Note], Message]


def _tiles(tiles: Iterable[int]) -> Value:
    """Tiles in notation, one after another: "1m, 4m"."""
    return joined(tile_name(tile) for tile in tiles)


def _tile(note: Note) -> Value:
    """The tile the note's action names, else its first tile."""
    if note.action is not None and note.action.tile is not None:
        return tile_name(note.action.tile)
    return _tiles(note.tiles[:1])


def _kind(note: Note) -> str:
    return str(note.action.kind) if note.action is not None else ""


def _call(kind: str) -> Value:
    """A riichi call (or a ron) by its name: "pon", "open kan", "ron"."""
    if kind in (ActionKind.RON, "win"):
        return WIN_WORDS.name("ron")
    if kind in CALL_NAMES:
        return CALL_NAMES.name(kind)
    return MCR_CLAIMS.name(kind)


def _seat(note: Note) -> Value:
    """The note's `seat` named from the learner's seat (the acting seat, or `learner`)."""
    seat = note.value("seat")
    learner = note.action.seat if note.action is not None else note.value("learner")
    if seat is None or learner is None or (seat - learner) % 4 not in SEAT_FROM_LEARNER:
        return message("coach.seat_number", seat=seat if seat is not None else "-")
    return DISCARDERS.name(SEAT_FROM_LEARNER[(seat - learner) % 4])


def _yaku(note: Note) -> Value:
    return joined(YAKU_NAMES.name(yaku) for yaku in note.names)


def _fans(note: Note) -> Value:
    """The fans of an under-8 hand, each once, with how many times it
    counts; flowers left out, as the 8 points are counted without them."""
    counted = Counter(fan for fan in note.names if fan != FanId.FLOWER_TILES)
    return joined(
        message("fan_times", name=fan_name(fan), count=count) if count > 1 else fan_name(fan)
        for fan, count in counted.items()
    )


def _furiten(note: Note) -> Message:
    turn, discard = note.value("turn"), note.value("tile")
    if turn is None or discard is None:
        return message("coach.furiten_no_turn", tile=_tile(note), discards=_tiles(note.tiles))
    return message("coach.furiten", tile=_tile(note), discard=tile_name(discard), turn=turn)


def _no_yaku(note: Note) -> Message:
    how = WIN_WORDS.name("tsumo" if note.action is not None and note.action.kind is ActionKind.TSUMO else "ron")
    return message("coach.no_yaku", tile=_tile(note), how=how)


def _riichi_locked(note: Note) -> Message:
    kind = _kind(note)
    if kind == ActionKind.DISCARD:
        return message("coach.riichi_locked.discard", tile=_tile(note))
    if kind in (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN):
        return message("coach.riichi_locked.call", tile=_tile(note), call=_call(kind))
    return message("coach.riichi_locked.kan", tile=_tile(note))


def _too_few_tiles(note: Note) -> Message:
    kind = _kind(note)
    if kind == ActionKind.RIICHI:
        left, needed = note.value("left"), note.value("needed")
        if left is None or needed is None:
            return message("coach.too_few_tiles.riichi_plain")
        return message("coach.too_few_tiles.riichi", count=left, needed=needed)
    if kind in (ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN):
        return message("coach.too_few_tiles.call", tile=_tile(note), call=_call(kind))
    return message("coach.too_few_tiles.kan", tile=_tile(note))


def _not_enough_points(note: Note) -> Message:
    points, cost = note.value("points"), note.value("cost")
    if points is None or cost is None:
        return message("coach.not_enough_points_plain")
    return message("coach.not_enough_points", points=points, cost=cost)


def _discard(note: Note) -> Message:
    shanten, ukeire = note.value("shanten") or 0, note.value("ukeire") or 0
    row = (
        message("coach.discard_tenpai", tile=_tile(note), count=ukeire)
        if shanten == 0
        else message("coach.discard", tile=_tile(note), shanten=shanten, count=ukeire)
    )
    return message("coach.discard_best", row=row) if note.value("best") else row


def _safe(key: str) -> Says:
    """Tiles held that are safe (or suji) against a riichi, or none."""

    def says(note: Note) -> Message:
        if not note.tiles:
            return message(f"{key}_none", seat=_seat(note))
        return message(key, seat=_seat(note), tiles=_tiles(note.tiles))

    return says


def _claim_lost(note: Note) -> Message:
    claim = note.names[0] if note.names else ""
    return message(
        "coach.claim_lost", chosen=_call(_kind(note)), tile=_tile(note), claim=_call(claim), seat=_seat(note)
    )


def _with_tile(key: str) -> Says:
    return lambda note: message(key, tile=_tile(note))


def _with_call(key: str) -> Says:
    return lambda note: message(key, tile=_tile(note), call=_call(_kind(note)))


SAYS: Final[dict[str, Says]] = {
    Refusal.FURITEN: _furiten,
    Refusal.FURITEN_TEMPORARY: lambda note: message(
        "coach.furiten_temporary", tile=_tile(note), passed=_tiles(note.tiles)
    ),
    Refusal.FURITEN_RIICHI: lambda note: message("coach.furiten_riichi", tile=_tile(note), passed=_tiles(note.tiles)),
    Refusal.NO_YAKU: _no_yaku,
    Refusal.KUIKAE: lambda note: message("coach.kuikae", tile=_tile(note), barred=_tiles(note.tiles)),
    Refusal.RIICHI_LOCKED: _riichi_locked,
    Refusal.TOO_FEW_TILES: _too_few_tiles,
    Refusal.NOT_ENOUGH_POINTS: _not_enough_points,
    Refusal.NOT_CLOSED: lambda note: message("coach.not_closed", called=_tiles(note.tiles)),
    Refusal.NOT_TENPAI: lambda _note: message("coach.not_tenpai"),
    Refusal.NOT_TENPAI_DISCARD: _with_tile("coach.not_tenpai_discard"),
    Refusal.NO_DISCARD_LEFT: lambda note: message(
        "coach.no_discard_left", tile=_tile(note), call=_call(_kind(note)), barred=_tiles(note.tiles)
    ),
    Refusal.KAN_LIMIT: _with_tile("coach.kan_limit"),
    Refusal.FOUR_KANS: _with_call("coach.four_kans"),
    NoteCode.CALL_NO_YAKU: _with_call("coach.call_no_yaku"),
    NoteCode.CALL_LOSES_YAKU: lambda note: message(
        "coach.call_loses_yaku", tile=_tile(note), call=_call(_kind(note)), yaku=_yaku(note), count=len(note.names)
    ),
    NoteCode.CALL_LOWERS_YAKU: lambda note: message("coach.call_lowers_yaku", yaku=_yaku(note), count=len(note.names)),
    NoteCode.DISCARD: _discard,
    NoteCode.SAFE_BY_RULE: _safe("coach.safe_by_rule"),
    NoteCode.SUJI: _safe("coach.suji"),
    NoteCode.CLAIM_LOST: _claim_lost,
    McrRefusal.UNDER_EIGHT: lambda note: message(
        "coach.under_eight", tile=_tile(note), count=note.value("points") or 0, fans=_fans(note)
    ),
    McrRefusal.NOT_COMPLETE: _with_tile("coach.not_complete"),
    McrRefusal.PRIORITY: lambda note: message("coach.priority", tile=_tile(note), claim=_call(_kind(note))),
    McrRefusal.CHOW_NOT_LEFT: _with_tile("coach.chow_not_left"),
    McrRefusal.DEAD_HAND: lambda _note: message("coach.dead_hand"),
    McrRefusal.NO_TILES: _with_tile("coach.no_tiles"),
    BotReason.WIN: _with_tile("coach.bot_win"),
    BotReason.RIICHI: lambda _note: message("coach.bot_riichi"),
    BotReason.CALL: lambda note: message(
        "coach.bot_call",
        call=_call(_kind(note)),
        tile=_tile(note),
        before=note.value("before") or 0,
        after=note.value("after") or 0,
    ),
    BotReason.KAN: _with_tile("coach.bot_kan"),
    BotReason.NINE_TERMINALS: lambda _note: message("coach.bot_nine_terminals"),
    BotReason.SAFE: lambda note: message("coach.bot_safe", tile=_tile(note), seat=_seat(note)),
}
"""What the coach says for each code it can give: every `NoteCode`, every
riichi `Refusal`, every MCR `McrRefusal` and every `BotReason` (the "why?"
of a bot's action) (tests/test_coach_words.py)."""

RULES: Final = names_table(
    "coach.rule",
    (
        *(f"riichi.{code}" for code in Refusal),
        "riichi.closed_only",
        "riichi.open_han",
        "riichi.priority",
        "efficiency.discard",
        "defence.safe_by_rule",
        "defence.suji",
        *(f"mcr.{code}" for code in McrRefusal),
        BOT_RULE,
    ),
)
"""The rules the coach's notes name, by their ids (`riichi.furiten`, `mcr.under_eight`)."""


def says(note: Note) -> Message:
    """What the note says, without its rule and lesson; a code the coach
    has no words for is named as it is, so a newer engine still speaks."""
    found = SAYS.get(note.code)
    return found(note) if found is not None else message("coach.unknown", code=note.code)


def note_message(note: Note, title: LessonTitle) -> Message:
    """The note as one line: its rule, what it says, and the lesson that teaches it (`title` names it)."""
    return message("coach.note", rule=RULES.name(note.rule), says=says(note), lesson=title(note.lesson))


def note_text(note: Note, language: str, title: LessonTitle) -> str:
    """The note's line in `language`, its tiles by their faces."""
    return faces_in_text(render(note_message(note, title), language))
