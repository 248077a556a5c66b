""" "Play now" in two real browsers: both land in one rated match, finish it, and find their
new ratings on their player pages; a player alone in the queue is offered the bot."""

import re

import pytest

from tests.browser.driver import is_over, play_until_over

pytestmark = pytest.mark.browser

PASSWORD = "Tall-Orange-Kettle-93"


def sign_up(page, site: str, name: str) -> None:
    page.goto(f"{site}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main button[type=submit], main input[type=submit]")
    page.wait_for_url(f"{site}/")


def rating_cell(page) -> str:
    return page.locator("tr[data-game=card-battle] .rating-value").inner_text()


def test_two_players_press_play_now_meet_finish_and_see_new_ratings(live_site, new_page):
    ada, bo = new_page(), new_page()
    for page, name in ((ada, "ada_plays"), (bo, "bo_plays")):
        sign_up(page, live_site, name)
        page.goto(f"{live_site}/g/card-battle/")
        assert page.locator("#play-now-form input[name=rated]").is_checked()
    ada.click("#play-now-form button[type=submit]")
    ada.wait_for_selector("#play-now-status >> text=Looking for an opponent")
    bo.click("#play-now-form button[type=submit]")
    for page in (ada, bo):
        page.wait_for_url(re.compile(r".*/m/[a-z0-9]+/$"))
    assert ada.url == bo.url, "both pages moved to the same match"
    ada.wait_for_selector("#board")
    bo.wait_for_selector("#board")
    play_until_over([ada, bo])
    assert is_over(ada) and is_over(bo)
    # The opponent's name on the board's status bar leads to their player page.
    bo.click("#match-status a.seat-name:has-text('ada_plays')")
    bo.wait_for_url(f"{live_site}/u/ada_plays/")
    assert re.match(r"\d+\?", rating_cell(bo))

    seen = {}
    for page, name in ((ada, "ada_plays"), (bo, "bo_plays")):
        page.click(f"header a.who:has-text('{name}')")
        page.wait_for_url(f"{live_site}/u/{name}/")
        seen[name] = rating_cell(page)
        assert re.match(r"\d+\?", seen[name]), "one rated game: provisional"
        row = page.locator("tr[data-game=card-battle]").inner_text()
        assert re.search(r"\b1\b", row), row
    values = sorted(int(v.split("?")[0]) for v in seen.values())
    assert values[0] < 1500 < values[1] or values == [1500, 1500], seen
    # Each page links the match's replay and the opponent's own page.
    assert ada.locator("table.recent a", has_text="replay").count() == 1
    ada.click("table.recent a.player-name:has-text('bo_plays')")
    ada.wait_for_url(f"{live_site}/u/bo_plays/")
    assert rating_cell(ada) == seen["bo_plays"]


def test_a_lone_player_is_offered_the_bot_and_takes_it(live_site, new_page):
    page = new_page()
    page.goto(f"{live_site}/g/phalanx/")
    assert page.locator("#play-now-form input[name=rated]").count() == 0, "guests play casual"
    page.click("#play-now-form button[type=submit]")
    page.wait_for_selector("#play-now-status >> text=Looking for an opponent")
    page.click("#play-now-status button:has-text('Play the bot instead')", timeout=10000)
    page.wait_for_url(re.compile(r".*/m/[a-z0-9]+/$"))
    page.wait_for_selector("#board")
    assert "(bot)" in page.inner_text("#match-status")


def test_leaving_the_queue_with_its_button(live_site, new_page):
    page = new_page()
    page.goto(f"{live_site}/g/gundam/")
    page.click("#play-now-form button[type=submit]")
    page.wait_for_selector("#play-now-status >> text=Looking for an opponent")
    page.click("#play-now-status button:has-text('Leave the queue')")
    page.wait_for_selector("#play-now-status >> text=You left the queue")


# Holds the lobby script's guest POST until the test lets it go: a first visit's socket
# opens only after that POST (static/js/queue.js), so a slow answer on a loaded machine is
# reproduced exactly, not by chance.
HOLD_GUEST_POST = """
(() => {
  const fetchFirst = window.fetch;
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  window.releaseGuestPost = () => release();
  window.fetch = (url, options) =>
    String(url).includes("/me/guest/")
      ? released.then(() => fetchFirst(url, options))
      : fetchFirst(url, options);
})();
"""


def test_play_now_waits_for_a_first_visits_socket(live_site, new_page):
    """Before its socket is open the button cannot be pressed: a press then went nowhere
    (the form, with nothing to send it over, reloaded the page) and the player waited for an
    opponent nobody was looking for."""
    page = new_page()
    page.add_init_script(HOLD_GUEST_POST)
    page.goto(f"{live_site}/g/phalanx/")
    button = page.locator("#play-now-form button[type=submit]")
    assert button.is_disabled(), "no socket yet: nothing would carry the press"
    assert page.locator("#play-now-wait").inner_text() == "Connecting to the lobby…"
    page.evaluate("window.releaseGuestPost()")
    button.click()  # Playwright waits for the button to be enabled: the socket is open
    assert page.locator("#play-now-wait").is_hidden(), "the words go once it may be pressed"
    page.wait_for_selector("#play-now-status >> text=Looking for an opponent")
    assert page.url == f"{live_site}/g/phalanx/"
    page.click("#play-now-status button:has-text('Leave the queue')")
    page.wait_for_selector("#play-now-status >> text=You left the queue")
