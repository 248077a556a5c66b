"""A Swiss Card Battle event in real browsers: staff create it in the admin (zero rounds is
refused), five players register a saved deck on its page, staff start it, and the sweeper
runs its three rounds: a watcher's page shows each round's boards and byes and the final
table with its tie-breaks, and a board's link opens its match."""

import re
import subprocess
import sys
from datetime import timedelta

import pytest
from django.utils import timezone

from .accounts import signed_in
from .conftest import ROOT

pytestmark = pytest.mark.browser

SETUP = """
import django
django.setup()
from django.contrib.auth import get_user_model
from games.engines.card_battle.decks import READY_MADE_DECKS
from games.models import Deck
User = get_user_model()
if not User.objects.filter(username="swiss_staff").exists():
    User.objects.create_superuser("swiss_staff", "", "a-long-staff-pw-7")
decks = list(READY_MADE_DECKS.items())
for i, name in enumerate({names!r}):
    deck_name, data = decks[i % len(decks)]
    user = User.objects.get(username=name)
    Deck.objects.create(game="card-battle", name=f"{{name}}'s {{deck_name}}", user=user, data=data)
"""
SLOW = 60_000


def staff_login(page, site: str, target: str) -> None:
    page.goto(f"{site}/admin/login/?next={target}")
    page.fill("#id_username", "swiss_staff")
    page.fill("#id_password", "a-long-staff-pw-7")
    page.click("input[type=submit]")


def test_five_players_register_decks_and_play_three_swiss_rounds(live_site, live_env, new_page):
    site = live_site
    names = [f"sw{i}_player" for i in range(5)]
    players = {name: new_page() for name in names}
    signed_in(live_env, site, players)
    subprocess.run(
        [sys.executable, "-c", SETUP.format(names=names)], cwd=ROOT, env=live_env, check=True
    )

    staff = new_page()
    staff_login(staff, site, "/admin/games/swissevent/add/")
    staff.wait_for_selector("#id_name")
    staff.fill("#id_name", "Card Battle Swiss")
    staff.select_option("#id_game", "card-battle")
    later = timezone.now() + timedelta(hours=1)
    staff.fill("#id_starts_at_0", later.strftime("%Y-%m-%d"))
    staff.fill("#id_starts_at_1", later.strftime("%H:%M:%S"))
    staff.fill("#id_rounds", "0")
    staff.click("input[name=_save]")
    staff.wait_for_selector(".errornote, .errorlist")
    assert "from 1 to 15 rounds" in staff.inner_text("#content")
    staff.fill("#id_rounds", "3")
    staff.click("input[name=_save]")
    staff.wait_for_selector("#result_list")
    href = staff.locator("#result_list a", has_text="Card Battle Swiss").get_attribute("href")
    pk = int(re.search(r"/swissevent/(\d+)/", href).group(1))

    for name in names:
        page = players[name]
        page.goto(f"{site}/")
        page.click("#arena-events a:has-text('Card Battle Swiss')")
        page.wait_for_url(f"{site}/s/{pk}/")
        options = page.locator("#swiss-register select[name=deck] option").all_inner_texts()
        assert options == [o for o in options if o.startswith(f"{name}'s ")] and options
        page.click("#swiss-register button:has-text('Register')")
        page.wait_for_selector("#swiss-me")
        assert f"{name}'s" in page.inner_text("#swiss-me")
    watcher = players[names[0]]
    # The first to register sees the others arrive without reloading.
    watcher.wait_for_selector("#swiss-table tbody tr >> nth=4", timeout=SLOW)

    staff.goto(f"{site}/admin/games/swissevent/")
    staff.check(f"#result_list input[name=_selected_action][value='{pk}']")
    staff.select_option("select[name=action]", "start_now")
    staff.click("button[name=index]")
    staff.wait_for_selector(".messagelist")
    assert "1 event(s) started now" in staff.inner_text(".messagelist")

    # Card Battle's decks are both set when a board is made, so each round is decided at
    # once and the sweeper pairs the next; the page refreshes itself every few seconds.
    watcher.wait_for_selector("#swiss-live[data-phase=finished]", timeout=SLOW)
    for number in (1, 2, 3):
        section = watcher.locator(f".swiss-round[data-round='{number}']")
        assert section.locator("li").count() == 3
        assert section.locator("li:has-text('bye (scores 1)')").count() == 1
    heads = watcher.inner_text("#swiss-table thead")
    assert "Buchholz" in heads and "Sonneborn–Berger" in heads
    scores = watcher.locator("#swiss-table .swiss-score").all_inner_texts()
    as_halves = [int(s.replace("½", "")) * 2 + ("½" in s) if s != "½" else 1 for s in scores]
    assert sum(as_halves) == 2 * (3 * 2 + 3), "two boards and a bye per round, 3 points each"
    watcher.locator(".swiss-round[data-round='1'] li a").first.click()
    watcher.wait_for_url(re.compile(r".*/m/[a-z0-9]+/$"))
    # Card Battle plays its battle back before the result panel shows; the match is over.
    watcher.wait_for_selector("#gameover .gameover-panel", state="attached", timeout=SLOW)
    assert watcher.get_attribute("#match-status", "data-status") == "finished"
