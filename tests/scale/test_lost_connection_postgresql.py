"""A move whose PostgreSQL connection died is made on a new one, once (games/live/reconnect.py).

A daphne worker's threads keep their connections between frames; a server restart or
``pg_terminate_backend`` kills them while they wait or in the middle of a move. Here the
backend of the test's own connection is terminated at those two moments."""

import psycopg
import pytest
from django.db import close_old_connections, connection

from games.engines import get_engine
from games.live import reconnect
from games.matches import services
from games.models import Match
from tests.platform.conftest import persona

pytestmark = pytest.mark.django_db(transaction=True)

PHALANX = "phalanx"


@pytest.fixture(autouse=True)
def _a_live_connection_at_the_end():
    """Without the fix the connection is left dead, and the flush after the test would fail
    on it instead of the test saying what went wrong."""
    yield
    if not connection.is_usable():
        connection.close()


def a_match() -> tuple[Match, int, dict]:
    alice, bob = persona("alice"), persona("bob")
    match = services.create_match(PHALANX, alice, timed=False)
    services.join_match(match.pk, bob)
    match = Match.objects.get(pk=match.pk)
    engine = get_engine(PHALANX)
    seat = next(s for s in (0, 1) if engine.legal_actions(match.state, s))
    return match, seat, engine.legal_actions(match.state, seat)[0]


def terminate_own_backend() -> None:
    """What a server restart does to this thread's connection, from another connection."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    params = connection.get_connection_params()
    with psycopg.connect(
        dbname=params["dbname"], user=params.get("user"), host=params.get("host"),
        port=params.get("port"), password=params.get("password"), autocommit=True,
    ) as admin:  # fmt: skip
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone() == (True,)


def move(match: Match, seat: int, action: dict) -> None:
    """A move frame as a worker's writer thread runs it (games/live/moves.py), in this thread
    so that the connection terminated is the one it uses: channels' DatabaseSyncToAsync
    calls close_old_connections, then the function."""
    player = persona("alice" if seat == 0 else "bob")
    close_old_connections()
    reconnect.submit(match.pk, player, seat, action, match.step)


def entries(match: Match) -> int:
    return match.actions.count()


def test_a_connection_that_died_between_frames_costs_no_move():
    assert connection.vendor == "postgresql", "run with DATABASE_URL (make test does)"
    match, seat, action = a_match()
    before = entries(match)
    # Terminated while idle, then a frame arrives: close_old_connections closes only
    # connections that have already failed, so this one is still in hand.
    terminate_own_backend()
    move(match, seat, action)
    assert entries(match) == before + 1
    assert Match.objects.get(pk=match.pk).version == match.version + 1


def test_a_connection_that_dies_in_the_middle_of_a_move_makes_it_once(monkeypatch):
    match, seat, action = a_match()
    before = entries(match)
    locked, died = services._locked, []

    def dying_lock(match_id):
        if not died:  # the first try only: the server goes away with the row lock held
            died.append(True)
            terminate_own_backend()
        return locked(match_id)

    monkeypatch.setattr(services, "_locked", dying_lock)
    move(match, seat, action)
    assert died
    assert entries(match) == before + 1
    assert Match.objects.get(pk=match.pk).version == match.version + 1
