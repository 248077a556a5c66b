"""One command to serve the hall: daphne, and the timer sweeper in this process.

The sweeper runs here rather than in a process of its own: this one has Django loaded
anyway while it waits on daphne, and a second Django was ~80 MB of the server's memory for
a loop that wakes twice a second (bench/: RSS of the default set-up)."""

import os
import signal
import subprocess
import sys

from django.conf import settings
from django.core.management.base import BaseCommand

from games.management.commands.sweeper import sweep_until
from project.settings import refuse_a_weak_key

# More workers than this only add memory (~40 MB each): past a few, daphne's own core is
# the limit.
MAX_RENDER_PROCESSES = 4


def render_processes() -> str:
    """The default set-up (one daphne, SQLite, in-memory layer) renders boards in worker
    processes when there is a second core (games/live/render_workers.py): one per core, up to
    MAX_RENDER_PROCESSES, so renders can use whichever core is free instead of queueing
    behind one process. (On this 2-core machine, one against two workers at 200 matches was
    within bench/'s run-to-run noise; the final figures in the README use two.) The
    scale-out set-up runs a daphne per core instead. RENDER_PROCESSES in the environment
    wins."""
    if "RENDER_PROCESSES" in os.environ:
        return os.environ["RENDER_PROCESSES"]
    cores = os.cpu_count() or 1
    if os.environ.get("REDIS_URL") or cores < 2:
        return "0"
    return str(min(cores, MAX_RENDER_PROCESSES))


class Command(BaseCommand):
    help = "Serve Duelhall with daphne and run the timer sweeper in this process."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument(
            "--no-sweeper", action="store_true", help="serve only (another process sweeps)"
        )

    def handle(self, *args, host, port, no_sweeper, **options):
        refuse_a_weak_key()  # here too, or daphne would fail alone and this wait on it
        # daphne's command line, with a shutdown that cannot hang (games/live/daphne_process.py)
        daphne = ["-m", "games.live.daphne_process", "-b", host, "-p", str(port)]
        daphne.append("project.asgi:application")
        server = subprocess.Popen(
            [sys.executable, *daphne], env={**os.environ, "RENDER_PROCESSES": render_processes()}
        )
        self.stdout.write(
            f"Duelhall on http://{host}:{port}/ (Ctrl-C stops the server and the sweeper)"
        )

        def stop(*_):
            if server.poll() is None:
                server.terminate()

        # SIGTERM stops daphne; the sweep below then sees it gone and returns.
        signal.signal(signal.SIGTERM, stop)
        try:
            if no_sweeper:
                server.wait()
            else:
                sweep_until(settings.SWEEPER_INTERVAL_SECONDS, lambda: server.poll() is not None)
        except KeyboardInterrupt:
            pass
        finally:
            stop()
            server.wait(timeout=10)
