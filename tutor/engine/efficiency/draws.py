"""What each draw does to a hand's figures, counted without recounting the
whole hand per draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tutor.engine.efficiency.heads import honour_suit_facts, number_suit_facts
from tutor.engine.efficiency.held import HeldTiles
from tutor.engine.efficiency.regular import bounded, hand_table, regular_from_keys
from tutor.engine.efficiency.results import COMPLETE, TileCount, Ukeire
from tutor.engine.efficiency.suit_tables import honour_table, number_table
from tutor.engine.efficiency.tables import (
    EMPTY_TABLE,
    KEY_SHIFT,
    LOOSE_TABLES,
    MAX_SETS,
    UNREACHABLE,
    head_table_of,
    join,
    joins,
    shanten_of_table,
    table_shanten,
)
from tutor.engine.irregular import (
    KNITTED_KINDS,
    KNITTED_SETS,
    ORPHANS,
    dead_knitted,
    orphan_counts,
)
from tutor.engine.memo import memo
from tutor.engine.suit_keys import (
    BIT_OF,
    HONOUR_SUIT,
    PLACE_OF,
    SUIT_OF,
    unpack,
)
from tutor.engine.tiles import COPIES, EAST, HONOURS, TILE_KINDS, Tile


def each_without(parts: Sequence[int]) -> list[int]:
    """For each of a hand's four suits, the table of the other three: a
    draw changes one suit, whose new table is then joined to this."""
    return [
        join(join(parts[1], parts[2]), parts[3]),
        join(join(parts[0], parts[2]), parts[3]),
        join(join(parts[0], parts[1]), parts[3]),
        join(join(parts[0], parts[1]), parts[2]),
    ]


def _regular_after_draws(
    counts: Sequence[int], keys: Sequence[int], masks: Sequence[int], held: Sequence[int], fixed: int, bound: bool
) -> list[int]:
    """The regular shanten after drawing each tile (`UNREACHABLE` for a tile
    all four of whose copies are held), without recounting the whole hand
    per draw.  A draw changes one suit, so the other three suits' tables are
    joined once per suit and only the drawn suit's table is looked up; a tile
    with no neighbour within two ranks (or an honour not held) only adds a
    loose tile, whatever its kind, so one count serves them all.  `bound`
    applies the honour-quad bound (not to what a knitted straight leaves)."""
    size = sum(counts) + 1
    parts = [
        number_table(keys[0], masks[0]) if keys[0] else EMPTY_TABLE,
        number_table(keys[1], masks[1]) if keys[1] else EMPTY_TABLE,
        number_table(keys[2], masks[2]) if keys[2] else EMPTY_TABLE,
    ]
    honours, quads = honour_table(keys[3], masks[3])
    parts.append(honours)
    others = each_without(parts)
    whole = join(others[0], parts[0])
    apart = [table_shanten(join(whole, LOOSE_TABLES[kind]), fixed) for kind in (0, 1)]
    if bound:
        apart = [bounded(value, quads, size) for value in apart]
    near = _near_tiles(counts)
    after = [UNREACHABLE] * TILE_KINDS
    for tile in range(TILE_KINDS):
        unseen = COPIES - held[tile]
        if unseen <= 0:
            continue
        if tile in near:
            suit = SUIT_OF[tile]
            mask = masks[suit] | BIT_OF[tile] if unseen == 1 else masks[suit]
            key = keys[suit] + PLACE_OF[tile]
            if suit == HONOUR_SUIT:
                table, drawn_quads = honour_table(key, mask)
            else:
                table, drawn_quads = number_table(key, mask), quads
            value = table_shanten(join(others[suit], table), fixed)
            after[tile] = bounded(value, drawn_quads, size) if bound else value
        else:
            after[tile] = apart[unseen == 1]
    return after


def _regular_after_draws_by_heads(tiles: HeldTiles) -> list[int] | None:
    """`_regular_after_draws` from head tables, for a hand holding no kind
    four times (None for one that does): as there, the other three suits
    are joined once per suit and a draw far from the hand counted once.  A
    draw of a kind's last unseen copy makes four of it, so it alone is
    counted in full."""
    if any(tiles.masks):
        return None
    keys, held = tiles.keys, tiles.held
    fixed = (14 - tiles.size - 1) // 3
    parts = [number_suit_facts(keys[suit])[0] for suit in range(HONOUR_SUIT)]
    parts.append(honour_suit_facts(keys[HONOUR_SUIT])[0])
    others = each_without(parts)
    whole = join(others[0], parts[0])
    apart = table_shanten(join(whole, head_table_of(LOOSE_TABLES[0])), fixed)
    after: list[int] = []
    for suit in range(4):
        memo_key = ((others[suit] << _KEY_BITS | keys[suit]) << 5) | suit << 3 | fixed
        found = _suit_draws.get(memo_key)
        if found is None:
            found = _suit_draws[memo_key] = _suit_after_draws(others[suit], keys[suit], suit, fixed)
        after.extend(found)
    after = [apart if value == _FAR else value for value in after]
    for tile in [tile for tile in range(TILE_KINDS) if held[tile] >= COPIES - 1]:
        if held[tile] == COPIES - 1:
            tiles.add(tile, 1)
            after[tile] = regular_from_keys(tiles.keys, tiles.masks, tiles.size)
            tiles.add(tile, -1)
        else:
            after[tile] = UNREACHABLE
    return after


_FAR: Final = 100
"""A draw no held tile of its suit is near: it only adds a loose tile (see `_near_tiles`)."""
_KEY_BITS: Final = 21
"""A suit's packed key (base 5, nine ranks) stays below 2**21."""
_NOW_PLACES: Final = 16
"""A 13-tile hand's shanten stays below 16 (a memo key packs it)."""

