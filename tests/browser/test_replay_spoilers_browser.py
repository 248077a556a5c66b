"""A replay is watched before its result is read (issue 34, item 2): it opens at the start,
the header keeps the result folded until the end is reached (or the reader asks for it),
the chart draws nothing ahead of the position on show, and one turn menu stands where rows
of "Turn N" buttons pushed the board below the fold."""

import re

import pytest

from .test_replay_browser import finished_match, wait_at

pytestmark = pytest.mark.browser
SIZES = [(1366, 768), (390, 844)]


@pytest.fixture(scope="module")
def long_match(live_env, live_site) -> str:
    """A finished ShapeShips match: many turns, the longest turn list of the five games."""
    return finished_match(live_env, "shapeships")


@pytest.mark.parametrize("size", SIZES, ids=["desk", "phone"])
def test_a_replay_opens_at_the_start_with_the_result_folded_and_the_board_in_view(
    live_site, new_page, long_match, size
):
    page = new_page(*size)
    page.goto(f"{live_site}/m/{long_match}/replay/")
    wait_at(page, 0)
    assert page.locator("#replay-result").is_hidden(), "the header does not name the winner"
    assert page.locator("#rp-result-box summary").is_visible()
    # The board starts within the first screen: no rows of turn buttons above it.
    top = page.locator("#replay-frame").bounding_box()["y"]
    assert top < size[1] * 0.6, top
    assert page.locator("#rp-turn option").count() >= 5
    assert page.locator("#rp-turn-go").is_hidden(), "the menu moves the replay by itself"
    # The side chart draws the lines up to the position on show: at the start, no line has
    # more than its first point.
    for points in page.locator("#replay-frame .replay-chart polyline").evaluate_all(
        "els => els.map(e => e.getAttribute('points'))"
    ):
        assert len(points.split()) <= 1, points

    # The turn menu moves the replay to the turn chosen, in the page.
    options = page.locator("#rp-turn option")
    middle = options.nth(options.count() // 2)
    target, label = int(middle.get_attribute("value")), middle.inner_text()
    page.select_option("#rp-turn", str(target))
    wait_at(page, target)
    assert page.locator("#rp-turn option:checked").inner_text() == label
    assert page.locator("#replay-result").is_hidden()

    # Reaching the end unfolds the result.
    page.click("#rp-end")
    wait_at(page, int(page.get_attribute("[data-replay]", "data-last")))
    assert page.locator("#replay-result").is_visible()
    assert re.match(r"(\w+ won|Draw|Both lost)", page.inner_text("#replay-result"))


def test_show_the_result_unfolds_it_for_those_who_want_it(live_site, new_page, long_match):
    page = new_page(1366, 768)
    page.goto(f"{live_site}/m/{long_match}/replay/")
    wait_at(page, 0)
    page.click("#rp-result-box summary")
    assert page.locator("#replay-result").is_visible()
    assert page.inner_text("#replay-result") != ""
    assert page.get_attribute("[data-replay]", "data-at") == "0", "the replay stays at the start"
