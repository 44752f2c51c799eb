"""Why a hand cannot be scored as a win: one exception for both rule families."""

from __future__ import annotations


class Refusal(ValueError):
    """A hand that cannot be scored as a win; `reason` is a stable code
    (`not_complete`, `win_tile_missing`, `flags`, `no_yaku`)."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)
