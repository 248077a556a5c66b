"""Reopening a finished Card Battle match plays its battle back instead of stalling when the
match's socket swaps the board in again."""

import pytest

from .test_replay_browser import finished_match

pytestmark = pytest.mark.browser


def shown_position(page) -> int:
    return int(page.inner_text("[data-cb-progress]").split("/")[0])


def test_reopening_a_finished_card_battle_plays_back_to_the_result(live_site, live_env, new_page):
    code = finished_match(live_env, "card-battle")
    page = new_page()
    page.goto(f"{live_site}/m/{code}/")
    page.wait_for_selector("[data-cb-controls]:not([hidden])")
    page.wait_for_function(
        "() => parseInt(document.querySelector('[data-cb-progress]').innerText) >= 3"
    )
    page.wait_for_timeout(1500)  # the socket's first frames re-swap the board meanwhile
    before = shown_position(page)
    page.wait_for_timeout(2000)
    assert shown_position(page) > before, "the playback carries on"
    assert page.locator("[data-cb-result]").is_hidden(), "no spoiler before the end"
    page.click("[data-cb=end]")
    page.wait_for_selector("[data-cb-result]:not([hidden])")
    page.reload()
    page.wait_for_function(
        "() => parseInt(document.querySelector('[data-cb-progress]').innerText) >= 6"
    )
