"""The rules coach in words (issue 29, guided play part 1): every code the
coach can give, riichi and MCR, has a sentence in every language; every
note the coach gives over bot-played hands of both games renders at both
hint levels with no key missing, no placeholder left, no Hangul in English,
the Korean particle following its value and no word the catalogue did not
give (a pseudo-language); each line names its rule and its lesson; and
arranged notes read as written (furiten with its turn, MCR under 8 with
its fans)."""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tests.game_fixtures import OPTIONS, PLAIN, SOUZU, TANYAO, dealt, discard, t
from tests.pseudo_language import pseudo
from tutor.engine.game.actions import Action, ActionKind, Refusal
from tutor.engine.game.bot import BeginnerBot
from tutor.engine.game.coach import RIICHI_REFUSAL_LESSONS, HintLevel, Note, NoteCode, claim_lost, coach, rule_id
from tutor.engine.game.kyoku import deal, shuffled_wall, step
from tutor.engine.game.legal import decision_for, decisions
from tutor.engine.game.mcr import coach as mcr_coach
from tutor.engine.game.mcr import hand as mcr_hand
from tutor.engine.game.mcr.actions import McrAction, McrActionKind, McrForbidden, McrRefusal
from tutor.engine.game.mcr.bots import BOTS
from tutor.engine.game.mcr.state import McrOptions, McrPhase
from tutor.engine.game.simulate import Turn
from tutor.engine.game.state import Phase
from tutor.lessons.check import load_library
from tutor.locale import Joined, Message, Value, render
from tutor.locale.catalogue import sentences
from tutor.locale.fan_names import fan_name
from tutor.locale.message import PLACEHOLDER, Paragraph, render_value
from tutor.quiz.coach_words import SAYS, note_message, note_text, says

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
LANGUAGES = ("en", "ko")
RIICHI_HANDS = 6
MCR_HANDS = 4
PSEUDO = "qps"


@cache
def library_titles() -> dict[str, dict[str, str]]:
    library = load_library(LESSONS)
    return {
        language: {id: lesson.title for id, lesson in lessons.items()} for language, lessons in library.lessons.items()
    }


def title_in(language: str) -> dict[str, str]:
    return library_titles()[language]


def every_code() -> set[str]:
    return {*NoteCode, *Refusal, *McrRefusal}


K = ActionKind
REFUSED: dict[Refusal, tuple[ActionKind, ...]] = {
    Refusal.FURITEN: (K.RON,),
    Refusal.FURITEN_TEMPORARY: (K.RON,),
    Refusal.FURITEN_RIICHI: (K.RON,),
    Refusal.NO_YAKU: (K.RON, K.TSUMO),
    Refusal.KUIKAE: (K.DISCARD,),
    Refusal.RIICHI_LOCKED: (K.DISCARD, K.CHI, K.PON, K.OPEN_KAN, K.CLOSED_KAN),
    Refusal.TOO_FEW_TILES: (K.RIICHI, K.CHI, K.PON, K.OPEN_KAN, K.CLOSED_KAN, K.ADDED_KAN),
    Refusal.NOT_ENOUGH_POINTS: (K.RIICHI,),
    Refusal.NOT_CLOSED: (K.RIICHI,),
    Refusal.NOT_TENPAI: (K.RIICHI,),
    Refusal.NOT_TENPAI_DISCARD: (K.DISCARD,),
    Refusal.NO_DISCARD_LEFT: (K.CHI, K.PON),
    Refusal.KAN_LIMIT: (K.OPEN_KAN, K.CLOSED_KAN, K.ADDED_KAN),
    Refusal.FOUR_KANS: (K.CHI, K.PON, K.OPEN_KAN),
}
"""The actions each riichi refusal meets (tutor/engine/game/legal.py)."""
M = McrActionKind
MCR_REFUSED: dict[McrRefusal, tuple[McrActionKind, ...]] = {
    McrRefusal.UNDER_EIGHT: (M.HU,),
    McrRefusal.NOT_COMPLETE: (M.HU,),
    McrRefusal.PRIORITY: (M.CHOW, M.PUNG, M.KONG, M.HU),
    McrRefusal.CHOW_NOT_LEFT: (M.CHOW,),
    McrRefusal.DEAD_HAND: (M.HU,),
    McrRefusal.NO_TILES: (M.KONG, M.ADDED_KONG, M.CONCEALED_KONG),
}
"""The actions each MCR refusal meets (tutor/engine/game/mcr/hand.py)."""


