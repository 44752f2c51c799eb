"""A third language is one folder (#25.1): a pseudo-language made at test
time from the English catalogue, every sentence wrapped in ⟦…⟧ and its
letters accented, placeholders kept. The app run in it shows no English
word that a catalogue did not give and no Hangul, on every screen and on
every drill kind's question, feedback and summary."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tutor.locale.catalogue import DOMAINS, catalogue_path, read_po
from tutor.locale.message import PLACEHOLDER

ROOT = Path(__file__).resolve().parent.parent
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


def test_the_pseudo_sentence_keeps_its_placeholders() -> None:
    assert pseudo("Pick the {tile}.") == "⟦Þíçķ ţĥé {tile}.⟧"


def test_every_screen_speaks_the_pseudo_language(tmp_path: Path) -> None:
    locales = make_pseudo_language(tmp_path / "locales")
    env = {**os.environ, "TUTOR_LOCALE_PATH": str(locales), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "tests.pseudo_tour", str(tmp_path / "progress.sqlite3")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    problems = json.loads(done.stdout)
    assert problems == {}
