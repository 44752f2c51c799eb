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

from tests.pseudo_language import make_pseudo_language, pseudo

ROOT = Path(__file__).resolve().parent.parent


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
