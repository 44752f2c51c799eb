"""Rule options in words: the settings screen's rows and the line a drill
question shows when its rules differ from the defaults (design brief
section 2: rule variants are shown with every question)."""

from __future__ import annotations

from typing import Any

from tutor.locale import text

VALUES_OF_THEIR_OWN: frozenset[str] = frozenset({"renhou"})
"""Options whose named values mean something else elsewhere ("yakuman" is
renhou's value and kazoe's): their words are keyed by the option too."""


def rule_value(value: object, language: str, option: str = "") -> str:
    """A rule option's value in words: on or off, or its named value."""
    if isinstance(value, bool):
        return text(language, "rule_value.on" if value else "rule_value.off")
    if option in VALUES_OF_THEIR_OWN:
        return text(language, f"rule_value.{option}_{value}")
    return text(language, f"rule_value.{value}")


def option_text(name: str, value: object, language: str) -> str:
    """ "Open tanyao (kuitan): off"."""
    return text(
        language,
        "settings.rule_option",
        option=text(language, f"rule_option.{name}"),
        value=rule_value(value, language, name),
    )


def request_rules_text(request: dict[str, Any], language: str) -> str:
    """The options a question's request names, in words; "" when it names none."""
    options = request.get("options")
    if not isinstance(options, dict) or not options:
        return ""
    said = [option_text(str(name), value, language) for name, value in options.items()]
    return text(language, "drill.rules_in_force", options="; ".join(said))
