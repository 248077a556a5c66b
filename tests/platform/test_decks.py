"""Deck pages: every invalid deck gets a clear error and nothing is saved (Card Battle)."""

import json

import pytest

from games.engines.card_battle import READY_MADE_DECKS
from games.models import Deck

pytestmark = pytest.mark.django_db
CB = "card-battle"


def post_deck(client, deck: dict, name: str = "Mine", url: str = f"/decks/{CB}/new/"):
    return client.post(url, {"name": name, "data": json.dumps(deck)})


def balanced() -> dict:
    return json.loads(json.dumps(READY_MADE_DECKS["Balanced"]))


def test_a_legal_deck_is_saved_for_the_guest(client):
    response = post_deck(client, balanced())
    assert response.status_code == 302
    deck = Deck.objects.get()
    assert deck.name == "Mine" and deck.data["cards"] == balanced()["cards"]
    assert deck.guest_id == client.session["guest_id"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["cards"].pop(), "20"),  # 19 cards
        (lambda d: d["cards"].append("Goblin"), "20"),  # 21 cards
        (lambda d: d["cards"].__setitem__(0, "Dragon"), "Dragon"),  # unknown card
        (lambda d: d.pop("deck_type"), "type"),
        (lambda d: d.__setitem__("strategy", "berserk"), "strateg"),
    ],
    ids=["19-cards", "21-cards", "unknown-card", "missing-type", "invalid-strategy"],
)
def test_an_invalid_deck_is_refused_with_a_clear_error_and_nothing_saved(client, change, words):
    deck = balanced()
    change(deck)
    response = post_deck(client, deck)
    assert response.status_code == 400
    errors = response.context["errors"]
    assert errors and any(words.lower() in e.lower() for e in errors), errors
    assert not Deck.objects.exists()


def test_editing_a_saved_decks_type_is_refused_cbr_9(client):
    """CBR-9: deck type and strategy are fixed once the deck is created."""
    post_deck(client, balanced())
    deck = Deck.objects.get()
    changed = balanced()
    changed["deck_type"] = "angry" if changed["deck_type"] != "angry" else "hardy"
    response = post_deck(client, changed, url=f"/decks/{CB}/{deck.pk}/")
    assert response.status_code == 400
    deck.refresh_from_db()
    assert deck.data["deck_type"] == balanced()["deck_type"]


def test_live_validation_lists_every_problem(client):
    deck = balanced()
    deck["cards"] = deck["cards"][:5] + ["Dragon"]
    html = client.post(f"/decks/{CB}/validate/", {"data": json.dumps(deck)}).content.decode()
    assert "Dragon" in html and "20" in html


def test_someone_elses_deck_is_not_found(client, django_user_model):
    post_deck(client, balanced())
    deck = Deck.objects.get()
    client.cookies.clear()
    assert client.get(f"/decks/{CB}/{deck.pk}/").status_code == 404


def test_duplicate_and_delete(client):
    post_deck(client, balanced())
    deck = Deck.objects.get()
    client.post(f"/decks/{CB}/{deck.pk}/duplicate/")
    assert Deck.objects.count() == 2
    client.post(f"/decks/{CB}/{deck.pk}/delete/")
    assert list(Deck.objects.values_list("name", flat=True)) == ["Mine (copy)"]


def test_the_simulator_runs_in_chunks_to_a_win_rate(client):
    html = client.post(
        "/decks/card-battle/simulate/run/",
        {"a": "ready:Rush", "b": "ready:Tank", "n": "20", "seed": "fixed"},
    ).content.decode()
    assert "10 of 20" in html and 'hx-trigger="load"' in html
    html = client.post(
        "/decks/card-battle/simulate/run/",
        {
            "a": "ready:Rush",
            "b": "ready:Tank",
            "n": "20",
            "seed": "fixed",
            "done": "10",
            "wins_a": "0",
            "wins_b": "10",
        },
    ).content.decode()
    assert "20 of 20" in html and "done" in html


def test_a_gundam_deck_over_four_copies_is_refused_and_a_starter_deck_saves(client):
    from games.engines.gundam import STARTER_DECKS

    starter = json.loads(json.dumps(STARTER_DECKS["Coalition Bulwark"]))
    assert post_deck(client, starter, url="/decks/gundam/new/").status_code == 302
    too_many = json.loads(json.dumps(starter))
    too_many["main"] = too_many["main"][:45] + [too_many["main"][0]] * 5
    response = post_deck(client, too_many, name="Greedy", url="/decks/gundam/new/")
    assert response.status_code == 400
    assert any("4" in e for e in response.context["errors"])
    assert list(Deck.objects.values_list("name", flat=True)) == ["Mine"]


def test_the_gundam_builder_page_offers_the_pool(client):
    html = client.get("/decks/gundam/new/?from=Vanguard Rush").content.decode()
    assert 'id="gd-builder"' in html and "OG01-001" in html and "deck-catalogue" in html


def test_CB_SIM_01_the_simulator_alternates_seats_and_names_both_decks(client):
    """CB-SIM-01: battle i puts deck A in seat i % 2 (the engine's iter_simulations order),
    so the page's counts are the engine's win_rate; the table names both decks."""
    from games.engines.card_battle import READY_MADE_DECKS
    from games.engines.card_battle.simulate import win_rate

    expected = win_rate(READY_MADE_DECKS["Balanced"], READY_MADE_DECKS["Glass Cannon"], 20, "fixed")
    form = {"a": "ready:Balanced", "b": "ready:Glass Cannon", "n": "20", "seed": "fixed"}
    client.post("/decks/card-battle/simulate/run/", form)
    html = client.post(
        "/decks/card-battle/simulate/run/",
        {**form, "done": "10", **_counts(client.post("/decks/card-battle/simulate/run/", form))},
    ).content.decode()
    assert "20 of 20" in html
    assert f'<td id="sim-rate-a">{expected["wins_a"]} (' in html
    assert f'<td id="sim-rate-b">{expected["wins_b"]} (' in html
    assert '<th id="sim-name-a">Balanced (ready-made) wins</th>' in html
    assert '<th id="sim-name-b">Glass Cannon (ready-made) wins</th>' in html


def _counts(response) -> dict:
    """The running totals a progress fragment carries to its next request."""
    import re

    html = response.content.decode()
    return dict(re.findall(r'name="(wins_a|wins_b|draws|turns)" value="(\d+)"', html))


def test_CBR_9_new_deck_from_these_cards_is_only_for_your_own_decks(client):
    """CBR-9: ?cards_of=<id> pre-fills a new, unsaved deck with your deck's cards (named
    "(new)"); another player's deck id is not found."""
    post_deck(client, balanced())
    deck = Deck.objects.get()
    html = client.get(f"/decks/{CB}/new/?cards_of={deck.pk}").content.decode()
    assert 'value="Mine (new)"' in html and "The cards of “Mine”" in html
    assert Deck.objects.count() == 1  # nothing saved yet
    client.cookies.clear()
    assert client.get(f"/decks/{CB}/new/?cards_of={deck.pk}").status_code == 404