def riichi_refusal_notes() -> Iterator[Note]:
    """A note of each riichi refusal for each kind of action that meets it."""
    tile = t("5p")
    for code, kinds in REFUSED.items():
        for kind in kinds:
            action = Action(1, kind, None if kind is ActionKind.RIICHI else tile)
            yield Note(code, rule_id(code), RIICHI_REFUSAL_LESSONS[code], action, (tile, t("8p")))
    ron = Action(1, ActionKind.RON, tile)
    yield Note(Refusal.FURITEN, rule_id("furiten"), "r04-waits", ron, (t("2p"),), (("turn", 3), ("tile", t("2p"))))
    riichi = Action(1, ActionKind.RIICHI)
    yield Note(Refusal.TOO_FEW_TILES, rule_id("too_few_tiles"), "r06-riichi", riichi, (), (("left", 1), ("needed", 4)))
    points = (("points", 800), ("cost", 1000))
    yield Note(Refusal.NOT_ENOUGH_POINTS, rule_id("not_enough_points"), "r06-riichi", riichi, (), points)


def arranged_notes() -> Iterator[Note]:
    """A note of every code the coach can give, with each shape of data it takes."""
    yield from riichi_refusal_notes()
    chi = Action(0, ActionKind.CHI, t("4s"), (t("2s"), t("3s")))
    yield Note(NoteCode.CALL_NO_YAKU, rule_id("no_yaku"), "r03-winning", chi, (t("4s"),))
    for names in (("pinfu",), ("riichi", "menzen_tsumo", "pinfu")):
        yield Note(NoteCode.CALL_LOSES_YAKU, rule_id("closed_only"), "r06-riichi", chi, (t("4s"),), (), names)
        yield Note(NoteCode.CALL_LOWERS_YAKU, rule_id("open_han"), "r07-yaku", chi, (), (), names)
    for shanten, ukeire, best in ((0, 1, 1), (0, 8, 0), (2, 1, 0), (1, 24, 1)):
        discard_action = Action(0, ActionKind.DISCARD, t("9m"))
        values = (("shanten", shanten), ("ukeire", ukeire), ("best", best))
        yield Note(NoteCode.DISCARD, "efficiency.discard", "r12-efficiency", discard_action, (t("9m"),), values)
    for code, rule in ((NoteCode.SAFE_BY_RULE, "defence.safe_by_rule"), (NoteCode.SUJI, "defence.suji")):
        for other in (1, 2, 3):
            for tiles in ((), (t("1m"), t("7z"))):
                yield Note(code, rule, "r13-defence", None, tiles, (("seat", other), ("learner", 0)))
    for kind in ("chi", "pon", "open_kan", "win"):
        yield Note(NoteCode.CLAIM_LOST, "riichi.priority", "r05-calls", chi, (), (("seat", 2),), (kind,))
    for code, kinds in MCR_REFUSED.items():
        for kind in kinds:
            action = McrAction(1, kind, t("3s"))
            forbidden = McrForbidden(action, code, (t("3s"),), (("pure_double_chow", 1), ("short_straight", 2)), 4)
            yield mcr_coach.forbidden_note(forbidden)


@pytest.mark.parametrize("code", sorted(every_code()))
def test_every_code_the_coach_can_give_has_words(code: str) -> None:
    """A code added to NoteCode, Refusal or McrRefusal without words fails here."""
    assert code in SAYS and set(REFUSED) == set(Refusal) and set(MCR_REFUSED) == set(McrRefusal)
    notes = [note for note in arranged_notes() if note.code == code]
    assert notes
    for note in notes:
        assert says(note).key != "coach.unknown"
        for language in LANGUAGES:
            check_line(note, language)


FORMS = {
    "vowel": {"는", "가", "를", "와", "로"},
    "rieul": {"은", "이", "을", "과", "로"},
    "consonant": {"은", "이", "을", "과", "으로"},
}
"""The form of each particle after a word's last sound."""
TILE_SOUNDS = {"m": "consonant", "p": "consonant", "s": "consonant"}
"""만, 통, 삭; the honours 동 남 서 북 백 발 중 below."""
HONOUR_SOUNDS = {"1": "consonant", "2": "consonant", "3": "vowel", "4": "consonant", "5": "consonant"}
HONOUR_SOUNDS |= {"6": "rieul", "7": "consonant"}
PAIRS = ({"은", "는"}, {"이", "가"}, {"을", "를"}, {"과", "와"}, {"으로", "로"})


