"""Every theme tells right, wrong and hint apart, also for colour-blind eyes
(issue 13: no theme set them, so "Not quite." and "Right!" shared one bar)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from textual.color import Color
from textual.widgets import Static

from tutor.quiz.store import Store
from tutor.ui.app import TutorApp
from tutor.ui.themes import THEMES

# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
VISION = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
APART = 60.0
"""Least distance between two verdict colours as seen, in sRGB units (0-255 a channel)."""


def linear(channel: float) -> float:
    channel /= 255
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def gamma(channel: float) -> float:
    channel = min(1.0, max(0.0, channel))
    return 255 * (channel * 12.92 if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055)


def seen(colour: str, vision: str) -> tuple[float, ...]:
    parsed = Color.parse(colour)
    rgb = [linear(parsed.r), linear(parsed.g), linear(parsed.b)]
    return tuple(gamma(sum(weight * value for weight, value in zip(row, rgb, strict=True))) for row in VISION[vision])


def distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


@pytest.mark.parametrize("theme", THEMES, ids=lambda theme: theme.name)
@pytest.mark.parametrize("vision", VISION)
def test_right_wrong_and_hint_stay_apart(theme, vision: str) -> None:
    colours = {"right": theme.success, "wrong": theme.error, "hint": theme.warning}
    assert all(colours.values()), f"{theme.name} leaves a verdict colour to Textual's default"
    for (one, first), (other, second) in combinations(colours.items(), 2):
        gap = distance(seen(first, vision), seen(second, vision))
        assert gap >= APART, f"{theme.name}, {vision}: {one} and {other} are {gap:.0f} apart"


async def test_verdict_classes_look_different_in_every_theme(tmp_path: Path) -> None:
    app = TutorApp(language="en", store=Store.open(tmp_path / "progress.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        verdicts = [Static(name, classes=f"verdict-{name}") for name in ("right", "wrong", "hint")]
        await app.screen.mount_all(verdicts)
        for theme in THEMES:
            app.theme = theme.name
            await pilot.pause()
            borders = {verdict.styles.border_left[1] for verdict in verdicts}
            backgrounds = {verdict.styles.background for verdict in verdicts}
            assert len(borders) == 3 and len(backgrounds) == 3, theme.name
