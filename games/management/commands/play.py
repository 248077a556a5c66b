"""One command to serve the hall: daphne plus the timer sweeper, stopped together."""

import os
import signal
import subprocess
import sys

from django.core.management.base import BaseCommand


def render_processes() -> str:
    """The default set-up (one daphne, SQLite, in-memory layer) renders boards in one worker
    process when there is a second core for it (games/render_workers.py). The scale-out
    set-up runs a daphne per core instead. RENDER_PROCESSES in the environment wins."""
    if "RENDER_PROCESSES" in os.environ:
        return os.environ["RENDER_PROCESSES"]
    if os.environ.get("REDIS_URL") or (os.cpu_count() or 1) < 2:
        return "0"
    return "1"


class Command(BaseCommand):
    help = "Serve Duelhall with daphne and run the timer sweeper beside it."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument(
            "--no-sweeper", action="store_true", help="serve only (another process sweeps)"
        )

    def handle(self, *args, host, port, no_sweeper, **options):
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