def sound_of(word: str) -> str:
    """The last sound of a value: a Hangul syllable's final, or a tile's in notation."""
    if re.search(r"[0-9][mpsz]$", word):
        return HONOUR_SOUNDS[word[-2]] if word[-1] == "z" else TILE_SOUNDS[word[-1]]
    final = (ord(word[-1]) - 0xAC00) % 28
    assert "가" <= word[-1] <= "힣", f"no particle can follow {word!r}"
    return "vowel" if final == 0 else "rieul" if final == 8 else "consonant"


def messages_in(value: Value) -> Iterator[Message]:
    if isinstance(value, Message):
        yield value
        for inner in value.values.values():
            yield from messages_in(inner)
    elif isinstance(value, Joined | Paragraph):
        for item in value.items:
            yield from messages_in(item)


def keys_of(value: Value) -> Iterator[str]:
    return (found.key for found in messages_in(value))


def wrong_particles(line: Message) -> list[str]:
    """Each Korean `{value|particle}` whose form does not follow the value's last sound."""
    wrong = []
    for found in messages_in(line):
        catalogue = sentences("ko")
        sentence = catalogue.get(found.key) or catalogue[f"{found.key}.other"]
        written = render(found, "ko")
        for placeholder in PLACEHOLDER.finditer(sentence):
            if not placeholder.group(2):
                continue
            shown = render_value(found.values[placeholder.group(1)], "ko")
            pair = next(pair for pair in PAIRS if placeholder.group(2) in pair)
            (form,) = pair & FORMS[sound_of(shown)]
            if shown + form not in written:
                wrong.append(f"{shown}{placeholder.group(2)} in {written}")
    return wrong


def check_line(note: Note, language: str) -> str:
    """The note's line in `language`, held to what every line must be."""
    titles = title_in(language)
    line = note_message(note, titles.__getitem__)
    for key in keys_of(line):
        for each in LANGUAGES:
            catalogue = sentences(each)
            assert key in catalogue or f"{key}.other" in catalogue, (each, key)
    written = render(line, language)
    assert not PLACEHOLDER.search(written), written
    assert titles[note.lesson] in written and note.rule not in written, written
    if language == "en":
        assert not HANGUL.search(written), written
    else:
        assert HANGUL.search(written), written
        assert wrong_particles(line) == [], written
        assert not re.search(r"\((으|은|는|이|가|을|를)\)", written), written
    return written


def riichi_notes(hands: int) -> Iterator[Note]:
    """Every note the coach gives any seat over bot-played riichi hands, at both levels, and claims lost."""
    for number in range(hands):
        bots = [BeginnerBot(f"coach-words/{number}/{seat}") for seat in range(4)]
        state, _ = deal(OPTIONS, shuffled_wall(f"coach-words/{number}"), number % 4, learner=0)
        while state.phase is not Phase.OVER:
            for seat in range(4):
                decision = decision_for(state, seat)
                for level in (HintLevel.RULES, HintLevel.RULES_AND_EFFICIENCY):
                    yield from coach(state, decision, level)
            deciding = decisions(state)
            choices = {decision.seat: bots[decision.seat].choose(state, decision) for decision in deciding}
            after, events = step(state, choices)
            for seat in choices:
                lost = claim_lost(Turn(state, deciding, choices, events), seat)
                if lost is not None:
                    yield lost
            state = after


def mcr_notes(hands: int) -> Iterator[Note]:
    for seed in range(hands):
        state, _ = mcr_hand.deal(McrOptions(), seed % 4, seed)
        rng = random.Random(seed)
        while state.phase is not McrPhase.OVER:
            deciding = mcr_hand.decisions(state)
            for decision in deciding:
                for level in (HintLevel.RULES, HintLevel.RULES_AND_EFFICIENCY):
                    yield from mcr_coach.coach(state, decision, level)
            choices = {d.seat: BOTS["beginner"](state, d, rng) for d in deciding}
            state, events = mcr_hand.step(state, choices)
            for chosen in choices.values():
                lost = mcr_coach.claim_lost(events, chosen)
                if lost is not None:
                    yield lost


@cache
def played_notes() -> frozenset[Note]:
    return frozenset(riichi_notes(RIICHI_HANDS)) | frozenset(mcr_notes(MCR_HANDS))


