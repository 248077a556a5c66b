"""SQLite whose writers, in every process, queue on a file lock instead of napping.

A writer that finds SQLite's write lock taken sleeps in SQLite's busy handler (1, 2, 5, 10
... ms) and tries again; nothing wakes it when the lock comes free. Inside one process the
writes already queue in Python for one writer thread (games/live/threads.py), but in the default
set-up several processes write: daphne, each render worker for the moves of its own
matches (games/live/render_workers.py), and the sweeper. bench/ at 500 matches found each render
worker asleep in those naps for a tenth of its time, with the renders it owed queued behind
it. An exclusive ``flock`` on a file beside the database queues them in the kernel instead,
which hands the lock to the next writer the moment the holder lets go.

Invariant: a connection holds the file lock exactly while it has a transaction open (from
BEGIN IMMEDIATE to COMMIT or ROLLBACK), so it is only ever taken by a writer about to ask
for SQLite's write lock and released right after SQLite's. It cannot deadlock with it: a
holder of the file lock waits for SQLite's lock only while an autocommit statement (which
takes no file lock) finishes. The busy timeout stays for those statements and for other
programs that open the file.

The lock file is opened for each turn and closed when the turn ends (closing it is what
releases the lock), so no descriptor outlives a transaction. An earlier version kept one
open per connection until ``_close``; under ASGI every HTTP request runs in a thread of its
own, whose connection was dropped without ``_close``, and daphne leaked one descriptor per
request until it could open no more files. A connection dropped in the middle of a turn
(nothing in the project does that) still lets go of the lock when it is collected.
"""

from __future__ import annotations

import fcntl
import os
import weakref

from django.db.backends.sqlite3 import base

from games.live.sqlite_queued.creation import DatabaseCreation


class DatabaseWrapper(base.DatabaseWrapper):
    creation_class = DatabaseCreation
    _turn: weakref.finalize | None = None  # closes the open lock file, once

    def _start_transaction_under_autocommit(self):
        self._take_write_turn()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_write_turn()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            # A failed COMMIT is followed by Django's ROLLBACK, which releases again (a
            # no-op); holding on to the lock for it would only make others wait.
            self._end_write_turn()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._end_write_turn()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._end_write_turn()

    def _take_write_turn(self) -> None:
        if self._turn is not None or self.is_in_memory_db():
            return
        # A file opened for this turn alone: flock excludes other open files, so threads of
        # one process queue as well as processes do.
        path = f"{self.settings_dict['NAME']}.writers"
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        self._turn = weakref.finalize(self, os.close, fd)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            self._end_write_turn()
            raise

    def _end_write_turn(self) -> None:
        if self._turn is not None:
            turn, self._turn = self._turn, None
            turn()  # closing the file releases its lock
