"""axe-core (axe-playwright-python) on every kind of page, issue 18: the hall, each lobby,
each board mid-match against the bot, the deck builders and a replay page, for all five
games. A page passes with no serious or critical violation.

axe runs with reduced motion asked for: a board part that just changed is mid-highlight and
a fresh attack's steps mid-fade, and axe would measure a colour half-way through a
transition. What it checks is the page at rest."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from .ancient import cast_a_solar_power, choose_ancient
from .driver import reach_mid_match, start_bot_match, start_mid_match

pytestmark = pytest.mark.browser

GAMES = ["elemental-clash", "phalanx", "card-battle", "gundam", "shapeships"]
DECK_GAMES = ["card-battle", "gundam"]


def serious(page, scope: str | None = None) -> list[str]:
    """axe-core's serious and critical findings (on ``scope``, else the whole page), each
    with the first few elements it names, ready to read in a failing assert."""
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_timeout(100)
    result = Axe().run(page, context=scope) if scope else Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in result.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_the_hall_has_no_serious_violation(live_site, new_page):
    page = new_page(1366, 768)
    page.goto(live_site + "/")
    assert serious(page) == []


@pytest.mark.parametrize("game", GAMES)
def test_each_lobby_has_no_serious_violation(live_site, new_page, game):
    page = new_page(1366, 768)
    page.goto(f"{live_site}/g/{game}/")
    assert serious(page) == []


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desk", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_each_board_mid_match_has_no_serious_violation(live_site, new_page, game, size):
    page = new_page(*size)
    start_mid_match(page, live_site, game)
    assert serious(page) == []


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desk", "phone"])
def test_the_ancient_board_with_a_solar_power_cast_has_no_serious_violation(
    live_site, new_page, size
):
    """Issue 24: the ShapeShips board of an Ancient fleet in Declaration, a Solar Power
    cast, the others listed with their costs (and those out of reach folded away)."""
    page = new_page(*size)
    start_bot_match(page, live_site, "shapeships")
    choose_ancient(page)
    cast_a_solar_power(page)
    assert page.locator("[data-ss-casts] li[data-ss-cast]").count() == 1
    assert serious(page) == []


@pytest.mark.parametrize("game", DECK_GAMES)
def test_each_deck_builder_has_no_serious_violation(live_site, new_page, game):
    page = new_page(1366, 768)
    page.goto(f"{live_site}/decks/{game}/new/")
    page.wait_for_selector("#deck-form")
    assert serious(page) == []
    page.goto(f"{live_site}/decks/{game}/")
    assert serious(page) == []


def test_a_replay_page_has_no_serious_violation(live_site, new_page):
    page = new_page(1366, 768)
    start_bot_match(page, live_site, "card-battle")
    reach_mid_match(page, "card-battle")
    page.click("[data-cb=end]")
    page.locator("#gameover a:has-text('Replay')").click()
    page.wait_for_url("**/replay/**")
    assert serious(page) == []
