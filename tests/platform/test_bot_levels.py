"""Choosing the bot's level when creating a bot match (issue 20's bot levels)."""

import pytest

from games.engines import all_engines
from games.models import Match, Seat

pytestmark = pytest.mark.django_db


def test_the_lobby_offers_the_levels_an_engine_plays(client):
    for slug, engine in all_engines().items():
        html = client.get(f"/g/{slug}/").content.decode()
        assert ('name="bot_level"' in html) == (len(engine.bot_levels) > 1), slug


@pytest.mark.parametrize(
    "slug", [slug for slug, engine in all_engines().items() if 2 in engine.bot_levels]
)
def test_a_level_two_bot_match_seats_a_level_two_bot(client, slug):
    response = client.post(f"/g/{slug}/create/", {"mode": "bot", "bot_level": "2"})
    assert response.status_code == 302
    bot = Seat.objects.get(bot_level__isnull=False)
    assert bot.bot_level == 2 and bot.display_name == "Duelbot (level 2)"
    html = client.get(response["Location"]).content.decode()
    assert "Duelbot (level 2)" in html


def test_a_level_the_engine_does_not_play_is_refused(client):
    for level in ("3", "0", "x", ""):
        response = client.post("/g/phalanx/create/", {"mode": "bot", "bot_level": level})
        assert response.status_code == 302 and response["Location"] == "/g/phalanx/"
    for slug, engine in all_engines().items():
        beyond = str(max(engine.bot_levels) + 1)
        response = client.post(f"/g/{slug}/create/", {"mode": "bot", "bot_level": beyond})
        assert response["Location"] == f"/g/{slug}/", slug
    assert not Match.objects.exists()


def test_no_level_given_is_level_one(client):
    client.post("/g/phalanx/create/", {"mode": "bot"})
    assert Seat.objects.get(bot_level__isnull=False).bot_level == 1
