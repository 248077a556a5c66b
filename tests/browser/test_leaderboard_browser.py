"""A young leaderboard (issue 34, item 14): before anyone is ranked it says how many rated
games it takes to appear, and the provisional players stand below the line, each a link to
the player's page."""

import subprocess
import sys

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.browser
GAME = "gundam"

# Two signed-up players with a few rated games each, in the live site's database.
SEED_RATINGS = f"""
import django
django.setup()
from django.contrib.auth import get_user_model
from games.models import Rating
for name, games in (("lbnewcomer", 3), ("lbregular", 7)):
    user = get_user_model().objects.create_user(name, password="pw-" + name + "-long")
    Rating.objects.create(user=user, game="{GAME}", mu=25.0, sigma=8.0, games=games,
                          wins=games, losses=0, draws=0)
"""


def test_an_unranked_leaderboard_says_what_it_takes_and_lists_the_provisional(
    live_site, live_env, new_page
):
    subprocess.run(
        [sys.executable, "-c", SEED_RATINGS], cwd=ROOT, env=live_env, check=True, timeout=120
    )
    page = new_page(390, 844)
    page.goto(f"{live_site}/g/{GAME}/leaderboard/")
    assert "ranked here after 10 rated games" in page.inner_text("#leaderboard-empty")
    rows = page.locator("#provisional tbody tr")
    assert rows.count() == 2
    assert rows.nth(0).inner_text().startswith("lbregular")
    assert "7 of 10" in rows.nth(0).inner_text()
    rows.nth(1).locator("a", has_text="lbnewcomer").click()
    page.wait_for_url("**/u/lbnewcomer/")
    assert "lbnewcomer" in page.inner_text("h1")