_suit_draws: dict[int, tuple[int, ...]] = memo("efficiency.suit_draws", {})
"""`_suit_after_draws` by the other suits' table, the suit's key and
number, and the sets fixed: three counts in four find the same suit beside
the same table (most of a hand stands from one discard to the next)."""


def _suit_after_draws(others: int, key: int, suit: int, fixed: int) -> tuple[int, ...]:
    """The regular shanten after drawing each rank of one suit, beside the
    table of the other three: `_FAR` for a rank not near the suit's held
    tiles, and a placeholder for a rank held three times (the last copy,
    which the caller counts in full, or none at all)."""
    found = []
    for head in _heads_after_draws(key, suit)[0]:
        if head < 0:
            found.append(UNREACHABLE if head == UNREACHABLE else _FAR)
            continue
        # The memos read first, as `join` and `table_shanten` would: this runs for every rank of every suit counted.
        joined = joins.get(others * KEY_SHIFT + head)
        if joined is None:
            joined = join(others, head)
        figures = shanten_of_table.get(joined * 8 + fixed)
        found.append(table_shanten(joined, fixed) if figures is None else figures[0])
    return tuple(found)


_NOT_NEAR: Final = -1
"""In `_heads_after_draws`: a rank no held tile of its suit is near (`_FAR` after the join)."""

_SuitHeads = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...], int, int]
"""`_heads_after_draws`: each rank's table after drawing it; the near ranks
drawable (rank, unseen copies, tile bit); the far ranks' copies and bits."""

_suit_heads: dict[int, _SuitHeads] = memo("efficiency.suit_heads", {})
"""`_heads_after_draws` by the suit's key and number."""

_NINE_RANKS: Final = (1 << 9) - 1


def _heads_after_draws(key: int, suit: int) -> _SuitHeads:
    """For each rank of one suit, the suit's head table after drawing it
    (`_NOT_NEAR` for a rank not near the suit's held tiles, `UNREACHABLE`
    for one held three times or more): what `_suit_after_draws` joins to
    each table of the other suits.  With them, what the sums of draws need
    that the suit alone gives: the near ranks below three copies, each with
    its unseen copies (four less those held, as though none were called)
    and its tile's bit, and the far ranks' copies and bits together."""
    memo_key = key * 4 + suit
    found = _suit_heads.get(memo_key)
    if found is None:
        honours = suit == HONOUR_SUIT
        counts = unpack(key, 7 if honours else 9)
        held = sum(1 << rank for rank, count in enumerate(counts) if count)
        # As `_near_tiles`, within the suit: a held honour, a number within two ranks of a held one.
        near = held if honours else (held | held << 1 | held << 2 | held >> 1 | held >> 2) & _NINE_RANKS
        heads = []
        drawable = []
        far = far_mask = 0
        for rank, count in enumerate(counts):
            bit = 1 << (suit * 9 + rank)
            if count >= COPIES - 1:
                heads.append(UNREACHABLE)
            elif near >> rank & 1:
                drawn = key + PLACE_OF[suit * 9 + rank]
                heads.append((honour_suit_facts(drawn) if honours else number_suit_facts(drawn))[0])
                drawable.append((rank, COPIES - count, bit))
            else:
                heads.append(_NOT_NEAR)
                far += COPIES - count
                far_mask |= bit
        found = _suit_heads[memo_key] = (tuple(heads), tuple(drawable), far, far_mask)
    return found


