"""The result panel names players, not the seats an engine's sentence speaks of."""

import pytest
from django.template import Context, Template

from games.live.rendering import Viewer, render_fragments
from games.matches import services
from games.models import Match
from games.templatetags.duelhall import with_names

from .conftest import EC, persona

NAMES = {"0": "Alice", "1": "Bob"}


def test_seat_labels_become_names():
    assert with_names("Seat 1 wins!", NAMES) == "Alice wins!"
    assert with_names("Player 1 wins on turn 9: Player 2 fell.", NAMES) == (
        "Alice wins on turn 9: Bob fell."
    )
    assert with_names("Seat 12 is not a seat", NAMES) == "Seat 12 is not a seat"
    assert with_names("Seat 1 wins!", None) == "Seat 1 wins!", "no names: the sentence as is"


def test_card_battle_cards_are_named_by_their_owner():
    """The battle record names a card "P1 Goblin #1" (games/engines/card_battle/battle.py);
    its playback caption and log read the owner's name."""
    assert with_names("P1 Goblin #1 hits P2 Wizard #1 for 10: 60 → 50 HP.", NAMES) == (
        "Alice's Goblin #1 hits Bob's Wizard #1 for 10: 60 → 50 HP."
    )
    assert with_names("P12 is no seat; P3 Goblin neither", NAMES) == (
        "P12 is no seat; P3 Goblin neither"
    )
    assert with_names("P1 Goblin #1", None) == "P1 Goblin #1"


def test_a_name_is_escaped_like_any_text():
    page = Template("{{ m|with_names:names }}").render(
        Context({"m": "Seat 2 wins!", "names": {"1": "<b>Bob</b>"}})
    )
    assert page == "&lt;b&gt;Bob&lt;/b&gt; wins!"


@pytest.mark.django_db
def test_the_game_over_panel_names_the_players():
    match = services.create_match(EC, persona("alice"), timed=False)
    services.join_match(match.pk, persona("bob"))
    outcome = {"result": "win", "winner": 1, "reason": "base_destroyed", "message": "Seat 2 wins!"}
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, outcome=outcome)
    finished = Match.objects.prefetch_related("seats").get(pk=match.pk)
    html = render_fragments(finished, Viewer(persona("alice"), 0))
    panel = html[html.index('id="gameover"') :]
    assert "You lost" in panel and "Seat 2" not in panel
    assert "Your base was destroyed." in panel, "the reason in words, from Alice's side"
    html = render_fragments(finished, Viewer(persona("bob"), 1))
    panel = html[html.index('id="gameover"') :]
    assert "You won" in panel
    # The name as its player wrote it ("alice"), even where it opens the sentence.
    assert "alice&#x27;s base was destroyed." in panel, "the reason in words, with the name"
