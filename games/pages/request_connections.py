"""An HTTP request's database connections end with the request.

Under ASGI, Django runs each request's synchronous code in a thread of its own (its
``ThreadSensitiveContext``), and database connections are per thread. A connection kept
for ``CONN_MAX_AGE`` can therefore never serve another request: when the request's thread
ends, the connection is dropped without being closed and its files (the database, its WAL,
the writers' lock) stay open until the garbage collector finds it. daphne ran out of
descriptors that way after a few hundred page loads. The sockets' long-lived threads
(games/live/threads.py) and the render workers keep their connections; only requests close.
"""

from __future__ import annotations

from django.core.signals import request_finished
from django.db import connections


def close_request_connections(**kwargs) -> None:
    for connection in connections.all(initialized_only=True):
        # A connection still inside a transaction at the end of a request is a test's
        # wrapping transaction (the project does not use ATOMIC_REQUESTS): not ours to end.
        if not connection.in_atomic_block:
            connection.close()


def install() -> None:
    request_finished.connect(close_request_connections, dispatch_uid="close_request_connections")
