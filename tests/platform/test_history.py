""" "My matches" in words from the visitor's side, newest first, twenty to a page."""

import pytest
from django.contrib.auth import get_user_model

from games.matches import services
from games.matches.identity import Player
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
    # The table of all matches; the bot matches waiting for a move are also listed above it.
    first = client.get("/me/matches/").content.decode().split('<table class="history')[1]
    assert first.count('class="history-row"') == 20 and "Page 1 of 2" in first
    assert codes[0] not in first, "the oldest goes to the second page"
    second = client.get("/me/matches/?page=2").content.decode().split('<table class="history')[1]
    assert codes[0] in second and second.count('class="history-row"') == 1


def test_opponents_who_signed_up_link_to_their_player_pages_guests_and_bots_do_not(client):
    """Issue 20: names in "My matches" lead to player pages, as on boards and lobbies."""
    users = get_user_model().objects
    ada = Player(
        user_id=users.create_user("ada", password="pw 123456 x").pk, guest_id="g-a", name="ada"
    )
    bo = Player(
        user_id=users.create_user("bo", password="pw 123456 x").pk, guest_id="g-b", name="bo"
    )
    client.force_login(users.get(username="ada"))
    against_bo = services.create_match(EC, ada)
    services.join_match(against_bo.pk, bo)
    against_guest = services.create_match(EC, ada)
    services.join_match(against_guest.pk, persona("cy"))
    client.post(f"/g/{EC}/create/", {"mode": "bot", "timed": "on"})
    against_bot = Match.objects.exclude(pk__in=[against_bo.pk, against_guest.pk]).get()
    html = client.get("/me/matches/").content.decode()

    def opponent_cell(match):
        row = html[html.index(f'data-code="{match.code}"') :].split("</tr>")[0]
        return row.split('<td data-label="Opponent">')[1].split("</td>")[0].strip()

    assert '<a class="player-name" href="/u/bo/">bo</a>' in opponent_cell(against_bo)
    assert opponent_cell(against_guest) == '<span class="player-name">cy</span>'
    assert "Duelbot" in opponent_cell(against_bot) and "<a" not in opponent_cell(against_bot)
