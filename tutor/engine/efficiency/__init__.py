"""Hand efficiency: shanten, ukeire and the table of discards.

Shanten is how many tiles a hand lacks before it is tenpai (0 tenpai, -1
complete).  The regular shape is counted by blocks, as the `mahjong` library
and most tools count it: with M sets (called ones included), one pair chosen
as the head and T' partial sets (further pairs, two-tile runs), the hand is
`8 - 2M - head - min(T', 4 - M)` tiles from tenpai.  Two corrections keep a
hand from counting on a fifth copy of a tile: a hand with no pair whose only
loose tiles are tiles already held four times needs one tile more, and an
honour held four times (three as a set, one loose) can never be a pair.  A
called hand that the blocks put at tenpai is also asked whether any of its
waits is live, since calls can hold every copy of the tile a partial set
needs (see `counting._dead_tenpai`), and one the blocks put one tile from
tenpai whether an unseen tile takes it to a live tenpai (see
`counting._dead_step`); a knitted set missing a tile all in sight is no route
at all.  Given only concealed tiles, the count is the `mahjong` library's
exactly.

The blocks each suit can make depend on that suit's tiles alone, so they are
found once per suit shape and memoised (`suit_tables`), and a hand is put
together from its suits' tables (`tables` holds their algebra).  Joining
four tables is itself memoised by the tables, which repeat far more than
hands do; this is what makes a table of every discard and every draw cheap.
Most riichi hands need only the head half of each table (`heads`), and every
number suit's head table is stored in the package (`number_heads`), so that
even a new process builds almost no tables.

Seven pairs, thirteen orphans and MCR's knitted shapes are counted from the
tiles directly (`tutor.engine.irregular`), each shape's own figure kept
beside the minimum.

The modules: `results` (what is answered), `tables`, `suit_tables`, `heads`,
`regular` (the regular shape and the knitted straight of a whole hand),
`held` (a hand's tiles as the counting changes them), `counting` (shanten
and ukeire), `draws` (every draw at once), `discards`, `split`, and `stored_heads` (writing `number_heads.bin`).
"""

from tutor.engine.efficiency.counting import shanten, ukeire
from tutor.engine.efficiency.discards import best_discards, discard_table
from tutor.engine.efficiency.regular import knitted_straight_shanten, regular_shanten
from tutor.engine.efficiency.results import COMPLETE, TENPAI, DiscardOption, Shanten, TileCount, Ukeire
from tutor.engine.efficiency.split import Split, best_split
from tutor.engine.efficiency.stored_heads import computed_number_heads
from tutor.engine.efficiency.tables import MAX_SETS
from tutor.engine.irregular import honours_and_knitted_shanten, seven_pairs_shanten, thirteen_orphans_shanten

__all__ = [
    "COMPLETE",
    "MAX_SETS",
    "TENPAI",
    "DiscardOption",
    "Shanten",
    "Split",
    "TileCount",
    "Ukeire",
    "best_discards",
    "best_split",
    "computed_number_heads",
    "discard_table",
    "honours_and_knitted_shanten",
    "knitted_straight_shanten",
    "regular_shanten",
    "seven_pairs_shanten",
    "shanten",
    "thirteen_orphans_shanten",
    "ukeire",
]
