"""The match lifecycle on the server: a challenge is cancelled only while nobody has joined,
and Elemental Clash is untimed only in hot-seat (ECR-13)."""

import pytest

from games.matches import services
from games.models import Match

from .conftest import EC, persona, session_cookie_for

pytestmark = pytest.mark.django_db

ALICE, BOB = persona("alice"), persona("bob")


def as_player(client, player):
    """The test client carries the persona's guest session, as that person's browser would."""
    key, value = session_cookie_for(player).decode().split("=", 1)
    client.cookies[key] = value
    return client


def test_the_server_refuses_to_abort_a_challenge_after_the_join():
    """A "Cancel challenge" that reaches the server after the opponent joined must not call
    off the started match for both: it is refused and the match stays in play."""
    match = services.create_match("phalanx", ALICE)
    services.join_match(match.pk, BOB)
    with pytest.raises(services.Rejected) as err:
        services.abort_match(match.pk, ALICE)
    assert err.value.code == "JOINED"
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.outcome is None


def test_a_late_cancel_through_the_page_is_refused_with_a_message(client):
    match = services.create_match(EC, ALICE)
    services.join_match(match.pk, BOB)
    response = as_player(client, ALICE).post(f"/m/{match.code}/abort/", follow=True)
    assert "resign instead" in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_cancel_challenge_is_on_the_page_only_while_nobody_has_joined(client):
    match = services.create_match(EC, ALICE)
    as_player(client, ALICE)
    waiting = client.get(f"/m/{match.code}/").content.decode()
    assert "Cancel challenge" in waiting
    services.join_match(match.pk, BOB)
    started = client.get(f"/m/{match.code}/").content.decode()
    assert "Cancel challenge" not in started and 'id="board"' in started


def test_a_waiting_challenge_can_still_be_cancelled(client):
    match = services.create_match(EC, ALICE)
    as_player(client, ALICE).post(f"/m/{match.code}/abort/")
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED


@pytest.mark.parametrize("mode", ["online", "bot"])
def test_ECR_13_untimed_elemental_clash_is_refused_online_and_against_the_bot(client, mode):
    """ECR-13: timers apply in every mode; only hot-seat may be untimed. A request for an
    untimed online or bot match (the form no longer offers one) is refused, nothing made."""
    response = client.post(f"/g/{EC}/create/", {"mode": mode, "timed": "off"}, follow=True)
    assert not Match.objects.exists()
    assert "untimed only in hot-seat" in response.content.decode()


def test_ECR_13_the_lobby_offers_untimed_only_as_hot_seat(client):
    """ECR-13: Elemental Clash's form has no "Timed" box; hot-seat without timers is its own
    choice and makes an untimed hot-seat match; online from the same form is timed."""
    html = client.get(f"/g/{EC}/").content.decode()
    assert 'name="timed"' not in html
    assert 'value="hotseat-untimed"' in html
    client.post(f"/g/{EC}/create/", {"mode": "hotseat-untimed"})
    hotseat = Match.objects.get()
    assert hotseat.mode == Match.Mode.HOTSEAT and not hotseat.timed
    assert hotseat.deadline_at is None
    client.post(f"/g/{EC}/create/", {"mode": "online"})
    assert Match.objects.exclude(pk=hotseat.pk).get().timed


def test_the_timed_box_stays_for_games_whose_rules_allow_untimed_play(client):
    """Phalanx, ShapeShips and Gundam have no clock in their rules (PXC-1, SSX-CLOCK,
    GUN-X-CLOCK are the hall's), so the "Timed" box is offered and honoured in every mode."""
    for game in ("phalanx", "shapeships", "gundam"):
        assert 'name="timed"' in client.get(f"/g/{game}/").content.decode()
    client.post("/g/phalanx/create/", {"mode": "bot", "timed": "off"})
    assert not Match.objects.get().timed


def test_card_battle_has_no_timed_box(client):
    """CB-TIME-02: Card Battle's one decision, the deck choice, is always on the hall's
    clock, so its lobby offers no "Timed" switch."""
    assert 'name="timed"' not in client.get("/g/card-battle/").content.decode()
