"""A hand that does not parse, as data a screen can put into any language.

The notation reader's messages are English sentences for the command line;
the workbench shows the learner the same problem in their own language, so
each kind of problem gets a stable code (the catalogue key
`workbench.error.<code>`) and keeps the reader's column and fragment.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.notation import NotationError

# The reader's problem sentences, by how they start, and their codes.  The
# order matters where one start is a prefix of another.
CODES: tuple[tuple[str, str], ...] = (
    ("digits with no suit letter", "no_suit"),
    ("a flower inside a meld", "flower_in_meld"),
    ("unknown suit letter", "unknown_suit"),
    ("not a tile", "not_a_tile"),
    ("not a flower", "not_a_flower"),
    ("unclosed", "unclosed"),
    ("suit letter with no digits", "no_digits"),
    ("unexpected character inside a meld", "character_in_meld"),
    ("an empty meld", "empty_meld"),
    ("not a concealed kan", "not_concealed_kan"),
    ("a kan of different tiles", "mixed_kan"),
    ("a called meld of", "meld_size"),
    ("a pon of different tiles", "mixed_pon"),
    ("a chi that is not a run", "not_a_run"),
    ("a text of", "too_long"),
    ("a fifth copy", "fifth_copy"),
    ("a fifth meld", "fifth_meld"),
    ("a flower written twice", "flower_twice"),
    ("more than eight flowers", "too_many_flowers"),
    ("unexpected character", "character"),
)


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a typed hand does not parse: `code` names the kind of problem,
    `column` is 1-based (0 for the text as a whole), `fragment` the text
    at fault, and `english` the reader's own sentence."""

    code: str
    column: int
    fragment: str
    english: str


def problem_of(error: NotationError) -> Problem:
    problem = error.problem
    if "inside a meld" in problem and problem.startswith("'"):
        code = "bracket_in_meld"
    elif "with no opening bracket" in problem:
        code = "no_opening"
    else:
        code = next((code for start, code in CODES if problem.startswith(start)), "other")
    return Problem(code, error.column, error.fragment, str(error))
