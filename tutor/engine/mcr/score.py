"""Scoring an MCR win: the best reading's fans, what each is made of, what
was left out and why, the 8-point minimum and the payments."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from tutor.engine.hand import Hand
from tutor.engine.mcr.calculate import (
    Counting,
    HandTables,
    Pack,
    concealed_readings,
    concealed_sets,
    count_knitted_straight,
    count_nine_gates,
    count_regular,
    count_special,
    hand_tables,
    is_unique_wait,
    packs_of_melds,
    reading_order,
    shown_fans,
)
from tutor.engine.mcr.chow_sources import chow_sources
from tutor.engine.mcr.context import McrContext
from tutor.engine.mcr.exclusions import INCLUDES_ONE, NON_IDENTICAL, NON_REPEAT, NOT_COUNTED_WITH
from tutor.engine.mcr.fans import FANS, Fan, FanId
from tutor.engine.mcr.rules import McrRules
from tutor.engine.mcr.settlement import MINIMUM_POINTS, Payments, payments
from tutor.engine.notation import format_hand, format_tiles
from tutor.engine.refusal import Detail, Refusal
from tutor.engine.tiles import DRAGONS, EAST, Tile, is_terminal, is_wind, tile_name

FLOWER_FAN: Final = FanId.FLOWER_TILES

Reading = tuple[str, list[Pack]]
"""The shape's name and, for readings of sets, its packs."""

_NO_READING: Reading = ("", [])


@dataclass(slots=True)
class CountedFan:
    """A fan counted, `count` times.  Not frozen, like the score: scoring
    makes several for every hand, and a frozen dataclass is slow to build."""

    fan: Fan
    count: int
    reading: Reading
    """The reading the fan was counted in (see `sources`)."""
    hand: Hand
    context: McrContext

    @property
    def win_tile(self) -> Tile:
        return self.context.win_tile

    @property
    def sources(self) -> tuple[Pack, ...]:
        """The sets that make the fan; empty when it is the whole hand's, the
        winning tile's or the flowers'.  Worked out only when asked for."""
        return _sources(self.fan, self.count, self.reading, self.context)

    @property
    def tiles(self) -> str:
        """The tiles or sets that make the fan, in notation; none for the
        flowers, which are counted (`count`), not shown.  Written out only when
        asked for: scoring many hands for a drill needs the fans, not the text."""
        if self.fan.made_of == "flowers":
            return ""
        if self.fan.made_of == "win_tile":
            return tile_name(self.win_tile)
        if self.sources:
            return " ".join(_pack_text(pack) for pack in self.sources)
        return _hand_text(self.hand)


@dataclass(frozen=True, slots=True)
class LeftOutFan:
    """A fan the hand shows that the rules do not count, and why."""

    fan: Fan
    principle: str
    because_of: Fan | None
    """The counted fan that implies it (non-repeat), if any."""
    also: str | None = None
    """Another principle that leaves it out too: non-identical for a second
    instance set aside by account-once that repeats a chow of the first."""


@dataclass(slots=True)
class McrScore:
    """The value of a win and what explains it.  Not frozen: one is built for
    every hand scored, and a frozen dataclass is several times slower to build."""

    hand: Hand
    context: McrContext
    rules: McrRules
    reading_packs: tuple[Pack, ...]
    """The sets and pair of the reading taken; empty for a special shape."""
    fans: tuple[CountedFan, ...]
    """Highest points first; flowers last."""
    counting: Counting
    """The counting of the reading taken, kept for `left_out`."""
    tables: HandTables
    last_tile: bool
    """和绝张 held (by the flag, or by the option on the winner's own melds)."""
    total: int
    """All fans, flowers included."""
    flowers: int
    can_win: bool
    """The total without flowers reaches the 8-point minimum."""
    payments: Payments

    @property
    def left_out(self) -> tuple[LeftOutFan, ...]:
        """Fans the hand shows that the rules do not count, with the principle
        that leaves each out.  Worked out only when asked for: a drill scoring
        many hands needs the fans, not the explanations."""
        return tuple(_left_out(self.counting, self.hand, self.tables, self.context, self.last_tile))

    @property
    def reading(self) -> str:
        """The reading taken, in notation (sets and pair, or the special shape)."""
        if self.reading_packs:
            return " ".join(_pack_text(pack) for pack in self.reading_packs)
        return _hand_text(self.hand)


def check_context(hand: Hand, tables: HandTables, context: McrContext) -> None:
    """Refuse flags the hand makes impossible."""
    win = context.win_tile
    problems: list[str] = []
    if context.last_tile and tables.standing[win] != 1:
        problems.append("last_tile_copy")
    if context.kong and context.self_drawn and not any(meld.is_kan for meld in hand.melds):
        problems.append("kong_without_kong")
    if context.kong and not context.self_drawn and (tables.fixed[win] or tables.standing[win] != 1):
        problems.append("kong_robbed_copy")
    if not 0 <= context.flowers <= 8:
        problems.append("flowers_range")
    if context.seat < EAST or context.prevalent < EAST or context.seat > 30 or context.prevalent > 30:
        problems.append("winds")
    if problems:
        raise Refusal("flags", *(Detail(code) for code in problems))


