"""The command palette finds lessons and glossary terms by Korean or English words."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tutor.locale import text

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp


class LessonsAndTerms(Provider):
    """Lessons in both languages (opened in the app's language) and terms."""

    @property
    def tutor(self) -> TutorApp:
        from tutor.ui.app import TutorApp

        assert isinstance(self.app, TutorApp)
        return self.app

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
                label = f"{text(language, 'search_lesson')}: {title}"
                searchable = f"{lesson.title} {title}"
                entries.append((searchable, label, partial(app.open_lesson, lesson.id)))
        for term in app.glossary:
            label = f"{text(language, 'search_term')}: {term.ko} / {term.original} / {term.en}"
            entries.append((f"{term.ko} {term.original} {term.en}", label, partial(app.open_glossary, term.en)))
        return entries

    async def discover(self) -> Hits:
        app = self.tutor
        yield DiscoveryHit(text(app.language, "workbench.palette"), app.open_workbench)
        for lesson in app.library.in_order(app.language, "riichi") + app.library.in_order(app.language, "mcr"):
            yield DiscoveryHit(
                f"{text(app.language, 'search_lesson')}: {lesson.title}", partial(app.open_lesson, lesson.id)
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        seen: set[str] = set()
        for searchable, label, command in self._entries():
            score = matcher.match(searchable)
            if score > 0 and label not in seen:
                seen.add(label)
                yield Hit(score, matcher.highlight(label), command, text=label)  # type: ignore[arg-type]
