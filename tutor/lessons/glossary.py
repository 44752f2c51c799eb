"""The glossary: every term in Korean as the documents write it, its Japanese
or Chinese original, and English.  MCR fans come from the fan table, with
both Korean readings, so the two never disagree."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from tutor.engine.mcr.fans import STANDARD_FANS
from tutor.engine.notation import quote
from tutor.lessons.files import UnreadableFile, read_regular, shown_short
from tutor.lessons.parse import CONTROL

COLUMNS = ("id", "track", "ko", "original", "en")
MAX_FIELD = 2000
"""The longest glossary field, in characters: the longest definition is a few hundred."""


@dataclass(frozen=True, slots=True)
class Term:
    id: str
    track: str
    ko: str
    original: str
    en: str


class GlossaryError(ValueError):
    pass


def load_glossary(path: Path) -> list[Term]:
    """The glossary file's terms followed by the 81 fans."""
    where = shown_short(path)
    try:
        # As lessons are read: a regular file only (a FIFO would hang the start), of a sane size.
        text = read_regular(path)
    except UnreadableFile as error:
        raise GlossaryError(f"{where}: {error}") from None
    if CONTROL.search(text.replace("\r\n", "\n")):
        raise GlossaryError(f"{where}: holds terminal control codes; a glossary holds text only")
    try:
        rows = list(csv.reader(text.splitlines(), delimiter="\t"))
    except csv.Error as error:
        raise GlossaryError(f"{where}: {quote(str(error), 80)}") from None
    if not rows or tuple(rows[0]) != COLUMNS:
        raise GlossaryError(f"{where}:1: the header must be {' '.join(COLUMNS)}")
    terms = []
    seen: set[str] = set()
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(COLUMNS) or not all(cell.strip() for cell in row):
            found = quote("\t".join(row), 60)
            raise GlossaryError(f"{where}:{number}: expected {len(COLUMNS)} filled columns, found {found}")
        if any(len(cell) > MAX_FIELD for cell in row):
            raise GlossaryError(f"{where}:{number}: a field of more than {MAX_FIELD} characters; a term is short")
        term = Term(*row)
        if term.id in seen:
            raise GlossaryError(f"{where}:{number}: term {quote(term.id, 40)} appears twice")
        seen.add(term.id)
        terms.append(term)
    for fan in STANDARD_FANS:
        terms.append(Term(f"fan-{fan.id}", "mcr", f"{fan.ko_sino} ({fan.ko_mandarin})", fan.zh, fan.en))
    return terms
