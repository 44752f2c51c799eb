"""The fan table: every MCR fan with its names and points, read from `fans.tsv`.

The table is data: Chinese name, both Korean readings of document 003
(Sino-Korean 한자음 and the Mandarin-based reading), English, points, and
the family document 003 groups it in.  `reference_zh` is the name the
reference library `pymahjonggb` uses, which differs for five fans.
明暗杠 is not among the 81: it is the Mahjong International League's fan,
counted only with the `concealed_and_melded_kong` option.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources
from typing import Final

FAMILIES: Final = (
    "win_method",
    "wait",
    "shape",
    "pungs_and_kongs",
    "honour_pungs",
    "number_patterns",
    "composition",
    "other",
    "no_fan",
)
"""Document 003's groups: 화료 방법, 대기 방식, 전체적인 형태, 커쯔/깡쯔의 갯수,
요구패의 커쯔, 특정한 규칙을 갖는 수패 먼쯔, 특정한 요소로만 구성, 기타, 역이 없음."""


@dataclass(frozen=True, slots=True)
class Fan:
    id: str
    points: int
    zh: str
    ko_sino: str
    """The Sino-Korean reading, e.g. 대사희."""
    ko_mandarin: str
    """The reading after Mandarin, e.g. 다스시."""
    en: str
    family: str
    reference_zh: str
    option: str
    """The rule option the fan needs, or "" for the 81 standard fans."""


def _load() -> dict[str, Fan]:
    text = resources.files("tutor.engine.mcr").joinpath("fans.tsv").read_text(encoding="utf-8")
    fans: dict[str, Fan] = {}
    for row in csv.DictReader(text.splitlines(), delimiter="\t"):
        fans[row["id"]] = Fan(
            id=row["id"],
            points=int(row["points"]),
            zh=row["zh"],
            ko_sino=row["ko_sino"],
            ko_mandarin=row["ko_mandarin"],
            en=row["en"],
            family=row["family"],
            reference_zh=row["reference_zh"],
            option=row["option"],
        )
    return fans


FANS: Final = _load()
"""Every fan by id, in the table's order (highest points first)."""

STANDARD_FANS: Final = tuple(fan for fan in FANS.values() if not fan.option)
"""The 81 fans of document 003."""

BY_ZH: Final = {fan.zh: fan for fan in FANS.values()}
BY_REFERENCE_ZH: Final = {fan.reference_zh: fan for fan in FANS.values()}
