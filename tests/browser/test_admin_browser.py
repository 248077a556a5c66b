"""The admin's match page in a real browser: staff open a finished match, see its summary and
links, unfold the state, page the log, and press "Verify this match"."""

import subprocess
import sys

import pytest

from .conftest import ROOT
from .test_csp_browser import violations, watched
from .test_replay_browser import finished_match

pytestmark = pytest.mark.browser
STAFF_SCRIPT = """
import django
django.setup()
from django.contrib.auth import get_user_model
from games.models import Match
User = get_user_model()
if not User.objects.filter(username="inspector").exists():
    User.objects.create_superuser("inspector", "", "a-long-inspector-pw-7")
print(Match.objects.get(code="{code}").pk)
"""


def test_staff_verify_a_finished_match_from_its_admin_page(live_site, live_env, new_page):
    code = finished_match(live_env, "gundam")  # over 50 entries: the log has pages
    done = subprocess.run(
        [sys.executable, "-c", STAFF_SCRIPT.format(code=code)],
        cwd=ROOT,
        env=live_env,
        check=True,
        capture_output=True,
        text=True,
    )
    pk = int(done.stdout.strip().splitlines()[-1])
    page = new_page()
    page.goto(f"{live_site}/admin/login/?next=/admin/games/match/{pk}/change/")
    page.fill("#id_username", "inspector")
    page.fill("#id_password", "a-long-inspector-pw-7")
    page.click("input[type=submit]")
    page.wait_for_selector("#match-summary-title")
    assert code in page.inner_text("#match-summary-title")
    assert page.get_attribute("a:has-text('Open the replay')", "href") == f"/m/{code}/replay/"
    assert page.locator("details.match-state pre").is_hidden(), "the state starts folded"
    page.click("details.match-state summary")
    assert page.locator("details.match-state pre").is_visible()
    assert "page 1 of " in page.inner_text("#match-log-title")
    page.click("a:has-text('Next entries')")
    page.wait_for_selector("#match-log-title:has-text('page 2 of ')")
    page.click("button:has-text('Verify this match')")
    page.wait_for_selector(".messagelist")
    assert "the chain holds" in page.inner_text(".messagelist")


def staff_script(live_env, script: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=live_env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip().splitlines()[-1]


def sign_in_staff(page, live_site: str, then: str) -> None:
    page.goto(f"{live_site}/admin/login/?next={then}")
    page.fill("#id_username", "inspector")
    page.fill("#id_password", "a-long-inspector-pw-7")
    page.click("input[type=submit]")


def test_a_finished_match_is_a_read_only_record_that_fits_a_1366_screen(
    live_site, live_env, new_page
):
    """Issue 34 item 8: the page was editable ("Rated", Save, Delete) and 1,605 px wide on a
    1366 px screen; issue 38: its inline style broke the page's own CSP."""
    code = finished_match(live_env, "gundam")
    pk = int(staff_script(live_env, STAFF_SCRIPT.format(code=code)))
    page, logged = watched(lambda **kw: new_page(width=1366, height=768, **kw))
    sign_in_staff(page, live_site, f"/admin/games/match/{pk}/change/")
    page.wait_for_selector("#match-summary-title")
    assert page.locator("input[name=_save]").count() == 0
    assert page.locator("input[name=rated]").count() == 0
    assert page.locator("a.deletelink").count() == 0
    page.click("details.match-state summary")
    assert page.locator("details.match-state pre").is_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1366, f"the page is {width} px wide"
    page.click("button:has-text('Verify this match')")
    page.wait_for_selector(".messagelist")
    assert "the chain holds" in page.inner_text(".messagelist")
    assert violations(page, logged) == []
    page.goto(f"{live_site}/admin/games/match/")
    actions = page.locator("select[name=action] option").all_inner_texts()
    assert not any("Delete" in a for a in actions), actions


FARM_SCRIPT = """
import django
django.setup()
from django.contrib.auth import get_user_model
from games.matches import services
from games.matches.identity import Player
User = get_user_model()
if not User.objects.filter(username="inspector").exists():
    User.objects.create_superuser("inspector", "", "a-long-inspector-pw-7")
def member(name):
    user = User.objects.create_user(name, password="a-long-farm-pw-7")
    return Player(user_id=user.pk, guest_id="", name=name)
ada, farm = member("ada_farmed"), member("farm_alt")
for _ in range(3):
    match = services.create_match("phalanx", ada, rated=True, timed=False)
    services.join_match(match.pk, farm)
    services.resign(match.pk, farm)
print("ok")
"""


def test_staff_open_the_suspicious_pairs_from_the_ratings(live_site, live_env, new_page):
    """Issue 38, E4: the same two accounts playing short rated matches show up for staff."""
    staff_script(live_env, FARM_SCRIPT)
    page = new_page(width=1366, height=768)
    sign_in_staff(page, live_site, "/admin/games/rating/")
    page.click("a:has-text('Suspicious pairs')")
    page.wait_for_selector("#suspicious-pairs")
    row = page.locator("#suspicious-pairs tr", has_text="ada_farmed and farm_alt").inner_text()
    assert "phalanx" in row and "3\t3" in row, row
