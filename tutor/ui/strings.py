"""Names of winds and seats in Korean and English, as tables by language.

The names live in the catalogue (`names.po`, keys `wind.E` and `seat.left`);
these tables are read from it once.
"""

from __future__ import annotations

from typing import Final

from tutor.locale import LANGUAGES, text
from tutor.quiz.names import names_table

WIND_NAMES: Final = {language: tuple(text(language, f"wind.{letter}") for letter in "ESWN") for language in LANGUAGES}
SEAT_NAMES: Final = names_table("seat", ("left", "across", "right"))
