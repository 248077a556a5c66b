"""The test database of games.live.sqlite_queued, removed whole when a test run ends.

Django's SQLite backend removes the test database's own file, but not the files beside it:
SQLite's log and its shared-memory index (``-wal``, ``-shm``), which stay when another
process (a render worker, a test server) still had the database open, and this backend's
writers' lock file (``.writers``, base.py). Each test run's database is named by its
process id (project/settings.py), so every run left up to a dozen files in the checkout.
"""

from __future__ import annotations

from pathlib import Path

from django.db.backends.sqlite3 import creation

# What SQLite and base.py put beside a database file.
BESIDE = ("-wal", "-shm", "-journal", ".writers")


class DatabaseCreation(creation.DatabaseCreation):
    def _destroy_test_db(self, test_database_name, verbosity):
        super()._destroy_test_db(test_database_name, verbosity)
        if test_database_name and not self.is_in_memory_db(test_database_name):
            for suffix in BESIDE:
                Path(f"{test_database_name}{suffix}").unlink(missing_ok=True)
