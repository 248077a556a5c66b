"""Boards name the players in their logs, where engines write "Seat 1" or "Player 2"."""

import re

import pytest

from games.engines import GAME_MODULES
from games.live.rendering import Viewer, render_fragments
from games.models import Match

from .conftest import persona
from .playouts import versions_of_a_match

pytestmark = pytest.mark.django_db

SEAT_LABEL = re.compile(r"\b(?:Seat|Player) [12]\b")
PLAYERS = (persona("Alice"), persona("Bob"))


def played(game: str, moves: int) -> Match:
    """A match of ``game`` between Alice and Bob, ``moves`` seeded random moves in (or
    over)."""
    *_, last = versions_of_a_match(game, PLAYERS, rng_seed=f"log-names:{game}", moves=moves)
    return last


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_a_board_names_players_where_its_engine_wrote_seats(game):
    match = played(game, moves=300)
    html = render_fragments(match, Viewer(PLAYERS[0], 0))
    assert "Alice" in html and "Bob" in html
    assert SEAT_LABEL.findall(html) == [], f"{game} shows seat labels at step {match.step}"


def test_script_data_gets_names_in_its_texts_and_labels_only():
    from games.templatetags.duelhall import named_texts

    data = {
        "players": [{"label": "Player 1", "name": "Player 1 deck"}],
        "events": [{"text": "Player 2 draws", "seat": 1}, "Player 1"],
    }
    assert named_texts(data, {"0": "Alice", "1": "Bob"}) == {
        "players": [{"label": "Alice", "name": "Player 1 deck"}],
        "events": [{"text": "Bob draws", "seat": 1}, "Player 1"],
    }
    assert data["players"][0]["label"] == "Player 1", "the view itself is left as it was"
