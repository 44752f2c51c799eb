"""The learner-facing words of the tutor, one gettext catalogue per language.

Every sentence the app or a quiz shows a learner lives in
`tutor/locale/<language>/LC_MESSAGES/tutor.po`, as a whole sentence with
named placeholders (`{count}`, `{tile|은}` with the Korean particle the
value takes), under a stable key used as its msgid. Code hands on a
`Message` (key and values) and `render` puts it into words at the screen.
A third language is one more folder. The engine never reads these: it
returns data and codes, and the layers above put them into words.
"""

from tutor.locale.catalogue import LANGUAGES, keys, next_language, switch_label
from tutor.locale.message import Joined, Message, Speech, Value, joined, message, render, render_all, text

SWITCH_LABEL = switch_label()
"""The language key's label ("한/En")."""

__all__ = [
    "LANGUAGES",
    "SWITCH_LABEL",
    "Joined",
    "Message",
    "Speech",
    "Value",
    "joined",
    "keys",
    "message",
    "next_language",
    "render",
    "render_all",
    "text",
]
