"""The pages around the boards on a phone (390x844): none of them scrolls sideways, the
lobby's create form included once "The bot" shows its level, and a player's matches and
ratings read as labelled lines whose links still work."""

import re

import pytest

from .driver import ACTION_BUTTONS, start_bot_match
from .test_play_now_browser import sign_up

pytestmark = pytest.mark.browser

PHONE = (390, 844)
GAMES = ["elemental-clash", "phalanx", "card-battle", "gundam", "shapeships"]
DECK_GAMES = ["card-battle", "gundam"]


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def shown(cell) -> str:
    """A cell's text as the phone shows it: its label (drawn by CSS before it), then it."""
    return cell.evaluate(
        """td => { const label = getComputedStyle(td, '::before').content;
                   const text = label.startsWith('"') ? JSON.parse(label) : '';
                   return text + td.innerText.trim(); }"""
    )


def test_every_page_a_visitor_opens_fits_a_phone(live_site, new_page):
    page = new_page(*PHONE)
    paths = ["/", "/me/matches/", "/accounts/signup/", "/accounts/login/"]
    paths += ["/decks/card-battle/simulate/"]
    for game in GAMES:
        paths += [f"/g/{game}/", f"/g/{game}/how-to-play/", f"/g/{game}/leaderboard/"]
    for game in DECK_GAMES:
        paths += [f"/decks/{game}/", f"/decks/{game}/new/"]
    too_wide = {}
    for path in paths:
        assert page.goto(live_site + path).ok, path
        if path.startswith("/g/") and path.count("/") == 3:
            # The lobby: choosing the bot shows its level, whose long choices once pushed
            # the form (and the page) wider than the screen.
            page.check("input[name=mode][value=bot]")
            level = page.locator("select[name=bot_level]")
            assert level.is_visible(), path
            box = level.bounding_box()
            assert box["x"] + box["width"] <= PHONE[0], (path, box)
        if page_width(page) > PHONE[0]:
            too_wide[path] = page_width(page)
    assert too_wide == {}


def test_a_players_matches_and_ratings_read_as_labelled_lines_on_a_phone(live_site, new_page):
    page = new_page(*PHONE)
    sign_up(page, live_site, "pocket_player")
    start_bot_match(page, live_site, "card-battle")
    page.locator(ACTION_BUTTONS).first.click()  # a deck: the battle then plays itself out
    page.locator("[data-cb=end]").click()  # skip the playback to the result
    page.wait_for_selector("#gameover .gameover-panel", state="visible")

    page.click("header a:has-text('My matches')")
    page.wait_for_url(f"{live_site}/me/matches/")
    assert page_width(page) <= PHONE[0]
    row = page.locator("tr.history-row").first
    assert re.match(r"Result: (Won|Lost|Drawn)", shown(row.locator("td.result")))
    assert shown(row.locator("td[data-label=Opponent]")) == "Opponent: Duelbot"

    page.click("header a.who:has-text('pocket_player')")
    page.wait_for_url(f"{live_site}/u/pocket_player/")
    assert page_width(page) <= PHONE[0]
    recent = page.locator("table.recent tbody tr").first
    assert shown(recent.locator("td[data-label=Opponent]")) == "Opponent: Duelbot"
    recent.locator("a", has_text="replay").click()
    page.wait_for_url(re.compile(r"/m/\w+/replay/$"))
    assert page_width(page) <= PHONE[0]
