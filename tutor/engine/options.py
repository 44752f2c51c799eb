"""Rule option values as people write them: `kiriage=true`,
`double_wind_pair_fu=2`, `renhou=mangan`.  One reading for the command
line's `--option`, a lesson block's `options:` line and the workbench's
settings, so that a value means the same wherever it is typed."""

from __future__ import annotations

from typing import TypeAlias

from tutor.engine.numbers import ASCII_DIGITS, read_whole_number
from tutor.engine.problems import InputProblem

OptionValue: TypeAlias = bool | int | str


class OptionProblem(InputProblem):
    """A rule option a rule set does not take: `unknown` (`rules`, `name`,
    `expected`: the names it takes), `not_bool` and `not_number` (`name`,
    `value`), or an option's own code (`renhou`, `kazoe`,
    `double_wind_pair_fu`: `value`) for a value it does not take; names and
    values quoted as written."""

    family = "option"


def option_value(text: str) -> OptionValue:
    """`true` and `false` as truth values, ASCII digits (a leading '-'
    allowed) as a whole number, anything else as the text itself.  Raises
    `NumberError` for a number of more digits than are read."""
    if text in ("true", "false"):
        return text == "true"
    digits = text[1:] if text.startswith("-") else text
    if digits and set(digits) <= ASCII_DIGITS:
        return read_whole_number(text, signed=True)
    return text


def option_items(text: str) -> dict[str, OptionValue]:
    """`name=value` items separated by spaces or commas, by name (a later
    item of one name wins)."""
    options: dict[str, OptionValue] = {}
    for item in text.replace(",", " ").split():
        name, _, value = item.partition("=")
        options[name] = option_value(value)
    return options
