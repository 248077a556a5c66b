"""CPU per move, process by process, over ``bench.live``'s measurement window.

Every process that works for a move is sampled from ``/proc/<pid>/stat`` at the window's two
edges: each server process (per worker: daphne, render workers, sweeper, ``manage.py play``),
and, in the scale-out set-up, PostgreSQL's backends serving the run's database, its own
background processes (WAL writer, checkpointer, background writer: shared by every database,
and ours is the busy one during a run), redis-server, and the load generator. Divided by the
moves sent in the window this is CPU per move, which stays steady while other tenants of the
machine move latency around; times the moves offered per second it is the cores a set-up
needs to keep up.
"""

from __future__ import annotations

import os

from bench.processes import proc_role

CLK_TCK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _ticks(pid: int) -> int | None:
    fields = _stat(pid)
    return None if fields is None else int(fields[11]) + int(fields[12])  # utime + stime


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def service_processes(database: str | None) -> dict[int, str]:
    """PostgreSQL and Redis processes by label. Backends of other databases (other people's
    test runs on the same server) are left out; with no database (SQLite) there is none."""
    if database is None:
        return {}
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        pid = int(entry)
        cmd = _cmdline(pid)
        if cmd.startswith("redis-server"):
            found[pid] = "redis-server"
        elif cmd.startswith("postgres: "):
            # A backend reads "postgres: 15/main: <user> <database> <client> <state>"; a
            # background process "postgres: 15/main: walwriter".
            words = cmd.split(": ", 2)[-1].split()
            client = words[2] if len(words) >= 3 else ""
            if "(" in client or client == "[local]":
                if words[1] == database:
                    found[pid] = "postgres backends"
            else:
                found[pid] = "postgres background"
        elif "/bin/postgres " in cmd and " -D " in cmd:
            found[pid] = "postgres background"  # the postmaster
    return found


class CpuSplit:
    """Labels and CPU ticks of every process working for the run, at one instant."""

    def __init__(self, servers, database: str | None, loadgen_pid: int) -> None:
        self.servers = servers
        self.database = database
        self.loadgen_pid = loadgen_pid

    def labels(self) -> dict[int, str]:
        out = {}
        for i, server in enumerate(self.servers):
            for pid in server.pids():
                out[pid] = f"worker{i} {proc_role(pid)}"
        out.update(service_processes(self.database))
        out[self.loadgen_pid] = "load generator"
        return out

    def snapshot(self) -> dict[int, tuple[str, int]]:
        snap = {}
        for pid, label in self.labels().items():
            ticks = _ticks(pid)
            if ticks is not None:
                snap[pid] = (label, ticks)
        return snap


def loadavg() -> list[float]:
    with open("/proc/loadavg") as fh:
        return [float(x) for x in fh.read().split()[:3]]


def split(
    before: dict, after: dict, seconds: float, moves: int, offered_per_s: float | None
) -> dict:
    """CPU-seconds and ms per move by label over the window, the groups they add up to, and
    the cores the set-up needs at the offered rate. A process that started inside the window
    (a backend for a new thread's connection) counts whole; one that ended inside it is lost,
    which the server's persistent connections make rare."""
    by_label: dict[str, float] = {}
    for pid, (label, ticks) in after.items():
        start = before[pid][1] if pid in before and before[pid][0] == label else 0
        by_label[label] = by_label.get(label, 0.0) + (ticks - start) / CLK_TCK
    per_move = max(1, moves)

    def group(label: str) -> str:
        if label.startswith("worker"):
            return "server"
        if label.startswith("postgres"):
            return "postgres"
        return {"redis-server": "redis", "load generator": "loadgen"}[label]

    groups: dict[str, float] = {}
    for label, secs in by_label.items():
        groups[group(label)] = groups.get(group(label), 0.0) + secs
    total_ms = 1000 * sum(groups.values()) / per_move
    return {
        "window_s": round(seconds, 2),
        "moves": moves,
        "cpu_s_by_process": {k: round(v, 3) for k, v in sorted(by_label.items())},
        "cpu_ms_per_move_by_process": {
            k: round(1000 * v / per_move, 3) for k, v in sorted(by_label.items())
        },
        "cpu_ms_per_move": {k: round(1000 * v / per_move, 3) for k, v in sorted(groups.items())}
        | {"total": round(total_ms, 3)},
        "cores_busy": round(sum(groups.values()) / seconds, 2),
        "offered_moves_per_s": offered_per_s,
        "cores_needed_at_offered_rate": (
            round(total_ms * offered_per_s / 1000, 2) if offered_per_s else None
        ),
    }


def describe(cpu: dict) -> str:
    per = cpu["cpu_ms_per_move"]
    parts = ", ".join(f"{k} {v}" for k, v in per.items() if k != "total")
    return (
        f"CPU per move {per['total']} ms ({parts}); {cpu['cores_busy']} cores busy in the "
        f"window; {cpu['cores_needed_at_offered_rate']} cores needed at "
        f"{cpu['offered_moves_per_s']} moves/s offered"
    )
