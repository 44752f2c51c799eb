"""The footer of every screen: Textual's, rebuilt only when what it shows changes."""

from __future__ import annotations

from typing import cast

from textual.app import ComposeResult
from textual.compose import compose
from textual.widgets import Footer

from tutor.ui.textual_compat import (
    FooterKey,
    drop_layout_request,
    footer_context,
    footer_ready,
    is_key_disabled,
    set_key_disabled,
)

FooterShows = tuple[object, ...]


def key_identity(key: FooterKey) -> tuple[str, str, bool]:
    """What makes a footer key the same key when only its label, tooltip or
    state changes: its key, its action, and whether it is the palette's."""
    return (key.key, key.action, key.has_class("-command-palette"))


class KeyFooter(Footer):
    """Textual's footer, without the work that shows nothing new.

    Textual rebuilds the footer whenever the screen's bindings may have
    changed (each focus change, each `refresh_bindings`), and each rebuilt
    key starts compact and is switched back, so every key is restyled twice.
    A drill answer rebuilt the same footer three times: here the footer is
    rebuilt only when the keys it shows differ, and each key starts as the
    footer is. When only some keys come or go, or a label changes (a drill's
    enter reads "Answer", then "Next"), the keys that stay are updated in
    place and only the new ones are mounted: mounting a key costs far more
    than relabelling it.
    """

    _shown: FooterShows | None = None

    stale = False
    """True when a rebuild was put off because the screen was not on top."""

    def _shows(self) -> FooterShows:
        """Everything the footer's keys are made from."""
        keys = tuple(
            (binding.key, binding.description, binding.action, binding.group, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
        return (footer_ready(self), self.compact, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE, keys)

    def on_mount(self) -> None:
        # (Footer's own on_mount runs too: Textual calls each class's handler.)
        self.screen.screen_layout_refresh_signal.subscribe(self, self._keys_sized, immediate=True)

    def _keys_sized(self, _screen: object) -> None:
        # A relabelled key is given its new width by the screen's layout,
        # and then asks for another layout of the whole screen (Textual sets
        # every resized widget's virtual size, which asks for one): after
        # `l`, a second layout and frame. A key holds no widgets and does
        # not scroll, so nothing depends on that size: the request is
        # dropped. Kept for what bench/ui_latency.py measures: without it
        # `l` on a lesson took 2 layouts of the screen in every run (its
        # LAYOUT_BUDGETS hold it to 1), and `ctrl+w` in a drill 4 in one run
        # of two (budget 3).
        for key in self.children:
            drop_layout_request(key)

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        if self.screen is not self.app.screen:
            # A screen being left (the language switch replaces a lesson and
            # then changes the app's keys) or one underneath: nobody sees
            # its footer, which is rebuilt when it is back on top (if its
            # keys are not the same again by then).
            self.stale = True
            return
        self.stale = False
        shows = self._shows()
        if shows == self._shown:
            return
        before, self._shown = self._shown, shows
        if before is not None and before[:-1] == shows[:-1] and await self._update_keys():
            return
        await super().recompose()

    async def update_now(self) -> None:
        """The footer's keys brought up to date at once, from a screen's
        handler, within the screen's batch: Textual rebuilds them only after
        the next refresh, which costs one more layout and frame."""
        # As in a handler of the footer's own: its keys bind their data to it.
        with footer_context(self):
            await self.recompose()

    async def _update_keys(self) -> bool:
        """The keys to show, reusing every mounted key that stays, moved to
        its new place; False (nothing changed) when that cannot be done, as
        with grouped keys, which Textual draws with labels between them.

        A key that only moves (a drill's enter comes first while the answer
        has the focus, after escape once answered) is moved rather than
        removed and mounted anew: a removal asks for one more layout of the
        screen after its batch, and mounting a key costs far more than
        moving it."""
        wanted = compose(self)
        mounted = list(self.children)
        if not all(isinstance(widget, FooterKey) for widget in [*mounted, *wanted]):
            return False
        shown = match_keys(cast(list[FooterKey], mounted), cast(list[FooterKey], wanted))
        gone = [widget for widget in mounted if widget not in shown]
        if gone:
            await self.remove_children(gone)
        arriving = [key for key in shown if key not in mounted]
        if arriving:
            await self.mount_all(arriving)
        for index, key in enumerate(shown):
            if key.parent is not self or index >= len(self.children):
                # Another rebuild ran during the awaits above (a language switch's update_now
                # and Textual's own, or the app closing): build the keys anew instead.
                return False
            if self.children[index] is not key:
                self.move_child(key, before=self.children[index])
        return True

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            # A key starts as the footer is, so its data binding changes
            # nothing; the palette key is not bound and is compact, as in
            # Textual, with its class set before it mounts too.
            if isinstance(widget, FooterKey):
                compact = True if widget.has_class("-command-palette") else self.compact
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget


def match_keys(mounted: list[FooterKey], wanted: list[FooterKey]) -> list[FooterKey]:
    """The keys to show, in order: each a mounted key for the same binding,
    relabelled as the key composed anew for it, or else the new key."""
    spare = list(mounted)
    shown = []
    for key in wanted:
        identity = key_identity(key)
        match = next((old for old in spare if key_identity(old) == identity), None)
        if match is None:
            shown.append(key)
            continue
        spare.remove(match)
        relabel_key(match, key)
        shown.append(match)
    return shown


def relabel_key(key: FooterKey, like: FooterKey) -> None:
    """A mounted key shown as `like`, a key composed anew for the same binding."""
    if (key.key_display, key.description, is_key_disabled(key), key.tooltip) == (
        like.key_display,
        like.description,
        is_key_disabled(like),
        like.tooltip,
    ):
        return
    key.key_display = like.key_display
    key.description = like.description
    key.tooltip = like.tooltip
    if is_key_disabled(key) != is_key_disabled(like):
        set_key_disabled(key, is_key_disabled(like))
    key.refresh(layout=True)
