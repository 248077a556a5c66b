"""The production layout for the tests (fixtures in conftest.py): Debian's nginx from
`deploy/nginx.conf` over https, two daphne workers with the settings of
`deploy/duelhall.env.example`, PostgreSQL and Redis.

Only what must differ on a test machine is changed: ports, database, Redis, the host names
and the key. Which worker holds which socket is read from the kernel (`ss`): nginx keeps one
upstream connection per websocket and closes the others after each request."""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from tests.nginx_front import NginxFront

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
ENV_EXAMPLE = DEPLOY / "duelhall.env.example"
DEPLOYED_PYTHON = "/srv/duelhall/.venv/bin/python"


def unit_command(unit: str, python: str, instance: str = "") -> list[str]:
    """The ExecStart of one of deploy/'s systemd units, with this checkout's Python and the
    instance (%i, a worker's port) filled in: the tests start what systemd would."""
    for line in (DEPLOY / unit).read_text().splitlines():
        if line.startswith("ExecStart="):
            words = line.removeprefix("ExecStart=").replace("%i", instance).split()
            if words[0] != DEPLOYED_PYTHON:
                raise ValueError(f"{unit}: ExecStart no longer runs {DEPLOYED_PYTHON}")
            return [python, *words[1:]]
    raise ValueError(f"{unit} has no ExecStart")


def production_env() -> dict[str, str]:
    """The variables of deploy/duelhall.env.example, as systemd's EnvironmentFile reads them."""
    values = {}
    for line in ENV_EXAMPLE.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            values[name.strip()] = value.strip()
    return values


@dataclass
class Hall:
    front: NginxFront
    workers: list  # tests/scale/conftest.py's Worker
    database_url: str

    def sockets_on(self, worker) -> int:
        """Open connections to ``worker``: nginx holds one per websocket it proxies there."""
        out = subprocess.run(
            ["ss", "-Htn", "state", "established", f"( sport = :{worker.port} )"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return len([line for line in out.splitlines() if line.strip()])

    def wait_for_sockets(self, expected: list[int], seconds: float = 30) -> None:
        """Wait until the workers hold exactly ``expected`` sockets (closing pages take a
        moment to let theirs go)."""
        self._wait_for(lambda held: held == expected, f"{expected}", seconds)

    def wait_for_total_sockets(self, expected: int, seconds: float = 30) -> None:
        """Wait until the workers hold ``expected`` sockets between them, wherever they are."""
        self._wait_for(lambda held: sum(held) == expected, f"{expected} in all", seconds)

    def _wait_for(self, wanted, what: str, seconds: float) -> None:
        end = time.monotonic() + seconds
        while True:
            held = [self.sockets_on(w) for w in self.workers]
            if wanted(held):
                return
            assert time.monotonic() < end, f"workers hold {held} sockets, not {what}"
            time.sleep(0.2)

    def holder(self, seconds: float = 30) -> object:
        """The one worker holding every open socket (the other holds none)."""
        end = time.monotonic() + seconds
        while True:
            held = [self.sockets_on(w) for w in self.workers]
            if held.count(0) == len(held) - 1:
                return self.workers[next(i for i, n in enumerate(held) if n)]
            assert time.monotonic() < end, f"sockets spread over workers: {held}"
            time.sleep(0.2)
