"""The glossary: every term in Korean as the documents write it, its Japanese
or Chinese original, and English, with a one-line definition in each
language and the lesson that teaches it.  MCR fans come from the fan table,
with both Korean readings, so the two never disagree; `fan_reference.tsv`
beside the glossary gives each fan its lesson, its definitions and a minimal
example hand, so the glossary is also the fan reference."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from tutor.engine.mcr.fans import FANS, STANDARD_FANS
from tutor.engine.notation import quote
from tutor.lessons.files import UnreadableFile, read_regular, shown_short
from tutor.lessons.parse import CONTROL
from tutor.lessons.unchanged import parsed_once

NAME_COLUMNS = ("id", "track", "ko", "original", "en")
"""The columns every glossary has; a teacher's older file may stop here."""
COLUMNS = (*NAME_COLUMNS, "lesson", "ko_definition", "en_definition")
FAN_COLUMNS = ("fan", "lesson", "example", "ko_definition", "en_definition")
FAN_REFERENCE = "fan_reference.tsv"
"""The fan reference's file name, next to `glossary.tsv`."""
MAX_FIELD = 2000
"""The longest glossary field, in characters: the longest definition is a few hundred."""


@dataclass(frozen=True, slots=True)
class Term:
    id: str
    track: str
    ko: str
    original: str
    en: str
    lessons: tuple[str, ...] = ()
    """The lessons that teach the term, the first one opened from the glossary."""
    ko_definition: str = ""
    en_definition: str = ""
    points: int | None = None
    """A fan's points; None for every other term."""
    example: str = ""
    """A fan's minimal example as a lesson hand block writes it: the hand, then
    `|` and its settings (`345m 567p 22z [234s] [678s] | win: 7p tsumo`)."""

    def definition(self, language: str) -> str:
        return self.ko_definition if language == "ko" else self.en_definition


class GlossaryError(ValueError):
    pass


def _text(path: Path) -> str:
    try:
        # As lessons are read: a regular file only (a FIFO would hang the start), of a sane size.
        return read_regular(path)
    except UnreadableFile as error:
        raise GlossaryError(f"{shown_short(path)}: {error}") from None


def _rows(path: Path, text: str) -> list[list[str]]:
    where = shown_short(path)
    if CONTROL.search(text.replace("\r\n", "\n")):
        raise GlossaryError(f"{where}: holds terminal control codes; a glossary holds text only")
    try:
        return list(csv.reader(text.splitlines(), delimiter="\t"))
    except csv.Error as error:
        raise GlossaryError(f"{where}: {quote(str(error), 80)}") from None


def _filled(path: Path, number: int, row: list[str], width: int) -> None:
    where = shown_short(path)
    if len(row) != width or not all(cell.strip() for cell in row):
        found = quote("\t".join(row), 60)
        raise GlossaryError(f"{where}:{number}: expected {width} filled columns, found {found}")
    if any(len(cell) > MAX_FIELD for cell in row):
        raise GlossaryError(f"{where}:{number}: a field of more than {MAX_FIELD} characters; a term is short")


def load_glossary(path: Path) -> list[Term]:
    """The glossary file's terms followed by the 81 fans, each fan with its
    entry of the fan reference beside the glossary when there is one."""
    text = _text(path)
    reference_path = path.with_name(FAN_REFERENCE)
    reference_text = _text(reference_path) if reference_path.exists() else None
    terms = parsed_once(
        "glossary", path, (text, reference_text), lambda: tuple(_terms(path, text, reference_path, reference_text))
    )
    return list(terms)


def _terms(path: Path, text: str, reference_path: Path, reference_text: str | None) -> list[Term]:
    rows = _rows(path, text)
    header = tuple(rows[0]) if rows else ()
    if header not in (COLUMNS, NAME_COLUMNS):
        raise GlossaryError(f"{shown_short(path)}:1: the header must be {' '.join(COLUMNS)}")
    terms = []
    seen: set[str] = set()
    for number, row in enumerate(rows[1:], start=2):
        _filled(path, number, row, len(header))
        term_id, track, ko, original, en = row[: len(NAME_COLUMNS)]
        extra = row[len(NAME_COLUMNS) :]
        lessons = tuple(extra[0].split()) if extra else ()
        ko_definition, en_definition = (extra[1], extra[2]) if extra else ("", "")
        term = Term(term_id, track, ko, original, en, lessons, ko_definition, en_definition)
        if term.id in seen:
            raise GlossaryError(f"{shown_short(path)}:{number}: term {term.id!r} appears twice")
        seen.add(term.id)
        terms.append(term)
    reference = _fan_reference(reference_path, reference_text) if reference_text is not None else {}
    for fan in STANDARD_FANS:
        entry = reference.get(fan.id)
        terms.append(
            Term(
                f"fan-{fan.id}",
                "mcr",
                f"{fan.ko_sino} ({fan.ko_mandarin})",
                fan.zh,
                fan.en,
                (entry.lesson,) if entry else (),
                entry.ko_definition if entry else "",
                entry.en_definition if entry else "",
                fan.points,
                entry.example if entry else "",
            )
        )
    return terms


@dataclass(frozen=True, slots=True)
class FanEntry:
    """One fan of the fan reference: the lesson that teaches it, a minimal
    example hand and a definition in each language."""

    fan: str
    lesson: str
    example: str
    ko_definition: str
    en_definition: str


def load_fan_reference(path: Path) -> dict[str, FanEntry]:
    return _fan_reference(path, _text(path))


def _fan_reference(path: Path, text: str) -> dict[str, FanEntry]:
    rows = _rows(path, text)
    if not rows or tuple(rows[0]) != FAN_COLUMNS:
        raise GlossaryError(f"{shown_short(path)}:1: the header must be {' '.join(FAN_COLUMNS)}")
    entries: dict[str, FanEntry] = {}
    for number, row in enumerate(rows[1:], start=2):
        _filled(path, number, row, len(FAN_COLUMNS))
        entry = FanEntry(*row)
        if entry.fan not in FANS:
            raise GlossaryError(f"{shown_short(path)}:{number}: {entry.fan!r} is not a fan of the fan table")
        if entry.fan in entries:
            raise GlossaryError(f"{shown_short(path)}:{number}: fan {entry.fan!r} appears twice")
        entries[entry.fan] = entry
    return entries
