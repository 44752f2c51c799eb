"""The yaku list of a `points-steps` answer: grouped by han, as riichi.wiki
and most yaku tables group them, and filtered as the learner types.

Grouped by the han of each entry (an open honitsu, 2 han, sits with the
other 2-han entries; its closed 3 han with the 3-han ones), because the
learner answers with a yaku *and* its han: the group is the number being
asked for, and the open and closed values of one yaku stand apart as they
count apart. The headers cannot be highlighted or ticked.

Typing a letter, a Hangul syllable or a digit filters the list: an entry
matches when what was typed is part of its name in either language or of
its romaji id ("sanshoku", "ittsu", "2"), spaces and underscores
ignored. Every key is typed into this one focused widget, so however fast
keys come they land in the order typed; the app's letter keys give way
while the list has the focus: `t` always, `l` and `q` within a word
(see `takes_key_of`).
`backspace` takes back one character, `escape` clears the filter (with
nothing typed it goes on to the screen); after a tick the next letter
starts a new search, so "hatsu␣riichi␣" ticks both. Ticks stay when an entry is
filtered out of sight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.strip import Strip
from textual.widgets.selection_list import Selection

from tutor.locale import LANGUAGES, text
from tutor.ui.widgets.ticks import TickList

HEADER = "group:"
"""The value prefix of a group's header row."""


@dataclass(frozen=True)
class YakuEntry:
    """One entry of the list: its value ("honitsu:2"), label in the app's
    language, han, and the words it is found by."""

    value: str
    label: str
    han: int
    words: tuple[str, ...]


def folded(words: str) -> str:
    """Words as they are compared: lower case, no spaces, underscores or hyphens."""
    return "".join(character for character in words.casefold() if character not in " _-·")


def entries(choices: Sequence[str], labels: dict[str, Sequence[str]], language: str) -> list[YakuEntry]:
    """The entries in list order: by han, and within a han as `choices` has them."""
    made = []
    for index, choice in enumerate(choices):
        yaku, han = choice.split(":")
        words = (yaku, *(labels[other][index] for other in LANGUAGES if other in labels))
        made.append(YakuEntry(choice, labels.get(language, choices)[index], int(han), tuple(folded(w) for w in words)))
    return sorted(made, key=lambda entry: entry.han)


def matching(all_entries: Sequence[YakuEntry], typed: str) -> list[YakuEntry]:
    wanted = folded(typed)
    return [entry for entry in all_entries if any(wanted in words for words in entry.words)]


class YakuList(TickList):
    """Yaku to tick, under a header per han, filtered by what is typed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace", "unfilter", "Back one letter", show=False),
        Binding("escape", "clear_filter", "Clear", show=False),
    ]

    def takes_key_of(self, action: str) -> bool:
        """Whether the key of one of the app's letter actions is typed here
        instead (see TutorApp.check_action): `t` always (tanyao, toitoi);
        `l` and `q`, which begin no yaku's name, only within a word
        ("double"), so that with nothing typed they switch the language
        and quit as everywhere."""
        if action == "next_theme":
            return True
        return bool(self.typed) and not self._fresh

    def __init__(
        self,
        all_entries: list[YakuEntry],
        ticked: set[str],
        language: str,
        *,
        typed: str = "",
        id: str,
    ) -> None:
        self.all_entries = all_entries
        self.ticks = {entry.value for entry in all_entries if entry.value in ticked}
        """Every entry ticked, shown or filtered out."""
        self.language = language
        self.typed = typed
        self._fresh = False
        """Just ticked: the next letter starts a new search ("hatsu␣riichi␣" ticks both)."""
        super().__init__(*self._selections(), id=id)
        self._title()

    def _selections(self) -> list[Selection[str]]:
        shown: list[Selection[str]] = []
        han = None
        found = matching(self.all_entries, self.typed)
        for entry in found:
            if entry.han != han:
                han = entry.han
                header = text(self.language, "points_steps.group", han=han)
                shown.append(Selection(header, f"{HEADER}{han}", False, disabled=True))
            shown.append(Selection(entry.label, entry.value, entry.value in self.ticks))
        if not found:
            nothing = text(self.language, "points_steps.no_match", typed=self.typed)
            shown.append(Selection(nothing, f"{HEADER}none", False, disabled=True))
        return shown

    def _title(self) -> None:
        self.border_title = (
            text(self.language, "points_steps.yaku_filter", typed=self.typed)
            if self.typed
            else text(self.language, "points_steps.yaku_list")
        )
        self.border_subtitle = "" if self.typed else text(self.language, "points_steps.yaku_find")

    def ticked_values(self) -> list[str]:
        """The ticked entries' values in list order, whether shown or not."""
        return [entry.value for entry in self.all_entries if entry.value in self.ticks]

    # --- typing ------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if character is None or not character.isprintable() or character == " ":
            return
        self._filter(character if self._fresh else self.typed + character)
        event.stop()
        event.prevent_default()

    def take_digit(self, event: events.Key) -> None:
        """Digits are typed into the filter here (a han: "2"), not ticks by position."""

    def action_unfilter(self) -> None:
        self._fresh = False
        if self.typed:
            self._filter(self.typed[:-1])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # With nothing typed, escape goes on to the screen (leaving the drill).
        if action == "clear_filter":
            return bool(self.typed)
        return super().check_action(action, parameters)

    def action_clear_filter(self) -> None:
        self._filter("")

    def _filter(self, typed: str) -> None:
        self.typed = typed
        self._fresh = False
        self.clear_options()
        self.add_options(self._selections())
        self._title()
        first = next(
            (index for index in range(self.option_count) if not self.get_option_at_index(index).disabled), None
        )
        self.highlighted = first

    # --- ticks kept through filtering ----------------------------------------------------

    def toggle(self, selection: Selection[str] | str) -> YakuList:
        super().toggle(selection)
        self._fresh = True
        value = selection.value if isinstance(selection, Selection) else selection
        if value in self.selected:
            self.ticks.add(value)
        else:
            self.ticks.discard(value)
        return self

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        index = self.scroll_offset.y + y
        if index >= self.option_count or not str(self.get_option_at_index(index).value).startswith(HEADER):
            return strip
        # A header has no box to tick: its box drawn as blanks.
        segments = list(strip)
        if len(segments) < 4:
            return strip
        style = segments[3].style
        blank = [Segment(" " * sum(len(segment.text) for segment in segments[:3]), style)]
        return Strip(blank + segments[3:], strip.cell_length)
