"""Your own presence dot (issue 34, item 14): the page a player opens shows them online
from its first paint, not grey until its socket has connected, while the opponent's page
still shows their real state."""

import re

import pytest

from .test_around_the_board import create

pytestmark = pytest.mark.browser


def test_my_own_dot_is_on_from_the_first_paint(live_site, new_page):
    ada, bo = new_page(), new_page()
    code = create(ada, live_site, "phalanx", "online")
    bo.goto(f"{live_site}/m/{code}/")
    bo.click("button:has-text('Join this match')")
    ada.wait_for_selector("#match-status[data-status=active]")
    ada.goto(f"{live_site}/g/phalanx/")  # Ada's socket closes: she is away
    bo.wait_for_selector("#seat-dot-0.off", timeout=30_000)
    # The page Ada opens again, as the server renders it before any socket is up.
    html = ada.request.get(f"{live_site}/m/{code}/").text()
    mine = re.search(
        r'<span class="seat-tag me[^"]*">\s*<span id="seat-dot-0" class="dot (\w+)"', html
    )
    assert mine is not None and mine.group(1) == "on", mine
    ada.goto(f"{live_site}/m/{code}/")
    assert "on" in ada.get_attribute("#seat-dot-0", "class").split()
    bo.wait_for_selector("#seat-dot-0.on", timeout=30_000)
