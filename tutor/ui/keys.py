"""Footer labels of the key bindings, in the app's language.

The labels live in the catalogue under `key.<binding id>`.  Textual reads a binding's description from the node's own copy of its
bindings, so each screen (and the app) swaps in the labels for its language
by binding id when it mounts and when the language changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from textual.binding import Binding
from textual.dom import DOMNode

from tutor.locale import LANGUAGES, text
from tutor.ui.textual_compat import binding_table

KEY_IDS: Final = (
    "quit",
    "language",
    "theme",
    "help",
    "drills",
    "glossary",
    "settings",
    "back",
    "next",
    "previous",
    "contents",
    "reveal",
    "present",
    "step",
    "quiz",
    "review",
    "progress",
    "start",
    "skip",
    "show",
    "palette",
    "submit",
    "open_lesson",
    "retry",
    "table",
    "dice",
    "rules",
    "new_seed",
    "hands",
    "table_play",
    "workbench",
    "undo",
    "save",
    "workbench_settings",
    "picker",
    "term_lesson",
    "yes",
    "no",
    "length",
    "level",
    "links",
    "other_track",
    "reset",
    "default_level",
    "play",
    "discard",
    "hint",
    "start_game",
    "play_seed",
    "play_resume",
    "play_lessons",
    "play_skip",
    "play_pace",
    "play_why",
    "play_drill",
    "presentation",
    "import_game",
    "replay_next",
    "replay_back",
    "replay_next_round",
    "replay_previous_round",
    "replay_rounds",
    "replay_seat",
    "replay_findings",
    "replay_drill",
    "replay_lesson",
    "assignment",
)
"""The binding ids with a footer label in the catalogue (`key.<id>`)."""

LABELS: Final = {language: {key: text(language, f"key.{key}") for key in KEY_IDS} for language in LANGUAGES}
"""Footer labels by language and binding id."""

TIPS: Final = {language: {key: text(language, f"tip.{key}") for key in KEY_IDS} for language in LANGUAGES}
"""What each key does (the footer's tooltips), by language and binding id."""

PALETTE_PLACEHOLDER: Final = {language: text(language, "palette.placeholder") for language in LANGUAGES}
"""What the empty search field of the command palette says."""


SCROLL_KEYS: Final = (
    ("up", "scroll_up"),
    ("down", "scroll_down"),
    ("pageup", "page_up"),
    ("pagedown", "page_down"),
    ("home", "scroll_home"),
    ("end", "scroll_end"),
)
"""The keys that scroll, each with the scrolling action it stands for."""


def scroll_bindings(action: str) -> list[Binding]:
    """Hidden bindings of the scrolling keys to a screen's own action, which
    is given the scrolling action's name (a screen whose scrolling part does
    not take the focus scrolls it by these)."""
    return [Binding(key, f"{action}('{how}')", show=False) for key, how in SCROLL_KEYS]


def localise_bindings(node: DOMNode, language: str) -> None:
    labels = LABELS.get(language, LABELS["en"])
    tips = TIPS.get(language, TIPS["en"])
    table = binding_table(node)
    for key, bindings in table.items():
        table[key] = [
            replace(binding, description=labels[binding.id], tooltip=tips[binding.id])
            if binding.id in labels
            else binding
            for binding in bindings
        ]


def relabel(node: DOMNode, binding_id: str, label_id: str, language: str) -> None:
    """Show one binding under another label of LABELS: enter reads "Next"
    once a drill question is answered, since it then moves on."""
    labels = LABELS.get(language, LABELS["en"])
    table = binding_table(node)
    for key, bindings in table.items():
        table[key] = [
            replace(binding, description=labels[label_id]) if binding.id == binding_id else binding
            for binding in bindings
        ]
