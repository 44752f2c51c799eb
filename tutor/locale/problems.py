"""The engine's input problems (`tutor.engine.problems`) as messages: the
key `<family>.<code>` with the problem's values, a problem inside another
becoming a message inside its sentence."""

from __future__ import annotations

from tutor.engine.problems import InputProblem
from tutor.locale.message import Message, Value, render


def problem_message(problem: InputProblem) -> Message:
    values: dict[str, Value] = {}
    for name, value in problem.values.items():
        values[name] = problem_message(value) if isinstance(value, InputProblem) else value
    return Message(problem.key, values)


def problem_text(problem: InputProblem, language: str = "en") -> str:
    """The sentence about a problem; English by default, as the command line prints it."""
    return render(problem_message(problem), language)
