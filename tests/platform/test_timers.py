"""Server-authoritative timers: stored deadlines, lazy settling and racing sweepers."""

import threading
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from games.management.commands.sweeper import sweep_once
from games.matches import services
from games.matches.replay import verify
from games.models import Match, MatchAction

from .conftest import EC


def overdue_match(alice, bob) -> Match:
    match = services.create_match(EC, alice)
    services.join_match(match.pk, bob)
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_it_auto_picks_on_timeout_and_logs_a_system_entry(alice, bob):
    match = overdue_match(alice, bob)
    assert sweep_once() == 1
    match.refresh_from_db()
    entry = match.actions.get()
    assert entry.kind == MatchAction.Kind.TIMEOUT and entry.seat is None
    assert match.step == "draft-r2", "both seats were auto-picked and the draft moved on"
    assert match.deadline_at > timezone.now(), "the next step got a fresh timer"
    assert verify(match) is None


@pytest.mark.django_db
def test_a_deadline_in_the_future_is_left_alone(alice, bob):
    match = services.create_match(EC, alice)
    services.join_match(match.pk, bob)
    assert sweep_once() == 0
    assert not MatchAction.objects.filter(match=match).exists()


@pytest.mark.django_db
def test_a_page_render_settles_an_overdue_step(alice, bob, client):
    match = overdue_match(alice, bob)
    client.get(f"/m/{match.code}/")
    assert match.actions.filter(kind=MatchAction.Kind.TIMEOUT).count() == 1


@pytest.mark.django_db
def test_an_untimed_match_never_gets_a_deadline(alice):
    match = services.create_match(EC, alice, mode=Match.Mode.HOTSEAT, timed=False)
    assert match.deadline_at is None
    assert sweep_once() == 0


@pytest.mark.django_db(transaction=True)
def test_a_timeout_fires_once_with_two_sweepers_racing(alice, bob):
    """Two sweepers claim the same overdue match at the same instant: exactly one applies it."""
    match = overdue_match(alice, bob)
    barrier = threading.Barrier(2)
    results = []

    def sweeper():
        barrier.wait()
        try:
            results.append(services.fire_timeout(match.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=sweeper) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, True]
    assert MatchAction.objects.filter(match=match, kind=MatchAction.Kind.TIMEOUT).count() == 1
    assert verify(Match.objects.get(pk=match.pk)) is None


@pytest.mark.django_db
def test_the_sweeper_command_runs_once(alice, bob, capsys):
    overdue_match(alice, bob)
    call_command("sweeper", "--once")
    assert "fired 1 timeouts" in capsys.readouterr().out


@pytest.mark.django_db
def test_verify_matches_command_fails_on_a_broken_chain(alice, bob):
    from django.core.management.base import CommandError

    match = overdue_match(alice, bob)
    sweep_once()
    services.resign(match.pk, alice)
    call_command("verify_matches")  # intact: no error
    MatchAction.objects.filter(match=match, seq=1).update(hash_after="f" * 64)
    with pytest.raises(CommandError):
        call_command("verify_matches")


@pytest.mark.django_db
def test_a_deadline_that_fell_due_while_every_sweeper_was_down_gets_a_fresh_timer(
    alice, bob, client
):
    """Downtime is not a player's time: after a gap in the sweeper heartbeat, overdue steps
    restart their full timer instead of auto-picking for the player."""
    from games.models import Heartbeat

    match = overdue_match(alice, bob)
    Heartbeat.objects.create(name="sweeper", at=timezone.now() - timedelta(minutes=3))
    client.get(f"/m/{match.code}/")  # a page served before the sweeper is back: no lazy firing
    assert not match.actions.exists()
    assert sweep_once() == 0
    match.refresh_from_db()
    assert not match.actions.exists()
    assert match.deadline_at > timezone.now() + timedelta(seconds=10), (
        "draft round 1 has 12 s again"
    )
    assert sweep_once() == 0, "and the next sweep, with a fresh heartbeat, does not fire it"


@pytest.mark.django_db
def test_a_socket_opening_as_the_sweeper_comes_back_does_not_fire_downtime(alice, bob, monkeypatch):
    """The restarted sweeper grants fresh timers before it beats: a lazy settle in between
    (a socket opening on the restarted worker) still sees the sweepers down and fires
    nothing."""
    from games.models import Heartbeat

    match = overdue_match(alice, bob)
    Heartbeat.objects.create(name="sweeper", at=timezone.now() - timedelta(minutes=3))
    grant = services.grant_fresh_timers

    def a_socket_opens_first():
        services.settle(match.pk)  # what a socket's first render does
        return grant()

    monkeypatch.setattr(services, "grant_fresh_timers", a_socket_opens_first)
    assert sweep_once() == 0
    assert not match.actions.exists(), "downtime timed nobody out"
    match.refresh_from_db()
    assert match.deadline_at > timezone.now() + timedelta(seconds=10)


@pytest.mark.django_db
def test_a_running_sweeper_fires_overdue_steps_normally(alice, bob):
    from games.models import Heartbeat

    Heartbeat.objects.create(name="sweeper", at=timezone.now() - timedelta(seconds=1))
    match = overdue_match(alice, bob)
    assert sweep_once() == 1
    assert match.actions.filter(kind=MatchAction.Kind.TIMEOUT).count() == 1