def _with_written_flowers(hand: Hand, context: McrContext) -> McrContext:
    """The context with the flowers written in the hand (1f..8f) as its
    flower count; refused when a different count was given as well."""
    written = len(hand.flowers)
    if context.flowers:
        shown = "".join(str(flower) for flower in hand.flowers) + "f"
        raise Refusal(
            "flowers", Detail("flowers_disagree", {"count": written, "shown": shown, "given": context.flowers})
        )
    return replace(context, flowers=written)


def score_mcr(hand: Hand, context: McrContext, rules: McrRules | None = None) -> McrScore:
    """The fans of a win.  Flowers may be written in the hand (1f..8f) or
    given as `context.flowers`; both, disagreeing, are refused."""
    rules = rules or McrRules()
    if hand.tile_count != 14:
        raise Refusal("not_complete", Detail("mcr_tile_count", {"count": hand.tile_count}))
    if context.win_tile not in hand.concealed:
        raise Refusal("win_tile_missing", Detail("win_tile_missing", {"tile": tile_name(context.win_tile)}))
    if hand.flowers and context.flowers != len(hand.flowers):
        context = _with_written_flowers(hand, context)
    tables = hand_tables(hand)
    check_context(hand, tables, context)
    # 和绝张 holds by itself when the other three copies are in the winner's own melds.
    last_tile = context.last_tile or (rules.last_tile_from_own_melds and tables.fixed[context.win_tile] == 3)
    counting, reading = _best_reading(hand, tables, context, rules, last_tile)
    if counting is None:
        raise Refusal("not_complete", Detail("mcr_no_shape"))
    points = counting.points()
    total = points + context.flowers
    table = counting.fans
    fans = [
        CountedFan(FANS[fan], table[fan], reading, hand, context)
        for fan in sorted(table, key=_TABLE_ORDER.__getitem__)
        if table[fan] > 0
    ]
    if context.flowers:
        fans.append(CountedFan(FANS[FLOWER_FAN], context.flowers, _NO_READING, hand, context))
    return McrScore(
        hand,
        context,
        rules,
        tuple(reading[1]),
        tuple(fans),
        counting,
        tables,
        last_tile,
        total,
        context.flowers,
        points >= MINIMUM_POINTS,
        payments(total, context.self_drawn),
    )


def _best_reading(
    hand: Hand, tables: HandTables, context: McrContext, rules: McrRules, last_tile: bool
) -> tuple[Counting | None, Reading]:
    special: Counting | None = None
    reading: Reading = ("", [])
    if tables.fixed_count == 0:
        special = count_special(tables, context, last_tile)
        reading = ("special", [])
        if special is None:
            special = count_knitted_straight(hand, tables, context, rules, last_tile)
            reading = ("knitted_straight", [])
        if special is None:
            special = count_nine_gates(tables, context, rules, last_tile)
            reading = ("nine_gates", [])
    elif tables.fixed_count == 1:
        special = count_knitted_straight(hand, tables, context, rules, last_tile)
        reading = ("knitted_straight", [])
    best = special
    best_points = special.points() if special else 0
    seven_pairs = special is not None and special.has(FanId.SEVEN_PAIRS)
    if special is not None and not seven_pairs:
        return best, reading
    # Seven pairs is also tried as sets and a pair: a few hands score more that way.
    asked: list[bool] = []

    def unique_wait() -> bool:
        # Asked at most once per hand, and only if some reading could score a wait fan.
        if not asked:
            asked.append(is_unique_wait(tables, context.win_tile, rules))
        return asked[0]

    fixed_packs = packs_of_melds(hand)
    concealed_splits = concealed_readings(tables.suit_keys)
    if len(concealed_splits) > 1:
        concealed_splits.sort(key=reading_order)
    for concealed in concealed_splits:
        counting = count_regular(fixed_packs, concealed, tables, context, rules, last_tile, unique_wait)
        points = counting.points()
        # On equal points, prefer 一色三同顺 and 三同刻 readings and sets over seven pairs,
        # as the standard tables do.
        prefer = seven_pairs or not _PREFERRED_ON_EQUAL_POINTS.isdisjoint(counting.fans)
        if points > best_points or (points == best_points and best is not None and prefer):
            best, best_points = counting, points
            reading = ("regular", [*fixed_packs, *concealed])
    return best, reading


_TABLE_ORDER = {fan: index for index, fan in enumerate(FANS)}
_PREFERRED_ON_EQUAL_POINTS: Final = frozenset({FanId.PURE_TRIPLE_CHOW, FanId.TRIPLE_PUNG})


