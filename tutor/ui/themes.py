"""The app's themes: each sets the suit colours as CSS variables.

Suits are told apart by their characters (萬 筒 索) as well as by colour, so
no theme relies on red against green alone; the colour-blind-safe theme uses
the Okabe-Ito palette.

Right, wrong and hint (Textual's success, error and warning) are blue,
vermillion and yellow from the Okabe-Ito palette in every theme: they stay
apart for the common kinds of colour blindness, where green against red would
not. The verdict also carries an icon and a word, so no one reads it by colour
alone.
"""

from __future__ import annotations

from typing import Final

from textual.theme import Theme

THEMES: Final = (
    Theme(
        name="tutor-dark",
        success="#56B4E9",
        error="#FF8A4C",
        warning="#F0E442",
        primary="#4F9CD9",
        accent="#E0A030",
        background="#1B1D23",
        surface="#23262E",
        panel="#2C303A",
        dark=True,
        variables={
            "tile-man": "#F2545B",
            "tile-pin": "#5DA9E9",
            "tile-sou": "#5CC27A",
            "tile-wind": "#E8E8E8",
            "tile-white": "#B8C0CC",
            "tile-frame": "#8A93A3",
            "tile-win": "#F5C542",
            "tile-called": "#C792EA",
            "tile-back": "#3A4150",
        },
    ),
    Theme(
        name="tutor-light",
        success="#0060A0",
        error="#B03000",
        warning="#B8860B",
        primary="#1F6FB2",
        accent="#B5651D",
        background="#FAFAF7",
        surface="#FFFFFF",
        panel="#ECEFF3",
        dark=False,
        variables={
            "tile-man": "#C0262D",
            "tile-pin": "#1F5FA8",
            "tile-sou": "#1E7A3C",
            "tile-wind": "#202124",
            "tile-white": "#6B7280",
            "tile-frame": "#5F6673",
            "tile-win": "#B07800",
            "tile-called": "#7B3FA0",
            "tile-back": "#C9CED6",
        },
    ),
    Theme(
        name="tutor-projector",
        success="#4FC3FF",
        error="#FF7A30",
        warning="#FFE600",
        primary="#FFD400",
        accent="#00E5FF",
        background="#000000",
        surface="#000000",
        panel="#111111",
        foreground="#FFFFFF",
        dark=True,
        variables={
            "tile-man": "#FF4040",
            "tile-pin": "#40A0FF",
            "tile-sou": "#40FF70",
            "tile-wind": "#FFFFFF",
            "tile-white": "#FFFFFF",
            "tile-frame": "#FFFFFF",
            "tile-win": "#FFD400",
            "tile-called": "#FF80FF",
            "tile-back": "#555555",
        },
    ),
    Theme(
        name="tutor-colour-blind",
        success="#56B4E9",
        error="#D55E00",
        warning="#F0E442",
        primary="#0072B2",
        accent="#E69F00",
        background="#1B1D23",
        surface="#23262E",
        panel="#2C303A",
        dark=True,
        variables={
            "tile-man": "#E69F00",
            "tile-pin": "#56B4E9",
            "tile-sou": "#F0E442",
            "tile-wind": "#FFFFFF",
            "tile-white": "#BBBBBB",
            "tile-frame": "#999999",
            "tile-win": "#CC79A7",
            "tile-called": "#009E73",
            "tile-back": "#444444",
        },
    ),
)

THEME_NAMES: Final = tuple(theme.name for theme in THEMES)
DEFAULT_THEME: Final = "tutor-dark"

VERDICT_CSS: Final = """
.verdict-right { border-left: tall $success; background: $success 15%; color: $text; }
.verdict-wrong { border-left: tall $error; background: $error 15%; color: $text; }
.verdict-hint { border-left: tall $warning; background: $warning 15%; color: $text; }
.verdict-shown { border-left: tall $warning; background: $warning 15%; color: $text; }
"""
"""How a drill's verdict looks: the drill screens put one of these classes,
with an icon and a word, on the widget that gives it."""
