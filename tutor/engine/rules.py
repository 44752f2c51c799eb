"""Which rule family a question is asked under."""

from __future__ import annotations

from enum import Enum


class Rules(Enum):
    """The two rule families the tutor teaches.  They differ in which hand
    shapes count as complete: MCR adds the knitted shapes and lets four of a
    kind stand as two of the seven pairs."""

    RIICHI = "riichi"
    MCR = "mcr"
