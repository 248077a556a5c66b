"""Elemental Clash in a real browser: online, versus the bot, and hot-seat."""

import re

import pytest

from .driver import click_move, is_over, offered, play_until_over

pytestmark = pytest.mark.browser
EC_PREFER = ('"lock"',)  # after selecting, lock in (ECR-8) rather than keep re-selecting


def create(page, site, mode: str, timed: bool = True) -> str:
    page.goto(f"{site}/g/elemental-clash/")
    # ECR-13: only hot-seat may be untimed, offered as a mode of its own.
    page.check(f"input[name=mode][value={mode if timed else mode + '-untimed'}]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    return page.url


def test_two_people_in_two_browsers_play_a_full_online_match(live_site, new_page):
    alice, bob = new_page(), new_page(width=390, height=844)  # bob is on a phone
    url = create(alice, live_site, "online")
    invite = alice.locator("input.invite-link").input_value()
    assert invite == url
    bob.goto(invite)
    bob.click("button:has-text('Join this match')")
    alice.wait_for_selector("#board form.action-form button")
    bob.wait_for_selector("#board form.action-form button")
    play_until_over([alice, bob], EC_PREFER)
    for page in (alice, bob):
        panel = page.locator("#gameover .gameover-panel")
        assert panel.is_visible()
        assert re.search(r"You won|You lost|Draw|Both lost", panel.inner_text())
        assert page.locator("#gameover button:has-text('Rematch')").count() == 1


def test_one_person_plays_a_full_match_against_the_bot(live_site, new_page):
    page = new_page()
    create(page, live_site, "bot")
    page.wait_for_selector("#board form.action-form button")
    play_until_over([page], EC_PREFER)
    assert "Duelbot" in page.locator("#match-status").inner_text()
    page.click("#gameover a:has-text('Replay')")
    page.wait_for_selector(".replay-controls")
    assert "Step" in page.inner_text(".replay-pos")


def test_a_hot_seat_turn_hides_the_first_pick(live_site, new_page):
    page = new_page()
    create(page, live_site, "hotseat", timed=False)
    page.click("button:has-text('show my side')")
    page.wait_for_selector("#board form.action-form button")
    first_options = offered(page)
    assert click_move(page, EC_PREFER)
    # Seat 1 must decide next: the device shows the pass screen, not seat 0's draft.
    page.wait_for_selector("text=Pass the device to")
    board = page.inner_html("#board")
    for payload in first_options:
        card = re.search(r'"card":"([^"]+)"', payload).group(1)
        assert card not in board
    page.click("button:has-text('show my side')")
    page.wait_for_selector("#board form.action-form button")
    assert not is_over(page)
