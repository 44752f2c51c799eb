"""What every screen of the tutor shares: the app through its protocol,
footer labels in the app's language, and redrawing in a new language."""

from __future__ import annotations

from textual import events
from textual.screen import Screen
from textual.widgets import Footer

from tutor.ui.keys import localise_bindings
from tutor.ui.shell import Tutor, tutor_of
from tutor.ui.widgets.header_title import redraw_titles
from tutor.ui.widgets.key_footer import KeyFooter

NARROW = 80
"""Below this many columns the footer is compact and leaves out the palette
key (ctrl+p still works, and the help lists it), so that every key it shows
is whole down to 60 columns."""


class TutorScreen(Screen[None]):
    """A screen of the tutor.

    When the language changes, the screen on top redraws at once and keeps
    its state (`redraw_in_language`); a screen underneath redraws when it
    comes back on top, so switching the language costs one screen's redraw.
    """

    _stale_language = False

    @property
    def tutor(self) -> Tutor:
        return tutor_of(self.app)

    def on_mount(self) -> None:
        localise_bindings(self, self.tutor.language)

    def on_resize(self, event: events.Resize) -> None:
        narrow = event.size.width < NARROW
        for footer in self.query(Footer):
            # Only on a change: each change restyles the whole footer.
            if footer.compact != narrow:
                footer.compact = narrow
                footer.show_command_palette = not narrow

    @property
    def on_top(self) -> bool:
        """The screen the learner is on. Not Textual's `is_current`, which is
        also true of a screen showing through behind the top one: a lesson
        under a drill would then take the drill's place on a language switch."""
        return bool(self.app.screen_stack) and self.app.screen is self

    def language_changed(self) -> None:
        if self.on_top:
            localise_bindings(self, self.tutor.language)
            self.redraw_in_language()
        else:
            # Keys too are put in the new language when the screen comes
            # back: done now, they would rebuild a footer nobody sees.
            self._stale_language = True

    def on_screen_resume(self) -> None:
        # The app's title may have changed while the screen was away (see set_app_title).
        redraw_titles(self)
        # A footer whose rebuild was put off while the screen was away (see KeyFooter).
        if any(footer.stale for footer in self.query(KeyFooter)):
            self.refresh_bindings()
        if self._stale_language:
            self._stale_language = False
            localise_bindings(self, self.tutor.language)
            self.redraw_in_language()

    def redraw_in_language(self) -> None:
        """Show the screen in the app's language. Screens with state worth
        keeping (a cursor, a scroll position, revealed answers) override this;
        the rest have nothing to lose by being composed and set up again (their
        `on_mount` sets titles and focus, which composing alone would leave)."""
        self.call_later(self._compose_again)

    async def _compose_again(self) -> None:
        await self.recompose()
        self.on_mount()

    def show_notice(self, message: str) -> bool:
        """Show a notice on the screen itself rather than as a toast; a
        screen that is being projected says True and keeps toasts off it."""
        return False