def riichi_ukeire_sum(tiles: HeldTiles, now: int) -> tuple[int, int]:
    """`riichi_ukeire` as its copies summed and its tiles as a bit mask (bit
    t for tile t): what a discard table ranks by.  For a hand holding no
    kind four times (nearly every hand a review counts), each suit's draws
    are summed once for the table beside it and the shanten to beat (as
    `_suit_draws` keeps them), and only the draws of kinds held three times
    or called are looked at one by one; seven pairs and thirteen orphans add
    the draws they take below `now`.  A hand holding a kind four times is
    counted draw by draw."""
    counts = tiles.counts
    if any(tiles.masks):
        listed = riichi_ukeire(tiles, now).tiles
        return sum(item.count for item in listed), sum(1 << item.tile for item in listed)
    keys = tiles.keys
    fixed = (14 - tiles.size - 1) // 3
    parts = [number_suit_facts(keys[suit])[0] for suit in range(HONOUR_SUIT)]
    parts.append(honour_suit_facts(keys[HONOUR_SUIT])[0])
    others = each_without(parts)
    whole = join(others[0], parts[0])
    far_live = table_shanten(join(whole, head_table_of(LOOSE_TABLES[0])), fixed) < now
    total = accepted = 0
    sums: list[_SuitSums] = []
    for suit in range(4):
        memo_key = (((others[suit] << _KEY_BITS | keys[suit]) << 5) | suit << 3 | fixed) * _NOW_PLACES + now
        found = _suit_sums.get(memo_key)
        if found is None:
            found = _suit_sums[memo_key] = _suit_draw_sums(others[suit], keys[suit], suit, fixed, now)
        sums.append(found)
        total += found[0]
        accepted |= found[1]
        if far_live:
            total += found[2]
            accepted |= found[3]
    if COPIES - 1 in counts or tiles.called:
        total, accepted = _held_draws_set_right(tiles, now, sums, far_live, total, accepted)
    if tiles.called:
        return total, accepted
    # A concealed hand's other shapes: what they accept beyond the regular count.
    extra, copies = _closed_draws(tiles, now, accepted)
    return total + copies, accepted | extra


def _held_draws_set_right(
    tiles: HeldTiles,
    now: int,
    sums: list[_SuitSums],
    far_live: bool,
    total: int,
    accepted: int,
) -> tuple[int, int]:
    """`riichi_ukeire_sum`'s sums set right for the draws of kinds held three times or called."""
    counts, held = tiles.counts, tiles.held
    # The sums take a draw's unseen copies as four less the concealed ones,
    # and leave out a kind held three times: those draws are set right here.
    looked = {tile for tile in range(TILE_KINDS) if counts[tile] == COPIES - 1 or held[tile] != counts[tile]}
    for tile in looked:
        bit = 1 << tile
        if accepted & bit:
            total -= COPIES - counts[tile]
            accepted &= ~bit
        if held[tile] == COPIES - 1:
            tiles.add(tile, 1)
            live = regular_from_keys(tiles.keys, tiles.masks, tiles.size) < now
            tiles.add(tile, -1)
        else:
            suit = SUIT_OF[tile]
            value = sums[suit][4][tile - suit * 9]
            live = far_live if value == _FAR else value < now
        if live:
            total += COPIES - held[tile]
            accepted |= bit
    return total, accepted


def _closed_draws(tiles: HeldTiles, now: int, accepted: int) -> tuple[int, int]:
    """The draws beyond `accepted` (bit masks) that take a concealed hand's
    seven pairs or thirteen orphans below `now`, as `riichi_ukeire` counts
    those shapes, and their unseen copies summed, for a hand holding no kind
    four times.  What a draw does to those shapes depends only on how many
    of its kind the hand holds and whether it is a terminal or an honour,
    so the draws are taken by those classes, not one by one."""
    counts = tiles.counts
    absent = counts.count(0)
    pairs = TILE_KINDS - absent - counts.count(1)
    kinds = TILE_KINDS - absent
    held_orphans = orphan_counts(counts)
    orphan_kinds = 13 - held_orphans.count(0)
    least_pairs = COMPLETE if pairs + 1 >= 7 else 5 - pairs + max(0, 6 - kinds)
    # Most hands counted are far from both shapes (`riichi_ukeire`'s test).
    if least_pairs >= now and 11 - orphan_kinds >= now:
        return 0, 0
    doubled = orphan_kinds > held_orphans.count(1)
    keys = tiles.keys
    found = copies = 0
    for count in range(COPIES):
        new_pairs = pairs + (count == 1)
        if (COMPLETE if new_pairs == 7 else 6 - new_pairs + max(0, 7 - kinds - (count == 0))) < now:
            drawn = _kinds_held(keys, count)
        elif 13 - orphan_kinds - (count == 0) - (1 if doubled or count == 1 else 0) < now:
            drawn = _kinds_held(keys, count) & _ORPHAN_BITS
        else:
            continue
        drawn &= ~accepted
        found |= drawn
        copies += (COPIES - count) * drawn.bit_count()
    return found, copies


_ORPHAN_BITS: Final = sum(1 << tile for tile in ORPHANS)


def _kinds_held(keys: Sequence[int], count: int) -> int:
    """The kinds (a bit mask) held `count` times, read off the suit keys."""
    found = 0
    for suit, key in enumerate(keys):
        memo_key = (key * 4 + suit) * COPIES + count
        masks = _held_masks.get(memo_key)
        if masks is None:
            ranks = unpack(key, 7 if suit == HONOUR_SUIT else 9)
            masks = _held_masks[memo_key] = sum(
                1 << (suit * 9 + rank) for rank, held in enumerate(ranks) if held == count
            )
        found |= masks
    return found


_held_masks: dict[int, int] = memo("efficiency.held_masks", {})
"""`_kinds_held` of one suit, by its key, number and the count."""


_SuitSums = tuple[int, int, int, int, tuple[int, ...]]
"""`_suit_draw_sums`: near draws' copies and mask, far draws' copies and mask, the suit's draws."""

_suit_sums: dict[int, _SuitSums] = memo("efficiency.suit_draw_sums", {})
"""`_suit_draw_sums` by `_suit_draws`'s key and the shanten to beat."""


def _suit_draw_sums(others: int, key: int, suit: int, fixed: int, now: int) -> _SuitSums:
    """One suit's draws below `now` beside the table of the other three
    suits: the unseen copies of the near ones summed (four less the copies
    held, as though none were called) and their bit mask, the same of the
    far ones (which count only if a loose tile beats `now`), and
    `_suit_after_draws`'s answer (kinds held three times are in neither sum)."""
    memo_key = ((others << _KEY_BITS | key) << 5) | suit << 3 | fixed
    draws = _suit_draws.get(memo_key)
    if draws is None:
        draws = _suit_draws[memo_key] = _suit_after_draws(others, key, suit, fixed)
    _, drawable, far, far_mask = _heads_after_draws(key, suit)
    near = near_mask = 0
    for rank, copies, bit in drawable:
        if draws[rank] < now:
            near += copies
            near_mask |= bit
    return near, near_mask, far, far_mask, draws


