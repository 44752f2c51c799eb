"""The footer of every screen: Textual's, rebuilt only when what it shows changes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tutor.ui.keys import localise_bindings
from tutor.ui.shell import tutor_of

FooterShows = tuple[object, ...]


class KeyFooter(Footer):
    """Textual's footer, without the work that shows nothing new.

    Textual rebuilds the footer whenever the screen's bindings may have
    changed (each focus change, each `refresh_bindings`), and each rebuilt
    key starts compact and is switched back, so every key is restyled twice.
    A drill answer rebuilt the same footer three times: here the footer is
    rebuilt only when the keys it shows differ, and each key starts as the
    footer is.
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
        return (self._bindings_ready, self.compact, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE, keys)

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
        self._shown = shows
        await super().recompose()

    def compose(self) -> ComposeResult:
        if self.is_attached and not self._bindings_ready:
            # Textual's footer starts empty and fills in once the screen has
            # mounted, one more layout of the whole screen (and a frame) on
            # every screen opened. The keys are known now: the screen's and
            # the app's, put in the learner's language here rather than in
            # the screen's on_mount, which comes after this.
            localise_bindings(self.screen, tutor_of(self.app).language)
            self.set_reactive(Footer._bindings_ready, True)
            self._shown = self._shows()
        for widget in super().compose():
            # A key starts as the footer is, so its data binding changes
            # nothing; the palette key is not bound and is compact, as in
            # Textual, with its class set before it mounts too.
            if isinstance(widget, FooterKey):
                compact = True if widget.has_class("-command-palette") else self.compact
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget
