"""ShapeShips' end-of-turn table on a phone (issue 34, item 13): laid out for the width, each
row a block of labelled lines, instead of a table cut off in a sideways scroll."""

import pytest

from .driver import reach_mid_match, start_bot_match

pytestmark = pytest.mark.browser


def test_the_end_of_turn_table_fits_a_phone(live_site, new_page):
    page = new_page(390, 844)
    for _ in range(3):
        start_bot_match(page, live_site, "shapeships")
        reach_mid_match(page, "shapeships", 16)
        if page.locator("[data-ss-summary] [data-ss-row]").count():
            break
    rows = page.locator("[data-ss-summary] [data-ss-row]")
    assert rows.count() > 0, "a turn ended with damage or healing"
    wrap = page.locator("[data-ss-summary] .ss-table-wrap")
    wrap.scroll_into_view_if_needed()
    widths = wrap.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert widths[0] <= widths[1], f"a sideways scroll: {widths}"
    # Each cell is a line that names what it holds.
    effect = rows.first.locator("td[data-label=Effect]")
    label = effect.evaluate("e => getComputedStyle(e, '::before').content")
    assert label == '"Effect: "', label
