"""An answer made of several fields (the step questions'), which names the
field the focus goes to."""

from __future__ import annotations

from typing import Self

from textual.containers import Vertical
from textual.widget import Widget


class CompositeAnswer(Vertical):
    """Several fields answering one question: focused, it hands the focus to
    the field to fill next (`focus_target`), which the drill screen also
    asks for, to focus that field itself."""

    def focus(self, scroll_visible: bool = True) -> Self:
        target = self.focus_target()
        if target is not None:
            target.focus(scroll_visible)
        return self

    def focus_target(self) -> Widget | None:
        """The field the focus goes to; None once answered, or if there is none."""
        raise NotImplementedError
