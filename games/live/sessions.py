"""Logging out ends the sockets its session opened (issue 22 finding 9), and a socket whose
session is gone acts no more (issue 38, E7).

A socket authenticates once, when it opens; without this, a page left open before logout
could go on moving for the account. Each socket of the session, in any process, is told
through the channel layer; it stops acting at once and closes (games/live/consumers.py).

Signing in as someone else cycles the session key (the old row is deleted before any signal
names it), and staff or the sweeper may delete a session row: so before acting, a socket
also checks that its session row still exists (``SessionWatch``). Asking the database before
every move cost a query and a thread hop per move, 15% of daphne's busy samples at 200
matches, so the socket asks at most every RECHECK_SECONDS and never past the row's expiry,
and in between relies on what this process saw: every delete of a session row made here
(the sign-in's cycled key, a logout, staff in the admin) is noted as it happens
(``_note_deleted``), so a socket of this process learns of it before its next move. A row
deleted by another process (another worker of the scale-out set-up, a shell) is seen within
RECHECK_SECONDS; a logout elsewhere still reaches the sockets at once through the layer.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.signals import user_logged_out
from django.contrib.sessions.models import Session
from django.db.models.signals import post_delete
from django.utils import timezone

from games.matches import broadcast, presence
from games.matches.lru import LRU

RECHECK_SECONDS = 10.0

# Session keys whose rows this process deleted; the oldest are forgotten first, long after
# any socket of theirs has asked the database again.
_deleted = LRU(10_000)


def end_session_sockets(sender, request=None, **kwargs) -> None:
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if not key:
        return
    for channel_name in presence.sessions_sockets(key):
        broadcast.session_ended(channel_name)


def session_expiry(key: str) -> datetime | None:
    """When the live session row ``key`` expires; None when there is none (or it expired)."""
    return (
        Session.objects.filter(session_key=key, expire_date__gt=timezone.now())
        .values_list("expire_date", flat=True)
        .first()
    )


class SessionWatch:
    """Whether one socket's session still exists, from the database at most every
    RECHECK_SECONDS, and at once from a delete this process made."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.alive_until: datetime | None = None  # the database said so; good until then

    def known(self) -> bool | None:
        """True or False if known without the database; None: ask it (``note``)."""
        if _deleted.get(self.key) is not None:
            return False
        if self.alive_until is not None and timezone.now() < self.alive_until:
            return True
        return None

    def note(self, expiry: datetime | None) -> bool:
        """What the database said (``session_expiry``); returns whether the session lives."""
        if expiry is None:
            self.alive_until = None
            return False
        self.alive_until = min(expiry, timezone.now() + timedelta(seconds=RECHECK_SECONDS))
        return True


def _note_deleted(sender, instance: Session, **kwargs) -> None:
    _deleted.put(instance.session_key, True)


def install() -> None:
    user_logged_out.connect(end_session_sockets, dispatch_uid="duelhall-end-session-sockets")
    post_delete.connect(_note_deleted, sender=Session, dispatch_uid="duelhall-session-deleted")
