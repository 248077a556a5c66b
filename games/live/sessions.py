"""Logging out ends the sockets its session opened (issue 22 finding 9), and a socket whose
session is gone acts no more (issue 38, E7).

A socket authenticates once, when it opens; without this, a page left open before logout
could go on moving for the account. Each socket of the session, in any process, is told
through the channel layer; it stops acting at once and closes (games/live/consumers.py).

Signing in as someone else cycles the session key (the old row is deleted before any signal
names it), and staff or the sweeper may delete a session row: so before acting, a socket
also checks that its session row still exists, one primary-key lookup per move.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_out
from django.contrib.sessions.models import Session
from django.utils import timezone

from games.matches import broadcast, presence


def end_session_sockets(sender, request=None, **kwargs) -> None:
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if not key:
        return
    for channel_name in presence.sessions_sockets(key):
        broadcast.session_ended(channel_name)


def session_alive(key: str) -> bool:
    return Session.objects.filter(session_key=key, expire_date__gt=timezone.now()).exists()


def install() -> None:
    user_logged_out.connect(end_session_sockets, dispatch_uid="duelhall-end-session-sockets")
