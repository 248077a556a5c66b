"""Bounded inputs over HTTP (issue 22, findings 4 and 5): each attack gets a clean refusal
(4xx, or the builder's error list), never a 500, a traceback or an echo of what was sent."""

import json

import pytest

from games.engines.card_battle import READY_MADE_DECKS
from games.engines.gundam import STARTER_DECKS
from games.matches.bounded_json import Unreadable, loads, nesting_depth
from games.models import Deck

pytestmark = pytest.mark.django_db
CB, GD = "card-battle", "gundam"
LONE = "\ud800"  # a lone surrogate: parses from JSON, cannot be encoded as UTF-8


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_a_long_simulator_seed_is_refused_at_once(client):
    ready = f"ready:{next(iter(READY_MADE_DECKS))}"
    response = client.post(
        "/decks/card-battle/simulate/run/", {"a": ready, "b": ready, "n": 10, "seed": "s" * 2**21}
    )
    assert response.status_code == 400
    assert response.content.decode() == "The seed is at most 64 characters."
    ok = client.post(
        "/decks/card-battle/simulate/run/", {"a": ready, "b": ready, "n": 10, "seed": "s" * 64}
    )
    assert ok.status_code == 200 and "10 of 10 matches" in ok.content.decode()


def test_a_huge_deck_gets_a_short_answer(client):
    """488 KiB of deck used to be answered with 10.6 MB of errors."""
    deck = {"main": [f"X{n:06}" for n in range(60_000)], "resource": []}
    body = json.dumps(deck)
    assert len(body) > 480_000
    response = client.post(f"/decks/{GD}/validate/", {"data": body})
    assert response.status_code == 200
    assert len(response.content) < 1000
    assert "too large" in response.content.decode()
    assert "X000001" not in response.content.decode()


def test_many_problems_are_told_a_few_at_a_time(client):
    deck = {
        "main": [f"X{n:03}" for n in range(50)],
        "resource": [],
        **{f"k{n}": 1 for n in range(40)},
    }
    response = client.post(f"/decks/{GD}/validate/", {"data": json.dumps(deck)})
    assert response.status_code == 200
    assert response.content.decode().count("<li") <= 13


@pytest.mark.parametrize("deck_id", ["abc", "1e3", "١٢", "9" * 40, "-1", " 1"])
def test_a_non_numeric_deck_id_is_refused(client, deck_id):
    response = client.post(
        f"/decks/{GD}/validate/",
        {"data": json.dumps(STARTER_DECKS[next(iter(STARTER_DECKS))]), "deck_id": deck_id},
    )
    assert response.status_code == 400
    assert deck_id not in response.content.decode()


@pytest.mark.parametrize(
    "body, reason",
    [
        (nested(4000), "nested too deeply"),
        ('{"main": ' + nested(50) + ', "resource": []}', "nested too deeply"),
        (json.dumps({"main": ["OG01-001" + LONE], "resource": []}), "not valid Unicode"),
        (json.dumps({"main": [], "resource": [], LONE: 1}), "not valid Unicode"),
        (json.dumps({"main": ["x" * 5000], "resource": []}), "too long"),
        ("{" * 3, "not well-formed JSON"),
    ],
    ids=["deep", "deep-inside", "surrogate-card", "surrogate-key", "long-card", "broken"],
)
def test_hostile_deck_json_is_refused_and_nothing_saved(client, body, reason):
    checked = client.post(f"/decks/{GD}/validate/", {"data": body})
    assert checked.status_code == 200 and reason in checked.content.decode()
    saved = client.post(f"/decks/{GD}/new/", {"name": "Mine", "data": body})
    assert saved.status_code == 400
    assert any(reason in e for e in saved.context["errors"]), saved.context["errors"]
    assert not Deck.objects.exists()


def test_a_lone_surrogate_in_a_card_battle_deck_name_is_refused(client):
    deck = {**READY_MADE_DECKS["Balanced"], "name": "Mine" + LONE}
    response = client.post(f"/decks/{CB}/new/", {"name": "Mine", "data": json.dumps(deck)})
    assert response.status_code == 400
    assert not Deck.objects.exists()


def test_a_deck_poisoned_before_these_checks_never_breaks_a_page(client):
    """A deck saved with lone surrogates in its JSON (as the builder once allowed: the
    database stores them escaped) is shown with U+FFFD on every page that shows it,
    including the Card Battle match that offers it."""
    client.post("/me/guest/")  # as the lobby's script does: the visitor becomes a guest
    guest = client.session["guest_id"]
    deck = {**READY_MADE_DECKS["Balanced"], "name": "Bad" + LONE}
    deck["cards"] = [*deck["cards"][:-1], "Goblin" + LONE]
    poisoned = Deck.objects.create(game=CB, name="Poisoned", data=deck, guest_id=guest)
    gundam = Deck.objects.create(
        game=GD, name="G", data={"main": ["OG01-001" + LONE], "resource": []}, guest_id=guest
    )
    for url in (
        f"/decks/{CB}/",
        f"/decks/{CB}/{poisoned.pk}/",
        "/decks/card-battle/simulate/",
        f"/decks/{GD}/",
        f"/decks/{GD}/{gundam.pk}/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    assert "Goblin\\ufffd" in client.get(f"/decks/{CB}/{poisoned.pk}/").content.decode()
    created = client.post(f"/g/{CB}/create/", {"mode": "bot", "timed": "off"})
    page = client.get(created["Location"])
    assert page.status_code == 200
    assert "Poisoned" in page.content.decode()


def test_the_scanner_counts_depth_outside_strings_only():
    assert nesting_depth('{"a": "[[[[[[", "b": [[1]]}') == 3
    assert nesting_depth(r'["\"[[[["]') == 1
    with pytest.raises(Unreadable, match="too large"):
        loads("1" * 20, max_bytes=10, max_depth=3)
    with pytest.raises(Unreadable, match="not text"):
        loads(b"[]", max_bytes=10, max_depth=3)
    assert loads('{"a": [1, {"b": "c"}]}', max_bytes=100, max_depth=3) == {"a": [1, {"b": "c"}]}
