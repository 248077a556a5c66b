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
"""

from __future__ import annotations

import fcntl
import os

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    _lock_fd: int | None = None
    _lock_held = False

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        if not self.is_in_memory_db():
            # One open file per connection: flock excludes other open files, so threads of
            # one process queue as well as processes do.
            path = f"{self.settings_dict['NAME']}.writers"
            self._lock_fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        return connection

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
            if self._lock_fd is not None:
                os.close(self._lock_fd)
                self._lock_fd = None

    def _take_write_turn(self) -> None:
        if self._lock_fd is not None and not self._lock_held:
            fcntl.flock(self._lock_fd, fcntl.LOCK_EX)
            self._lock_held = True

    def _end_write_turn(self) -> None:
        if self._lock_held:
            self._lock_held = False
            fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
