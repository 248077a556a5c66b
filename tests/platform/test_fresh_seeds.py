"""Every match draws its own secret seed (issue 38, E3): a finished match's record publishes
its seed, so a rematch that reused it could be computed offline by the side that picks."""

import pytest
from django.contrib.auth import get_user_model

from games.engines import get_engine
from games.matches import services
from games.matches.identity import Player
from games.models import Match, Rating

from .conftest import persona

pytestmark = pytest.mark.django_db

CB = "card-battle"


def member(name: str) -> Player:
    user = get_user_model().objects.create_user(name, password="a long enough pass 1")
    return Player(user_id=user.pk, guest_id=f"g-{name}", name=name)


def choose(match: Match, player: Player, deck: str) -> None:
    match.refresh_from_db()
    seat = next(s.index for s in match.seats.all() if player.owns(s))
    actions = get_engine(CB).legal_actions(match.state, seat)
    action = next(a for a in actions if a.get("name") == deck)
    services.submit(match.pk, player, seat, action, step=match.step)


def test_a_card_battle_rematch_gets_a_fresh_seed_and_no_two_matches_share_one():
    alice, bob = persona("alice"), persona("bob")
    first = services.create_match(CB, alice)
    services.join_match(first.pk, bob)
    choose(first, alice, "Rush")
    choose(first, bob, "Tank")
    offer = services.rematch(first.pk, alice)
    services.join_match(offer.pk, bob)
    offer.refresh_from_db()
    assert offer.status == Match.Status.FINISHED, "both decks carried over: set-up decides it"
    bot = services.create_match(CB, alice, mode=Match.Mode.BOT)
    services.resign(bot.pk, alice)
    bot_again = services.rematch(bot.pk, alice)
    seeds = list(Match.objects.values_list("seed", flat=True))
    assert len(seeds) == 4
    assert len(set(seeds)) == len(seeds), "two matches share a seed"
    assert offer.seed != first.seed and bot_again.seed != bot.seed


def test_a_rated_card_battle_rematch_decided_at_set_up_moves_both_ratings():
    ada, bo = member("ada"), member("bo")
    first = services.create_match(CB, ada, rated=True)
    services.join_match(first.pk, bo)
    choose(first, ada, "Rush")
    choose(first, bo, "Tank")
    games_before = {r.user_id: r.games for r in Rating.objects.all()}
    offer = services.rematch(first.pk, ada)
    services.join_match(offer.pk, bo)
    offer.refresh_from_db()
    assert offer.status == Match.Status.FINISHED and offer.rated
    assert offer.rating_changes.count() == 2
    after = {r.user_id: r.games for r in Rating.objects.all()}
    assert after == {uid: n + 1 for uid, n in games_before.items()}
