"""A lesson's Markdown laid out as lines of text.

Textual's Markdown widget draws every heading, paragraph, list item, bullet
and table cell as a widget of its own (a lesson had 74 to 262), and each of
them is styled and laid out on every open of a lesson, about ten times over.
Here the Markdown is laid out as lines by plain functions, in the look of
Textual's Markdown: the same heading, bullet, table and inline styles (named
as component classes, which the lesson's document holds), the same blank
lines between blocks, and links that are clicked as before. The document
(lesson_document.py) draws the lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich.cells import cell_len
from textual.content import Content, Span
from textual.style import Style

PARSER = MarkdownIt("gfm-like")
"""One parser for every piece: building one cost more than a parse."""

BULLETS = ("• ", "▪ ", "‣ ", "⭑ ", "◦ ")
"""Bullets of unordered lists by depth, as in Textual's Markdown."""

MARGINS = {"h1": (2, 1), "h2": (2, 1), "h3": (1, 1), "paragraph": (0, 1), "list": (0, 1), "table": (0, 1)}
"""Blank lines above and below each kind of block (Textual's Markdown CSS);
between two blocks the larger of the two, as margins collapse."""


@dataclass(frozen=True)
class Heading:
    level: int
    text: Content


@dataclass(frozen=True)
class Paragraph:
    text: Content


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    start: int
    items: tuple[tuple[Block, ...], ...]


@dataclass(frozen=True)
class Table:
    headers: tuple[Content, ...]
    rows: tuple[tuple[Content, ...], ...]


Block = Heading | Paragraph | ListBlock | Table


def inline_content(token: Token) -> Content:
    """An inline token's text with its styles and links, as Textual's
    Markdown makes it (styles named by the widget's component classes)."""
    parts: list[str] = []
    spans: list[Span] = []
    opened: list[tuple[str | Style, int]] = []
    position = 0

    def add(text: str) -> None:
        nonlocal position
        parts.append(text)
        position += len(text)

    def close() -> None:
        style, start = opened.pop()
        spans.append(Span(start, position, style))
        if isinstance(style, Style) and style.meta.get("@click", "").startswith("link("):
            # Drawn as a link: underlined in the accent colour (it looked like the text around it).
            spans.append(Span(start, position, ".link"))

    for child in token.children or ():
        kind = child.type
        if kind == "text":
            add(re.sub(r"\s+", " ", child.content))
        elif kind == "hardbreak":
            add("\n")
        elif kind == "softbreak":
            add(" ")
        elif kind == "code_inline":
            opened.append((".code_inline", position))
            add(child.content)
            close()
        elif kind in ("em_open", "strong_open", "s_open"):
            opened.append(("." + kind.removesuffix("_open"), position))
        elif kind == "link_open":
            href = str(child.attrs.get("href", ""))
            opened.append((Style.from_meta({"@click": f"link({href!r})"}), position))
        elif kind.endswith("_close") and opened:
            close()
    return Content("".join(parts), spans=spans)


def blocks_of(tokens: list[Token], start: int = 0, end: int | None = None) -> tuple[Block, ...]:
    """The blocks of a run of block tokens (nested lists included)."""
    end = len(tokens) if end is None else end
    blocks: list[Block] = []
    index = start
    while index < end:
        token = tokens[index]
        close = closing(tokens, index)
        if token.type == "heading_open":
            blocks.append(Heading(int(token.tag[1:]), inline_content(tokens[index + 1])))
        elif token.type == "paragraph_open":
            blocks.append(Paragraph(inline_content(tokens[index + 1])))
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            items = []
            item = index + 1
            while item < close:
                item_close = closing(tokens, item)
                items.append(blocks_of(tokens, item + 1, item_close))
                item = item_close + 1
            start_at = token.attrs.get("start", 1)
            blocks.append(ListBlock(token.type == "ordered_list_open", int(start_at), tuple(items)))
        elif token.type == "table_open":
            blocks.append(table_of(tokens[index:close]))
        index = close + 1
    return tuple(blocks)


def closing(tokens: list[Token], index: int) -> int:
    """The index of the token that closes the one at `index` (itself if it opens nothing)."""
    if tokens[index].nesting != 1:
        return index
    depth = 0
    for position in range(index, len(tokens)):
        depth += tokens[position].nesting
        if depth == 0:
            return position
    return len(tokens) - 1


def table_of(tokens: list[Token]) -> Table:
    headers: list[Content] = []
    rows: list[list[Content]] = []
    in_head = False
    for position, token in enumerate(tokens):
        if token.type == "thead_open":
            in_head = True
        elif token.type == "thead_close":
            in_head = False
        elif token.type == "tr_open" and not in_head:
            rows.append([])
        elif token.type in ("th_open", "td_open"):
            cell = inline_content(tokens[position + 1])
            if in_head:
                headers.append(cell)
            else:
                rows[-1].append(cell)
    return Table(tuple(headers), tuple(tuple(row) for row in rows))


@lru_cache(maxsize=2048)
def parsed(markdown: str) -> tuple[Block, ...]:
    """The blocks of a piece of text, kept: lessons are opened again and again."""
    return blocks_of(PARSER.parse(markdown))


def wrapped(content: Content, width: int) -> list[Content]:
    """The lines of `content.wrap(width)`, without its cost for the lines that fit.

    Content.wrap measures, divides and pads every line, and was half the
    time a drill's summary took to lay out; most lines of a hand's setting,
    a mistake or a heading fit as they are, and come out of it unchanged."""
    lines = content.split("\n", allow_blank=True) if "\n" in content.plain else [content]
    rows: list[Content] = []
    for line in lines:
        if line.cell_length <= width and "\t" not in line.plain:
            rows.append(line)
        else:
            rows += line.wrap(width)
    return rows


