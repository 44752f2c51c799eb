"""A workbench hand written as lesson ```hand blocks, ready to paste into a lesson.

One block per rule family, each with its own settings and the claims the
engine makes about it (`tutor.lessons.blocks.evaluate`, the function
`tutor lessons check` holds every lesson to), so a block saved here passes
that check as it stands.
"""

from __future__ import annotations

from pathlib import Path

from tutor.engine.notation import format_hand
from tutor.engine.rules import Rules
from tutor.engine.tiles import tile_name
from tutor.lessons.blocks import BlockError, evaluate
from tutor.lessons.model import HandBlock
from tutor.workbench.analysis import WorkbenchAnalysis
from tutor.workbench.settings import Settings

SAVED_FILE = "workbench-hands.md"
"""Where `ctrl+s` appends blocks, in the data folder."""

CLAIMS = {
    Rules.RIICHI: ("fu_raw", "fu", "han", "yaku", "points"),
    Rules.MCR: ("fans", "total", "can_win"),
}
SHAPE_CLAIMS = ("tenpai", "waits")


def _option_text(options: tuple[tuple[str, object], ...]) -> str:
    return " ".join(f"{name}={str(value).lower()}" for name, value in options)


def block_setup(analysis: WorkbenchAnalysis, rules: Rules) -> dict[str, str]:
    """A block's settings: how it was won and what differs from the defaults."""
    settings: Settings = analysis.settings
    setup = {"rules": rules.value}
    if analysis.tile_count == 14 and analysis.win is not None:
        setup["win"] = f"{tile_name(analysis.win)} {'tsumo' if settings.tsumo else 'ron'}"
        setup["seat"], setup["round"] = settings.seat, settings.round
    flags = settings.riichi_flags if rules is Rules.RIICHI else settings.mcr_flags
    options = settings.riichi_options if rules is Rules.RIICHI else settings.mcr_options
    if flags:
        setup["flags"] = " ".join(flags)
    if rules is Rules.RIICHI:
        for key in ("dora", "ura"):
            if getattr(settings, key).strip():
                setup[key] = getattr(settings, key).strip()
    if options:
        setup["options"] = _option_text(options)
    return setup


def block_text(analysis: WorkbenchAnalysis, rules: Rules) -> str | None:
    """One ```hand block, or None when the hand is not 13 or 14 tiles or the
    engine cannot read its settings."""
    if analysis.hand is None or analysis.tile_count not in (13, 14):
        return None
    hand = format_hand(analysis.hand)
    setup = block_setup(analysis, rules)
    wanted = CLAIMS[rules] if "win" in setup else SHAPE_CLAIMS
    try:
        answers = evaluate(HandBlock(0, hand, setup, dict.fromkeys(wanted, ""), ""), rules.value).answers
    except BlockError:
        return None
    refused = next((value for value in answers.values() if value.startswith("refused:")), None)
    claims = {name: answers[name] for name in wanted if name in answers}
    if refused:
        first = wanted[-1] if rules is Rules.RIICHI else wanted[1]
        claims = {first: refused}
    settings_line = "  ".join(f"{key}: {value}" for key, value in setup.items())
    expect = " ".join(f"{name}={value}" for name, value in claims.items())
    return f"```hand\n{hand}\n{settings_line}\nexpect: {expect}\n```\n"


def blocks_text(analysis: WorkbenchAnalysis) -> str | None:
    blocks = [block for rules in Rules if (block := block_text(analysis, rules)) is not None]
    return "\n".join(blocks) if blocks else None


def save_blocks(text: str, folder: Path) -> Path:
    """Append the blocks to the saved file in `folder`; raises OSError."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SAVED_FILE
    with path.open("a", encoding="utf-8") as file:
        file.write(text + "\n")
    return path
