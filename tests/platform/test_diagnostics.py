"""What SIGUSR1 makes a serving process report (games/live/diagnostics.py), which the soak
benchmark reads to tell a leak from garbage not yet collected, and what SIGUSR2 writes."""

import asyncio
import logging
import re
import subprocess
import sys
from pathlib import Path

from games.live import diagnostics
from games.live.consumers import MatchConsumer

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"soak-stats tasks=-?\d+ sockets=\d+ watchers=\d+ socket_objects=(\d+)")


def reported_socket_objects(caplog) -> int:
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger=diagnostics.__name__):
        diagnostics._report(None, None)
    (match,) = [LINE.search(r.getMessage()) for r in caplog.records if "soak-stats" in r.message]
    return int(match.group(1))


def test_a_consumer_something_holds_is_counted_and_a_dropped_one_in_a_cycle_is_not(caplog):
    baseline = reported_socket_objects(caplog)
    held = MatchConsumer()
    assert reported_socket_objects(caplog) == baseline + 1
    held.myself = held  # a cycle, as a closed socket's objects form
    del held
    # Gone only once collected: the report collects before it counts.
    assert reported_socket_objects(caplog) == baseline


def test_sigusr2_writes_every_threads_stack_and_the_process_serves_on():
    """What the scale-out tests ask of a worker when one fails: where each thread waits."""
    script = (
        "import os, signal, threading, time\n"
        "from games.live import diagnostics\n"
        "diagnostics.install()\n"
        "def parked_helper(): time.sleep(5)\n"
        "threading.Thread(target=parked_helper, daemon=True).start()\n"
        "time.sleep(0.1)\n"
        "os.kill(os.getpid(), signal.SIGUSR2)\n"
        "print('still serving')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "still serving"
    assert "Current thread" in done.stderr
    assert "in parked_helper" in done.stderr  # the other thread's stack too


def test_sigusr1_says_where_each_asyncio_task_waits(caplog):
    """A socket whose first frame never came: the report names the await it is stuck on."""

    async def waits_for_a_render_worker(never: asyncio.Event) -> None:
        await never.wait()

    async def report_beside_a_waiting_task() -> None:
        task = asyncio.ensure_future(waits_for_a_render_worker(asyncio.Event()))
        await asyncio.sleep(0)  # the task starts and parks on its await
        with caplog.at_level(logging.WARNING, logger=diagnostics.__name__):
            diagnostics._report(None, None)
        task.cancel()

    asyncio.run(report_beside_a_waiting_task())
    stacks = [r.getMessage() for r in caplog.records if r.getMessage().startswith("soak-task")]
    assert any("in waits_for_a_render_worker" in s for s in stacks), stacks
