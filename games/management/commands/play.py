"""One command to serve the hall: daphne plus the timer sweeper, stopped together."""

import os
import signal
import subprocess
import sys

from django.core.management.base import BaseCommand

from project.settings import refuse_the_public_key

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
    help = "Serve Duelhall with daphne and run the timer sweeper beside it."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument(
            "--no-sweeper", action="store_true", help="serve only (another process sweeps)"
        )

    def handle(self, *args, host, port, no_sweeper, **options):
        refuse_the_public_key()  # here too, or daphne would fail alone and this wait on it
        python = sys.executable
        children = []
        if not no_sweeper:
            children.append(subprocess.Popen([python, "manage.py", "sweeper"]))
        server = subprocess.Popen(
            [python, "-m", "daphne", "-b", host, "-p", str(port), "project.asgi:application"],
            env={**os.environ, "RENDER_PROCESSES": render_processes()},
        )
        children.append(server)
        self.stdout.write(
            f"Duelhall on http://{host}:{port}/ (Ctrl-C stops the server and the sweeper)"
        )

        def stop(*_):
            for child in children:
                if child.poll() is None:
                    child.terminate()

        signal.signal(signal.SIGTERM, stop)
        try:
            server.wait()
        except KeyboardInterrupt:
            pass
        finally:
            stop()
            for child in children:
                child.wait(timeout=10)
