"""When an arena runs, and the limits staff may set one within."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.models import Arena, ArenaPairing, Match

# The longest an arena can last: how far back the hall looks for one still running.
MAX_MINUTES_EVER = 24 * 60

SCHEDULED = "scheduled"
RUNNING = "running"
ENDING = "ending"  # time is up; matches paired before the end are still being played out
FINISHED = "finished"
CANCELLED = "cancelled"


def ends_at(arena: Arena) -> datetime:
    return arena.starts_at + timedelta(minutes=arena.minutes)


def is_pairing_open(arena: Arena, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    return arena.cancelled_at is None and arena.starts_at <= now < ends_at(arena)


def phase(arena: Arena, now: datetime | None = None) -> str:
    now = now or timezone.now()
    if arena.cancelled_at is not None:
        return CANCELLED
    if now < arena.starts_at:
        return SCHEDULED
    if now < ends_at(arena):
        return RUNNING
    if unfinished_matches(arena).exists():
        return ENDING
    return FINISHED


def unfinished_matches(arena: Arena):
    return ArenaPairing.objects.filter(arena=arena, match__status=Match.Status.ACTIVE)


def can_join(arena: Arena, now: datetime | None = None) -> bool:
    """Anyone signed up joins before the start or while it runs."""
    now = now or timezone.now()
    return arena.cancelled_at is None and now < ends_at(arena)


def minutes_allowed() -> tuple[int, int]:
    return settings.ARENA_MIN_MINUTES, min(settings.ARENA_MAX_MINUTES, MAX_MINUTES_EVER)


def problems(game: str, starts_at: datetime | None, minutes: int | None, games) -> list[str]:
    """What makes a new arena's fields not make sense, as sentences for staff."""
    found = []
    if game not in games:
        found.append("Choose one of the hall's games.")
    if starts_at is not None and starts_at < timezone.now() - timedelta(minutes=1):
        found.append("The start is in the past; choose a time from now on.")
    shortest, longest = minutes_allowed()
    if minutes is not None and not shortest <= minutes <= longest:
        found.append(f"An arena lasts from {shortest} to {longest} minutes.")
    return found
