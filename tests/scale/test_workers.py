"""Several daphne workers on PostgreSQL + channels-redis: each player on a different worker,
full matches to the end, a worker SIGKILLed mid-step and a Redis restart mid-match."""

import os
import re
import subprocess
import sys
import time

import psycopg
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.driver import is_over, offered, play_until_over, version, wait_for_change

from .conftest import ROOT

EC_PREFER = ('"lock"',)


@pytest.fixture
def people(browser):
    contexts = [browser.new_context(), browser.new_context()]
    pages = [c.new_page() for c in contexts]
    for p in pages:
        p.set_default_timeout(20000)
    yield pages
    for c in contexts:
        c.close()


def start_online_match(
    alice, bob, host_a: str, host_b: str, game: str, options: dict | None = None, timed: bool = True
) -> str:
    alice.goto(f"{host_a}/g/{game}/")
    alice.check("input[name=mode][value=online]")
    if not timed:
        alice.uncheck("input[name=timed][type=checkbox]")
    for name, value in (options or {}).items():
        alice.select_option(f"select[name={name}]", value)
    alice.click("button:has-text('Create match')")
    alice.wait_for_url(re.compile(r"/m/\w+/$"))
    code = alice.url.rstrip("/").rsplit("/", 1)[1]
    bob.goto(f"{host_b}/m/{code}/")
    bob.click("button:has-text('Join this match')")
    # Whoever moves first (a coin flip in Phalanx) gets buttons; the other only the board.
    end = time.monotonic() + 20
    while not (offered(alice) or offered(bob)):
        assert time.monotonic() < end, "neither player was offered a move"
        alice.wait_for_timeout(100)
    return code


def click_first_offered(page, seconds: float = 30, prefer: tuple[str, ...] = ()) -> str:
    """Click an offered move (a preferred one if offered), retrying while the board is being
    re-rendered (a reconnecting socket replaces it); returns the payload clicked."""
    end = time.monotonic() + seconds
    while True:
        payloads = offered(page)
        choice = next((p for frag in prefer for p in payloads if frag in p), None)
        choice = choice or (payloads[0] if payloads else None)
        try:
            if choice:
                button = page.locator(f"#board form.action-form button[data-action='{choice}']")
                button.first.click(timeout=3000)
                return choice
        except PlaywrightTimeout:
            pass
        if time.monotonic() > end:
            raise AssertionError("no move could be clicked")
        page.wait_for_timeout(200)


def settled(pages, quiet_seconds: float = 6, within: float = 60) -> None:
    """Wait until every page's socket has stayed up for ``quiet_seconds`` (after a layer
    outage, sockets may drop and reconnect a few times before the layer is healthy)."""
    end, quiet_since = time.monotonic() + within, time.monotonic()
    while time.monotonic() - quiet_since < quiet_seconds:
        assert time.monotonic() < end, "the sockets never settled"
        if any(p.evaluate("document.body.classList.contains('ws-down')") for p in pages):
            quiet_since = time.monotonic()
        pages[0].wait_for_timeout(250)


def play_through_outages(pages, prefer: tuple[str, ...], seconds: float = 180) -> None:
    """Like a person whose connection wobbles: keep making offered moves until the end."""
    end = time.monotonic() + seconds
    while not all(is_over(p) for p in pages):
        assert time.monotonic() < end, "the match did not end"
        for page in pages:
            if not is_over(page) and offered(page):
                before = version(page)
                click_first_offered(page, prefer=prefer)
                wait_for_change(page, before)
        pages[0].wait_for_timeout(50)


