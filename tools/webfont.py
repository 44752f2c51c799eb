"""Make the web font `tutor serve` gives browsers without a CJK font (issue 32).

    python tools/webfont.py            # writes tutor/static/fonts/ (needs the `webfont` extra)
    python tools/webfont.py --check    # lists the app's characters no served font draws

The terminal page's font, Roboto Mono (shipped by textual-serve), has no
Hangul, no Chinese characters and no box drawing, so a classroom PC without a
CJK font showed tofu for the tiles and every Korean word.  This subsets Noto
Sans Mono CJK KR (SIL Open Font License 1.1, Debian's fonts-noto-cjk) to:

* every character in the app's code, catalogues, templates and lessons that
  Roboto Mono lacks and the CJK font has (Hangul, the tiles' characters and
  full-width digits, kana in the glossary, box drawing, ...);
* the 2,350 Hangul syllables of KS X 1001, which nearly every Korean name
  is written with (learners type their names);
* the box drawing and block elements blocks whole (frames and bars).

The few symbols the app draws that neither has (a cross mark, arrows, a
bullet and a star: ✗ ↑ ↓ ‣ ⭑) come from two more OFL fonts, each subset
to those it alone gives, as faces of their own: Noto Sans Mono
(fonts-noto-mono) and Noto Sans Symbols 2 (fonts-noto-core).

The result is WOFF2 (brotli), with the licence text (OFL.txt) beside it.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SOURCE_FACE = "Noto Sans Mono CJK KR"
COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUT = ROOT / "tutor" / "static" / "fonts"
FONT = OUT / "TutorCJK-Regular.woff2"
LICENCE = OUT / "OFL.txt"
STYLE = OUT / "terminal-fonts.css"
"""The terminal page's @font-face rules (it links this file): Roboto Mono's and the subset's."""
ROBOTO = (("RobotoMono-VariableFont_wght.ttf", "normal"), ("RobotoMono-Italic-VariableFont_wght.ttf", "italic"))
"""textual-serve's Roboto Mono faces, served at /static/fonts/."""
ROBOTO_GAP = 0x40
WEIGHTS = "100 700"
"""Roboto Mono's weights, as textual-serve's page declares them."""
FAMILY = "Roboto Mono"
"""The family the terminal asks for first (textual-serve's textual.js sets
xterm's fontFamily to "'Roboto Mono', Monaco, 'Courier New', monospace"):
the subset is one more face of it, for the characters Roboto Mono lacks."""
GAP = 0x400
"""Runs of code points this close share one unicode-range run: the range is only
a hint of which characters the face may have, and a short rule is sent with every page."""

SYMBOL_SOURCES = (
    (Path("/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf"), "fonts-noto-mono", "TutorMono-Regular.woff2"),
    (
        Path("/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf"),
        "fonts-noto-core",
        "TutorSymbols-Regular.woff2",
    ),
)
"""Where the symbols the CJK font lacks come from, in order: (font, Debian package, the subset's name)."""
NOT_DRAWN = {
    "\u0663": "Arabic-Indic three, named in docstrings of tutor/engine/notation.py and numbers.py",
    "\u21e5": "the tab arrow, in a docstring of tutor/ui/key_queue.py",
}
"""Characters of the app's text that it never draws (they are in comments), with where they are."""
TEXT_SUFFIXES = {".py", ".po", ".html", ".md", ".tsv"}
BLOCKS = (range(0x2500, 0x2580), range(0x2580, 0x25A0))
"""Box drawing and block elements."""


def app_characters(root: Path = ROOT) -> set[str]:
    """Every non-ASCII character in the app's code, catalogues, templates and lessons."""
    characters: set[str] = set()
    for folder in (root / "tutor", root / "lessons"):
        for path in folder.rglob("*"):
            if path.suffix in TEXT_SUFFIXES and path.is_file():
                characters |= {char for char in path.read_text(encoding="utf-8") if ord(char) > 127}
    return characters


def name_syllables() -> set[str]:
    """The 2,350 Hangul syllables of KS X 1001 (EUC-KR rows 0xB0 to 0xC8)."""
    return {
        bytes([row, cell]).decode("euc_kr")
        for row in range(0xB0, 0xC9)
        for cell in range(0xA1, 0xFF)
        if (row, cell) != (0xC8, 0xFF)
    }


def roboto_mono() -> set[int]:
    """The code points the page's own font (textual-serve's Roboto Mono) draws."""
    from fontTools.ttLib import TTFont
    from textual_serve import server

    path = Path(server.__file__).parent / "static" / "fonts" / "RobotoMono-VariableFont_wght.ttf"
    return set(TTFont(path).getBestCmap())


def wanted(has: set[int], roboto: set[int]) -> set[int]:
    """The code points the subset should hold: needed, missing from Roboto Mono, present in the source."""
    needed = {ord(char) for char in app_characters() | name_syllables()}
    needed |= {point for block in BLOCKS for point in block}
    return {point for point in needed - roboto if point in has}


def unicode_range(points: set[int], gap: int = GAP) -> str:
    """A CSS unicode-range holding every one of `points`, as runs (neighbours at most `gap` apart share one)."""
    runs: list[str] = []
    ordered = sorted(points)
    start = previous = ordered[0]
    for point in [*ordered[1:], -1]:
        if 0 < point - previous <= gap:
            previous = point
            continue
        runs.append(f"U+{start:X}" if start == previous else f"U+{start:X}-{previous:X}")
        start = previous = point
    return ", ".join(runs)


def face(url: str, font_style: str, weights: str, points: set[int], gap: int) -> str:
    """One @font-face rule of the terminal's family."""
    return (
        "@font-face {\n"
        f'  font-family: "{FAMILY}";\n'
        f'  src: url("{url}") format("{"woff2" if url.endswith(".woff2") else "truetype"}");\n'
        f"  font-weight: {weights};\n"
        f"  font-style: {font_style};\n"
        f"  unicode-range: {unicode_range(points, gap)};\n"
        "}\n"
    )


def style(points: set[int], roboto: set[int], symbols: tuple[tuple[str, set[int]], ...] = ()) -> str:
    """The page's faces of "Roboto Mono": textual-serve's own, each with the
    range it draws, and the subset for the rest.  Without a range Roboto Mono
    would claim every character, and the browser would never load the subset
    for a canvas (xterm's) or for document.fonts.load.  The subset has the
    same weights and styles as Roboto Mono's faces: Chromium joins only faces
    with the same descriptors into one family (the browser emboldens the
    subset; its italic stays upright, as CJK type does)."""
    return "/* Made by tools/webfont.py (the subsets' licence: OFL.txt). */\n" + "".join(
        face(f"/static/fonts/{name}", font_style, WEIGHTS, roboto, ROBOTO_GAP)
        + face(FONT.name, font_style, WEIGHTS, points, GAP)
        # Exact ranges, declared last: the CJK face's range runs over some of these, and it lacks them.
        + "".join(face(file, font_style, WEIGHTS, drawn, 0) for file, drawn in symbols)
        for name, font_style in ROBOTO
    )


def licence_text() -> str:
    """The OFL as Debian's copyright file gives it, with the font's own copyright line first."""
    lines = COPYRIGHT.read_text(encoding="utf-8").splitlines()
    start = lines.index("License: SIL-1.1", lines.index("License: GPL-3+")) + 1
    body: list[str] = []
    for line in lines[start:]:
        if line and not line.startswith(" "):
            break
        body.append("" if line.strip() == "." else line[1:])
    return "\n".join(body).strip("\n") + "\n"


def subset_font(source: Any, points: set[int], out: Path) -> None:
    """`source` (a fontTools font) cut to `points`, written to `out` as WOFF2."""
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=points)
    subsetter.subset(source)
    buffer = io.BytesIO()
    source.flavor = "woff2"
    source.recalcTimestamp = False  # the same sources make the same bytes
    source.save(buffer)
    out.write_bytes(buffer.getvalue())


def make() -> None:
    from fontTools.ttLib import TTCollection, TTFont

    collection = TTCollection(SOURCE)
    source = next(font for font in collection.fonts if font["name"].getDebugName(4) == SOURCE_FACE)
    roboto = roboto_mono()
    points = wanted(set(source.getBestCmap()), roboto)
    copyright_line = source["name"].getDebugName(0) or ""
    OUT.mkdir(parents=True, exist_ok=True)
    subset_font(source, points, FONT)
    told = [
        f"{FONT.name}: a subset of {SOURCE_FACE} ({SOURCE.name}, Debian's fonts-noto-cjk),\n"
        f"made by tools/webfont.py.\n{copyright_line}\n"
    ]
    lacking = {ord(char) for char in app_characters() if char not in NOT_DRAWN} - roboto - points
    symbols: list[tuple[str, set[int]]] = []
    for path, package, name in SYMBOL_SOURCES:
        font = TTFont(path)
        drawn = {point for point in lacking if point in font.getBestCmap()}
        if not drawn:
            continue
        lacking -= drawn
        face_name = font["name"].getDebugName(4)
        symbols.append((name, drawn))
        told.append(
            f"{name}: a subset of {face_name} ({path.name}, Debian's {package}),\n"
            f"made by tools/webfont.py.\n{font['name'].getDebugName(0) or ''}\n"
        )
        subset_font(font, drawn, OUT / name)
    LICENCE.write_text(
        "\n".join(told) + f"\nAll under the SIL Open Font License:\n\n{licence_text()}", encoding="utf-8"
    )
    STYLE.write_text(style(points, roboto, tuple(symbols)), encoding="utf-8")
    print(f"{FONT.relative_to(ROOT)}: {len(points)} characters, {FONT.stat().st_size:,} bytes")
    for name, drawn in symbols:
        shown = "".join(chr(point) for point in sorted(drawn))
        print(f"{(OUT / name).relative_to(ROOT)}: {shown}, {(OUT / name).stat().st_size:,} bytes")


def served_points() -> set[int]:
    """The code points the served fonts draw: Roboto Mono's, the CJK subset's and the symbols'."""
    from fontTools.ttLib import TTFont

    served = set(TTFont(FONT).getBestCmap()) | roboto_mono()
    for _, _, name in SYMBOL_SOURCES:
        if (OUT / name).exists():
            served |= set(TTFont(OUT / name).getBestCmap())
    return served


def missing() -> list[str]:
    """The app's characters that it draws and no served font has."""
    served = served_points()
    return sorted(char for char in app_characters() if ord(char) not in served and char not in NOT_DRAWN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="list the app's characters no served font draws")
    arguments = parser.parse_args(argv)
    if arguments.check:
        lacking = missing()
        print(f"{len(lacking)} characters no served font draws: {' '.join(lacking)}")
        return 0
    make()
    return 0


if __name__ == "__main__":
    sys.exit(main())
