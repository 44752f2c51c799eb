"""Quiz kind `yaku`: which yaku a riichi hand has, and how many han.

The learner ticks each yaku with its han (from the list `points-steps` uses,
where a yaku worth less when open is listed with both values); the han
total follows from the ticks.  Dora are not counted: this drill comes
before the points (lessons r06-riichi and r07-yaku give it).

The explanation names the yaku with their han, and then each yaku a
learner would expect that the hand does not have, with the reason:

* pinfu, when every set of the reading taken is a shuntsu: the hand has
  called, the pair gives fu, or the wait is not a ryanmen;
* tanyao, when only one to three tiles are terminals or honours: those tiles;
* menzen tsumo, when an open hand wins by tsumo: the hand has called;
* yakuhai, for a pair of a dragon, the seat wind or the round wind (a pair
  is not a koutsu), and for a koutsu of a guest wind;
* iipeikou, when an open hand has two identical shuntsu: closed only;
* sanankou, when three koutsu are concealed but one was finished by ron:
  that koutsu counts as open;
* a yaku another one contains (iipeikou in ryanpeikou, chanta in junchan,
  honitsu in chinitsu, riichi in double riichi), and chiitoitsu when the
  same tiles read as ryanpeikou.

Levels: 1 closed hands with the core yaku of r06-riichi only; 2 calls and
every yaku; 3 kans, seven pairs and the yaku of the moment as well.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from tutor.engine.hand import Hand
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.context import Flag, WinContext
from tutor.engine.riichi.rules import RiichiRules
from tutor.engine.riichi.score import RiichiScore, score_riichi
from tutor.engine.riichi.yaku import REPLACES
from tutor.engine.shapes import SetKind, ShapeKind
from tutor.engine.tiles import DRAGONS, EAST, SIMPLE_TILES, TILE_KINDS, WINDS, Tile
from tutor.engine.waits import WaitKind
from tutor.locale import Message, joined, message, render
from tutor.quiz.deal import random_complete, random_seven_pairs
from tutor.quiz.kinds.points_steps import CHOICE_LABELS, CHOICES, CORE_LESSON, CORE_YAKU, YAKU_LESSON
from tutor.quiz.kinds.scoring import DEFAULT_RULES, win_request
from tutor.quiz.names import WAIT_NAMES, name, tile_message
from tutor.quiz.question import Question

KIND: Final = "yaku"
NEAR_SIMPLES: Final = 3
"""At most this many terminals and honours and a learner still looks for tanyao."""


@dataclass(frozen=True, slots=True)
class Absent:
    """A yaku the hand does not have though a learner would look for it,
    and the reason: a catalogue key `yaku_drill.why.<reason>` and its values."""

    yaku: str
    reason: str
    values: tuple[tuple[str, Tile | str], ...] = ()
    """Placeholder name -> a tile (named in words) or a yaku id or wait kind."""


# --- dealing ----------------------------------------------------------------------------------

_SIMPLES: Final = sorted(SIMPLE_TILES)


def _pool(rng: random.Random, level: int) -> list[Tile]:
    """Tiles to build from: mostly simples (so that tanyao is won or nearly
    won), now and then one suit with honours (honitsu, chinitsu), else any."""
    roll = rng.random()
    if level > 1 and roll < 0.25:
        suit = rng.randrange(3) * 9
        return list(range(suit, suit + 9)) + (list(range(EAST, TILE_KINDS)) if rng.random() < 0.6 else [])
    if roll < 0.65:
        return _SIMPLES * 3 + list(range(TILE_KINDS))
    return list(range(TILE_KINDS))


def _hand(rng: random.Random, level: int) -> Hand:
    while True:
        if level == 3 and rng.random() < 0.1:
            return random_seven_pairs(rng)
        hand = random_complete(rng, _pool(rng, level), max_melds=0 if level == 1 else 2 if level == 2 else 4)
        if level == 3 or not any(meld.is_kan for meld in hand.melds):
            return hand


def _flags(rng: random.Random, hand: Hand, tsumo: bool, level: int) -> frozenset[Flag]:
    flags: set[Flag] = set()
    if hand.is_closed and rng.random() < 0.55:
        flags.add(Flag.DOUBLE_RIICHI if level == 3 and rng.random() < 0.05 else Flag.RIICHI)
        if level > 1 and rng.random() < 0.1:
            flags.add(Flag.IPPATSU)
    if level == 3 and rng.random() < 0.08:
        flags.add(Flag.HAITEI if tsumo else Flag.HOUTEI)
    return frozenset(flags)


def _fits(score: RiichiScore, level: int) -> bool:
    if score.yakuman:
        return False
    return level > 1 or all(name in CORE_YAKU for name, _ in score.yaku)


def yaku_score(rng: random.Random, level: int, rules: RiichiRules = DEFAULT_RULES) -> RiichiScore:
    """A scored win without dora that fits the level."""
    while True:
        hand = _hand(rng, level)
        tsumo = rng.random() < 0.4
        context = WinContext(
            rng.choice(hand.concealed), tsumo, rng.choice(WINDS), rng.choice(WINDS[:2]), _flags(rng, hand, tsumo, level)
        )
        try:
            score = score_riichi(hand, context, rules)
        except Refusal:
            continue
        if _fits(score, level):
            return score


# --- what a learner would expect --------------------------------------------------------------


def _yakuhai_tiles(context: WinContext) -> frozenset[Tile]:
    return frozenset({*DRAGONS, context.seat, context.round})


def _pinfu_absent(score: RiichiScore) -> Absent | None:
    decomposition = score.reading.decomposition
    if decomposition.shape is not ShapeKind.REGULAR or "pinfu" in dict(score.yaku):
        return None
    if any(block.kind is not SetKind.SHUNTSU for block in decomposition.sets):
        return None
    if not score.hand.is_closed:
        return Absent("pinfu", "called")
    pair = decomposition.pair
    if pair is not None and pair in _yakuhai_tiles(score.context):
        return Absent("pinfu", "pair_fu", (("tile", pair),))
    if score.reading.wait is not WaitKind.RYANMEN:
        return Absent("pinfu", "wait", (("wait", score.reading.wait.value),))
    return None


def _tiles_of(score: RiichiScore) -> list[Tile]:
    return [*score.hand.concealed, *(tile for meld in score.hand.melds for tile in meld.tiles)]


def _tanyao_absent(score: RiichiScore) -> Absent | None:
    if "tanyao" in dict(score.yaku):
        return None
    outside = [tile for tile in _tiles_of(score) if tile not in SIMPLE_TILES]
    if not outside and not score.hand.is_closed:
        # All simples, open, and no tanyao: the rules in force have open tanyao off.
        return Absent("tanyao", "closed_only")
    # A koutsu of honours is there for its own yaku: nobody looks for tanyao beside it.
    if not 1 <= len(outside) <= NEAR_SIMPLES or any(outside.count(tile) >= 3 and tile >= EAST for tile in outside):
        return None
    outside = sorted(set(outside))
    return Absent("tanyao", "not_simple", (("tile", outside[0]),))


def _tsumo_absent(score: RiichiScore) -> Absent | None:
    if score.context.tsumo and not score.hand.is_closed:
        return Absent("menzen_tsumo", "called")
    return None


def _yakuhai_absent(score: RiichiScore) -> list[Absent]:
    decomposition = score.reading.decomposition
    found = []
    wanted = _yakuhai_tiles(score.context)
    pairs = (decomposition.pair,) if decomposition.shape is ShapeKind.REGULAR else decomposition.pairs
    for pair in pairs:
        if pair is not None and pair in wanted:
            found.append(Absent("yakuhai", "pair_not_koutsu", (("tile", pair),)))
    for block in decomposition.sets:
        if block.kind is not SetKind.SHUNTSU and block.first in WINDS and block.first not in wanted:
            found.append(Absent("yakuhai", "guest_wind", (("tile", block.first),)))
    return found


def _same_runs(score: RiichiScore) -> bool:
    runs = [block.first for block in score.reading.decomposition.sets if block.kind is SetKind.SHUNTSU]
    return len(runs) != len(set(runs))


def _iipeikou_absent(score: RiichiScore) -> Absent | None:
    if not score.hand.is_closed and _same_runs(score):
        return Absent("iipeikou", "closed_only")
    return None


def _sanankou_absent(score: RiichiScore) -> Absent | None:
    """Three koutsu among the concealed tiles, one of them finished by ron."""
    reading = score.reading
    if score.context.tsumo or reading.win_set is None or "sanankou" in dict(score.yaku):
        return None
    blocks = reading.decomposition.sets
    finished = blocks[reading.win_set]
    if finished.kind is not SetKind.KOUTSU or finished.called:
        return None
    concealed = [block for block in blocks if block.kind is not SetKind.SHUNTSU and not block.open]
    if len(concealed) != 3:
        return None
    return Absent("sanankou", "ron_koutsu", (("tile", finished.first),))


def _contained(score: RiichiScore) -> list[Absent]:
    have = dict(score.yaku)
    found = [
        Absent(smaller, "contained", (("bigger", bigger),))
        for bigger, smaller_ones in REPLACES.items()
        if bigger in have
        for smaller in smaller_ones
    ]
    if "ryanpeikou" in have:
        found.append(Absent("chiitoitsu", "ryanpeikou"))
    return found


def absent_yaku(score: RiichiScore, level: int = 3) -> tuple[Absent, ...]:
    """The yaku a learner would look for in this hand that it does not
    have, each with the reason (see the module's note); at level 1, the
    level of lesson r06-riichi, only the core yaku."""
    found: list[Absent | None] = [_pinfu_absent(score), _tanyao_absent(score), _tsumo_absent(score)]
    found += _yakuhai_absent(score)
    found += [_iipeikou_absent(score), _sanankou_absent(score)]
    found += _contained(score)
    core = CORE_YAKU | {"yakuhai"}
    return tuple(item for item in found if item is not None and (level > 1 or item.yaku in core))


# --- the question -----------------------------------------------------------------------------


def _value_message(value: Tile | str) -> Message:
    """A value of a reason in words: a tile, a wait, or a yaku."""
    if isinstance(value, int):
        return tile_message(value)
    if value in WAIT_NAMES:
        return name("wait", value)
    return name("yaku", value)


def absent_message(absent: Absent) -> Message:
    """One missing yaku and why: "Pinfu: the 5z pair gives fu"."""
    named = message("yaku_drill.yakuhai") if absent.yaku == "yakuhai" else name("yaku", absent.yaku)
    values = {key: _value_message(value) for key, value in absent.values}
    return message(f"yaku_drill.why.{absent.reason}", name=named, **values)


def absent_text(absent: Absent, language: str) -> str:
    return render(absent_message(absent), language)


def answer_of(score: RiichiScore) -> dict[str, Any]:
    """The ticks (`points-steps` choice values, "pinfu:1") and the han."""
    return {"yaku": sorted(f"{name}:{han}" for name, han in score.yaku), "han": sum(han for _, han in score.yaku)}


def explanation(score: RiichiScore, level: int) -> Message | tuple[Message, ...]:
    """The yaku with their han and the total; then the yaku the hand nearly has, and why not."""
    han = sum(han for _, han in score.yaku)
    named = joined(message("yaku_drill.part", name=name("yaku", yaku), han=h) for yaku, h in score.yaku)
    said = message("yaku_drill.explanation", yaku=named, han=han)
    absent = absent_yaku(score, level)
    if not absent:
        return said
    return said, message("yaku_drill.absent", reasons=joined((absent_message(item) for item in absent), "; "))


def lesson_of(score: RiichiScore, level: int) -> str:
    """r06-riichi when every yaku named, present or absent, is a core one; else r07-yaku."""
    named = {name for name, _ in score.yaku} | {item.yaku for item in absent_yaku(score, level)}
    return CORE_LESSON if named <= CORE_YAKU | {"yakuhai"} else YAKU_LESSON


def generate_yaku(seed: int, level: int, rules: RiichiRules = DEFAULT_RULES) -> Question:
    """Which yaku, and how many han?"""
    score = yaku_score(random.Random(seed), level, rules)
    absent = absent_yaku(score, level)
    # A near miss is what the question drills; yakuhai has no single id.
    missed = [item.yaku for item in absent if item.yaku != "yakuhai"]
    first = missed[0] if missed else score.yaku[0][0]
    return Question(
        kind=KIND,
        level=level,
        seed=seed,
        rules="riichi",
        prompt=message("yaku_drill.prompt"),
        request=win_request(score.hand, score.context, score.rules),
        answer=answer_of(score),
        explanation=explanation(score, level),
        concept=f"yaku:{first}",
        lesson=lesson_of(score, level),
        answer_type="checklist",
        choices=CHOICES,
        choice_labels=CHOICE_LABELS,
        step_concepts=tuple(f"yaku:{name}" for name, _ in score.yaku),
    )


def check_yaku(question: Question, response: dict[str, Any]) -> bool:
    """Every yaku with its han ticked, and nothing else; a han total given
    with them must be right too."""
    given = response.get("yaku")
    answer = question.answer
    return (
        isinstance(given, list)
        and sorted(str(item) for item in given) == answer["yaku"]
        and response.get("han", answer["han"]) == answer["han"]
    )
