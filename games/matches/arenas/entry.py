"""Joining an arena, and whether a page of the player's is open (paused when none is)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.matches import ratings
from games.matches.arenas import schedule
from games.matches.identity import Player
from games.matches.services import Rejected
from games.models import Arena, ArenaPlayer


def join(arena_id: int, player: Player) -> tuple[ArenaPlayer, bool]:
    """Enter the player; returns their row and whether it is new. Joining twice keeps the
    first entry (score and all): the unique (arena, user) constraint backs the lock."""
    if player.is_guest:
        raise Rejected("SIGN_IN", "Sign up or log in to join an arena.")
    with transaction.atomic():
        arena = Arena.objects.select_for_update().filter(pk=arena_id).first()
        if arena is None:
            raise Rejected("NO_ARENA", "There is no such arena.")
        existing = ArenaPlayer.objects.filter(arena=arena, user_id=player.user_id).first()
        if existing is not None:
            return existing, False
        if not schedule.can_join(arena):
            raise Rejected("CLOSED", "This arena is over; it can no longer be joined.")
        entry = ArenaPlayer.objects.create(
            arena=arena,
            user_id=player.user_id,
            display_name=player.name[:40],
            rating=ratings.rating_of(player.user_id, arena.game).mu,
        )
    return entry, True


def beat(arena_id: int, user_id: int | None) -> None:
    """A page of the player's is open: they may be paired."""
    if user_id is not None:
        ArenaPlayer.objects.filter(arena_id=arena_id, user_id=user_id).update(
            seen_at=timezone.now()
        )


def away(arena_id: int, user_id: int | None) -> None:
    """A page of the player's closed: paused at once. Another page of theirs that is still
    open beats again within a tick, which un-pauses them."""
    if user_id is not None:
        ArenaPlayer.objects.filter(arena_id=arena_id, user_id=user_id).update(seen_at=None)
