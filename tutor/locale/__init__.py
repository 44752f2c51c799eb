"""The learner-facing words of the tutor, one gettext catalogue per language.

Every sentence the app or a quiz shows a learner lives in
`tutor/locale/<language>/LC_MESSAGES/tutor.po`, as a whole sentence with
named placeholders (`{count}`), under a stable key used as its msgid. A third
language is one more folder. The engine never reads these: it returns data,
and the layers above put that data into words.
"""

from tutor.locale.catalogue import LANGUAGES, keys, text

__all__ = ["LANGUAGES", "keys", "text"]
