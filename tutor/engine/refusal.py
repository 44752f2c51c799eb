"""Why a hand cannot be scored as a win: one exception for both rule families."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Detail:
    """One thing that rules a win out, by a stable code and its values:
    `Detail("riichi_open", {"flags": "riichi", "melds": "[234m]"})`. The
    layers above put it into words: the workbench a situation that does not
    fit (the catalogue key `refusal.<code>`), the command line every detail
    (`score.refused.<code>`)."""

    code: str
    values: dict[str, str | int] = field(default_factory=dict)


class Refusal(ValueError):
    """A hand that cannot be scored as a win; `reason` is a stable code
    (`not_complete`, `win_tile_missing`, `flags`, `no_yaku`, `flowers`) and
    `details` say what exactly rules it out, as codes and values, never as
    sentences (for `flags`: each flag that does not fit, and why)."""

    def __init__(self, reason: str, *details: Detail) -> None:
        self.reason = reason
        self.details = details
        super().__init__(reason, *(detail.code for detail in details))
