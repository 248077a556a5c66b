"""Abandonment in two browsers (issue 17): one player closes the page, and once they have
been gone ABANDON_SECONDS (2 s for the test server) the other is offered the match."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from .driver import start_online_match

pytestmark = pytest.mark.browser


def started_match(site, new_page, game: str = "elemental-clash"):
    alice, bob = new_page(), new_page()
    start_online_match(alice, bob, site, game)
    bob.wait_for_selector("#board form.action-form button")
    alice.wait_for_selector("#seat-dot-1.dot.on")  # alice sees bob here
    return alice, bob


@pytest.mark.parametrize(
    ("button", "by_keyboard", "result", "words"),
    [
        ("Claim victory", False, "You won", "claimed the win"),
        ("Call it a draw", True, "Draw", "called it a draw"),
    ],
)
def test_the_player_left_behind_claims_the_match(
    live_site, new_page, button, by_keyboard, result, words
):
    alice, bob = started_match(live_site, new_page)
    assert alice.locator(".abandon-offer").count() == 0, "nothing is offered while bob is here"
    bob.close()  # every socket of bob's is gone
    alice.wait_for_selector("#seat-dot-1.dot.off")
    offer = alice.locator(".abandon-offer")
    offer.wait_for(timeout=15000)
    assert "has left the match" in offer.inner_text()
    violations = Axe().run(alice, context="#match-status").response["violations"]
    assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []
    control = offer.get_by_role("button", name=button)
    if by_keyboard:
        control.focus()
        alice.keyboard.press("Enter")
    else:
        control.click()
    panel = alice.locator("#gameover .gameover-panel")
    panel.wait_for(timeout=15000)
    assert result in panel.inner_text()
    assert words in panel.inner_text()
    assert alice.locator(".abandon-offer").count() == 0, "the offer goes with the match"
