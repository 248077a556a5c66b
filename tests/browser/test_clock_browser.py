"""A turn that times out, in a real browser, for each game with the hall's clock (PXC-1..3,
SSX-CLOCK/SSX-TIMER, GUN-X-CLOCK/GUN-X-TIMEOUT): the player's seat shows its clock running
down, the player does nothing, the server applies the rules' default when the time is up, the
page says so, and the match goes on with the player's next move.

These run on a server of their own whose every timed step lasts a few seconds
(STEP_SECONDS_OVERRIDE) and whose first step has no start grace."""

import re
import time

import pytest
from axe_playwright_python.sync_playwright import Axe

from .conftest import serve
from .driver import ACTION_BUTTONS, click_payload, is_over, offered, version

pytestmark = pytest.mark.browser

STEP_SECONDS = 6


@pytest.fixture(scope="module")
def short_clock_site(live_env, tmp_path_factory):
    db = tmp_path_factory.mktemp("clock") / "clock.sqlite3"
    env = {
        **live_env,
        "SQLITE_PATH": str(db),
        "STEP_SECONDS_OVERRIDE": str(STEP_SECONDS),
        "CLOCK_START_GRACE_SECONDS": "0",
    }
    yield from serve(env)


def start_timed_bot_match(page, site: str, game: str) -> str:
    """Create a bot match from the lobby with the "Timed" box left ticked; returns the name
    the player has on the board."""
    page.goto(f"{site}/g/{game}/")
    page.check("input[name=mode][value=bot]")
    assert page.is_checked("input[name=timed][type=checkbox]"), "timed is the default"
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    page.wait_for_selector("#board")
    return page.locator(".seat-tag.me .seat-name").inner_text().strip()


def my_clock_runs(page) -> str:
    """Wait until the player's own seat shows a running clock; returns what it reads."""
    clock = page.locator(".seat-tag.me.clock-runs [role=timer]")
    clock.wait_for(state="visible", timeout=20000)
    assert "clock" in (clock.get_attribute("aria-label") or "")
    page.wait_for_function(
        "() => /^0:0\\d$/.test(document.querySelector('.seat-tag.me .countdown').textContent)"
    )
    return page.locator(".seat-tag.me .countdown").inner_text()


def wait_for_text(page, selector: str, pattern: str, seconds: float = 25) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = page.locator(selector).inner_text() if page.locator(selector).count() else ""
        if re.search(pattern, text):
            return text
        page.wait_for_timeout(200)
    raise AssertionError(f"{pattern!r} never appeared in {selector}")


def the_match_goes_on(page) -> None:
    """After the timeout the player is asked again and a click of theirs is played."""
    page.wait_for_selector(ACTION_BUTTONS, timeout=20000)
    assert not is_over(page)
    before = version(page)
    click_payload(page, offered(page)[0])
    assert version(page) != before and not is_over(page)


def test_PXC_2_a_phalanx_deployment_times_out_and_the_match_goes_on(short_clock_site, new_page):
    """PXC-1/PXC-2: the player's deployment clock runs out; a card of their hand is deployed
    for them, the board says so, and the next deployment is theirs to make."""
    page = new_page(width=1200)
    name = start_timed_bot_match(page, short_clock_site, "phalanx")
    my_clock_runs(page)
    violations = Axe().run(page, context="#match-status").response["violations"]
    assert violations == [], [v["id"] for v in violations]
    text = wait_for_text(page, "[data-phx-timeout]", r"ran out of time and deployed")
    assert name in text and "1 timeout in a row" in text
    the_match_goes_on(page)


def test_SSX_TIMER_a_shapeships_species_choice_times_out_and_the_match_goes_on(
    short_clock_site, new_page
):
    """SSX-CLOCK/SSX-TIMER: the species choice runs out; a species is picked for the player,
    the match log says so, and the Drawing step is the player's."""
    page = new_page(width=1200)
    name = start_timed_bot_match(page, short_clock_site, "shapeships")
    my_clock_runs(page)
    wait_for_text(page, ".ss-log", rf"{re.escape(name)} ran out of time: a species was picked")
    the_match_goes_on(page)


def test_GUN_X_TIMEOUT_a_gundam_resource_phase_times_out_and_the_match_goes_on(
    short_clock_site, new_page
):
    """GUN-X-CLOCK/GUN-X-TIMEOUT: the deck choice and then the resource phase run out; a deck
    is dealt, the resource is placed, the log says so each time, and the main phase is the
    player's to play."""
    page = new_page(width=1200)
    name = start_timed_bot_match(page, short_clock_site, "gundam")
    my_clock_runs(page)
    wait_for_text(page, ".gd-log", rf"{re.escape(name)} ran out of time: a deck was dealt")
    my_clock_runs(page)
    log = wait_for_text(page, ".gd-log", rf"{re.escape(name)} ran out of time in the resource")
    assert re.search(rf"{re.escape(name)} places a resource", log)
    the_match_goes_on(page)
