"""Open challenges are limited per player and per client address (issue 38, E9: one guest
filled a lobby's 50 open challenges in 0.6 s)."""

import pytest
from django.test import Client

from games.models import Match

pytestmark = pytest.mark.django_db
PX = "phalanx"


def post_challenge(client: Client, address: str, game: str = PX):
    return client.post(
        f"/g/{game}/create/", {"mode": "online", "timed": "on"}, REMOTE_ADDR=address, follow=True
    )


def open_challenges() -> int:
    return Match.objects.filter(status=Match.Status.WAITING).count()


def test_a_player_may_have_three_open_challenges(settings):
    settings.OPEN_CHALLENGES_PER_PLAYER = 3
    guest = Client()
    for _ in range(3):
        post_challenge(guest, "203.0.113.5")
    assert open_challenges() == 3
    refused = post_challenge(guest, "203.0.113.5", game="elemental-clash")
    assert "You already have 3 open challenges" in refused.content.decode()
    assert open_challenges() == 3
    guest.post(f"/g/{PX}/create/", {"mode": "bot"}, REMOTE_ADDR="203.0.113.5")
    assert Match.objects.filter(mode=Match.Mode.BOT).count() == 1, "bot matches are no challenge"
    first = Match.objects.filter(status=Match.Status.WAITING).first()
    guest.post(f"/m/{first.code}/abort/", REMOTE_ADDR="203.0.113.5")
    assert open_challenges() == 2, "calling one off frees a place"
    post_challenge(guest, "203.0.113.5")
    assert open_challenges() == 3


def test_one_address_may_have_a_limited_number_of_open_challenges(settings):
    settings.OPEN_CHALLENGES_PER_PLAYER = 3
    settings.OPEN_CHALLENGES_PER_ADDRESS = 5
    for _ in range(2):
        guest = Client()
        for _ in range(3):
            last = post_challenge(guest, "203.0.113.5")
    assert open_challenges() == 5
    assert "Too many open challenges from this address" in last.content.decode()
    post_challenge(Client(), "198.51.100.7")
    assert open_challenges() == 6, "another address posts as before"
