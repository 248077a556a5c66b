"""What SIGUSR1 makes a serving process report (games/live/diagnostics.py), which the soak
benchmark reads to tell a leak from garbage not yet collected, and what SIGUSR2 writes."""

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