def test_the_hands_played_reach_the_notes_they_are_meant_to_test() -> None:
    codes = {note.code for note in played_notes()}
    assert {NoteCode.DISCARD, NoteCode.CALL_LOSES_YAKU, Refusal.RIICHI_LOCKED, McrRefusal.UNDER_EIGHT} <= codes


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_note_of_played_hands_reads_cleanly(language: str) -> None:
    for note in played_notes():
        check_line(note, language)


ASCII_WORD = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z]{3,}(?![A-Za-z])")
"""An English word no catalogue wrapped (tiles in notation are one letter)."""


def test_every_word_of_a_note_comes_from_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a pseudo-language made from the English catalogue, no English word is left."""
    english = sentences("en")
    wrapped = {key: pseudo(value) for key, value in english.items()}
    monkeypatch.setattr(
        importlib.import_module("tutor.locale.message"),
        "sentences",
        lambda language: wrapped if language == PSEUDO else english,
    )
    lines = [note_text(note, PSEUDO, lambda _lesson: "⟦ĺéššóñ⟧") for note in (*arranged_notes(), *played_notes())]
    assert all("⟦" in line for line in lines)
    assert [line for line in lines if ASCII_WORD.search(line) or HANGUL.search(line)] == []


def furiten_note() -> Note:
    state = dealt({0: PLAIN, 1: TANYAO, 2: "111m99m222z333z17z", 3: SOUZU}, draws="7z3s6s", learner=1)
    state = discard(state, 0, "7z")
    state = discard(state, 1, "3s")
    state = discard(state, 2, "6s")
    (furiten,) = [note for note in coach(state, decision_for(state, 1), HintLevel.RULES) if note.code == "furiten"]
    return furiten


def test_furiten_names_the_discard_and_its_turn() -> None:
    note = furiten_note()
    assert note_text(note, "en", title_in("en").__getitem__) == (
        "Furiten: You may not ron on 6索: your discard number 1, 3索, is one of your waits. "
        "Tsumo still wins. (lesson: Waits and furiten)"
    )
    assert note_text(note, "ko", title_in("ko").__getitem__) == (
        "후리텐: 6索으로 론할 수 없다: 1번째 버림패 3索이 대기패 가운데 하나다. "
        "쯔모로는 오를 수 있다. (레슨: 대기와 후리텐)"
    )


def test_under_eight_names_its_points_and_fans() -> None:
    action = McrAction(1, McrActionKind.HU, t("5p"))
    fans = (("pure_double_chow", 1), ("short_straight", 2))
    note = mcr_coach.forbidden_note(McrForbidden(action, McrRefusal.UNDER_EIGHT, (t("5p"),), fans, 3))
    zh = {fan: render(fan_name(fan), "en").split(" ")[0] for fan, _ in fans}
    assert note_text(note, "en", title_in("en").__getitem__) == (
        f"8 points to hu: No hu on 5筒: a hu needs 8 points without flowers, and this hand has 3 points: "
        f"{zh['pure_double_chow']} Pure Double Chow, {zh['short_straight']} Short Straight x2. "
        f"(lesson: {title_in('en')['m04-routes-to-eight']})"
    )
    assert note_text(note, "ko", title_in("ko").__getitem__).startswith("후는 8점부터: 5筒으로 후할 수 없다: ")
    with_flowers = mcr_coach.forbidden_note(
        McrForbidden(action, McrRefusal.UNDER_EIGHT, (t("5p"),), (*fans, ("flower_tiles", 2)), 3)
    )
    assert note_text(with_flowers, "en", title_in("en").__getitem__) == note_text(
        note, "en", title_in("en").__getitem__
    )
    one_point = mcr_coach.forbidden_note(McrForbidden(action, McrRefusal.UNDER_EIGHT, (t("5p"),), fans[:1], 1))
    assert "this hand has 1 point: " in note_text(one_point, "en", title_in("en").__getitem__)


def test_a_safe_tile_note_names_the_riichi_seat_from_the_learner() -> None:
    tiles = (t("1m"), t("7z"))
    left = Note(
        NoteCode.SAFE_BY_RULE, "defence.safe_by_rule", "r13-defence", None, tiles, (("seat", 3), ("learner", 0))
    )
    assert "Against the riichi of the player on the left, " in note_text(left, "en", title_in("en").__getitem__)
    assert note_text(left, "ko", title_in("ko").__getitem__).startswith("규칙상 안전한 패: 상가의 리치에 ")
    assert ": 1萬, 中." in note_text(left, "en", title_in("en").__getitem__)
