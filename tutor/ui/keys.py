"""Footer labels of the key bindings, in the app's language.

Textual reads a binding's description from the node's own copy of its
bindings, so each screen (and the app) swaps in the labels for its language
by binding id when it mounts and when the language changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from textual.dom import DOMNode

LABELS: Final = {
    "en": {
        "quit": "Quit",
        "language": "한/En",
        "theme": "Theme",
        "help": "Help",
        "drills": "Drills",
        "glossary": "Glossary",
        "settings": "Settings",
        "back": "Back",
        "next": "Next",
        "previous": "Previous",
        "contents": "Contents",
        "reveal": "Reveal",
        "present": "Present",
        "step": "Step",
        "quiz": "Drill",
        "review": "Review",
        "progress": "Progress",
        "start": "Start",
        "skip": "Skip",
        "show": "Show answer",
        "palette": "palette",
        "submit": "Answer",
        "open_lesson": "Lesson",
        "retry": "Retry mistakes",
        "workbench": "Workbench",
        "undo": "Undo",
        "save": "Save",
        "workbench_settings": "Settings",
        "picker": "Tiles",
    },
    "ko": {
        "quit": "종료",
        "language": "한/En",
        "theme": "테마",
        "help": "도움말",
        "drills": "연습",
        "glossary": "용어집",
        "settings": "설정",
        "back": "뒤로",
        "next": "다음",
        "previous": "이전",
        "contents": "목차",
        "reveal": "답 보기",
        "present": "발표",
        "step": "한 단계",
        "quiz": "연습",
        "review": "복습",
        "progress": "진도",
        "start": "시작",
        "skip": "건너뛰기",
        "show": "답 보기",
        "palette": "팔레트",
        "submit": "답하기",
        "open_lesson": "레슨",
        "retry": "다시 풀기",
        "workbench": "계산기",
        "undo": "되돌리기",
        "save": "저장",
        "workbench_settings": "설정",
        "picker": "패 고르기",
    },
}


PALETTE_PLACEHOLDER: Final = {"en": "Find a lesson or a command…", "ko": "레슨이나 명령 찾기…"}
"""What the empty search field of the command palette says."""


def localise_bindings(node: DOMNode, language: str) -> None:
    labels = LABELS.get(language, LABELS["en"])
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            replace(binding, description=labels[binding.id]) if binding.id in labels else binding
            for binding in bindings
        ]


def relabel(node: DOMNode, binding_id: str, label_id: str, language: str) -> None:
    """Show one binding under another label of LABELS: enter reads "Next"
    once a drill question is answered, since it then moves on."""
    labels = LABELS.get(language, LABELS["en"])
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            replace(binding, description=labels[label_id]) if binding.id == binding_id else binding
            for binding in bindings
        ]
