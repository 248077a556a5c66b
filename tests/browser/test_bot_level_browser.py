"""Choosing the bot's level in the lobby: a Phalanx match against the level-2 bot (the one
that samples the hidden cards and plays moves out) is created, named, and played to its
end, the bot answering every move."""

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from .driver import PREFER, click_move, click_payload, is_over, offered_moves, version
from .test_phalanx_browser import choose

pytestmark = pytest.mark.browser


def test_the_lobby_starts_a_match_against_the_level_two_bot(live_site, new_page):
    page = new_page()
    page.goto(f"{live_site}/g/phalanx/")
    page.check("input[name=mode][value=bot]")
    select = page.locator("#bot-level")
    assert select.locator("option").all_inner_texts()[1].startswith("2: thinks ahead")
    select.focus()
    select.select_option("2")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    assert "Duelbot (level 2)" in page.locator("#match-status").inner_text()
    page.wait_for_selector("[data-phx-board]")
    moves = 0
    for _ in range(400):
        if is_over(page):
            break
        payload = choose(offered_moves(page))
        if payload is None:
            page.wait_for_timeout(100)  # the bot is thinking: its moves arrive as versions
            continue
        click_payload(page, payload, seconds=20)
        moves += 1
    assert is_over(page), f"no result after {moves} moves"
    assert moves >= 8  # the whole deployment and some combat, every turn answered by the bot
    # The result in words, from the player's side (games/matches/outcomes.py).
    assert re.search(r"You won|You lost|draw", page.inner_text("#gameover .gameover-panel"))


@pytest.mark.parametrize("game", ["gundam", "shapeships"])
def test_the_level_two_bot_of_a_game_of_turns_answers_from_the_lobby(live_site, new_page, game):
    """The lobby offers level 2 for the game; the match names it and it answers our moves."""
    page = new_page()
    page.goto(f"{live_site}/g/{game}/")
    page.check("input[name=mode][value=bot]")
    page.locator("#bot-level").select_option("2")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    page.wait_for_selector("#board")
    assert "Duelbot (level 2)" in page.locator("#match-status").inner_text()
    start = int(version(page))
    made, deadline = 0, time.monotonic() + 90
    while made < 12 and not is_over(page) and time.monotonic() < deadline:
        try:
            moved = click_move(page, PREFER.get(game, ()), timeout=3000)
        except PlaywrightError:
            continue  # the bot's move swapped the board under the click: read it again
        made += moved
        if not moved:
            page.wait_for_timeout(100)  # the bot is thinking
    assert made >= 6, f"only {made} moves offered"
    # Versions count every move of both sides: more than ours means the bot moved too.
    assert int(version(page)) - start > made
