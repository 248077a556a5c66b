"""Where a socket's synchronous work runs: reads in a pool, writes on SQLite in one thread.

Channels' default runs every consumer's sync work on one shared thread, which made that
thread the ceiling of a whole worker (bench/: 10-20 moves/s with the CPU half idle). So
reads and renders go to a pool of threads. Each consumer still handles its own messages one
at a time; across consumers, moves are serialised by the match row lock.

SQLite has one write lock for the whole file, and a thread that finds it taken sleeps in
SQLite's busy handler (1, 2, 5 ... 100 ms naps) instead of being woken when it is free.
Under load the pool filled with sleeping writers while renders queued behind them (bench/:
72% of the pool's wall time inside SQLite's execute at 200 matches). Writes on SQLite
therefore queue in Python for one writer thread, which never waits for the lock held by
another thread of this process. Other processes write too: the sweeper, and in the default
set-up the render workers, each the one writer of the moves of its own matches
(games/live/render_workers.py). Across processes, transactions queue on a file lock instead
(games/live/sqlite_queued/base.py), which wakes the next writer when the holder commits.
On PostgreSQL, writes to different matches run in parallel in the pool.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import cache

from channels.db import DatabaseSyncToAsync
from django.db import connections


def db(func):
    """Run a read (or render) in the worker thread pool."""
    return DatabaseSyncToAsync(func, thread_sensitive=False)


@cache
def _sqlite_writer() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-writer")


def db_write(func):
    """Run something that may write: on SQLite in the one writer thread, else in the pool."""
    if connections["default"].vendor == "sqlite":
        return DatabaseSyncToAsync(func, thread_sensitive=False, executor=_sqlite_writer())
    return db(func)
