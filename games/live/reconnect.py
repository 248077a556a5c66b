"""A move whose database connection was lost is made on a new one, once.

A worker's threads keep their PostgreSQL connections between frames (CONN_MAX_AGE), and a
server restart, a failover or ``pg_terminate_backend`` kills them while they wait. Django
finds a dead connection only after a query has failed on it (channels' DatabaseSyncToAsync
then closes it), so the first move on each dead connection fails. The server has rolled that
transaction back, and the move is made again on a new connection. Other work on a dead
connection (a render, a heartbeat) fails once and closes its socket, which reconnects and is
sent the board afresh: nothing is lost there, but a move would be.

Whether the first try committed cannot be told when the connection was lost on COMMIT's own
round trip. The step the move names keeps it from being applied twice (a move aimed at a
step the match has left is refused as stale), and such a refusal is reported as a lost move:
the board, re-read from the database, shows whether it was made.
"""

from __future__ import annotations

import logging

import psycopg
from django.db import InterfaceError, OperationalError, connection

from games.live.render_workers import MoveLost
from games.matches import services
from games.matches.identity import Player

log = logging.getLogger(__name__)

# What the server says as it drops a connection: class 08 (connection exception) and the
# shutdowns of class 57 (admin, crash, cannot connect now). Not 57014, a cancelled statement,
# which a connection survives.
DROPPED_STATES = ("57P01", "57P02", "57P03")


def lost_connection(exc: Exception) -> bool:
    """Whether a database error (Django's, wrapping psycopg's) means the connection is gone."""
    cause = exc.__cause__
    state = getattr(cause, "sqlstate", None)
    if state is None:  # psycopg found the socket closed, with nothing from the server
        return isinstance(cause, psycopg.OperationalError | psycopg.InterfaceError)
    return state.startswith("08") or state in DROPPED_STATES


def submit(match_id: int, player: Player, seat: int, action: dict, step: str | None) -> list[dict]:
    """``services.submit`` on a connection that is alive when the move is made."""
    try:
        return services.submit(match_id, player, seat, action, step)
    except (OperationalError, InterfaceError) as exc:
        if not lost_connection(exc):
            raise  # the database refused the statement: not a connection lost
        if step is None:
            raise  # without a step a repeat could not be told from a second move
        connection.close()  # Django may have opened a new one already; a fresh one is as good
        log.warning("match %s: the database connection was lost during a move", match_id)
    try:
        return services.submit(match_id, player, seat, action, step)
    except services.Rejected as exc:
        if exc.code == "STALE":
            raise MoveLost(match_id) from exc
        raise
