"""Two sweepers racing for the same overdue steps on PostgreSQL: each timeout fires once."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.matches import services
from games.matches.identity import Player
from games.matches.replay import verify
from games.models import Match, MatchAction

pytestmark = pytest.mark.django_db(transaction=True)
TRIALS = 50


def test_racing_sweepers_never_apply_a_timeout_twice():
    alice = Player(user_id=None, guest_id="guest-alice", name="alice")
    bob = Player(user_id=None, guest_id="guest-bob", name="bob")
    for trial in range(TRIALS):
        match = services.create_match("elemental-clash", alice, seed=f"sweep-{trial}")
        services.join_match(match.pk, bob)
        Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
        barrier = threading.Barrier(2)
        fired = []

        def sweeper(match_id=match.pk, barrier=barrier, fired=fired):
            barrier.wait()
            try:
                fired.append(services.fire_timeout(match_id))
            finally:
                connection.close()

        threads = [threading.Thread(target=sweeper) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(fired) == [False, True], f"trial {trial}: {fired}"
        assert MatchAction.objects.filter(match=match, kind=MatchAction.Kind.TIMEOUT).count() == 1
        assert verify(Match.objects.get(pk=match.pk)) is None
