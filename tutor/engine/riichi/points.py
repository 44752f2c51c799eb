"""Han and fu to base points, limits, and who pays what.

Base points are fu x 2^(han+2), capped at a mangan (2000); from 5 han the
limits take over.  A ron is paid by the discarder: 4x base (6x for the
dealer).  A tsumo is split: the dealer pays 2x base and each other player
1x, or, when the dealer wins, each of the three pays 2x.  Every payment is
rounded up to 100.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tutor.engine.memo import memo
from tutor.engine.riichi.rules import RiichiRules

MANGAN_BASE: Final = 2000
HANEMAN_BASE: Final = 3000
BAIMAN_BASE: Final = 4000
SANBAIMAN_BASE: Final = 6000
YAKUMAN_BASE: Final = 8000


@dataclass(frozen=True, slots=True)
class Points:
    """The payment of a win.  Unused payers are None: `discarder` for a ron;
    `dealer` and `non_dealer` (what each such player pays) for a tsumo.
    Frozen: scoring shares one among all wins of the same han, fu and
    payers (see `win_points`)."""

    total: int
    base: int
    limit: str | None
    discarder: int | None
    dealer: int | None
    non_dealer: int | None


def points_json(points: Points) -> dict[str, int | None]:
    """Who pays what, as `tutor score --json` writes it (design brief section 4)."""
    return {
        "total": points.total,
        "base": points.base,
        "discarder": points.discarder,
        "dealer": points.dealer,
        "non_dealer": points.non_dealer,
    }


def round_up_100(points: int) -> int:
    return (points + 99) // 100 * 100


def base_points(han: int, fu: int, yakuman_multiplier: int, rules: RiichiRules) -> tuple[int, str | None]:
    """Base points and the name of the limit reached, if any."""
    if yakuman_multiplier:
        name = "yakuman" if yakuman_multiplier == 1 else f"yakuman_x{yakuman_multiplier}"
        return YAKUMAN_BASE * yakuman_multiplier, name
    if han >= 13:
        return (YAKUMAN_BASE, "kazoe_yakuman") if rules.kazoe == "yakuman" else (SANBAIMAN_BASE, "sanbaiman")
    if han >= 11:
        return SANBAIMAN_BASE, "sanbaiman"
    if han >= 8:
        return BAIMAN_BASE, "baiman"
    if han >= 6:
        return HANEMAN_BASE, "haneman"
    if han == 5:
        return MANGAN_BASE, "mangan"
    base = fu * 2 ** (han + 2)
    if base > MANGAN_BASE or (rules.kiriage and (han, fu) in ((4, 30), (3, 60))):
        return MANGAN_BASE, "mangan"
    return base, None


def payments(base: int, limit: str | None, dealer: bool, tsumo: bool) -> Points:
    discarder = from_dealer = from_other = None
    if not tsumo:
        total = discarder = round_up_100(base * (6 if dealer else 4))
    elif dealer:
        from_other = round_up_100(base * 2)
        total = 3 * from_other
    else:
        from_dealer = round_up_100(base * 2)
        from_other = round_up_100(base)
        total = from_dealer + 2 * from_other
    return Points(total=total, base=base, limit=limit, discarder=discarder, dealer=from_dealer, non_dealer=from_other)


_paid: dict[tuple[int, int, int, bool, bool, str, bool], Points] = memo("riichi.points.paid", {})
"""What `win_points` found, by han, fu, multiplier, dealer, tsumo and the
options `base_points` reads (kazoe, kiriage): few of these occur."""


def win_points(han: int, fu: int, yakuman_multiplier: int, dealer: bool, tsumo: bool, rules: RiichiRules) -> Points:
    """The payment of a win: `base_points` paid out by `payments`.  Scoring
    asks it of every reading with a yaku, so what it found is kept and shared."""
    key = (han, fu, yakuman_multiplier, dealer, tsumo, rules.kazoe, rules.kiriage)
    points = _paid.get(key)
    if points is None:
        base, limit = base_points(han, fu, yakuman_multiplier, rules)
        points = payments(base, limit, dealer, tsumo)
        _paid[key] = points
    return points


NOTEN_TOTAL: Final = 3000
"""What the seats not tenpai pay in all at an exhaustive draw."""


def noten_payments(tenpai: frozenset[int], total: int = NOTEN_TOTAL) -> tuple[int, int, int, int]:
    """Each seat's gain at an exhaustive draw: those not tenpai pay `total`
    between them to those tenpai; with none or all four tenpai nothing is paid."""
    if len(tenpai) in (0, 4):
        return (0, 0, 0, 0)
    gain, loss = total // len(tenpai), total // (4 - len(tenpai))
    paid = [gain if seat in tenpai else -loss for seat in range(4)]
    return (paid[0], paid[1], paid[2], paid[3])
