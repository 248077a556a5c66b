"""The chat and challenge settings in Chromium: a player turns chat off and their match page
shows no chat while the opponent's still does; a player who takes no private challenges is
not challenged, and the challenger reads why."""

import pytest

from .accounts import signed_in
from .driver import click_move, offered, version, wait_for_change
from .test_chat_browser import start_phalanx, write

pytestmark = pytest.mark.browser


def test_chat_off_and_no_challenges_from_the_settings_page(live_site, live_env, new_page):
    hal, ivy = new_page(), new_page()
    signed_in(live_env, live_site, {"hal_s": hal, "ivy_s": ivy})

    hal.click("header a:has-text('Friends')")
    hal.click("#social-settings-link")
    hal.check("input[name=chat_off]")
    hal.check("input[name=challenges_from][value=nobody]")
    hal.click("#social-settings button[type=submit]")
    hal.wait_for_selector(".messages:has-text('Saved')")
    assert hal.is_checked("input[name=chat_off]")

    start_phalanx(ivy, hal, live_site)
    assert hal.locator("#chat-form").count() == 0
    assert "Chat is off in your settings." in hal.inner_text("#chat")
    write(ivy, "hello hal")
    ivy.locator("#chat-players .chat-text", has_text="hello hal").wait_for()
    # The line went to both sockets at once and ivy has hers; a move made after that reaches
    # hal's page later still, so once hal's board shows it the line would have been there.
    before = version(hal)
    mover = ivy if offered(ivy) else hal
    assert click_move(mover)
    wait_for_change(hal, before)
    assert version(hal) != before
    assert "hello hal" not in hal.content()

    ivy.goto(f"{live_site}/u/hal_s/")
    ivy.click("#player-acts button:has-text('Follow')")
    ivy.click("header a:has-text('Friends')")
    ivy.locator("#friends-list li[data-friend=hal_s] button:has-text('Challenge')").click()
    ivy.wait_for_selector(".messages:has-text('This player takes no private challenges.')")
