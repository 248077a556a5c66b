"""Shared test set-up: hypothesis profiles sized for a 2-core CI machine."""

import contextlib
import os

import pytest
from hypothesis import HealthCheck, settings

# Playouts run whole matches per example; a per-example deadline would only measure the
# machine's load, so it is off. "ci" keeps the example counts modest for the 90-minute budget.
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=25,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=300,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Channels' async test helpers and Django's sync ORM meet in tests of consumers.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# Bots move without a pause (games/matches/bot_pacing.py) unless a test asks for one; the
# browser tests' server inherits this through the environment.
os.environ.setdefault("BOT_STEP_SECONDS", "0")


def pytest_configure(config):
    from django.conf import settings as django_settings

    # Django read its settings before this file was loaded, so the environment alone is late.
    django_settings.BOT_STEP_SECONDS = float(os.environ["BOT_STEP_SECONDS"])


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium under Playwright, shared by the browser and scale-out tests."""
    from playwright.sync_api import sync_playwright

    from tests.live import launched_chromium

    with sync_playwright() as p:
        b = launched_chromium(p)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def _no_process_caches_from_other_tests():
    """The in-process copy of committed matches outlives a test's database (a later test
    could get an id back after a rollback), and reused fragments would hide a render; every
    test starts with both empty."""
    from games.live import render_process
    from games.matches import committed
    from games.templatetags import duelhall

    committed.clear()
    duelhall._fragments.clear()
    render_process._loaded.clear()
    render_process._moves_generation.clear()
    yield
    committed.clear()


def pytest_collection_modifyitems(config, items):
    """Browser tests run last. Playwright's sync API marks its event loop as running in the
    main thread for as long as the shared browser is open, and an asyncio test started
    after that fails with "cannot be called from a running event loop"."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


def pytest_sessionfinish(session, exitstatus):
    """Django deletes this run's SQLite test database (project/settings.py names one per
    run) but not the WAL files beside it."""
    from django.conf import settings as django_settings

    name = django_settings.DATABASES["default"].get("TEST", {}).get("NAME")
    if name and django_settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(f"{name}{suffix}")
