"""Asking `mahjong` 2.1.0 to score a hand the way our engine is asked.

A fresh `HandConfig` and `OptionalRules` are built for every hand: the
reference writes into its config's yaku objects (dora han, double-yakuman
han) and a reused config carries that into the next hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld as RefMeld

from tutor.engine.hand import Hand, MeldKind
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules

YAKU_NAMES = {
    "Menzen Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei",
    "Houtei Raoyui": "houtei",
    "Renhou": "renhou",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Yakuhai (haku)": "yakuhai_haku",
    "Yakuhai (hatsu)": "yakuhai_hatsu",
    "Yakuhai (chun)": "yakuhai_chun",
    "Sanshoku Doujun": "sanshoku_doujun",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroutou": "honroutou",
    "Toitoi": "toitoi",
    "San Ankou": "sanankou",
    "San Kantsu": "sankantsu",
    "Sanshoku Doukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shou Sangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
}
YAKU_NAMES.update({f"Yakuhai (seat wind {w})": "yakuhai_seat_wind" for w in ("east", "south", "west", "north")})
YAKU_NAMES.update({f"Yakuhai (round wind {w})": "yakuhai_round_wind" for w in ("east", "south", "west", "north")})

YAKUMAN_NAMES = {
    "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi_13",
    "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii",
    "Tsuu Iisou": "tsuuiisou",
    "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou",
    "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "junsei_chuuren",
    "Suu Kantsu": "suukantsu",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Renhou (yakuman)": "renhou",
}


@dataclass(frozen=True)
class ReferenceScore:
    error: str | None
    han: int = 0
    fu: int = 0
    total: int = 0
    yaku: tuple[str, ...] = ()
    yakuman: tuple[str, ...] = ()
    dora: int = 0
    ura_dora: int = 0


def _ids(hand: Hand) -> tuple[list[int], list[RefMeld], dict[int, list[int]]]:
    """136-format ids: copy k of tile kind t is 4t+k, handed out in order."""
    used = [0] * 34
    concealed_ids: dict[int, list[int]] = {}

    def take(tile: int) -> int:
        tile_id = tile * 4 + used[tile]
        used[tile] += 1
        return tile_id

    melds = []
    all_ids: list[int] = []
    for meld in hand.melds:
        ids = [take(tile) for tile in meld.tiles]
        all_ids += ids
        kind = RefMeld.CHI if meld.kind is MeldKind.CHI else RefMeld.PON if meld.kind is MeldKind.PON else RefMeld.KAN
        melds.append(RefMeld(meld_type=kind, tiles=ids, opened=meld.is_open))
    for tile in hand.concealed:
        tile_id = take(tile)
        concealed_ids.setdefault(tile, []).append(tile_id)
        all_ids.append(tile_id)
    return all_ids, melds, concealed_ids


def prepare_reference(hand: Hand, context: WinContext, rules: RiichiRules) -> dict[str, Any]:
    """The keyword arguments of `estimate_hand_value` for this hand, with a
    fresh config."""
    tiles, melds, concealed = _ids(hand)
    win_id = concealed[context.win_tile][-1]
    flags = context.flags
    options = OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=False,
        has_double_yakuman=rules.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules.kazoe == "yakuman" else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=rules.renhou == "yakuman",
    )
    config = HandConfig(
        is_tsumo=context.tsumo,
        is_riichi=Flag.RIICHI in flags or Flag.DOUBLE_RIICHI in flags,
        is_daburu_riichi=Flag.DOUBLE_RIICHI in flags,
        is_ippatsu=Flag.IPPATSU in flags,
        is_rinshan=Flag.RINSHAN in flags,
        is_chankan=Flag.CHANKAN in flags,
        is_haitei=Flag.HAITEI in flags,
        is_houtei=Flag.HOUTEI in flags,
        is_tenhou=Flag.TENHOU in flags,
        is_chiihou=Flag.CHIIHOU in flags,
        is_renhou=Flag.RENHOU in flags,
        player_wind=context.seat,
        round_wind=context.round,
        options=options,
    )
    # An indicator is a physical tile too; any copy id will do for the reference.
    dora = [tile * 4 + 3 for tile in context.dora_indicators]
    ura = [tile * 4 + 2 for tile in context.ura_indicators]
    return {
        "tiles": tiles,
        "win_tile": win_id,
        "melds": melds,
        "dora_indicators": dora,
        "config": config,
        "ura_dora_indicators": ura,
    }


def reference_score(hand: Hand, context: WinContext, rules: RiichiRules) -> ReferenceScore:
    return reference_from_result(HandCalculator.estimate_hand_value(**prepare_reference(hand, context, rules)))


def reference_from_result(result: HandResponse) -> ReferenceScore:
    if result.error:
        return ReferenceScore(error=str(result.error))
    names = [yaku.name for yaku in result.yaku]
    dora_han = sum(y.han_closed for y in result.yaku if y.name == "Dora")
    ura_han = sum(y.han_closed for y in result.yaku if y.name == "Ura Dora")
    return ReferenceScore(
        error=None,
        han=int(result.han),
        fu=int(result.fu),
        total=int(result.cost["total"]),
        yaku=tuple(sorted(YAKU_NAMES[name] for name in names if name in YAKU_NAMES)),
        yakuman=tuple(sorted(YAKUMAN_NAMES[name] for name in names if name in YAKUMAN_NAMES)),
        dora=dora_han,
        ura_dora=ura_han,
    )
