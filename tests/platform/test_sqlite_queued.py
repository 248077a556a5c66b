"""SQLite writers queue on a file lock beside the database (games/live/sqlite_queued/base.py)."""

import fcntl
import os
import threading

import pytest
from django.db import connection, connections, transaction

from games.matches import services
from games.models import Match

from .conftest import EC, persona

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def writers_lock_is_free():
    """Whether another open file could take the writers' lock right now."""
    probe = os.open(f"{connection.settings_dict['NAME']}.writers", os.O_RDWR | os.O_CREAT)

    def free() -> bool:
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(probe, fcntl.LOCK_UN)
        return True

    yield free
    os.close(probe)


def test_the_writers_lock_is_held_exactly_while_a_transaction_is_open(writers_lock_is_free):
    assert type(connections["default"]).__module__ == "games.live.sqlite_queued.base"
    match = services.create_match(EC, persona("alice"))
    assert writers_lock_is_free()
    with transaction.atomic():
        Match.objects.filter(pk=match.pk).update(timed=False)
        assert not writers_lock_is_free(), "other writers wait in the kernel, not in naps"
        with transaction.atomic():  # a savepoint is not a second turn
            assert not writers_lock_is_free()
        assert not writers_lock_is_free()
    assert writers_lock_is_free(), "released with the commit"
    with pytest.raises(RuntimeError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(timed=True)
        raise RuntimeError("a move that fails halfway")
    assert writers_lock_is_free(), "released with the rollback"
    assert Match.objects.get(pk=match.pk).timed is False


def test_writers_of_two_threads_take_turns_without_deadlock_or_lost_updates():
    match = services.create_match(EC, persona("alice"), timed=False)
    services.join_match(match.pk, persona("bob"))
    start = Match.objects.get(pk=match.pk).version
    turns = 40

    def write_turns() -> None:
        try:
            for _ in range(turns):
                with transaction.atomic():
                    # Read, then write what was read plus one: without turns taken, two
                    # transactions reading the same version would lose an update.
                    version = Match.objects.get(pk=match.pk).version
                    Match.objects.filter(pk=match.pk).update(version=version + 1)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write_turns) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Match.objects.get(pk=match.pk).version == start + 2 * turns


def writers_files_open() -> int:
    target = os.path.realpath(f"{connection.settings_dict['NAME']}.writers")
    return sum(
        os.path.realpath(f"/proc/self/fd/{fd}") == target for fd in os.listdir("/proc/self/fd")
    )


def test_the_writers_lock_file_is_open_only_during_a_transaction():
    """A connection that is dropped without being closed (under ASGI, every HTTP request's)
    must not keep the lock file open: between transactions nothing holds it (issue E1)."""
    match = services.create_match(EC, persona("alice"))
    connection.ensure_connection()
    assert writers_files_open() == 0
    with transaction.atomic():
        Match.objects.filter(pk=match.pk).update(timed=False)
        assert writers_files_open() == 1
    assert writers_files_open() == 0


def test_a_test_database_is_removed_with_the_files_beside_it(tmp_path):
    """A test run leaves nothing in the checkout (games/live/sqlite_queued/creation.py)."""
    name = tmp_path / "run.sqlite3"
    for beside in ("", "-wal", "-shm", ".writers"):
        (tmp_path / f"run.sqlite3{beside}").write_bytes(b"")
    (tmp_path / "other.sqlite3-wal").write_bytes(b"")  # another run's: left alone
    connection.creation._destroy_test_db(str(name), verbosity=0)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite3-wal"]
