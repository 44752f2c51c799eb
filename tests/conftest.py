"""Fixtures and settings shared by the whole suite."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp

# Property tests are seeded from the test's name in CI so a red run can be
# repeated exactly; elsewhere they explore new examples each run. No
# deadline: an example's time says how loaded the machine is, not whether
# the rule holds (speed is measured in bench/).
settings.register_profile(
    "ci", derandomize=True, max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _app_environment(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Colours on (NO_COLOR would strip them from snapshots), a stable English
    locale, and a private data folder so no test touches the user's progress."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path_factory.mktemp("tutor-data")))
    # Dates on screen (the progress screen) are local dates: fix the zone so snapshots agree everywhere.
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    # The app runs Python's full garbage collections itself once the learner
    # is quiet (tutor/ui/idle_collector.py). A test process holds far more
    # than an app (every test's leftovers), so each of those took a second
    # or more, and a Pilot test waiting on a loaded machine is "quiet": none
    # are due in tests (Python's own full collections still run, rarely).
    # The collector's own tests set its counts themselves.
    collector = sys.modules.get("tutor.ui.idle_collector")
    if collector is not None:
        monkeypatch.setattr(collector, "FULL_AFTER", 10**9)
    yield


# The app fixtures import the app only when a test asks for one, so that the
# engine's tests never load Textual.


@pytest.fixture
def app(tmp_path: Path) -> TutorApp:
    """The app in English, with its own progress file (tests.helpers.make_app)."""
    from tests.helpers import make_app

    return make_app(tmp_path)


@pytest.fixture
def korean_app(tmp_path: Path) -> TutorApp:
    """The app in Korean, with its own progress file."""
    from tests.helpers import make_app

    return make_app(tmp_path, "ko")
