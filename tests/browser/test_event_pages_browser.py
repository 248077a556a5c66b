"""The arena and Swiss pages with tables in them: on a phone (390x844) nothing scrolls
sideways, and axe-core finds nothing serious or critical on a desk."""

import json
import subprocess
import sys

import pytest

from .conftest import ROOT
from .test_accessibility import serious

pytestmark = pytest.mark.browser

PHONE = (390, 844)
SETUP = """
import json
from datetime import timedelta
import django
django.setup()
from django.contrib.auth import get_user_model
from django.utils import timezone
from games.engines.card_battle.decks import READY_MADE_DECKS
from games.matches import services
from games.matches.arenas import entry, pairing
from games.matches.identity import Player
from games.matches.swiss import entry as swiss_entry, rounds
from games.models import Arena, ArenaPlayer, Deck, SwissEvent
User = get_user_model()
arena = Arena.objects.create(game="phalanx", name="A rather long arena name for a phone",
                             starts_at=timezone.now(), minutes=30)
swiss = SwissEvent.objects.create(game="card-battle", name="Pocket Swiss",
                                  starts_at=timezone.now() + timedelta(hours=1), rounds=2)
decks = list(READY_MADE_DECKS.items())
people = []
for i in range(5):
    user = User.objects.create_user(f"pocket_racer_with_long_name_{i}", password="x-long-pass-1")
    player = Player(user.pk, "", user.username)
    entry.join(arena.pk, player)
    entry.beat(arena.pk, user.pk)
    name, data = decks[i % len(decks)]
    deck = Deck.objects.create(game="card-battle", name=name, user=user, data=data)
    swiss_entry.register(swiss.pk, player, deck.pk)
    people.append(player)
for player in people:  # every page open now (signing up five took a while)
    entry.beat(arena.pk, player.user_id)
pairing.pair(arena.pk)
row = ArenaPlayer.objects.get(arena=arena, user_id=people[1].user_id)
services.resign(row.match_id, people[1])
SwissEvent.objects.filter(pk=swiss.pk).update(starts_at=timezone.now())
rounds.advance(swiss.pk)
print(json.dumps({"arena": arena.pk, "swiss": swiss.pk}))
"""


@pytest.fixture(scope="module")
def event_paths(live_site, live_env) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", SETUP],
        cwd=ROOT,
        env=live_env,
        check=True,
        capture_output=True,
        text=True,
    )
    made = json.loads(done.stdout.strip().splitlines()[-1])
    return [f"/a/{made['arena']}/", f"/s/{made['swiss']}/"]


def test_event_pages_fit_a_phone(live_site, new_page, event_paths):
    page = new_page(*PHONE)
    for path in event_paths:
        assert page.goto(live_site + path).ok, path
        page.wait_for_selector("#arena-table tbody tr, #swiss-table tbody tr")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE[0], (path, width)


def test_event_pages_have_no_serious_accessibility_problem(live_site, new_page, event_paths):
    page = new_page()
    for path in event_paths:
        page.goto(live_site + path)
        page.wait_for_selector("#arena-table tbody tr, #swiss-table tbody tr")
        assert serious(page) == [], path
