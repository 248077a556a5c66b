"""On SIGUSR1, one log line of what the socket machinery of this process holds and the stack
of each asyncio task (where it waits; up to 50 of them); on SIGUSR2,
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
import io
import logging
import signal

log = logging.getLogger(__name__)

# What one open socket keeps alive: daphne's protocol, our consumers, Django's connection.
SOCKET_OBJECTS = frozenset(
    {"WebSocketProtocol", "MatchConsumer", "LobbyConsumer", "EchoConsumer", "DatabaseWrapper"}
)

# A few sockets' tasks are worth a stack each (a failing test's worker); a soak's thousand
# are not.
STACKS_UP_TO = 50


def _report(signum, frame) -> None:
    from games.live import sockets, watching

    try:
        running = asyncio.all_tasks(asyncio.get_running_loop())
        tasks = len(running)
    except RuntimeError:  # no loop running on this thread (yet)
        running, tasks = set(), -1
    for task in running if tasks <= STACKS_UP_TO else ():
        # Where each task waits: a socket whose first frame never came shows here which
        # await it is stuck on (a render worker's start, a thread, the channel layer).
        stack = io.StringIO()
        task.print_stack(limit=12, file=stack)
        log.warning("soak-task %s", stack.getvalue().rstrip().replace("\n", "\n    "))
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
