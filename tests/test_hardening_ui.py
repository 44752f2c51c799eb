"""The app under the keys and names the probes of issue 33 used (items 3, 9-11, 14, 15)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, Static

from tests.helpers import settled, wait_for
from tutor.quiz.store import Store, data_folder, learner_folder, learner_path
from tutor.ui.app import TutorApp
from tutor.ui.screens.drill_setup import SETTING, DrillSetupScreen
from tutor.ui.screens.home import HomeScreen
from tutor.ui.screens.info import HelpScreen
from tutor.ui.screens.workbench import WorkbenchScreen


class TestWorkbenchKeys:
    """Item 3: `f2` or `f3` in presentation (`f5`), then `pagedown`: KeyError 0."""

    @pytest.mark.parametrize("size", [(80, 24), (120, 40)])
    @pytest.mark.parametrize("keys", [("f5", "f2", "pagedown"), ("f5", "f3", "pagedown"), ("f5", "f2", "pageup")])
    async def test_settings_or_picker_in_presentation_then_page_keys(
        self, size: tuple[int, int], keys: tuple[str, ...]
    ) -> None:
        app = TutorApp(language="en", store=Store.in_memory())
        async with app.run_test(size=size) as pilot:
            app.open_workbench("123m456p789s11z23s")
            await wait_for(pilot, lambda: isinstance(app.screen, WorkbenchScreen), "the workbench")
            screen = app.screen
            await pilot.press(*keys)
            await settled(pilot)
            assert isinstance(screen, WorkbenchScreen) and app.is_running
            # What f2/f3 opened is shown: presentation was left to show it.
            assert not screen.presenting


class TestOneHelp:
    """Items 9 and 11: `?` on the help pushed another (seven stacked; 2,000 presses, 1 GiB)."""

    async def test_question_mark_on_help_closes_it(self) -> None:
        app = TutorApp(language="en", store=Store.in_memory())
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HomeScreen)

    async def test_many_presses_keep_at_most_one_help(self) -> None:
        app = TutorApp(language="en", store=Store.in_memory())
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_workbench()
            await wait_for(pilot, lambda: isinstance(app.screen, WorkbenchScreen), "the workbench")
            base = len(app.screen_stack)
            for _ in range(101):
                await pilot.press("question_mark")
            helps = [screen for screen in app.screen_stack if isinstance(screen, HelpScreen)]
            assert len(helps) == 1 and len(app.screen_stack) == base + 1


class TestServedLearnerNames:
    """Item 10: `Ann`, `ann` and ` ANN ` reached one store without a word."""

    async def name(self, app: TutorApp, pilot: object, typed: str) -> None:
        field = app.screen.query_one("#learner-name", Input)
        field.value = typed
        field.focus()
        await pilot.press("enter")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]

    async def test_the_name_screen_says_the_name_is_the_key(self) -> None:
        app = TutorApp(language="en", classroom=True)
        async with app.run_test(size=(100, 30)):
            prompt = str(app.screen.query_one("#learner-prompt", Static).render())
            assert "whoever types the same name" in prompt

    async def test_another_spelling_of_a_known_name_is_told_first(self) -> None:
        first = TutorApp(language="en", classroom=True)
        async with first.run_test(size=(100, 30)) as pilot:
            await self.name(first, pilot, "Ann")
            assert isinstance(first.screen, HomeScreen)
            first.answer_log.save()
        second = TutorApp(language="en", classroom=True)
        async with second.run_test(size=(100, 30)) as pilot:
            await self.name(second, pilot, "ANN")
            problem = str(second.screen.query_one("#learner-problem", Static).render())
            assert "“ANN” is the same learner as “Ann”" in problem
            assert second.learner is None  # not let in silently
            await pilot.press("enter")  # told, and goes on as Ann
            await wait_for(pilot, lambda: isinstance(second.screen, HomeScreen), "home")
            assert isinstance(second.screen, HomeScreen) and second.learner == "ANN"
        again = TutorApp(language="en", classroom=True)
        async with again.run_test(size=(100, 30)) as pilot:
            await self.name(again, pilot, "Ann")  # the name as first typed: straight in
            assert isinstance(again.screen, HomeScreen)

    async def test_pasted_text_reaches_the_name_field(self) -> None:
        app = TutorApp(language="en", classroom=True)
        async with app.run_test(size=(100, 30)) as pilot:
            field = app.screen.query_one("#learner-name", Input)
            field.post_message(events.Paste("\nKim Min-jun\n"))
            await wait_for(pilot, lambda: field.value, "the pasted name")
            assert field.value == "Kim Min-jun"
            field.value = ""
            field.post_message(events.Paste("x" * 100))
            await wait_for(pilot, lambda: field.value, "the pasted text")
            assert field.value == "x" * (field.max_length or 0)


class TestServedWorkbenchSave:
    """Item 14: ctrl+s wrote to the teacher's folder and showed the server's path."""

    async def test_saved_under_the_learners_own_folder_and_no_path_shown(self) -> None:
        app = TutorApp(language="en", classroom=True)
        async with app.run_test(size=(100, 30)) as pilot:
            field = app.screen.query_one("#learner-name", Input)
            field.value = "Lee"
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), "home")
            app.open_workbench("123m456p789s11z23s")
            await wait_for(pilot, lambda: isinstance(app.screen, WorkbenchScreen), "the workbench")
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: app._notifications, "the notice of the saved file")
            saved = list(learner_folder("Lee").iterdir())
            assert len(saved) == 1 and saved[0].parent == learner_path("Lee").with_suffix("")
            assert not [path for path in data_folder().iterdir() if path.is_file() and path.suffix == ".md"]
            notices = [notice.message for notice in app._notifications]
            assert notices and not any(str(data_folder()) in notice for notice in notices)


async def test_a_deeply_nested_drill_setup_setting_opens_the_setup(tmp_path: Path) -> None:
    """Item 15: a RecursionError on `d`."""
    store = Store.open(tmp_path / "progress.sqlite3")
    store.set_setting(SETTING, "[" * 5000)
    store.set_setting("x", "[" * 2000)
    app = TutorApp(language="en", store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, DrillSetupScreen), "the drill setup")
        assert app.is_running
    store.set_setting(SETTING, '{"kinds": ' + "[" * 2000 + "]" * 2000 + "}")
    app = TutorApp(language="en", store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, DrillSetupScreen), "the drill setup")
        assert app.is_running
