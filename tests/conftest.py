"""Fixtures and settings shared by the whole suite."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

# Property tests are seeded from the test's name in CI so a red run can be
# repeated exactly; elsewhere they explore new examples each run.
settings.register_profile("ci", derandomize=True, max_examples=200, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100)
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
    yield
