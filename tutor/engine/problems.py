"""Problems with input, as the engine reports them: a stable code and the
values the sentence about it needs, never the sentence.  The layers above
put a problem into words through the catalogue (`tutor.locale.problems`),
under the key `<family>.<code>`: the command line in English, a screen in
the learner's language."""

from __future__ import annotations

from typing import ClassVar, TypeAlias, Union

ProblemValue: TypeAlias = Union[str, int, "InputProblem"]
"""A value shown as it is (a quoted fragment, a count), or a problem inside
this one (the bad tiles of a request's `dora`)."""


class InputProblem(ValueError):
    """Input the engine refuses.  A ValueError, so that callers catching one
    keep working; its text is its key and values, for a log, not a person."""

    family: ClassVar[str] = "problem"

    def __init__(self, code: str, **values: ProblemValue) -> None:
        self.code = code
        self.values = values
        super().__init__(self.key, values)

    @property
    def key(self) -> str:
        """The catalogue key of the sentence about this problem."""
        return f"{self.family}.{self.code}"
