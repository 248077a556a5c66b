"""Sessions do not pile up (issue 22, finding 7): a cookieless request that needs no guest
writes no session row, and the sweeper deletes expired sessions."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from games.management.commands.sweeper import clear_sessions_if_due
from games.matches import services

from .conftest import EC, persona

pytestmark = pytest.mark.django_db


def test_cookieless_reads_write_no_session_row():
    match = services.create_match(EC, persona("alice"))
    Session.objects.all().delete()
    for url in (
        "/",
        f"/g/{EC}/how-to-play/",
        f"/g/{EC}/leaderboard/",
        f"/m/{match.code}/",
        "/accounts/login/",
        "/no-such-page/",
        f"/g/{EC}/",
        # Issue 38: these wrote a session row per cookieless request.
        "/decks/card-battle/",
        "/decks/gundam/",
        "/decks/card-battle/simulate/",
        "/me/matches/",
        f"/m/{match.code}/join/",
    ):
        for _ in range(5):
            response = Client().get(url)  # a fresh client each time: no cookie at all
            assert response.status_code in (200, 404, 405), url
            assert "sessionid" not in response.cookies, url
    assert Session.objects.count() == 0


def test_a_cookieless_spectator_can_still_join_and_play_as_a_guest():
    match = services.create_match(EC, persona("alice"))
    client = Client()
    page = client.get(f"/m/{match.code}/").content.decode()
    assert "/join/" in page, "the join button is offered to a visitor without a session"
    assert Session.objects.count() == 0
    client.post(f"/m/{match.code}/join/")
    assert Session.objects.count() == 1
    guest = client.session["guest_id"]
    assert match.seats.get(index=1).guest_id == guest


def test_the_lobby_asks_for_a_guest_before_its_socket_opens():
    """Issue 38: the lobby wrote a session row per cookieless request. Its socket holds a
    "Play now" place and needs an identity: the page's script asks for one first (a POST),
    and that one row serves every later request."""
    client = Client()
    page = client.get(f"/g/{EC}/").content.decode()
    assert Session.objects.count() == 0
    assert 'data-socket-after-guest="/ws/lobby/' in page and "ws-connect" not in page
    assert client.post("/me/guest/").status_code == 204
    assert Session.objects.count() == 1
    guest = client.session["guest_id"]
    page = client.get(f"/g/{EC}/").content.decode()
    assert f'ws-connect="/ws/lobby/{EC}/?held=' in page, "a guest's lobby opens its socket at once"
    client.get("/decks/card-battle/")
    client.get("/")
    assert Session.objects.count() == 1 and client.session["guest_id"] == guest
    assert Client().get("/me/guest/").status_code == 405


def test_the_sweeper_clears_expired_sessions(settings):
    def session(expires_in: timedelta) -> str:
        store = SessionStore()
        store["guest_id"] = "x"
        store.create()
        Session.objects.filter(pk=store.session_key).update(expire_date=timezone.now() + expires_in)
        return store.session_key

    old, live = session(timedelta(days=-1)), session(timedelta(days=1))
    last = clear_sessions_if_due(None)  # at start
    assert set(Session.objects.values_list("pk", flat=True)) == {live}
    later = session(timedelta(seconds=-1))
    assert clear_sessions_if_due(last) == last, "not again before SESSION_CLEAR_SECONDS"
    assert Session.objects.filter(pk=later).exists()
    settings.SESSION_CLEAR_SECONDS = 0
    clear_sessions_if_due(last)
    assert not Session.objects.filter(pk__in=[old, later]).exists()


def test_a_visitor_who_is_nobody_yet_sees_no_ones_matches_or_decks():
    """Bots' seats have no guest id either: "My matches" of a visitor without one must not
    list every bot match."""
    bot = services.create_match(EC, persona("alice"), mode="bot")
    page = Client().get("/me/matches/").content.decode()
    assert bot.code not in page
