"""Logging in after playing as a guest keeps the guest's matches and decks, exactly as
signing up does (issue 17, defect 6)."""

import pytest
from django.contrib.auth import get_user_model

from games.models import Deck, Match, Seat

pytestmark = pytest.mark.django_db

PASSWORD = "Quiet-Harbour-Lantern-27"


def test_logging_in_claims_the_guests_match_and_deck(client):
    get_user_model().objects.create_user("ada_logs_in", password=PASSWORD)
    assert client.post("/g/phalanx/create/", {"mode": "bot"}).status_code == 302
    guest_seat = Seat.objects.get(bot_level__isnull=True)
    Deck.objects.create(game="gundam", name="Guest deck", guest_id=guest_seat.guest_id, data={})
    assert guest_seat.user_id is None

    response = client.post(
        "/accounts/login/", {"username": "ada_logs_in", "password": PASSWORD}, follow=True
    )
    assert response.status_code == 200
    user = get_user_model().objects.get(username="ada_logs_in")
    assert Seat.objects.get(pk=guest_seat.pk).user_id == user.pk
    assert Deck.objects.get(name="Guest deck").user_id == user.pk
    history = client.get("/me/matches/").content.decode()
    assert Match.objects.get().code in history


def test_a_failed_login_claims_nothing(client):
    get_user_model().objects.create_user("ada_logs_in", password=PASSWORD)
    client.post("/g/phalanx/create/", {"mode": "bot"})
    client.post("/accounts/login/", {"username": "ada_logs_in", "password": "wrong"})
    assert Seat.objects.filter(user__isnull=False).count() == 0
