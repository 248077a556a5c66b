"""Card Battle's deck choice runs on the hall's clock (issue 34, item 9; CB-TIME-02): the
player sees the time left while choosing, and the choice ends the clock."""

import re

import pytest

from .driver import ACTION_BUTTONS, start_bot_match

pytestmark = pytest.mark.browser


def test_CB_TIME_02_the_deck_choice_shows_its_clock_until_a_deck_is_chosen(live_site, new_page):
    page = new_page(390, 844)
    start_bot_match(page, live_site, "card-battle")
    clock = page.locator("#match-status [data-deadline]")
    clock.first.wait_for(state="visible")
    minutes, seconds = re.fullmatch(r"(\d+):(\d\d)", clock.first.inner_text().strip()).groups()
    assert 150 <= int(minutes) * 60 + int(seconds) <= 180 + 30  # 3 minutes, plus the grace
    page.locator(ACTION_BUTTONS).first.click()
    page.wait_for_selector("[data-cb-board][data-cb-ready] [data-cb-controls]:not([hidden])")
    assert page.locator("#match-status [data-deadline]").count() == 0