_SHOWN_BY_THE_WIN_OR_TILES: Final = frozenset(
    {
        FanId.SELF_DRAWN,
        FanId.FULLY_CONCEALED_HAND,
        FanId.CONCEALED_HAND,
        FanId.PREVALENT_WIND,
        FanId.SEAT_WIND,
        FanId.LAST_TILE,
        FanId.ONE_VOIDED_SUIT,
        FanId.NO_HONORS,
        FanId.ALL_SIMPLES,
    }
)
"""Fans a larger fan implies that the hand shows only by how it was won or
by tiles the larger fan does not fix (十三幺 holds 不求人 when self-drawn,
门前清 on a discard), as `shown_fans` counts them; every other implied fan
always shows (四暗刻 always has three concealed pungs)."""


def _left_out(
    counting: Counting, hand: Hand, tables: HandTables, context: McrContext, last_tile: bool
) -> list[LeftOutFan]:
    """Fans the counted ones imply (non-repeat), then those the counting itself
    set aside (account once, take the higher), each named once."""
    counted = {fan for fan, times in counting.fans.items() if times > 0}
    # Counted by the same rules as in a score, before any is left out.
    shown = shown_fans(tables, context, last_tile)
    seen: set[FanId] = set()
    found = []
    for fan in sorted(counted, key=_TABLE_ORDER.__getitem__):
        for other in NOT_COUNTED_WITH.get(fan, ()):
            if other in counted or other in seen or (other in _SHOWN_BY_THE_WIN_OR_TILES and other not in shown):
                continue
            seen.add(other)
            found.append(LeftOutFan(FANS[other], NON_REPEAT, FANS[fan]))
        # One instance is part of the larger fan even when another counts.
        for other in INCLUDES_ONE.get(fan, ()):
            if other not in seen:
                seen.add(other)
                found.append(LeftOutFan(FANS[other], NON_REPEAT, FANS[fan]))
    # Set aside while counting: these may still count once (a second 喜相逢
    # that account-once drops), so they are named even when counted.
    for other, principle in counting.left_out:
        if other not in seen:
            seen.add(other)
            also = NON_IDENTICAL if other in counting.repeated else None
            found.append(LeftOutFan(FANS[other], principle, None, also))
    return found


def _pack_text(pack: Pack) -> str:
    if pack.kind == "chow":
        tiles = format_tiles((pack.tile - 1, pack.tile, pack.tile + 1))
    elif pack.kind == "pair":
        tiles = format_tiles((pack.tile,) * 2)
    else:
        tiles = format_tiles((pack.tile,) * (4 if pack.kind == "kong" else 3))
    if not pack.melded:
        return tiles
    return f"[{tiles}]"


def _hand_text(hand: Hand) -> str:
    return format_hand(Hand(hand.concealed, hand.melds))


def _sources(fan: Fan, count: int, reading: Reading, context: McrContext) -> tuple[Pack, ...]:
    """The sets a fan is made of (by its `made_of` in the table), for the
    explanation; empty for fans of the whole hand or of the winning tile."""
    kind, packs = reading
    made_of = fan.made_of
    if kind != "regular" or made_of in ("hand", "win_tile", "flowers"):
        return ()
    pungs = [pack for pack in packs if pack.kind in ("pung", "kong")]
    sets_and_pair = [*pungs, *(pack for pack in packs if pack.kind == "pair")]
    if made_of == "chows":
        chows = [pack for pack in packs if pack.kind == "chow"]
        positions = chow_sources(fan.id, count, [pack.tile for pack in chows])
        return tuple(chows) if positions is None else tuple(chows[i] for i in positions)
    if made_of == "pungs":
        return tuple(pungs)
    if made_of == "kongs":
        return tuple(pack for pack in packs if pack.kind == "kong")
    if made_of == "concealed_pungs":
        return tuple(concealed_sets(pungs, packs, context))
    if made_of == "wind_sets":
        return tuple(pack for pack in sets_and_pair if is_wind(pack.tile))
    if made_of == "dragon_sets":
        return tuple(pack for pack in sets_and_pair if pack.tile in DRAGONS)
    if made_of == "dragon_pung":
        return tuple(pack for pack in pungs if pack.tile in DRAGONS)
    if made_of == "prevalent_wind_pung":
        return tuple(pack for pack in pungs if pack.tile == context.prevalent)
    if made_of == "seat_wind_pung":
        return tuple(pack for pack in pungs if pack.tile == context.seat)
    return tuple(_terminal_pungs(pungs, count, context))


def _terminal_pungs(pungs: list[Pack], count: int, context: McrContext) -> list[Pack]:
    """The `count` pungs that 幺九刻 counts: terminal pungs first, then wind
    pungs, the seat and prevalent winds last, since a pung of either counts as
    that wind's fan in place of 幺九刻 (and the wind sets take theirs)."""
    own_winds = (context.seat, context.prevalent)
    ranked = [pack for pack in pungs if is_terminal(pack.tile)]
    ranked += [pack for pack in pungs if is_wind(pack.tile) and pack.tile not in own_winds]
    ranked += [pack for pack in pungs if is_wind(pack.tile) and pack.tile in own_winds]
    return ranked[:count]
