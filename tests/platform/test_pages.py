"""The pages a person walks through: hall, lobbies, how-to-play, create, match, history, sign-up."""

import re

import pytest

from games.engines import GAME_MODULES, get_engine
from games.models import Match, Seat

pytestmark = pytest.mark.django_db


def test_the_hall_lists_every_game_with_its_pitch(client):
    html = client.get("/").content.decode()
    for slug in GAME_MODULES:
        engine = get_engine(slug)
        assert engine.name in html and engine.pitch in html
        assert f"/g/{slug}/" in html


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_each_lobby_and_how_to_play_page_renders(client, game):
    lobby = client.get(f"/g/{game}/")
    assert lobby.status_code == 200 and b"Create match" in lobby.content
    assert client.get(f"/g/{game}/how-to-play/").status_code == 200


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_a_bot_match_page_renders_the_board_for_its_player(client, game):
    # ECR-13: Elemental Clash against the bot is always timed (tests/platform/test_lifecycle.py).
    timed = "on" if get_engine(game).untimed_only_hot_seat else "off"
    response = client.post(f"/g/{game}/create/", {"mode": "bot", "timed": timed})
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert 'id="board"' in html and "Duelbot" in html
    match = Match.objects.get()
    assert match.status == Match.Status.ACTIVE and match.seed not in html


def test_an_unknown_game_is_a_404(client):
    assert client.get("/g/chess/").status_code == 404


def test_match_options_reach_the_config(client):
    client.post("/g/phalanx/create/", {"mode": "bot", "damage_mode": "per-turn"})
    assert Match.objects.get().config == {"damage_mode": "per-turn"}


def test_a_bad_option_is_refused_with_a_message(client):
    response = client.post(
        "/g/phalanx/create/", {"mode": "bot", "damage_mode": "explode"}, follow=True
    )
    assert not Match.objects.exists()
    assert "Damage mode" in response.content.decode()


def test_gundam_variants_are_offered_and_applied(client):
    assert b"Hand limit" in client.get("/g/gundam/").content
    client.post(
        "/g/gundam/create/", {"mode": "bot", "hand_limit": "10", "first_player_draws": "True"}
    )
    assert Match.objects.get().config == {"hand_limit": 10, "first_player_draws": True}


def test_an_online_challenge_gives_an_invite_link_and_a_second_visitor_can_join(
    client, django_user_model
):
    from django.test import Client

    response = client.post("/g/elemental-clash/create/", {"mode": "online"})
    url = response["Location"]
    html = client.get(url).content.decode()
    assert re.search(r'class="invite-link" readonly value="http://testserver/m/\w+/"', html)
    guest = Client()
    assert b"Join this match" in guest.get(url).content
    guest.post(url + "join/")
    assert Match.objects.get().status == Match.Status.ACTIVE


def test_history_lists_my_matches_and_signing_up_keeps_them(client, django_user_model):
    client.post("/g/elemental-clash/create/", {"mode": "bot"})
    code = Match.objects.get().code
    assert code in client.get("/me/matches/").content.decode()
    client.post(
        "/accounts/signup/",
        {"username": "erin", "password1": "a-long-passphrase", "password2": "a-long-passphrase"},
    )
    user = django_user_model.objects.get(username="erin")
    assert Seat.objects.get(match__code=code, index=0).user == user
    assert code in client.get("/me/matches/").content.decode()


def test_forms_need_a_csrf_token():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.get("/")
    assert strict.post("/g/elemental-clash/create/", {"mode": "bot"}).status_code == 403
    assert not Match.objects.exists()


def test_the_card_battle_bot_can_be_given_a_deck_and_a_rematch_swaps_decks(client):
    """Issue 4: challenge the bot with its deck picked; the rematch swaps sides, on a fresh
    seed (issue 38, E3: the finished match's record publishes the old one)."""
    from games.engines.card_battle import READY_MADE_DECKS
    from games.matches import services

    client.post("/g/card-battle/create/", {"mode": "bot", "bot_deck": "Rush"})
    match = Match.objects.get()
    assert match.config["decks"]["1"]["name"] == "Rush"
    assert "bot_deck" not in match.config
    player = client.get("/").wsgi_request.player
    services.submit(
        match.pk,
        player,
        0,
        {"type": "choose_deck", "name": "Tank", "deck": READY_MADE_DECKS["Tank"]},
        match.step,
    )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    again = services.rematch(match.pk, player)
    assert again.seed != match.seed
    assert (
        again.config["decks"]["0"]["name"] == "Rush"
        and again.config["decks"]["1"]["name"] == "Tank"
    )
    assert again.status == Match.Status.FINISHED, "both decks known: the battle resolves at set-up"
    assert again.seat_at(1).display_name == match.seat_at(0).display_name


def test_the_bot_deck_option_is_ignored_for_an_online_challenge(client):
    client.post("/g/card-battle/create/", {"mode": "online", "bot_deck": "Rush"})
    assert Match.objects.get().config == {}


def test_the_game_over_panel_says_who_won_and_why_with_a_rematch_button(client):
    client.post("/g/elemental-clash/create/", {"mode": "bot"})
    match = Match.objects.get()
    client.post(f"/m/{match.code}/resign/")
    html = client.get(f"/m/{match.code}/").content.decode()
    panel = html[html.index('class="panel gameover-panel"') :]
    # In words, from the player's side: no reason code.
    assert "You lost" in panel and "resigned" in panel
    assert "Rematch" in panel and f"/m/{match.code}/replay/" in panel


def test_a_double_loss_shows_an_anti_war_message():
    from django.template.loader import render_to_string

    from games.engines.elemental_clash.constants import ANTI_WAR_MESSAGES

    summary = {
        "code": "dbl1",
        "slug": "elemental-clash",
        "status": "finished",
        "names": {"0": "alice", "1": "bob"},
        "outcome": {
            "result": "double_loss",
            "winner": None,
            "reason": "double_ko",
            "message": ANTI_WAR_MESSAGES[1],
        },
    }
    html = render_to_string("match/_gameover_panel.html", {"match": summary, "seat": 0})
    assert "Both lost" in html and "Both bases fell together." in html
    assert ANTI_WAR_MESSAGES[1] in html
