"""A pseudo-language made from the English catalogue (#25.1): every
sentence wrapped in ⟦…⟧ and its letters accented, placeholders kept. Shared by
tests/test_pseudo_language.py (the screen tour in it) and the coach's words."""

from __future__ import annotations

from pathlib import Path

from tutor.locale.catalogue import DOMAINS, catalogue_path, read_po
from tutor.locale.message import PLACEHOLDER

ACCENTED = str.maketrans("abcdeghiklmnoprstuwyzABCDEGHIKLMNOPRSTUWYZ", "áƀçđéĝĥíķĺɱñóþŕšţúŵýžÁƁÇĐÉĜĤÍĶĹḾÑÓÞŔŠŢÚŴÝŽ")


def pseudo(sentence: str) -> str:
    """A sentence wrapped and accented, its placeholders as they were."""
    parts, last = [], 0
    for match in PLACEHOLDER.finditer(sentence):
        parts += [sentence[last : match.start()].translate(ACCENTED), match.group(0)]
        last = match.end()
    parts.append(sentence[last:].translate(ACCENTED))
    return "⟦" + "".join(parts) + "⟧"


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def make_pseudo_language(root: Path, language: str = "qps") -> Path:
    folder = root / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for domain in DOMAINS:
        entries = read_po(catalogue_path("en", domain))
        body = "".join(f"\nmsgid {quoted(key)}\nmsgstr {quoted(pseudo(value))}\n" for key, value in entries.items())
        (folder / f"{domain}.po").write_text('msgid ""\nmsgstr ""\n' + body, encoding="utf-8")
    return root
