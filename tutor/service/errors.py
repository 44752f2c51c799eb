"""The one kind of failure a command reports to its user."""

from __future__ import annotations


class RequestError(ValueError):
    """A request that cannot be answered: bad notation, a missing key, a hand
    of the wrong size.  Its message is the one line the user sees."""
