"""Names in the engine say one thing: a public constant means the same in
every module that defines it, and the many-field working notes of scoring
are built by name, not by position."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import random
from dataclasses import fields
from pathlib import Path

import tutor.engine
from crosscheck.random_wins import random_context, random_rules, random_winning_hand
from tutor.engine.notation import format_hand
from tutor.engine.refusal import Refusal
from tutor.engine.riichi.reading import ReadingFacts, hand_facts, reading_facts
from tutor.engine.riichi.score import score_riichi

ROOT = Path(__file__).resolve().parent.parent


def _engine_modules() -> list[str]:
    return [info.name for info in pkgutil.walk_packages(tutor.engine.__path__, "tutor.engine.")]


def test_no_public_constant_has_two_meanings() -> None:
    meanings: dict[str, dict[str, object]] = {}
    for name in _engine_modules():
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if not attribute.isupper() or attribute.startswith("_"):
                continue
            if getattr(value, "__module__", name) != name and not isinstance(value, (int, str, tuple)):
                continue  # imported from elsewhere, not defined here
            meanings.setdefault(attribute, {})[name] = value
    clashes = {
        attribute: sorted(by_module)
        for attribute, by_module in meanings.items()
        if len({repr(value) for value in by_module.values()}) > 1
    }
    assert clashes == {}


def test_reading_facts_are_never_built_by_position() -> None:
    """Its many fields are easily swapped by position: it is built by keyword
    or field by field."""
    for path in (ROOT / "tutor").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ReadingFacts":
                assert not node.args, f"{path.name}:{node.lineno} builds ReadingFacts by position"


def test_every_reading_has_every_field_set() -> None:
    """Readings are built field by field (for speed): none may be left out."""
    names = [field.name for field in fields(ReadingFacts)]
    rng = random.Random(9)
    for _ in range(2000):
        hand = random_winning_hand(rng)
        for facts in reading_facts(hand_facts(hand, random_context(rng, hand))):
            assert all(hasattr(facts, name) for name in names), format_hand(hand)


def test_every_score_has_every_field_set() -> None:
    """A score and its parts are built field by field (for speed): none may be left out."""
    rng = random.Random(11)
    for _ in range(300):
        hand = random_winning_hand(rng)
        try:
            score = score_riichi(hand, random_context(rng, hand), random_rules(rng))
        except Refusal:
            continue
        made_by_name = (
            score,
            score.fu,
            score.points,
            score.reading,
            score.reading.decomposition,
            score.fu.facts.of_hand,
        )
        for made in made_by_name:
            assert all(hasattr(made, field.name) for field in fields(made)), format_hand(hand)
