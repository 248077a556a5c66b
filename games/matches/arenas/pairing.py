"""Pairing free arena players: at once, by score and then rating, avoiding the last
opponent where another player is free.

A pass locks the arena row first, so passes of several workers (every open arena page runs
one each tick) take turns; inside the lock a player's ``match`` goes from NULL to the new
match only, so nobody is paired twice, and the match and its pairing row commit with it or
not at all (a worker killed mid-pass leaves nothing half-made).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import connection, transaction
from django.utils import timezone

from games.matches import broadcast, services
from games.matches.arenas import schedule, scoring
from games.matches.identity import Player
from games.models import Arena, ArenaPairing, ArenaPlayer, Match

# A player none of whose pages has beaten for this long is away (paused), never paired.
PRESENT_WITHIN = timedelta(seconds=6)


class PairedTwice(RuntimeError):
    """The lock makes this impossible; raised so the transaction rolls back if it happens."""


def present(arena_id: int, now):
    """The arena's players who are free and have a page open."""
    return ArenaPlayer.objects.filter(
        arena_id=arena_id, match__isnull=True, seen_at__gte=now - PRESENT_WITHIN
    )


def rank_key(player: ArenaPlayer):
    return (-player.score, -player.rating, player.joined_at, player.pk)


def choose_pairs(free: list[ArenaPlayer]) -> list[tuple[ArenaPlayer, ArenaPlayer]]:
    """Pairs from the free players: the best-placed first, against the next best who was
    not their last opponent (or, if nobody else is free, that last opponent)."""
    waiting = sorted(free, key=rank_key)
    pairs = []
    while len(waiting) >= 2:
        first = waiting.pop(0)
        fresh = [
            i
            for i, other in enumerate(waiting)
            if other.pk != first.last_opponent_id and other.last_opponent_id != first.pk
        ]
        second = waiting.pop(fresh[0] if fresh else 0)
        pairs.append((first, second))
    return pairs


def pair(arena_id: int) -> list[str]:
    """One pairing pass; returns the codes of the matches it started.

    Every open arena page runs one each tick, so most find nothing to do: they are told so
    by a read that takes no lock. A pass that finds another pass of the arena holding its
    row skips rather than queue behind it (``skip_locked``): that pass pairs everyone free
    it sees, and whoever it did not see is paired by the next tick. Without this, forty
    pages queued on one row lock held every database thread of a worker (tests/scale)."""
    now = timezone.now()
    if present(arena_id, now).count() < 2:
        return []
    with transaction.atomic():
        arena = _locked_or_busy(arena_id)
        if arena is None or not schedule.is_pairing_open(arena, now):
            return []
        codes = [_start(arena, a, b) for a, b in choose_pairs(list(present(arena_id, now)))]
        if codes:
            transaction.on_commit(lambda: broadcast.arena_changed(arena_id))
    return codes


def _locked_or_busy(arena_id: int) -> Arena | None:
    """The arena, its row locked by this transaction; None if another holds it (or it is
    gone). SQLite has no row locks: its write transactions are one at a time already."""
    arenas = Arena.objects.filter(pk=arena_id)
    if connection.features.has_select_for_update_skip_locked:
        return arenas.select_for_update(skip_locked=True).first()
    return arenas.select_for_update().first()


def _player(entry: ArenaPlayer) -> Player:
    return Player(user_id=entry.user_id, guest_id="", name=entry.display_name)


def _start(arena: Arena, first: ArenaPlayer, second: ArenaPlayer) -> str:
    match = services.create_match(
        arena.game, _player(first), mode=Match.Mode.ONLINE, timed=True, rated=arena.rated
    )
    services.join_match(match.pk, _player(second))
    taken = ArenaPlayer.objects.filter(pk__in=[first.pk, second.pk], match__isnull=True).update(
        match=match
    )
    if taken != 2:
        raise PairedTwice(f"arena {arena.pk}: a player was paired twice")
    ArenaPlayer.objects.filter(pk=first.pk).update(last_opponent=second)
    ArenaPlayer.objects.filter(pk=second.pk).update(last_opponent=first)
    ArenaPairing.objects.create(arena=arena, match=match, first=first, second=second)
    match.refresh_from_db()
    if match.status == Match.Status.FINISHED:  # decided by its set-up alone: score it now
        scoring.record_result(match)
    return match.code
