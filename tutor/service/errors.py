"""The one kind of failure a command reports to its user."""

from __future__ import annotations

from tutor.engine.problems import InputProblem
from tutor.locale.message import Message, Value, render
from tutor.locale.problems import problem_message


class RequestError(ValueError):
    """A request that cannot be answered: bad notation, a missing key, a hand
    of the wrong size.  It holds the message about it (a catalogue key and
    values); its text is that message in English, the one line the command
    line prints."""

    def __init__(self, key: str, /, **values: Value) -> None:
        self.message = Message(key, values)
        super().__init__(key)

    @classmethod
    def of(cls, problem: InputProblem, setting: str | None = None) -> RequestError:
        """The engine's problem, under the name of the setting it is about (`dora: ...`)."""
        if setting is None:
            found = cls(problem.key)
            found.message = problem_message(problem)
            return found
        return cls("request.in_setting", setting=setting, problem=problem_message(problem))

    def __str__(self) -> str:
        return render(self.message, "en")
