""" "My matches" in words from the visitor's side, newest first, twenty to a page."""

import pytest

from games.matches import services
from games.models import Match

from .conftest import EC, persona

pytestmark = pytest.mark.django_db


def test_each_row_says_the_game_the_opponent_and_the_result_from_my_side(client):
    client.post(f"/g/{EC}/create/", {"mode": "online", "timed": "on"})
    won = Match.objects.get()
    services.join_match(won.pk, persona("bo"))
    services.resign(won.pk, persona("bo"))
    html = client.get("/me/matches/").content.decode()
    row = html[html.index(f'data-code="{won.code}"') :].split("</tr>")[0]
    assert "Elemental Clash" in row and "bo" in row
    assert "<strong>Won</strong>: bo resigned" in row
    assert "elemental-clash" not in row.split("href")[0], "the game's name, not its slug"
    assert f"/m/{won.code}/replay/" in row


def test_the_list_is_paged(client):
    for _ in range(21):
        client.post(f"/g/{EC}/create/", {"mode": "bot", "timed": "on"})
    codes = list(Match.objects.order_by("created_at", "pk").values_list("code", flat=True))
    first = client.get("/me/matches/").content.decode()
    assert first.count('class="history-row"') == 20 and "Page 1 of 2" in first
    assert codes[0] not in first, "the oldest goes to the second page"
    second = client.get("/me/matches/?page=2").content.decode()
    assert codes[0] in second and second.count('class="history-row"') == 1
