"""200 trials of both players submitting the last hidden pick at the same instant, on
PostgreSQL: each step resolves exactly once and the log has no gaps or duplicates."""

import threading

import pytest
from django.db import connection

from games.engines import get_engine
from games.matches import services
from games.matches.identity import Player
from games.matches.replay import verify
from games.models import Match

pytestmark = pytest.mark.django_db(transaction=True)
TRIALS = 200
ALICE = Player(user_id=None, guest_id="guest-alice", name="alice")
BOB = Player(user_id=None, guest_id="guest-bob", name="bob")


def test_the_database_is_postgresql():
    assert connection.vendor == "postgresql", "run with DATABASE_URL (make test does)"


def race(match: Match) -> list[str]:
    """Seat 0 and seat 1 send their pick through the same barrier; returns what each got."""
    engine = get_engine(match.game)
    picks = {seat: engine.legal_actions(match.state, seat)[0] for seat in (0, 1)}
    players = {0: ALICE, 1: BOB}
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def submit(seat: int) -> None:
        barrier.wait()
        try:
            services.submit(match.pk, players[seat], seat, picks[seat], match.step)
            outcomes.append("ok")
        except services.Rejected as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(seat,)) for seat in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def test_simultaneous_last_picks_resolve_each_step_exactly_once():
    resolved = 0
    for trial in range(TRIALS):
        match = services.create_match("elemental-clash", ALICE, seed=f"race-{trial}")
        services.join_match(match.pk, BOB)
        match.refresh_from_db()
        outcomes = race(match)
        assert outcomes == ["ok", "ok"], f"trial {trial}: both picks are legal, got {outcomes}"
        match.refresh_from_db()
        seqs = list(match.actions.order_by("seq").values_list("seq", flat=True))
        assert seqs == [1, 2], f"trial {trial}: log {seqs}"
        assert match.step == "draft-r2", f"trial {trial}: the round resolved once, now {match.step}"
        drafted = [len(match.state["players"][seat]["drafted"]) for seat in (0, 1)]
        assert drafted == [1, 1], f"trial {trial}: neither pick lost or doubled, got {drafted}"
        assert verify(match) is None
        resolved += 1
    assert resolved == TRIALS
