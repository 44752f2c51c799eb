"""Tiles and Hangul render on a PC without a CJK font (issue 32): `tutor
serve` gives its terminal page a subset of Noto Sans Mono CJK KR
(tutor/static/fonts, made by tools/webfont.py) as one more face of the
family the terminal asks for, and headless Chromium with Latin fonts only
draws the app's Hangul and tile characters with it, where it drew tofu
without."""

from __future__ import annotations

import re
import urllib.error
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
import textual_serve
from fontTools.ttLib import TTFont

from tests.browser import chromium, new_page
from tests.serve_fixtures import Served, get
from tools.webfont import FONT, NOT_DRAWN, SYMBOL_SOURCES, app_characters, missing, roboto_mono

TEXTUAL_JS = Path(textual_serve.__file__).parent / "static/js/textual.js"


def terminal_font_stack() -> str:
    """The font family textual-serve's terminal asks xterm for."""
    match = re.search(r"""fontFamily:"([^"]*Roboto Mono[^"]*)\"""", TEXTUAL_JS.read_text(encoding="utf-8"))
    assert match, "textual.js no longer names Roboto Mono: the served CJK face must follow its font stack"
    return match.group(1)


def is_hangul_or_cjk(char: str) -> bool:
    point = ord(char)
    return (
        0xAC00 <= point <= 0xD7A3 or 0x3130 <= point <= 0x318F or 0x4E00 <= point <= 0x9FFF or 0x3040 <= point <= 0x30FF
    )


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = Served()
    yield server
    server.stop()


def test_the_font_holds_every_hangul_and_cjk_character_the_app_shows() -> None:
    served = set(TTFont(FONT).getBestCmap()) | roboto_mono()
    wanted = {char for char in app_characters() if is_hangul_or_cjk(char)}
    assert len(wanted) > 500  # the Korean catalogue and lessons
    lacking = sorted(char for char in wanted if ord(char) not in served)
    assert lacking == [], f"the served font lacks {''.join(lacking)}: make it again with python tools/webfont.py"
    assert all(point in served for point in range(0x2500, 0x2580))  # box drawing


def test_every_character_the_app_draws_has_a_served_font() -> None:
    """Symbols too (✗ ‣ ↑ ↓ ⭑), which the CJK font lacks: from two more subsets."""
    assert missing() == [], "make the fonts again with python tools/webfont.py"
    assert {"✗", "‣", "↑", "↓", "⭑"} <= app_characters()
    assert all(char in app_characters() for char in NOT_DRAWN)  # each is still there, in a comment


def test_the_page_links_the_font_and_the_server_serves_it(served: Served) -> None:
    _, _, page = get(served.url + "/")
    link = re.search(rb'<link rel="stylesheet" href="(/tutor-static/fonts/[^"]+\.css)"', page)
    assert link, "the terminal page does not link the CJK face"
    status, kind, css = get(served.url + link.group(1).decode())
    assert status == 200 and kind.startswith("text/css")
    assert '"Roboto Mono"' in css.decode()
    fonts = set(re.findall(r'url\("([^"/]+\.woff2)"\)', css.decode()))
    assert fonts == {FONT.name, *(name for _, _, name in SYMBOL_SOURCES)}
    for font in fonts:
        status, _, data = get(served.url + "/tutor-static/fonts/" + font)
        assert status == 200 and data == (FONT.parent / font).read_bytes()
    with pytest.raises(urllib.error.HTTPError, match="403"):  # no listing
        get(served.url + "/tutor-static/fonts/")


MEASURE = """
(async () => {
  const stack = %s;
  await document.fonts.load('32px "Roboto Mono"', "A한萬");
  const canvas = document.createElement("canvas");
  canvas.width = 80; canvas.height = 60;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const ink = (text, family) => {
    context.clearRect(0, 0, 80, 60);
    context.font = "32px " + family;
    context.fillText(text, 4, 44);
    return Array.from(context.getImageData(0, 0, 80, 60).data.filter((_, i) => i %% 4 === 3)).join(",");
  };
  const span = document.createElement("span");
  span.id = "probe";
  span.style.fontFamily = stack;
  span.textContent = "한萬";
  document.body.append(span);
  const result = {check: document.fonts.check('16px "Roboto Mono"', "한萬")};
  for (const [name, family] of [["served", stack], ["plain", "monospace"]]) {
    result[name] = {tofu: ink("\\uE000", family), hangul: ink("한", family), tile: ink("萬", family), blank: ink(" ", family)};
  }
  return result;
})()
"""


async def test_chromium_without_a_cjk_font_draws_hangul_and_tiles_with_the_served_font(
    served: Served, tmp_path: Path
) -> None:
    with chromium(tmp_path) as devtools:
        async with aiohttp.ClientSession() as session:
            page = await new_page(session, devtools)
            await page.open(served.url + "/?delay=1")  # the page without starting a session
            drawn = await page.evaluate(MEASURE % repr(terminal_font_stack()))
            await page.call("DOM.enable")
            await page.call("CSS.enable")
            root = await page.call("DOM.getDocument")
            probe = await page.call("DOM.querySelector", nodeId=root["root"]["nodeId"], selector="#probe")
            fonts = await page.call("CSS.getPlatformFontsForNode", nodeId=probe["nodeId"])
            await page.websocket.close()
    plain, own = drawn["plain"], drawn["served"]
    # The browser has no font for Hangul or Chinese characters: without the served face they are tofu.
    assert plain["hangul"] == plain["tofu"] and plain["tile"] == plain["tofu"] != plain["blank"]
    # With it, each is its own glyph, from the served subset.
    assert drawn["check"] is True
    assert len({own["hangul"], own["tile"], own["tofu"], own["blank"]}) == 4
    assert [(font["familyName"], font["isCustomFont"]) for font in fonts["fonts"]] == [("Noto Sans Mono CJK KR", True)]
