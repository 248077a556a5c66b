"""Friends in Chromium, two people in two browser contexts: one follows the other from their
page; "Friends" in the top bar lists them online, then playing with a Watch link; "Challenge"
makes a private challenge whose toast appears on the page the friend has open, and the
friend answers it into the match."""

import re

import pytest

from .accounts import signed_in

pytestmark = pytest.mark.browser
MATCH_URL = re.compile(r"/m/(\w+)/$")


def test_follow_see_online_and_playing_then_challenge_with_a_live_toast(
    live_site, live_env, new_page
):
    fay, gil = new_page(), new_page()
    # gil stays on the hall: a page with no match socket
    signed_in(live_env, live_site, {"fay_f": fay, "gil_f": gil})

    fay.goto(f"{live_site}/u/gil_f/")
    fay.click("#player-acts button:has-text('Follow')")
    fay.wait_for_selector(".messages:has-text('You follow gil_f')")
    fay.click("header a:has-text('Friends')")
    row = fay.locator("#friends-list li[data-friend=gil_f]")
    row.locator(".friend-state:has-text('online now')").wait_for()

    # gil starts a bot match: the list offers to watch it.
    gil.goto(f"{live_site}/g/phalanx/")
    gil.check("input[name=mode][value=bot]")
    gil.click("button:has-text('Create match')")
    gil.wait_for_url(MATCH_URL)
    bot_code = MATCH_URL.search(gil.url).group(1)
    fay.reload()
    watch = row.locator("a.friend-watch")
    assert watch.inner_text() == f"Watch Phalanx #{bot_code}"
    watch.click()
    fay.wait_for_url(re.compile(f"/m/{bot_code}/$"))
    fay.wait_for_selector("[data-phx-board]")

    gil.goto(f"{live_site}/")
    fay.click("header a:has-text('Friends')")
    row.locator("select[name=game]").select_option("phalanx")
    row.locator("button:has-text('Challenge')").click()
    fay.wait_for_url(MATCH_URL)
    code = MATCH_URL.search(fay.url).group(1)
    assert code != bot_code

    toast = gil.locator("#toasts .toast")
    toast.wait_for()
    assert "fay_f challenges you to Phalanx" in toast.inner_text()
    toast.locator("a:has-text('Answer')").click()
    gil.wait_for_url(re.compile(f"/m/{code}/$"))
    gil.click("button:has-text('Join this match')")
    for page in (fay, gil):
        page.wait_for_selector("[data-phx-board]")

    # The toast's Dismiss takes it away.
    fay.goto(f"{live_site}/")
    gil.goto(f"{live_site}/friends/")
    assert "You follow nobody yet" in gil.inner_text("main")
    gil.goto(f"{live_site}/u/fay_f/")
    gil.click("#player-acts button:has-text('Follow')")
    gil.click("header a:has-text('Friends')")
    gil.locator("#friends-list li[data-friend=fay_f] button:has-text('Challenge')").click()
    gil.wait_for_url(MATCH_URL)
    fay.locator("#toasts .toast").wait_for()
    fay.click("#toasts .toast-close")
    fay.locator("#toasts .toast").wait_for(state="detached")
