"""The processes a benchmark starts and watches: our server (``manage.py play``) in a
session of its own, a free port for it, and each process's CPU ticks and RSS from
``/proc``, sampled over a run. Shared by bench.live, bench.peer_run and bench.cpu_split,
which import it and not each other.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from bench.common import ROOT

PYTHON = sys.executable
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def session_members(sid: int) -> list[int]:
    """Every live process in the session ``sid`` (the server tree we started)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            pids.append(int(entry))
    return pids


def proc_role(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            cmd = fh.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "gone"
    if "daphne" in cmd:
        return "daphne"
    if "render_process" in cmd:
        return "render"
    if "sweeper" in cmd:
        return "sweeper"
    if "multiprocessing" in cmd:
        return "bots"  # the bot process (games/live/bot_decisions.py) and its tracker
    return "play"


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as fh:
            return int(fh.read().split()[1]) * PAGE_KB
    except (OSError, ValueError, IndexError):
        return 0


def cpu_ticks(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime
    except (OSError, ValueError, IndexError):
        return 0


class Server:
    """One ``manage.py play`` tree in its own session, so it can be found and stopped whole."""

    def __init__(self, env: dict, port: int, sweeper: bool, log: Path) -> None:
        self.port = port
        cmd = [PYTHON, "manage.py", "play", "--host", "127.0.0.1", "--port", str(port)]
        if not sweeper:
            cmd.append("--no-sweeper")
        self.log = log.open("w")
        self.proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def pids(self) -> list[int]:
        return session_members(self.proc.pid)

    def daphne_pid(self) -> int | None:
        return next((p for p in self.pids() if proc_role(p) == "daphne"), None)

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server on port {self.port} exited; see {self.log.name}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=5) as resp:
                    resp.read()
                return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"server on port {self.port} did not answer within {timeout:.0f}s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=15)
        # Anything of ours still in the session (a child that ignored TERM) is killed.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        self.log.close()


class Monitor(threading.Thread):
    """Samples the servers' RSS every 0.2 s and keeps the peak, per role; and once a second
    each role's CPU ticks and the total RSS, to line up with the load generator's timeline
    (both stamp ``time.perf_counter()``, the system's monotonic clock)."""

    def __init__(self, servers: list[Server]) -> None:
        super().__init__(daemon=True)
        self.servers = servers
        self.peak_total = 0
        self.peak_daphne = 0
        self.halt = threading.Event()
        self.seconds: list[tuple[float, dict[str, int], int]] = []

    def sample(self) -> tuple[int, int]:
        total = daphne = 0
        for server in self.servers:
            for pid in server.pids():
                kb = rss_kb(pid)
                total += kb
                if proc_role(pid) == "daphne":
                    daphne += kb
        return total, daphne

    def run(self) -> None:
        next_second = 0.0
        while not self.halt.wait(0.2):
            total, daphne = self.sample()
            self.peak_total = max(self.peak_total, total)
            self.peak_daphne = max(self.peak_daphne, daphne)
            now = time.perf_counter()
            if now >= next_second:
                ticks: dict[str, int] = {}
                for role, used in cpu_snapshot(self.servers).values():
                    ticks[role] = ticks.get(role, 0) + used
                self.seconds.append((now, ticks, total))
                next_second = now + 1.0

    def timeline(self, start: float, end: float) -> list[dict]:
        """Per second of the window [start, end): each role's CPU in % of one core and the
        servers' RSS. A process that started or ended within a second is left out of it."""
        rows = []
        for (t0, before, _), (t1, after, rss) in itertools.pairwise(self.seconds):
            if t0 < start - 0.5 or t0 >= end:
                continue
            roles = {
                role: round(100 * (after[role] - before[role]) / CLK_TCK / (t1 - t0))
                for role in after
                if role in before
            }
            rows.append({"at_s": round(t0 - start, 1), "cpu_pct": roles, "rss_mb": rss // 1024})
        return rows


def cpu_snapshot(servers: list[Server]) -> dict[int, tuple[str, int]]:
    return {pid: (proc_role(pid), cpu_ticks(pid)) for s in servers for pid in s.pids()}


def cpu_used(before: dict, after: dict, seconds: float) -> dict:
    """% of one core per role over the window (processes alive at both ends)."""
    used: dict[str, float] = {}
    for pid, (role, ticks) in after.items():
        if pid in before:
            used[role] = used.get(role, 0.0) + (ticks - before[pid][1]) / CLK_TCK
    return {
        f"{role}_cpu_pct": round(100 * secs / seconds, 1) for role, secs in sorted(used.items())
    } | {
        "server_cpu_pct": round(100 * sum(used.values()) / seconds, 1),
        "server_cpu_s": round(sum(used.values()), 3),
    }


def start_servers(
    db, scale: bool, logdir: Path, label: str, workers: int | None = None
) -> list[Server]:
    """``workers`` (default: 2 with ``scale``, else 1) servers on ``db``, all serving; the
    first runs the sweeper."""
    count = workers or (2 if scale else 1)
    servers = []
    try:
        for i in range(count):
            servers.append(
                Server(db.env, free_port(), sweeper=(i == 0), log=logdir / f"{label}-worker{i}.log")
            )
        for server in servers:
            server.wait_ready()
    except Exception:
        for server in servers:
            server.stop()
        raise
    return servers


def raise_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
