"""The lobby names a challenge's options as the create form does, never by config keys."""

import pytest

from games.engines import get_engine
from games.matches.options import options_in_words

pytestmark = pytest.mark.django_db


def test_an_open_challenge_shows_its_options_in_words(client):
    client.post("/g/phalanx/create/", {"mode": "online", "damage_mode": "per-turn"})
    html = client.get("/g/phalanx/").content.decode()
    challenges = html[html.index('id="open-challenges"') :].split("</ul>")[0]
    assert "Damage mode: Per turn (cards heal each turn)" in challenges
    assert "damage_mode" not in challenges and "per-turn" not in challenges


def test_defaults_and_undeclared_keys_are_not_said():
    gundam = get_engine("gundam")
    assert options_in_words(gundam, {"hand_limit": 7, "first_player_draws": True}) == [
        "Turn 1 for the first player: draws a card"
    ]
    card_battle = get_engine("card-battle")
    assert options_in_words(card_battle, {"decks": {"1": {"name": "Rush"}}}) == []
