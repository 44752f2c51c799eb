"""A lesson's hand block as the lesson screen shows it: its tiles, how the
hand was won in words, and the answer steps, of which `revealed` are shown.

This is data, not a widget: the lesson's document (widgets/lesson_document.py)
draws every hand itself, so that a lesson is one widget however many hands it
has.
"""

from __future__ import annotations

from textual.content import Content

from tutor.engine.hand import Hand
from tutor.engine.notation import NotationError, parse_hand, parse_tile, parse_tiles
from tutor.lessons.model import HandBlock
from tutor.locale import joined, text
from tutor.quiz.names import FLAG_NAMES
from tutor.ui.answers import answer_steps, tiles_in_words
from tutor.ui.strings import SEAT_NAMES, WIND_NAMES
from tutor.ui.tile_art import Group, TileSize, chip, hand_groups


class LessonHand:
    """One ```hand block of a lesson, in one language."""

    def __init__(self, block: HandBlock, track: str, language: str) -> None:
        self.block = block
        """The block as the lesson file writes it."""
        self.track = track
        self.language = language
        self.steps: list[str] = answer_steps(block, track, language) if block.expect else []
        """The answer, step by step, as the engine computes it."""
        self.revealed = 0
        """How many answer steps are shown."""
        self.groups: list[Group] = self._groups()
        """The tiles to draw, set by set."""
        self.setup_text: str = self._setup_text()
        """How the hand was won, in words; empty when the block says nothing."""
        self.drawn: dict[tuple[int, TileSize, int], list[Content]] = {}
        """The hand's rows as the lesson's document laid them out, by width,
        tile size and steps shown (kept by the document)."""

    @property
    def fully_revealed(self) -> bool:
        return self.revealed >= len(self.steps)

    def shown_lines(self) -> list[str]:
        """The answer as shown now: the revealed steps, or the line saying it is hidden."""
        if not self.steps:
            return []
        return self.steps[: self.revealed] if self.revealed else [text(self.language, "hidden")]

    def _groups(self) -> list[Group]:
        try:
            hand: Hand = parse_hand(self.block.hand, sizes=None)
        except NotationError:
            return []
        win_setting = self.block.setup.get("win", "").split()
        win = None
        if win_setting:
            try:
                win = parse_tile(win_setting[0])
            except NotationError:
                win = None
        return hand_groups(hand, win)

    def _setup_text(self) -> str:
        setup = self.block.setup
        language = self.language
        parts = []
        win = setup.get("win", "").split()
        if win:
            try:
                tile = chip(parse_tile(win[0]))[0]
            except NotationError:
                tile = win[0]
            key = "win_tsumo" if len(win) > 1 and win[1] == "tsumo" else "win_ron"
            parts.append(text(language, key, tile=tile))
        for key in ("seat", "round"):
            if key in setup and setup[key] in "ESWN" and setup[key]:
                parts.append(text(language, key, wind=WIND_NAMES[language]["ESWN".index(setup[key])]))
        if "discard" in setup:
            seat = SEAT_NAMES.name(setup.get("from", "left"))
            parts.append(text(language, "discard", tile=_tiles_text(setup["discard"]), seat=seat))
        if setup.get("flags"):
            flags = joined(FLAG_NAMES.name(flag) for flag in setup["flags"].replace(",", " ").split())
            parts.append(text(language, "setup.flags", flags=flags))
        for key in ("dora", "ura"):
            if setup.get(key):
                parts.append(text(language, f"setup.{key}", tiles=_tiles_text(setup[key])))
        for key in ("flowers", "options"):
            if setup.get(key):
                parts.append(text(language, f"setup.{key}", value=setup[key]))
        if "rules" in setup and setup["rules"] != self.track:
            parts.append(text(language, "rules", rules=text(language, setup["rules"])))
        return "   ".join(parts)


def _tiles_text(notation: str) -> str:
    """Tiles of a block's setting by their faces; as written if they do not parse."""
    try:
        return tiles_in_words(parse_tiles(notation))
    except NotationError:
        return notation
