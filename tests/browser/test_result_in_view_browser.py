"""The result comes to the player: when a match ends while its page is open, the game-over
panel (the result in words, Rematch, Replay) slides into view, where it stood below the
board out of sight; Card Battle first plays its battle back. A page opened on a finished
match stays where its reader put it."""

import pytest

from .driver import ACTION_BUTTONS, start_bot_match
from .test_around_the_board import create, give_up

pytestmark = pytest.mark.browser

# Whether a tap on the Rematch button, where it is now, reaches it: in the viewport and not
# under a sticky bar.
REMATCH_IN_REACH = """() => {
    const b = [...document.querySelectorAll('#gameover button')]
        .find(x => x.textContent.trim() === 'Rematch');
    if (!b) return false;
    const r = b.getBoundingClientRect();
    if (!(r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight)) return false;
    return b.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2));
}"""


def rematch_in_reach(page) -> bool:
    return page.evaluate(REMATCH_IN_REACH)


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desk", "phone"])
def test_the_result_slides_into_view_when_the_opponent_gives_up(live_site, new_page, size):
    ada, bo = new_page(*size), new_page()
    code = create(ada, live_site, "phalanx", "online")
    bo.goto(f"{live_site}/m/{code}/")
    bo.click("button:has-text('Join this match')")
    ada.wait_for_selector("#match-status[data-status=active]")
    ada.wait_for_selector("#board [data-phx-board]")
    ada.evaluate("window.scrollTo(0, 0)")
    assert not rematch_in_reach(ada)
    give_up(bo)
    ada.wait_for_selector("#gameover .gameover-panel")
    ada.wait_for_function(REMATCH_IN_REACH, timeout=10_000)
    assert "You won" in ada.inner_text("#gameover")

    # The finished match opened afresh (a reload would restore the scroll): it stays at
    # its top.
    ada.goto(ada.url)
    ada.wait_for_selector("#gameover .gameover-panel")
    ada.wait_for_timeout(600)  # longer than the panel's wait for the frame to settle
    assert ada.evaluate("window.scrollY") == 0


def test_card_battle_plays_the_battle_back_before_bringing_the_result(live_site, new_page):
    page = new_page(1366, 768)
    start_bot_match(page, live_site, "card-battle")
    page.locator(ACTION_BUTTONS).first.click()  # a deck; the bot's is in, the battle resolves
    page.wait_for_selector("[data-cb-board][data-cb-ready] [data-cb=end]")
    page.wait_for_timeout(600)
    assert not rematch_in_reach(page), "the result waits for the playback"
    assert page.locator("[data-cb-stage]").first.is_visible()
    page.click("[data-cb=end]")  # skip to the end of the playback
    page.wait_for_function(REMATCH_IN_REACH, timeout=10_000)
