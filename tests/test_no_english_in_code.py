"""Every English sentence a user reads comes from the English catalogue
(#25 §1): no string literal of two words or more in tutor/ui, tutor/quiz,
tutor/service or tutor/cli.py that reaches a user, outside the catalogue.
What is no sentence for a user is told apart by where it stands (a
docstring, CSS, SQL, an id, a query selector, a log line, argparse's help)
or listed in ALLOWED with the reason. Mirrors tests/test_no_hangul_in_code.py."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.code_scan import code_literals, docstring_nodes
from tutor.ui.keys import KEY_IDS

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"
SCANNED = ("ui", "quiz", "service", "cli.py")

WORD = re.compile(r"[\"'(]*[A-Za-z]{2,}[,.:;?!)'\"]*")
"""A word of a sentence: letters, with the punctuation around them ("hand,")."""
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|BEGIN|PRAGMA|COMMIT|ROLLBACK)\b")
CSS = re.compile(r"[\w-]+\s*:\s*[^;{}]+;")
"""A CSS declaration ("color: $text-muted;")."""
NOT_SAID = {
    "id",
    "classes",
    "name",
    "help",
    "description",
    "metavar",
    "group",
    "thread_name_prefix",
}
"""Keyword arguments that name or describe for the program, or argparse's
help page (the command's reference, written once, in English)."""
NOT_SAID_CALLS = {
    "query",
    "query_one",
    "query_children",
    "execute",
    "executemany",
    "executescript",
    "debug",
    "info",
    "warning",
    "error",
    "exception",
    "add_argument_group",
}
"""Calls whose text no user reads as a sentence: query selectors, SQL, log lines."""

DEFECTS = {"AssertionError", "TypeError", "RuntimeError", "NotImplementedError"}
"""Exceptions that report a defect of the program to its developer, never a learner's input."""

ALLOWED: dict[tuple[str, str], str] = {
    ("ui/app.py", "Mahjong Tutor"): "Textual's TITLE until the app sets the catalogue's `title` as it starts",
    ("quiz/deal.py", "no complete hand can be drawn from the pool "): (
        "a generator's defect (every pool it is given holds a complete hand); no input reaches it"
    ),
}
"""(module, literal): why this sentence-shaped literal is not a sentence left in code."""

ALLOWED_MODULES: dict[str, str] = {
    "quiz/store.py": (
        "the store's exception texts and details, for logs and tracebacks: the app words a store "
        "problem from the catalogue by its code (store_<problem>, store_damaged in tutor/ui/app.py)"
    ),
    "quiz/store_api.py": "StoreUnavailable's English line, for the command line and logs (as quiz/store.py)",
    "quiz/store_postgres.py": "the PostgreSQL store's SQL and its exception details (as quiz/store.py)",
    "quiz/stores.py": "the details of a StoreUnavailable (as quiz/store.py)",
    "quiz/migrations.py": "SQL, and what each schema step is for, for developers",
    "quiz/saved_game.py": (
        "SavedGameError's details, for the log: the play setup says play.saved_damaged without them "
        "(the damaged game itself is kept aside)"
    ),
    "quiz/play_sessions.py": "ReplayError's details, which reach the learner only as a SavedGameError (as saved_game.py)",
}
"""Modules whose sentence-shaped literals are no words on a screen, and why."""


def is_sentence(value: str) -> bool:
    """Two words or more with a space between them, and no SQL or CSS."""
    words = [part for part in value.split() if WORD.fullmatch(part)]
    return len(words) >= 2 and not SQL.match(value) and not CSS.search(value)


def _call_name(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def _keyword(call: ast.Call, name: str) -> object:
    """The constant value of a keyword argument of a call; None if it has none."""
    found = next((keyword.value for keyword in call.keywords if keyword.arg == name), None)
    return found.value if isinstance(found, ast.Constant) else None


def _not_said(tree: ast.AST) -> set[int]:
    """The literals that stand where no user reads them as a sentence."""
    found = docstring_nodes(tree)
    for node in ast.walk(tree):
        parts: list[ast.AST] = []
        if isinstance(node, ast.Call):
            parts += [keyword.value for keyword in node.keywords if keyword.arg in NOT_SAID]
            if _call_name(node) in NOT_SAID_CALLS:
                parts += node.args
            if _call_name(node) == "Binding" and (_keyword(node, "id") in KEY_IDS or _keyword(node, "show") is False):
                # A key's label and tooltip are read from the catalogue by its id (tutor/ui/keys.py); a
                # hidden key's are shown nowhere (the palette's Keys opens the tutor's own help).
                parts += node.args[2:] + [keyword.value for keyword in node.keywords if keyword.arg == "tooltip"]
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _call_name(node.exc) in DEFECTS:
            parts.append(node.exc)
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any("CSS" in ast.unparse(target) for target in targets) and node.value is not None:
                parts.append(node.value)
        found |= {id(inner) for part in parts for inner in ast.walk(part)}
    return found


def english_literals(path: Path, module: str = "") -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{module or path.name}:{node.lineno}: {node.value[:70]!r}"
        for node in code_literals(tree, _not_said(tree))
        if is_sentence(node.value) and (module, node.value) not in ALLOWED
    ]


def scanned_modules() -> list[Path]:
    paths = []
    for part in SCANNED:
        where = PACKAGE / part
        paths += sorted(where.rglob("*.py")) if where.is_dir() else [where]
    return paths


def test_no_english_sentence_outside_the_catalogue() -> None:
    found = [
        literal
        for path in scanned_modules()
        for literal in english_literals(path, path.relative_to(PACKAGE).as_posix())
        if path.relative_to(PACKAGE).as_posix() not in ALLOWED_MODULES
    ]
    assert found == [], "\n".join(found)


def test_every_allowed_literal_is_still_there() -> None:
    """An entry whose literal is gone is dropped, so the list stays the list of what is left."""
    sources = {path.relative_to(PACKAGE).as_posix(): path.read_text(encoding="utf-8") for path in scanned_modules()}
    stale = [key for key in ALLOWED if repr(key[1])[1:-1] not in sources.get(key[0], "")]
    stale += [module for module in ALLOWED_MODULES if not english_literals(PACKAGE / module, module)]
    assert stale == []


BOTH_FORMS = re.compile(r"[A-Za-z]\((s|es)\)")
"""A noun written in both its forms, "tile(s)": English counts are plural messages (`key.one`/`key.other`)."""


def both_forms(path: Path, module: str = "") -> list[str]:
    """Literals that write a noun in both forms, outside docstrings: even one word ("flower(s)")
    is a count left to the reader instead of a plural message."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{module or path.name}:{node.lineno}: {node.value[:70]!r}"
        for node in code_literals(tree)
        if BOTH_FORMS.search(node.value)
    ]


def test_no_noun_in_both_forms_anywhere_in_the_code() -> None:
    """The whole package but the catalogue, the engine too: its values reach the screen."""
    found = [
        literal
        for path in sorted(PACKAGE.rglob("*.py"))
        if "locale" not in path.relative_to(PACKAGE).parts[:1]
        for literal in both_forms(path, path.relative_to(PACKAGE).as_posix())
    ]
    assert found == [], "\n".join(found)


def test_the_scan_finds_a_noun_in_both_forms(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        '"""Counts tile(s): a docstring."""\n\nshown = f"{count} flower(s)"\nlabel = "matches"\n', encoding="utf-8"
    )
    found = both_forms(module)
    assert len(found) == 1 and "flower(s)" in found[0]


def test_the_scan_finds_an_english_sentence(tmp_path: Path) -> None:
    """Guards the test above against passing on a scan that finds nothing."""
    module = tmp_path / "sample.py"
    module.write_text(
        '"""A docstring is no sentence on screen."""\n\n'
        'CSS = "Screen { color: $text; }"\n'
        'label = Static("The hand is complete", id="verdict hand")\n'
        'rows = db.execute("SELECT kind FROM answers")\n'
        'word = "tsumo"\n'
        'raise AssertionError("a defect for the developer")\n',
        encoding="utf-8",
    )
    found = english_literals(module)
    assert len(found) == 1 and "'The hand is complete'" in found[0]
