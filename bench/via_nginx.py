"""`bench.live --scale --via-nginx`: the same load through Debian's nginx running
`deploy/nginx.conf` (tests/nginx_front.py fills in its ports, certificate and workers).

Every socket of the load then goes to ``wss://127.0.0.1:<port>``: nginx terminates TLS and
picks the worker, a match's by the hash of its code, an echo pair's by least connections, so
the figures are what a deployment's players see, TLS and the proxy's hop included. The
workers get the production proxy settings (deploy/duelhall.env.example) for that origin.
nginx's own CPU over the measurement window is reported beside the workers'.
"""

from __future__ import annotations

import functools
import os
import ssl
import tempfile
from pathlib import Path

from tests.live import free_port
from tests.nginx_front import NginxFront


class Front:
    """nginx for one load run: chosen before the workers start (they must know its origin),
    started once they listen."""

    def __init__(self, logdir: Path, label: str) -> None:
        self.folder = logdir / f"{label}-nginx"
        self.https_port, self.http_port = free_port(), free_port()
        self.nginx: NginxFront | None = None
        self.ticks_at_start = 0

    @property
    def origin(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    def worker_env(self) -> dict[str, str]:
        return {
            "BEHIND_TLS_PROXY": "true",
            "TRUSTED_PROXIES": "127.0.0.1",
            "CSRF_TRUSTED_ORIGINS": self.origin,
        }

    def start(self, worker_ports: list[int]) -> None:
        # The static folder is never read by the load (it opens sockets only).
        static = Path(tempfile.mkdtemp(prefix="duelhall-bench-static-"))
        self.nginx = NginxFront(self.folder, self.https_port, self.http_port, worker_ports, static)
        self.nginx.write()
        checked = self.nginx.check()
        if checked.returncode != 0:
            raise RuntimeError(f"nginx -t refused the config: {checked.stderr}")
        self.nginx.start()

    def stop(self) -> None:
        if self.nginx is not None:
            self.nginx.stop()

    def pids(self) -> list[int]:
        """nginx's master and its worker processes."""
        if self.nginx is None or self.nginx.proc is None:
            return []
        master = self.nginx.proc.pid
        children = Path(f"/proc/{master}/task/{master}/children")
        found = children.read_text().split() if children.exists() else []
        return [master, *(int(pid) for pid in found)]

    def cpu_ticks(self) -> int:
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime + stime
            except (OSError, ValueError, IndexError):
                pass
        return total

    def spec(self) -> dict:
        return {"front": f"127.0.0.1:{self.https_port}"}

    def cpu_pct(self, ticks_before: int, ticks_after: int, seconds: float) -> float:
        hz = os.sysconf("SC_CLK_TCK")
        return round(100 * (ticks_after - ticks_before) / hz / max(seconds, 1e-9), 1)


@functools.cache
def client_tls() -> ssl.SSLContext:
    """The load generator's TLS, one context for every socket (making one per connection
    loads the system's CA store each time). The run's certificate is self-signed."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context
