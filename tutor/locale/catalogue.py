"""Reading the gettext catalogues and filling in their sentences.

The `.po` files are read directly rather than compiled to `.mo`: they are
small, so reading them costs about a millisecond, and a checkout or an
installed package then needs no build step. The reader understands the part
of the format our catalogues use (msgid/msgstr pairs, continued string lines,
comments); tests/test_locale.py holds it to Babel's own reader.
"""

from __future__ import annotations

import ast
import os
from functools import cache
from pathlib import Path
from typing import Final

FOLDER: Final = Path(__file__).resolve().parent

EXTRA_FOLDERS: Final = tuple(
    Path(folder) for folder in os.environ.get("TUTOR_LOCALE_PATH", "").split(os.pathsep) if folder
)
"""More catalogue folders, from TUTOR_LOCALE_PATH (as PATH is written): a
translator tries a language, or a test a pseudo-language, without touching
the package."""


def _language_folders() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in (FOLDER, *EXTRA_FOLDERS):
        if root.is_dir():
            for folder in sorted(root.iterdir()):
                if (folder / "LC_MESSAGES" / "tutor.po").is_file():
                    found.setdefault(folder.name, folder)
    return found


LANGUAGE_FOLDERS: Final = _language_folders()

LANGUAGES: Final = tuple(sorted(LANGUAGE_FOLDERS))
"""Every language the tutor speaks, by its folder: each has a complete
catalogue, and a third language is one more folder. The one list of them:
the lessons, the CLI's `--lang` and the app's language key read it."""

FALLBACK: Final = "en"
"""The language whose sentence is shown for a language we do not have."""

DOMAINS: Final = ("tutor", "names")
"""The files of one language's catalogue, as gettext domains: `tutor` holds
the sentences of the app and the quizzes, `names` the names of things
(tiles, sets, waits, yaku, fu lines), keyed `kind.id` by the ids the engine
and the lessons use. A key lives in one domain only."""


class CatalogueError(Exception):
    """A catalogue file that cannot be read: names the file and line."""


def catalogue_path(language: str, domain: str = "tutor") -> Path:
    return LANGUAGE_FOLDERS.get(language, FOLDER / language) / "LC_MESSAGES" / f"{domain}.po"


def read_po(path: Path) -> dict[str, str]:
    """Map each msgid of a `.po` file to its msgstr (the header entry left out)."""
    entries: dict[str, str] = {}
    field = ""
    parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}

    def finish() -> None:
        if parts["msgid"] or parts["msgstr"]:
            key = "".join(parts["msgid"])
            if key:
                entries[key] = "".join(parts["msgstr"])
        parts["msgid"], parts["msgstr"] = [], []

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith(("msgid ", "msgstr ")):
            keyword, _, rest = line.partition(" ")
            if keyword == "msgid":
                finish()
            field, line = keyword, rest.strip()
        if not field or not (line.startswith('"') and line.endswith('"')):
            raise CatalogueError(f"{path.name}, line {number}: expected a quoted string, found {raw[:40]!r}")
        parts[field].append(ast.literal_eval(line))
    finish()
    return entries


@cache
def sentences(language: str) -> dict[str, str]:
    """The catalogue of one language (every domain), read once."""
    if language not in LANGUAGES:
        language = FALLBACK
    merged: dict[str, str] = {}
    for domain in DOMAINS:
        merged.update(read_po(catalogue_path(language, domain)))
    return merged


def keys(language: str) -> frozenset[str]:
    return frozenset(sentences(language))


SWITCH_ORDER: Final = ("ko", "en")
"""The languages as the language key names them, Korean first as the app
was written; a language not listed follows in LANGUAGES' order."""


def switch_label() -> str:
    """The language key's label, each language in its own short name: "한/En"."""
    order: list[str] = [language for language in SWITCH_ORDER if language in LANGUAGES]
    order += [language for language in LANGUAGES if language not in order]
    return "/".join(sentences(language)["language.short"] for language in order)


def next_language(language: str) -> str:
    """The language the language key switches to from `language`."""
    order: list[str] = [language for language in SWITCH_ORDER if language in LANGUAGES]
    order += [language for language in LANGUAGES if language not in order]
    return order[(order.index(language) + 1) % len(order)] if language in order else order[0]
