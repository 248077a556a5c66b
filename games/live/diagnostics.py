"""On SIGUSR1, one log line of what the socket machinery of this process holds.

For the soak benchmark (bench/soak.py), which must see inside daphne: asyncio tasks, the
sockets registered for the heartbeat, and the watcher slots of render workers. Nothing runs
until the signal arrives; the handler only counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

log = logging.getLogger(__name__)


def _report(signum, frame) -> None:
    from games.live import sockets, watching

    try:
        tasks = len(asyncio.all_tasks(asyncio.get_running_loop()))
    except RuntimeError:  # no loop running on this thread (yet)
        tasks = -1
    log.warning(
        "soak-stats tasks=%d sockets=%d watchers=%d",
        tasks,
        len(sockets.held()),
        watching.watcher_count(),
    )


def install() -> None:
    if hasattr(signal, "SIGUSR1"):
        # Imported off the main thread, a handler cannot be set: that process is not probed.
        with contextlib.suppress(ValueError):
            signal.signal(signal.SIGUSR1, _report)
