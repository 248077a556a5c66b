"""Counting attempts (sign-ins, sign-ups) per key within a window, race-free.

An attempt is written before it is judged, then the rows are counted: the k-th attempt to
commit sees at least k rows, so however many arrive at once, no more than the limit get
through (checking first and writing after let 30 parallel wrong passwords all through).
The rows live in the database (the ``LoginFailure`` table: a key and a time), so every
worker of a scale-out set-up shares them.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games.models import LoginFailure


def window_start(seconds: float):
    return timezone.now() - timedelta(seconds=seconds)


def take(keys: list[tuple[str, int]], window_seconds: float) -> tuple[list[int], bool]:
    """Record one attempt under each ``(key, limit)``; return the new rows and whether every
    key is still within its limit. Runs outside any transaction, so each row is committed
    (and seen by every other attempt) before the count."""
    since = window_start(window_seconds)
    # Rows past every window are of no use to anyone; the windows differ per kind of
    # attempt, so only the longest may clear all keys.
    longest = max(settings.LOGIN_FAILURE_WINDOW_SECONDS, settings.SIGNUP_WINDOW_SECONDS)
    LoginFailure.objects.filter(at__lte=window_start(longest)).delete()
    now = timezone.now()
    rows = [LoginFailure.objects.create(key=key, at=now).pk for key, _ in keys]
    within = all(
        LoginFailure.objects.filter(key=key, at__gt=since).count() <= limit for key, limit in keys
    )
    return rows, within


def give_back(rows: list[int]) -> None:
    """An attempt that turned out not to count (a right password, a refused one)."""
    LoginFailure.objects.filter(pk__in=rows).delete()


def used(key: str, window_seconds: float) -> int:
    return LoginFailure.objects.filter(key=key, at__gt=window_start(window_seconds)).count()
