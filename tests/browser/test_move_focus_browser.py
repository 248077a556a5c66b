"""Keyboard play (issue 34, item 4): after a move, focus is on the first move of the new
step (or the status line when there is none), never dropped to <body>, so a player moves
again with Enter instead of a dozen Tabs; the change is announced in words."""

import pytest

from .driver import ACTION_BUTTONS, start_bot_match, version

pytestmark = pytest.mark.browser

FOCUS_ON_A_MOVE_OR_STATUS = """() => {
    const a = document.activeElement;
    return a && a !== document.body &&
        (a.matches('#board form.action-form button') || a.id === 'match-status');
}"""


def wait_for_my_move(page, before: str) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#match-status').dataset.version !== '{before}'"
        " && document.querySelector('#match-status').dataset.myTurn === '1'"
        f" && document.querySelector('{ACTION_BUTTONS}') !== null",
        timeout=30_000,
    )


@pytest.mark.parametrize("game", ["phalanx", "elemental-clash"])
def test_after_a_keyboard_move_focus_stays_on_the_board(live_site, new_page, game):
    page = new_page(1366, 768)
    start_bot_match(page, live_site, game)
    page.wait_for_selector(ACTION_BUTTONS)
    page.locator(ACTION_BUTTONS).first.focus()
    for _ in range(3):
        before = version(page)
        page.keyboard.press("Enter")
        wait_for_my_move(page, before)
        page.wait_for_function(FOCUS_ON_A_MOVE_OR_STATUS, timeout=10_000)
    # The moves were made with Enter alone; the announcer said what changed.
    assert page.inner_text("#announcer").strip() != ""
