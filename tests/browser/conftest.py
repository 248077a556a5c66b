"""Browser tests: the real server (daphne + sweeper, as `make run` starts it) and Debian's
Chromium driven by Playwright. Playwright never downloads a browser here: it launches
/usr/bin/chromium, which `make test` installs from Debian's packages."""

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from tests.live import CHROMIUM, free_port, migrate, wait_for_port

from .people import People

ROOT = Path(__file__).resolve().parents[2]
# Each running server's address and the file its output goes to, for the failure report.
SERVER_LOGS: dict[str, Path] = {}
LOG_TAIL_LINES = 60


@pytest.fixture(scope="session")
def live_env(tmp_path_factory) -> dict:
    """The environment of the live site's server: a test that needs matches in a state no
    quick click-through reaches (finished ones, say) runs a script with it on the same
    database."""
    db = tmp_path_factory.mktemp("site") / "browser.sqlite3"
    env = {
        **os.environ,
        "SQLITE_PATH": str(db),
        "DJANGO_SETTINGS_MODULE": "project.settings",
        "DEBUG": "false",
        # The test run's own key (tests/settings.py; the public one is refused): sessions the
        # tests write themselves must be readable by the server.
        "SECRET_KEY": django_settings.SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "QUEUE_BOT_OFFER_SECONDS": "2",  # a lone player in "Play now" is offered the bot soon
        "ABANDON_SECONDS": "2",  # a player who closed the page has abandoned the match soon
        "ARENA_MIN_MINUTES": "1",  # the admin accepts the arena test's short arena
        # Every browser of the run is on this one machine: its many sign-ups, and two of its
        # accounts meeting in rated "Play now", and all their challenges come from one address.
        "SIGNUPS_PER_ADDRESS": "10000",
        "OPEN_CHALLENGES_PER_ADDRESS": "10000",
        "RATED_PAIRS_FROM_ONE_ADDRESS": "true",
    }
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    return env


@pytest.fixture(scope="session")
def live_site(live_env):
    """The hall served by `manage.py play` on a fresh SQLite file, for the whole session."""
    yield from serve(live_env)


def serve(env: dict):
    """Serve the hall with `manage.py play` and ``env`` (its own SQLite file) and yield its
    address; the server stops when the generator is closed. A test module may run a second
    server this way with different settings (a short clock, say)."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            "Debian's chromium is missing: `make test` installs it (apt-get install chromium)"
        )
    db = Path(env["SQLITE_PATH"])
    migrate(env, ROOT)
    port = free_port()
    log = open(db.with_suffix(".log"), "w")  # noqa: SIM115 - lives as long as the server
    server = subprocess.Popen(
        [sys.executable, "manage.py", "play", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    site = f"http://127.0.0.1:{port}"
    SERVER_LOGS[site] = db.with_suffix(".log")
    try:
        wait_for_port(port)
        yield site
    finally:
        SERVER_LOGS.pop(site, None)
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:  # a loaded machine: do not leave it running
            server.kill()
            server.wait(timeout=15)
        log.close()


@pytest.fixture(scope="session")
def people(browser):
    """This test process's people, kept between its tests (tests/browser/people.py)."""
    kept = People(browser)
    yield kept
    kept.close()


@pytest.fixture
def new_page(people):
    """Each call is a separate person: a page in a browser context of its own, with its own
    cookies and storage (reused from an earlier test only once cleared of both).

    The site's Content-Security-Policy forbids eval, which Playwright's own string
    predicates (wait_for_function) use inside the page; so contexts bypass it unless a test
    asks for it to be enforced (tests/browser/test_csp_browser.py plays every board so)."""
    taken = []

    def make(width: int = 1000, height: int = 900, enforce_csp: bool = False):
        person = people.take(width, height, enforce_csp)
        taken.append(person)
        return person.page

    make.taken = taken  # the failure report reads what each page showed
    yield make
    for person in taken:
        people.give_back(person)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing browser test says what each of its pages showed and what its servers
    logged last: CI keeps only the test output, and a timeout alone does not tell a page
    that never navigated from a server that answered late."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    make = item.funcargs.get("new_page")
    for number, person in enumerate(getattr(make, "taken", [])):
        with contextlib.suppress(Exception):  # a closed or crashed page says nothing
            shown = person.page.evaluate(
                "() => [location.href, document.title,"
                " (document.querySelector('main') || document.body).innerText.slice(0, 1500)]"
            )
            report.sections.append((f"page {number}", "\n".join(shown)))
    for value in item.funcargs.values():
        log = SERVER_LOGS.get(value) if isinstance(value, str) else None
        if log is not None and log.exists():
            lines = log.read_text(errors="replace").splitlines()[-LOG_TAIL_LINES:]
            report.sections.append((f"end of {log.name} ({value})", "\n".join(lines)))