def verify_chain(database_url: str) -> str:
    env = {**os.environ, "DATABASE_URL": database_url}
    done = subprocess.run(
        [sys.executable, "manage.py", "verify_matches", "--all"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"verified (\d+) of \1 matches", done.stdout), done.stdout
    return done.stdout


def phalanx_move(page) -> bool:
    """A sensible person: attack, then reinforce or deploy; pass only when nothing else; never forfeit."""
    payloads = [p for p in offered(page) if '"forfeit"' not in p]
    if not payloads:
        return False
    for kind in ('"attack"', '"reinforce"', '"deploy"', '"pass"'):
        choice = next((p for p in payloads if kind in p), None)
        if choice:
            break
    before = version(page)
    page.locator(f"#board form.action-form button[data-action='{choice}']").first.click()
    page.wait_for_function(
        "v => { const s = document.querySelector('#match-status'); return (s && s.dataset.version !== v) || document.querySelector('#gameover .gameover-panel'); }",
        arg=before,
    )
    return True


def test_players_on_two_workers_finish_a_simultaneous_and_an_alternating_match(
    workers, people, worker_database
):
    alice, bob = people
    a, b = workers
    start_online_match(alice, bob, a.url, b.url, "elemental-clash")
    play_until_over([alice, bob], EC_PREFER)
    assert is_over(alice) and is_over(bob)

    start_online_match(alice, bob, a.url, b.url, "phalanx", {"damage_mode": "per-turn"})
    for _ in range(2000):
        if is_over(alice) and is_over(bob):
            break
        if not (phalanx_move(alice) or phalanx_move(bob)):
            alice.wait_for_timeout(100)
    assert is_over(alice) and is_over(bob), "the Phalanx match reached a result on both workers"
    verify_chain(worker_database)


def shows_the_stored_version(page, database_url: str, seconds: float = 30) -> None:
    """Wait until ``page`` shows the version its match has in the database (a clock may
    move the match on meanwhile: the two are read again until they meet)."""
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    end = time.monotonic() + seconds
    while True:
        with psycopg.connect(database_url) as conn:
            (stored,) = conn.execute(
                "SELECT version FROM games_match WHERE code = %s", (code,)
            ).fetchone()
        if version(page) == str(stored):
            return
        assert time.monotonic() < end, f"the page shows {version(page)}, the match is at {stored}"
        page.wait_for_timeout(250)


def test_a_worker_killed_between_two_hidden_picks_loses_nothing(workers, people, worker_database):
    alice, bob = people
    a, b = workers
    start_online_match(alice, bob, a.url, b.url, "elemental-clash")
    bob.wait_for_selector("#board form.action-form button")
    click_first_offered(alice)
    bob.wait_for_selector("text=has picked")  # alice's pick is committed and bob was told
    a.kill()  # SIGKILL daphne and the sweeper of alice's worker, between the two picks
    click_first_offered(bob)
    bob.wait_for_selector("text=round 2", timeout=20000)
    a.start()
    # alice's page reconnects on its own and gets the exact current state: the round bob's
    # pick began, or a later one. The draft's rounds are timed (12 s, ECR-13): a restart
    # longer than SWEEPER_GAP_SECONDS gives round 2 a fresh timer, a shorter one is not
    # downtime and its clock runs on, so on a slow machine round 3 may be the current one.
    alice.wait_for_selector("text=/round [2-6]/", timeout=30000)
    shows_the_stored_version(alice, worker_database)
    # The draft and battle clocks run (ECR-13: online play is timed), so a step may resolve
    # by timeout under a slow click: play on the way a person would, retrying a vanished
    # button, rather than insisting on the exact button that was offered a moment ago.
    play_through_outages([alice, bob], EC_PREFER)
    verify_chain(worker_database)  # every hash link holds: nothing lost or applied twice


def test_a_redis_restart_mid_match_resyncs_every_board(
    workers, people, redis_server, worker_database
):
    alice, bob = people
    a, b = workers
    # Online Elemental Clash is always timed (ECR-13): a draft step may also resolve by
    # timeout while Redis is away, which is one more change every board must catch up on.
    start_online_match(alice, bob, a.url, b.url, "elemental-clash")
    redis_server.stop()
    redis_server.start()  # same port, empty: every group membership is gone
    # Sockets whose layer link broke are dropped and reconnect by themselves; a person
    # clicks once their board is live again (the page marks a dead socket with ws-down).
    alice.wait_for_timeout(2000)
    settled([alice, bob])
    before = version(bob)
    click_first_offered(alice)
    wait_for_change(bob, before, 30)  # alice's pick (or a timeout) reached bob's board
    assert version(bob) != before
    play_through_outages([alice, bob], EC_PREFER)
    assert is_over(bob)
    verify_chain(worker_database)
