"""A dead invitation link (issue 34, item 10): opening the link of a challenge its creator
withdrew says so in words, with the way back to the lobby, instead of an empty board."""

import re

import pytest

from .test_around_the_board import create

pytestmark = pytest.mark.browser


def test_a_withdrawn_challenges_link_says_so_and_leads_to_the_lobby(live_site, new_page):
    ada, bo = new_page(), new_page(390, 844)
    code = create(ada, live_site, "phalanx", "online")
    link = ada.input_value("input.invite-link")
    ada.click("#invite .confirm-open")
    ada.click("#invite button:has-text('Yes, cancel it')")
    ada.wait_for_url(re.compile(r"/g/phalanx/$"))

    bo.goto(link)
    assert code in link
    gone = bo.locator("#challenge-gone")
    assert "withdrew this Phalanx challenge before anyone joined" in gone.inner_text()
    assert bo.locator("#board").count() == 0, "no empty board"
    bo.click("#challenge-gone a:has-text('lobby')")
    bo.wait_for_url(re.compile(r"/g/phalanx/$"))
    assert bo.locator("button:has-text('Create match')").is_visible()
