"""The glossary: every term in Korean as the documents write it, its Japanese
or Chinese original, and English.  MCR fans come from the fan table, with
both Korean readings, so the two never disagree."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from tutor.engine.mcr.fans import STANDARD_FANS

COLUMNS = ("id", "track", "ko", "original", "en")


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
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise GlossaryError(f"{path}: cannot be read: {error}") from None
    rows = list(csv.reader(text.splitlines(), delimiter="\t"))
    if not rows or tuple(rows[0]) != COLUMNS:
        raise GlossaryError(f"{path}:1: the header must be {' '.join(COLUMNS)}")
    terms = []
    seen: set[str] = set()
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(COLUMNS) or not all(cell.strip() for cell in row):
            raise GlossaryError(f"{path}:{number}: expected {len(COLUMNS)} filled columns, found {row}")
        term = Term(*row)
        if term.id in seen:
            raise GlossaryError(f"{path}:{number}: term {term.id!r} appears twice")
        seen.add(term.id)
        terms.append(term)
    for fan in STANDARD_FANS:
        terms.append(Term(f"fan-{fan.id}", "mcr", f"{fan.ko_sino} ({fan.ko_mandarin})", fan.zh, fan.en))
    return terms
