"""ShapeShips' side log reads as Gundam's does: one heading per turn, newest first, and the
lines under it without a "Turn N" of their own (issue 34: "Turn 3" stood over every line)."""

import re

import pytest

from .driver import start_mid_match

SIZES = [(1366, 768), (390, 844)]


@pytest.mark.parametrize("size", SIZES, ids=["desk", "phone"])
def test_the_log_has_one_heading_per_turn(live_site, new_page, size):
    page = new_page(*size)
    start_mid_match(page, live_site, "shapeships")
    toggle = page.locator(".ss-log .side-log-toggle")
    if toggle.is_visible():  # a phone folds the log behind its button
        toggle.click()
    page.wait_for_selector(".ss-log .log-lines .log-line")
    heads = page.locator(".ss-log .log-turn-head").all_inner_texts()
    turns = [int(re.fullmatch(r"Turn (\d+)", h.strip()).group(1)) for h in heads]
    assert len(turns) >= 2, f"a match in play has a few turns in its log: {heads}"
    assert turns == sorted(set(turns), reverse=True), "each turn once, newest first"
    lines = page.locator(".ss-log .log-line").all_inner_texts()
    assert lines and not [t for t in lines if re.match(r"\s*Turn \d+", t)], lines
    # The heading stands above its lines: the newest turn's heading comes first on the page.
    log = page.inner_text(".ss-log .log-lines")
    assert log.lstrip().startswith(f"Turn {turns[0]}")
