"""`manage.py play` (games/management/commands/play.py): daphne as a child, and the timer
sweeper in play's own process rather than a second Django beside it."""

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

from games.management.commands import sweeper
from tests.live import free_port, migrate, wait_for_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_the_sweep_goes_on_after_a_failed_pass_and_stops_when_told(monkeypatch):
    passes = []

    def sweep_once():
        passes.append(1)
        if len(passes) == 1:
            raise RuntimeError("database is locked")
        return 0

    monkeypatch.setattr(sweeper, "sweep_once", sweep_once)
    sweeper.sweep_until(0, lambda: len(passes) >= 3)
    assert passes == [1, 1, 1]


def children_of(pid: int) -> list[tuple[int, str]]:
    """``pid``'s direct children and their command lines (Linux /proc)."""
    lines = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # it ended while we looked
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            lines.append((int(entry.name), cmdline))
    return lines


def test_play_serves_with_daphne_and_sweeps_in_its_own_process(tmp_path):
    db = tmp_path / "play.sqlite3"
    env = {
        **os.environ,
        "SQLITE_PATH": str(db),
        "DJANGO_SETTINGS_MODULE": "project.settings",
        "DEBUG": "false",
        "SECRET_KEY": settings.SECRET_KEY,
        "RENDER_PROCESSES": "0",
    }
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    migrate(env, ROOT)
    port = free_port()
    play = subprocess.Popen(
        [sys.executable, "manage.py", "play", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own group: a failing test can stop daphne with it
    )
    try:
        wait_for_port(port)
        beats = []
        end = time.monotonic() + 20
        while not beats and time.monotonic() < end:
            with sqlite3.connect(db) as con:
                beats = con.execute("SELECT name FROM games_heartbeat").fetchall()
            time.sleep(0.2)
        assert beats, "the sweeper in play beats its heartbeat"
        children = children_of(play.pid)
        assert len(children) == 1 and "-m games.live.daphne_process" in children[0][1], children
        daphne_pid = children[0][0]
        play.send_signal(signal.SIGTERM)
        assert play.wait(timeout=15) == 0, "SIGTERM stops daphne, then the sweep, then play"
        assert not Path(f"/proc/{daphne_pid}").exists() or is_zombie(daphne_pid)
    finally:
        # Killing play alone would leave its daphne running: stop the whole group.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(play.pid, signal.SIGKILL)
        play.wait(timeout=15)


def is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


# A consumer's disconnect still running in a worker thread when daphne's loop stops, whose
# commit hook then hands a broadcast to the loop with async_to_sync (presence.py does).
STOPPED_LOOP_SCRIPT = """
import asyncio, time
from asgiref.sync import async_to_sync, sync_to_async
from games.live.daphne_process import run_loop_while_exiting

loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)

async def broadcast():
    return "sent"

def disconnect():
    time.sleep(0.5)  # still in the thread when the loop has stopped
    return async_to_sync(broadcast)()

async def serve_until_sigterm():
    consumer = asyncio.ensure_future(sync_to_async(disconnect, thread_sensitive=False)())
    await asyncio.sleep(0.1)
    consumer.cancel()  # what daphne does to every consumer on SIGTERM

loop.run_until_complete(serve_until_sigterm())
run_loop_while_exiting()
"""


def test_daphne_exits_when_a_thread_hands_work_to_its_stopped_loop():
    """The interpreter's exit joins the thread, which waits on the loop: only a loop still
    running lets the process end. Without run_loop_while_exiting this script never ends (the
    scale-out tests' workers each took their fixture's 15 s and a kill to stop)."""
    run = [sys.executable, "-c", STOPPED_LOOP_SCRIPT]
    done = subprocess.run(run, cwd=ROOT, timeout=30, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
