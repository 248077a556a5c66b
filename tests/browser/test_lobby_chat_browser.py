"""The lobby room in Chromium: two signed-up players on a game's lobby talk, a quick line
included; a guest on the same lobby reads along and is told to sign up to write."""

import pytest

from .accounts import signed_in
from .test_chat_browser import sees, write

pytestmark = pytest.mark.browser


def test_signed_up_players_talk_in_the_lobby_and_a_guest_reads(live_site, live_env, new_page):
    kim, lou, guest = new_page(), new_page(), new_page()
    signed_in(live_env, live_site, {"kim_l": kim, "lou_l": lou})
    for page in (kim, lou, guest):
        page.goto(f"{live_site}/g/gundam/")
        page.wait_for_selector("#lobby-chat")
    assert guest.locator("#lobby-chat #chat-form").count() == 0
    assert "Sign up or log in to talk in the lobby." in guest.inner_text("#lobby-chat")

    write(kim, "anyone up for a quick one?")
    for page in (lou, guest):
        sees(page, "lobby", "anyone up for a quick one?")
    lou.click("#lobby-chat .chat-quick button:has-text('Good luck')")
    for page in (kim, guest):
        sees(page, "lobby", "Good luck")
    kim.reload()
    kim.wait_for_selector("#lobby-chat")
    assert kim.locator("#chat-lobby .chat-text").all_inner_texts()[-2:] == [
        "anyone up for a quick one?",
        "Good luck",
    ]
