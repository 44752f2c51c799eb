"""Names of winds and seats in Korean and English.

The app's sentences are in the catalogues of tutor/locale; these small
tables of names are still to move there.
"""

from __future__ import annotations

from typing import Final

WIND_NAMES: Final = {"en": ("East", "South", "West", "North"), "ko": ("동", "남", "서", "북")}
SEAT_NAMES: Final = {
    "en": {"left": "left", "across": "player opposite", "right": "right"},
    "ko": {"left": "상가", "across": "대면", "right": "하가"},
}