def riichi_ukeire(tiles: HeldTiles, now: int) -> Ukeire:
    """Ukeire under riichi rules: the regular count after each draw, and
    seven pairs and thirteen orphans changed by what the drawn tile pairs or
    adds."""
    counts, held = tiles.counts, tiles.held
    regular = _regular_after_draws_by_heads(tiles)
    if regular is None:
        regular = _regular_after_draws(counts, tiles.keys, tiles.masks, held, (14 - tiles.size - 1) // 3, True)
    closed = not tiles.called
    if closed:
        absent = counts.count(0)
        pairs = TILE_KINDS - absent - counts.count(1)
        kinds = TILE_KINDS - absent
        held_orphans: tuple[int, ...] = orphan_counts(counts)
        orphan_kinds = 13 - held_orphans.count(0)
        doubled = orphan_kinds > held_orphans.count(1)
        # The least either shape could reach after a draw (one pair more and
        # one kind more, one orphan more and a pair of them): most hands
        # counted are far from both, and then only the regular count decides.
        least_pairs = COMPLETE if pairs + 1 >= 7 else 5 - pairs + max(0, 6 - kinds)
        closed = least_pairs < now or 11 - orphan_kinds < now
    if not closed:
        return Ukeire(
            tuple(
                TileCount(tile, COPIES - held[tile])
                for tile, after in enumerate(regular)
                if after < now and after != UNREACHABLE
            )
        )
    found = []
    for tile in range(TILE_KINDS):
        after = regular[tile]
        if after == UNREACHABLE:
            continue
        if closed and after >= now:
            count = counts[tile]
            new_pairs = pairs + (count == 1)
            if new_pairs == 7:
                after = COMPLETE
            else:
                new_kinds = kinds + (count == 0)
                after = min(after, 6 - new_pairs + max(0, 7 - new_kinds))
            if tile in ORPHANS:
                new_orphans = orphan_kinds + (count == 0)
                after = min(after, 13 - new_orphans - (1 if doubled or count == 1 else 0))
        if after < now:
            found.append(TileCount(tile, COPIES - held[tile]))
    return Ukeire(tuple(found))


def mcr_ukeire(tiles: HeldTiles, now: int) -> Ukeire:
    """Ukeire under MCR rules: riichi's counts (seven pairs taking four of a
    kind as two pairs), and the knitted shapes changed by the drawn tile.  A
    knitted set missing more tiles than the hand's shanten plus one cannot
    be reached by one draw, so its rest is not counted."""
    counts, held, keys, masks = tiles.counts, tiles.held, tiles.keys, tiles.masks
    called = tiles.called
    best = _regular_after_draws(counts, keys, masks, held, (14 - tiles.size - 1) // 3, True)
    closed = not called
    if closed:
        pairs = sum(count // 2 for count in counts)
        held_orphans: tuple[int, ...] = orphan_counts(counts)
        orphan_kinds = 13 - held_orphans.count(0)
        doubled = orphan_kinds > held_orphans.count(1)
        honours = sum(1 for tile in HONOURS if counts[tile])
        # The most knitted tiles held after each draw: the best set's, or one
        # more in a set the drawn tile is missing from.
        knitted_held = [sum(1 for tile in knitted if counts[tile]) for knitted in KNITTED_SETS]
        most_knitted = [max(knitted_held)] * TILE_KINDS
        for held_here, knitted_tiles in zip(knitted_held, KNITTED_SETS, strict=True):
            for tile in knitted_tiles:
                if not counts[tile] and held_here + 1 > most_knitted[tile]:
                    most_knitted[tile] = held_here + 1
        for tile in range(TILE_KINDS):
            if best[tile] == UNREACHABLE:
                continue
            count = counts[tile]
            new_pairs = pairs + (count % 2 == 1)
            value = COMPLETE if new_pairs >= 7 else 6 - new_pairs
            if tile in ORPHANS:
                value = min(value, 13 - orphan_kinds - (count == 0) - (1 if doubled or count == 1 else 0))
            fits = honours + (tile >= EAST and count == 0) + most_knitted[tile]
            best[tile] = min(best[tile], value, 13 - fits)
    if called <= 1:
        for knitted in KNITTED_KINDS:
            if dead_knitted(tuple(knitted), counts, held):
                continue
            missing = sum(1 for tile in knitted if not counts[tile])
            # The rest is at best complete: a set missing this many cannot help.
            if missing - 2 >= now:
                continue
            rest = list(counts)
            rest_keys = list(keys)
            for tile in knitted:
                if counts[tile]:
                    rest[tile] -= 1
                    rest_keys[SUIT_OF[tile]] -= PLACE_OF[tile]
            fixed = min(3 + called, MAX_SETS)
            after_rest = _regular_after_draws(rest, rest_keys, masks, held, fixed, False)
            now_rest = table_shanten(hand_table(rest_keys, masks)[0], fixed)
            for tile in range(TILE_KINDS):
                if best[tile] == UNREACHABLE:
                    continue
                # A missing knitted tile fills its place; any other joins the rest.
                filled = tile in knitted and not counts[tile]
                best[tile] = min(best[tile], now_rest + missing - 1 if filled else after_rest[tile] + missing)
    return Ukeire(
        tuple(
            TileCount(tile, COPIES - held[tile])
            for tile in range(TILE_KINDS)
            if best[tile] != UNREACHABLE and best[tile] < now
        )
    )


def _near_tiles(counts: Sequence[int]) -> set[Tile]:
    """Tiles within two ranks of a held number tile of their suit, and held honours."""
    near: set[Tile] = set()
    for tile in range(TILE_KINDS):
        if counts[tile]:
            if tile >= EAST:
                near.add(tile)
            else:
                low = tile - tile % 9
                near.update(range(max(low, tile - 2), min(low + 9, tile + 3)))
    return near
