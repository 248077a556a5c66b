"""The admin's match page in a real browser: staff open a finished match, see its summary and
links, unfold the state, page the log, and press "Verify this match"."""

import subprocess
import sys

import pytest

from .conftest import ROOT
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
