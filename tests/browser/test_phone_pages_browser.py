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
    paths += ["/decks/card-battle/simulate/", "/settings/notifications/"]
    paths += ["/g/phalanx/leaderboard/?pace=correspondence"]
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


ENGINE_NAMES = {
    "elemental-clash": "Elemental Clash",
    "phalanx": "Phalanx",
    "card-battle": "Card Battle",
    "gundam": "Gundam Card Game",
    "shapeships": "ShapeShips",
}


@pytest.mark.parametrize("size", [PHONE, (1366, 768)], ids=["phone", "desk"])
def test_a_match_page_names_its_game_once(live_site, new_page, size):
    """The page's title says which game this is; the board's own heading (kept for screen
    readers, who use it to jump to the board) is not painted a second time below it, where it
    pushed the first move further down on a phone."""
    page = new_page(*size)
    for game, name in ENGINE_NAMES.items():
        start_bot_match(page, live_site, game)
        page.wait_for_selector(ACTION_BUTTONS)  # the board has come with its first frame
        painted = page.evaluate(
            """name => [...document.querySelectorAll('h1, h2, h3')]
                 .filter(h => h.innerText.trim().startsWith(name))
                 .filter(h => { const r = h.getBoundingClientRect();
                                return r.width > 1 && r.height > 1; })
                 .map(h => h.tagName)""",
            name,
        )
        assert painted == ["H1"], (game, painted)
        # A board with no heading of its own would make screen readers' heading list jump
        # from the page title to the hand; Elemental Clash's head names its stage instead.
        if game != "elemental-clash":
            assert page.get_by_role("heading", name=name, level=2).count() == 1, game
