"""Block and report in Chromium: a player reports a line from the chat, staff read it in
context in the admin's queue and mute its author, whose open page is told at once and whose
next line reaches no one; the player blocks the author from the line, then unblocks, blocks
and reports from the author's page."""

import subprocess
import sys

import pytest

from .accounts import signed_in
from .conftest import ROOT
from .test_chat_browser import PASSWORD, sees, start_phalanx, write

pytestmark = pytest.mark.browser

STAFF_SCRIPT = """
import django
django.setup()
from django.contrib.auth import get_user_model
User = get_user_model()
if not User.objects.filter(username="queue_staff").exists():
    User.objects.create_superuser("queue_staff", "", {password!r})
"""


def test_report_mute_and_block_from_the_chat_and_the_player_page(live_site, live_env, new_page):
    subprocess.run(
        [sys.executable, "-c", STAFF_SCRIPT.format(password=PASSWORD)],
        cwd=ROOT,
        env=live_env,
        check=True,
    )
    ann, ben, staff = new_page(), new_page(), new_page()
    signed_in(live_env, live_site, {"ann_r": ann, "ben_r": ben})
    start_phalanx(ann, ben, live_site)
    write(ben, "you play like a sleepy bot")
    sees(ann, "players", "sleepy bot")
    mine = ben.locator("#chat-players .chat-line", has_text="sleepy bot")
    assert mine.locator("button").count() == 0, "no Report or Block on one's own line"

    theirs = ann.locator("#chat-players .chat-line", has_text="sleepy bot")
    theirs.locator("button:has-text('Report')").click()
    ann.wait_for_selector('#chat-notice:has-text("Reported ben_r\'s line")')

    staff.goto(f"{live_site}/admin/login/?next=/admin/games/report/")
    staff.fill("#id_username", "queue_staff")
    staff.fill("#id_password", PASSWORD)
    staff.click("input[type=submit]")
    row = staff.locator("#result_list tbody tr", has_text="ben_r")
    row.locator("th a, td a").first.click()
    context = staff.locator(".report-context")
    assert "you play like a sleepy bot" in context.locator(".reported-line").inner_text()
    staff.go_back()
    staff.locator("#result_list tbody tr", has_text="ben_r").locator(
        "input[name=_selected_action]"
    ).check()
    staff.select_option("select[name=action]", "mute_a_day")
    staff.click("button[name=index]")
    staff.wait_for_selector(".messagelist:has-text('Muted the authors of 1 report')")

    ben.wait_for_selector("#chat-notice:has-text('Staff muted you until')")
    write(ben, "can anyone hear me")
    ben.wait_for_selector("#chat-notice:has-text('your messages reach no one')")
    write(ann, "quiet now")
    sees(ben, "players", "quiet now")
    assert "can anyone hear me" not in ann.content() + ben.content()

    theirs.locator("button:has-text('Block')").click()
    ann.wait_for_selector("#chat-notice:has-text('You blocked ben_r')")
    ann.locator("#chat-players .chat-text", has_text="sleepy bot").wait_for(state="detached")

    ann.goto(f"{live_site}/u/ben_r/")
    ann.click("#player-acts button:has-text('Unblock')")
    ann.wait_for_selector(".messages:has-text('You unblocked ben_r')")
    ann.click("#player-acts button:has-text('Block')")
    ann.wait_for_selector(".messages:has-text('You blocked ben_r')")
    assert ann.locator("#player-acts button:has-text('Unblock')").count() == 1
    ann.click("#player-acts button:has-text('Report')")
    ann.wait_for_selector(".messages:has-text('Reported ben_r')")
    ann.goto(f"{live_site}/u/ann_r/")
    assert ann.locator("#player-acts").count() == 0, "nothing to block on one's own page"
