"""An online rematch is an offer the other player accepts or declines (issue 17): it never
starts, runs a clock or risks a rating for someone who did not agree to it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.live.rendering import Viewer, render_fragments
from games.matches import services
from games.matches.lobby import lobby_context
from games.models import Match, Seat

from .conftest import EC

pytestmark = pytest.mark.django_db


def finished_online(alice, bob) -> Match:
    match = services.create_match(EC, alice)
    services.join_match(match.pk, bob)
    services.resign(match.pk, alice)
    return Match.objects.get(pk=match.pk)


def names(match: Match) -> dict[int, str]:
    return {s.index: s.display_name for s in match.seats.all()}


def test_asking_for_an_online_rematch_offers_it_and_seats_only_the_asker_swapped(alice, bob):
    old = finished_online(alice, bob)
    offer = services.rematch(old.pk, alice)
    assert offer.status == Match.Status.WAITING and offer.rematch_of_id == old.pk
    assert names(offer) == {1: "alice"}, "alice played seat 1 last time: she sits at 2 now"
    assert offer.deadline_at is None, "no clock runs for someone who has not accepted"
    assert services.rematch(old.pk, alice).pk == offer.pk, "asking twice is one offer"


def test_the_other_player_accepting_starts_it_with_sides_swapped(alice, bob):
    old = finished_online(alice, bob)
    offer = services.rematch(old.pk, alice)
    services.join_match(offer.pk, bob)
    offer.refresh_from_db()
    assert offer.status == Match.Status.ACTIVE and offer.deadline_at is not None
    assert names(offer) == {0: "bob", 1: "alice"} and offer.seed != old.seed


def test_both_asking_at_once_is_an_acceptance(alice, bob):
    old = finished_online(alice, bob)
    first = services.rematch(old.pk, alice)
    second = services.rematch(old.pk, bob)
    assert second.pk == first.pk and second.status == Match.Status.ACTIVE
    assert names(second) == {0: "bob", 1: "alice"}


def test_an_offer_is_reserved_for_the_other_player_and_stays_out_of_the_lobby(alice, bob, carol):
    old = finished_online(alice, bob)
    offer = services.rematch(old.pk, alice)
    with pytest.raises(services.Rejected) as err:
        services.join_match(offer.pk, carol)
    assert err.value.code == "RESERVED"
    listed = [r["code"] for r in lobby_context(EC, carol)["open_challenges"]]
    assert offer.code not in listed


def test_declining_calls_it_off_and_says_who_declined(alice, bob):
    old = finished_online(alice, bob)
    offer = services.rematch(old.pk, alice)
    with pytest.raises(services.Rejected):
        services.decline_rematch(offer.pk, alice)  # the asker withdraws; she cannot decline
    services.decline_rematch(offer.pk, bob)
    offer.refresh_from_db()
    assert offer.status == Match.Status.ABORTED
    assert offer.outcome["reason"] == "declined"
    assert offer.outcome["message"] == "bob declined the rematch."
    with pytest.raises(services.Rejected) as err:
        services.rematch(old.pk, alice)
    assert err.value.code == "CALLED_OFF" and "declined" in err.value.message
    with pytest.raises(services.Rejected):
        services.join_match(offer.pk, bob)


def test_the_asker_withdrawing_says_so(alice, bob):
    old = finished_online(alice, bob)
    offer = services.rematch(old.pk, alice)
    services.abort_match(offer.pk, alice)
    offer.refresh_from_db()
    assert offer.outcome["reason"] == "withdrawn"
    assert "alice withdrew the rematch offer" in offer.outcome["message"]


def test_an_offer_expires_like_a_challenge_when_the_asker_has_left(alice, bob, settings):
    settings.CHALLENGE_EXPIRY_SECONDS = 60
    old = finished_online(alice, bob)
    offer = services.rematch(old.pk, alice)
    assert not services.expire_challenge(offer.pk), "fresh: she may still be on the page"
    # Her seat is seat 2 of the offer: absence is read from it, not from seat 1.
    gone = timezone.now() - timedelta(seconds=120)
    Seat.objects.filter(match=offer).update(last_seen=gone)
    Match.objects.filter(pk=offer.pk).update(created_at=gone)
    assert services.expire_challenge(offer.pk)
    offer.refresh_from_db()
    assert offer.status == Match.Status.ABORTED
    assert offer.outcome["message"] == "The rematch offer expired: its creator left."


def test_a_bot_rematch_still_starts_at_once(alice):
    match = services.create_match(EC, alice, mode=Match.Mode.BOT)
    services.resign(match.pk, alice)
    again = services.rematch(match.pk, alice)
    assert again.status == Match.Status.ACTIVE and len(names(again)) == 2


def test_the_finished_page_offers_accept_and_decline_to_the_other_player_only(alice, bob, carol):

    old = finished_online(alice, bob)
    offer = services.rematch(old.pk, alice)
    old = Match.objects.get(pk=old.pk)
    for_bob = render_fragments(old, Viewer(bob, 1, False))
    assert "alice offers a rematch" in for_bob
    assert f"/m/{offer.code}/join/" in for_bob and f"/m/{offer.code}/decline/" in for_bob
    for_alice = render_fragments(old, Viewer(alice, 0, False))
    assert "waiting for your opponent" in for_alice and "/decline/" not in for_alice
    for_carol = render_fragments(old, Viewer(carol, None, False))
    assert offer.code not in for_carol, "a spectator sees the rematch once it is on"
    services.decline_rematch(offer.pk, bob)
    old = Match.objects.get(pk=old.pk)
    assert "bob declined the rematch." in render_fragments(old, Viewer(alice, 0, False))
