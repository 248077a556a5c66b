"""On SIGUSR1, one log line of what the socket machinery of this process holds; on SIGUSR2,
the stack of every thread (Python's faulthandler, to stderr): what a worker that no longer
answers is waiting on, without stopping it. The scale-out tests ask for both when one fails.

For the soak benchmark (bench/soak.py), which must see inside daphne: asyncio tasks, the
sockets registered for the heartbeat, the watcher slots of render workers, and the socket
objects still alive after a full garbage collection. Nothing runs until the signal arrives.

The collection is why the counts can be trusted: the serving processes collect old garbage
rarely (games/live/gc_tuning.py), so a closed socket's protocol, consumer and database
wrapper, which refer to each other in cycles, stay in memory until the next full collection.
Counted without one, they look like a leak; after one, only what something still holds is
left.
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import gc
import logging
import signal

log = logging.getLogger(__name__)

# What one open socket keeps alive: daphne's protocol, our consumers, Django's connection.
SOCKET_OBJECTS = frozenset(
    {"WebSocketProtocol", "MatchConsumer", "LobbyConsumer", "EchoConsumer", "DatabaseWrapper"}
)


def _report(signum, frame) -> None:
    from games.live import sockets, watching

    try:
        tasks = len(asyncio.all_tasks(asyncio.get_running_loop()))
    except RuntimeError:  # no loop running on this thread (yet)
        tasks = -1
    gc.collect()
    alive = sum(1 for o in gc.get_objects() if type(o).__name__ in SOCKET_OBJECTS)
    log.warning(
        "soak-stats tasks=%d sockets=%d watchers=%d socket_objects=%d",
        tasks,
        len(sockets.held()),
        watching.watcher_count(),
        alive,
    )


def install() -> None:
    if hasattr(signal, "SIGUSR1"):
        # Imported off the main thread, a handler cannot be set: that process is not probed.
        with contextlib.suppress(ValueError):
            signal.signal(signal.SIGUSR1, _report)
            faulthandler.register(signal.SIGUSR2, all_threads=True)
