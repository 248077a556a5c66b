"""Card Battle's playback at a watchable pace (issue 34, items 1 and 5): the chart's legend
swatches stay swatch-sized, a battle starts at a speed that shows it in about a minute, the
speed a player picks is remembered, "Skip to the end" shows the result, and on a phone both
fields fit on one screen while the battle plays."""

import pytest

from .driver import ACTION_BUTTONS, start_bot_match

pytestmark = pytest.mark.browser
BASE_MS = 650  # static/js/card-battle.js: one event at 1x
SIZES = [(1366, 768), (390, 844)]


def start_battle(page, site: str) -> None:
    start_bot_match(page, site, "card-battle")
    page.locator(ACTION_BUTTONS).first.click()  # a deck; the bot's is in, the battle resolves
    page.wait_for_selector("[data-cb-board][data-cb-ready] [data-cb-controls]:not([hidden])")


def playback_seconds(page) -> float:
    events = int(page.inner_text("[data-cb-progress]").split("/")[1])
    return events * BASE_MS / float(page.input_value("select[data-cb=speed]")) / 1000


@pytest.mark.parametrize("size", SIZES, ids=["desk", "phone"])
def test_the_legend_swatches_are_small_and_the_battle_plays_in_about_a_minute(
    live_site, new_page, size
):
    page = new_page(*size)
    start_battle(page, live_site)
    for box in page.locator(".cb-legend .cb-swatch").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)"
    ):
        assert 0 < box <= 24, f"a legend swatch is {box}px wide"
    seconds = playback_seconds(page)
    assert 30 <= seconds <= 90, seconds

    page.click("[data-cb=end]")  # "Skip to the end"
    assert page.locator("[data-cb=end]").inner_text().strip() == "Skip to the end"
    page.locator("[data-cb-result]").wait_for(state="visible")
    page.locator("#gameover .gameover-panel").wait_for(state="visible")
    for box in page.locator(".cb-legend .cb-swatch").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)"
    ):
        assert 0 < box <= 24, f"a legend swatch is {box}px wide at the end"


def test_the_chosen_speed_is_remembered_for_the_next_battle(live_site, new_page):
    page = new_page(1366, 768)
    start_battle(page, live_site)
    page.select_option("select[data-cb=speed]", "0.5")
    page.click("[data-cb=end]")
    start_battle(page, live_site)
    assert page.input_value("select[data-cb=speed]") == "0.5"


def test_on_a_phone_both_fields_fit_on_one_screen_during_the_playback(live_site, new_page):
    page = new_page(390, 844)
    start_battle(page, live_site)
    # Measured once each field holds three cards, which is where the fields grew tallest.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.cb-side')]"
        "  .every(s => s.querySelectorAll('.cb-card').length >= 3)",
        timeout=60_000,
    )
    page.click("[data-cb=play]")  # pause, so the fields hold still while measured
    boxes = [page.locator(".cb-side").nth(i).bounding_box() for i in (0, 1)]
    span = boxes[1]["y"] + boxes[1]["height"] - boxes[0]["y"]
    status = page.locator("#match-status").bounding_box()["height"]
    assert span + status <= 844, f"the two fields take {span}px under a {status}px status bar"
