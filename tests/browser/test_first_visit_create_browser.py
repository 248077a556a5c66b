"""A first visit to a lobby makes the visitor a guest with one POST (static/js/queue.js).
A visitor who presses "Create match" before that POST has answered must still be the
player of the match they created: the form waits for the guest, since two requests sent
without a cookie would each make a guest of their own and the last cookie would win.

The guest POST is held back by Playwright's route until the test lets it go, as a slow
connection would hold it."""

import re

import pytest

pytestmark = pytest.mark.browser


def test_create_pressed_before_the_guest_answers_seats_the_visitor(live_site, new_page):
    page = new_page(1366, 768)
    held = []
    page.route("**/me/guest/", lambda route: held.append(route))
    page.goto(f"{live_site}/g/phalanx/")
    page.check("input[name=mode][value=online]")
    page.click("button:has-text('Create match')")
    page.wait_for_timeout(500)
    assert len(held) == 1, "the guest POST is on its way"
    assert re.search(r"/g/phalanx/$", page.url), "the form waits for the guest"

    with page.expect_response("**/me/guest/"):
        held[0].continue_()
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    page.reload()  # the page as the visitor's cookie has it now
    invite = page.locator("#invite")
    assert "Waiting for an opponent" in invite.inner_text()
    assert page.locator("button:has-text('Join this match')").count() == 0
    page.click("#invite .confirm-open")
    page.click("#invite button:has-text('Yes, cancel it')")
    page.wait_for_url(re.compile(r"/g/phalanx/$"))  # only its player may call it off
