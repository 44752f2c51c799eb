"""The command palette: lessons and glossary terms found by Korean or English
words, and our themes by their names in the learner's language."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tutor.lessons.glossary import Term
from tutor.locale import LANGUAGES, text
from tutor.ui.shell import Tutor, tutor_of
from tutor.ui.themes import THEME_NAMES


def term_label(term: Term, language: str) -> str:
    """A term as the palette lists it: in the learner's language and the
    original (it is still found by its words in the other language)."""
    return text(language, "palette.term", name=term.ko if language == "ko" else term.en, original=term.original)


class LessonsAndTerms(Provider):
    """Lessons in both languages (opened in the app's language) and terms."""

    @property
    def tutor(self) -> Tutor:
        return tutor_of(self.app)

    def _entries(self) -> list[tuple[str, str, object]]:
        app = self.tutor
        language = app.language
        # Found by either language's words: "workbench", "calculator", "계산기".
        workbench = text(language, "workbench.palette")
        entries: list[tuple[str, str, object]] = [
            (
                f"{text('en', 'workbench.palette')} calculator {text('ko', 'workbench.palette')}",
                workbench,
                app.open_workbench,
            )
        ]
        shown = app.library.lessons.get(language, {})
        for by_id in app.library.lessons.values():
            for lesson in by_id.values():
                title = shown[lesson.id].title if lesson.id in shown else lesson.title
                label = text(language, "palette.lesson", title=title)
                searchable = f"{lesson.title} {title}"
                entries.append((searchable, label, partial(app.open_lesson, lesson.id)))
        table = text(language, "table.palette")
        everywhere = " ".join(text(other, "table.palette") for other in LANGUAGES)
        entries.append((f"{table} {everywhere}", table, app.open_table))
        play = text(language, "play.palette")
        entries.append((" ".join(text(other, "play.palette") for other in LANGUAGES), play, app.open_play))
        imported = text(language, "replay.palette")
        searchable = " ".join(text(other, "replay.palette") for other in LANGUAGES)
        entries.append((searchable, imported, app.open_import))
        if app.class_name is not None:
            work = text(language, "class_work.palette")
            everywhere = " ".join(text(other, "class_work.palette") for other in LANGUAGES)
            entries.append((f"{work} {everywhere}", work, app.start_assignment))
        for term in app.glossary:
            label = term_label(term, language)
            entries.append((f"{term.ko} {term.original} {term.en}", label, partial(app.open_glossary, term.en)))
        return entries

    async def discover(self) -> Hits:
        app = self.tutor
        # With a line saying what each is: without it the next entry read as its description.
        yield DiscoveryHit(
            text(app.language, "table.palette"), app.open_table, help=text(app.language, "table.palette_help")
        )
        yield DiscoveryHit(
            text(app.language, "play.palette"), app.open_play, help=text(app.language, "play.palette_help")
        )
        yield DiscoveryHit(
            text(app.language, "replay.palette"), app.open_import, help=text(app.language, "replay.palette_help")
        )
        yield DiscoveryHit(
            text(app.language, "workbench.palette"),
            app.open_workbench,
            help=text(app.language, "workbench.palette_help"),
        )
        if app.class_name is not None:
            yield DiscoveryHit(
                text(app.language, "class_work.palette"),
                app.start_assignment,
                help=text(app.language, "class_work.palette_help"),
            )
        for lesson in app.library.in_order(app.language, "riichi") + app.library.in_order(app.language, "mcr"):
            yield DiscoveryHit(
                text(app.language, "palette.lesson", title=lesson.title), partial(app.open_lesson, lesson.id)
            )

    async def search(self, query: str) -> Hits:
        app = self.tutor
        about_of: dict[object, str] = {
            app.open_table: "table.palette_help",
            app.open_play: "play.palette_help",
            app.open_workbench: "workbench.palette_help",
            app.open_import: "replay.palette_help",
            app.start_assignment: "class_work.palette_help",
        }
        matcher = self.matcher(query)
        seen: set[str] = set()
        for searchable, label, command in self._entries():
            score = matcher.match(searchable)
            if command in (self.tutor.open_table, self.tutor.open_play):
                score *= 2  # the screen named by the word comes before lessons that mention it
            if score > 0 and label not in seen:
                seen.add(label)
                about = about_of.get(command)
                help_text = text(self.tutor.language, about) if about else None
                yield Hit(score, matcher.highlight(label), command, text=label, help=help_text)  # type: ignore[arg-type]


class TutorThemes(Provider):
    """The tutor's four themes, by their names in the learner's language."""

    def _themes(self) -> list[tuple[str, str]]:
        tutor = tutor_of(self.app)
        return [(tutor.theme_title(name), name) for name in THEME_NAMES]

    def _choose(self, name: str) -> None:
        self.app.theme = name

    async def discover(self) -> Hits:
        for title, name in self._themes():
            yield DiscoveryHit(title, partial(self._choose, name))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, name in self._themes():
            score = matcher.match(f"{title} {name}")
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self._choose, name), text=title)