def blank(count: int) -> list[Content]:
    return [Content("")] * count


def lines_of(blocks: tuple[Block, ...], width: int, depth: int = 0, margins: bool = True) -> list[Content]:
    """Blocks laid out in lines of at most `width` cells, with blank lines
    between them as their margins say (blocks in a list item have none)."""
    lines: list[Content] = []
    below = 0
    for position, block in enumerate(blocks):
        top, bottom = MARGINS[kind_of(block)] if margins else (0, 0)
        lines += blank(max(top, below) if position else top)
        lines += block_lines(block, width, depth)
        below = bottom
    return lines + blank(below)


def kind_of(block: Block) -> str:
    if isinstance(block, Heading):
        return f"h{min(block.level, 3)}"
    if isinstance(block, Paragraph):
        return "paragraph"
    return "list" if isinstance(block, ListBlock) else "table"


def block_lines(block: Block, width: int, depth: int) -> list[Content]:
    width = max(width, 4)
    if isinstance(block, Heading):
        style = f".lesson-text--h{min(block.level, 3)}"
        text = block.text.stylize_before(style)
        lines = wrapped(text, width)
        if block.level == 1:
            # Centred by padding: the widget wraps its lines again, and would align them left.
            lines = [line.pad_left((width - line.cell_length) // 2) for line in lines]
        return lines
    if isinstance(block, Paragraph):
        return wrapped(block.text, width)
    if isinstance(block, ListBlock):
        return list_lines(block, width, depth)
    return table_lines(block, width)


def list_lines(block: ListBlock, width: int, depth: int) -> list[Content]:
    if block.ordered:
        numbers = [f"{number}. " for number in range(block.start, block.start + len(block.items))]
        size = max(len(number) for number in numbers) + 1
        symbols = [number.rjust(size) for number in numbers]
    else:
        symbols = [BULLETS[min(depth, len(BULLETS) - 1)]] * len(block.items)
    lines: list[Content] = []
    for symbol, item in zip(symbols, block.items, strict=True):
        inner = lines_of(item, width - len(symbol), depth + 1, margins=False) or [Content("")]
        bullet = Content.styled(symbol, ".lesson-text--bullet")
        lines.append(bullet + inner[0])
        lines += [Content(" " * len(symbol)) + line for line in inner[1:]]
    return lines


def table_lines(table: Table, width: int) -> list[Content]:
    """A table in thin lines, each cell padded by a space, columns as wide as
    their widest cell until the table would be wider than the text."""
    columns = max(len(table.headers), *(len(row) for row in table.rows)) if table.rows else len(table.headers)
    grid = [list(table.headers) + [Content("")] * (columns - len(table.headers))]
    grid[0] = [cell.stylize_before(".lesson-text--th") for cell in grid[0]]
    grid += [list(row) + [Content("")] * (columns - len(row)) for row in table.rows]
    widths = column_widths(grid, width - 1 - 3 * columns)
    rule = ".lesson-text--rule"

    def border(left: str, middle: str, right: str) -> Content:
        return Content.styled(left + middle.join("─" * (size + 2) for size in widths) + right, rule)

    lines = [border("┌", "┬", "┐")]
    for number, row in enumerate(grid):
        if number:
            lines.append(border("├", "┼", "┤"))
        cells = [cell.wrap(size, overflow="ellipsis") or [Content("")] for cell, size in zip(row, widths, strict=True)]
        height = max(len(cell) for cell in cells)
        if not number:
            # Headings stand on the line above the rule, as in Textual's tables.
            cells = [[Content("")] * (height - len(cell)) + cell for cell in cells]
        for line in range(height):
            parts = [Content.styled("│", rule)]
            for cell, size in zip(cells, widths, strict=True):
                text = cell[line] if line < len(cell) else Content("")
                parts += [Content(" ") + text.pad(0, size - text.cell_length) + Content(" "), Content.styled("│", rule)]
            lines.append(Content("").join(parts))
    # A table with more columns than fit even one letter each is cut at the
    # edge, as Textual cuts it, rather than folded onto the next line.
    return [line.truncate(width) for line in (*lines, border("└", "┴", "┘"))]


def column_widths(grid: list[list[Content]], room: int) -> list[int]:
    """Widths of a table's columns (inside their padding) filling `room`
    cells, as Textual's Markdown tables share the width: each column grows in
    proportion to its padded width (what is left over going to the last); a
    table too wide narrows its columns from the first, each down to its
    longest word, and then all of them in proportion (long words end in …)."""
    columns = len(grid[0])
    widths = [max(row[column].cell_length for row in grid) for column in range(columns)]
    if sum(widths) <= room:
        padded = sum(size + 2 for size in widths)
        grown = [size + (room - sum(widths)) * (size + 2) // padded for size in widths]
        grown[-1] += room - sum(grown)
        return grown
    words = [
        # Measured in cells, not characters: a Korean word is twice as wide as its letters are many.
        max((cell_len(word) for row in grid for word in row[column].plain.split()), default=1)
        for column in range(columns)
    ]
    for column in range(columns):
        excess = sum(widths) - room
        if excess <= 0:
            return widths
        widths[column] -= min(excess, max(widths[column] - words[column], 0))
    if sum(widths) <= room:
        return widths
    total, room = sum(widths), max(room, columns)
    shares = [size * room / total for size in widths]
    narrowed = [max(1, int(share)) for share in shares]
    # What the rounding down left goes to the columns it took most from.
    for column in sorted(range(columns), key=lambda column: int(shares[column]) - shares[column]):
        if sum(narrowed) >= room:
            break
        narrowed[column] += 1
    return narrowed
