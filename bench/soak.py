"""Soak: open and crash or close many websockets against a running server, then check that
the server let go of all of them (issue 22: a crashed socket used to keep its re-check task,
its watcher slot and its seat's presence until restart).

Starts the server as an operator does (``manage.py play`` on a fresh SQLite file, like
bench.live), seeds one online match between two guests, and measures before and after:

- presence: the seats' ``connections`` summed, and the live socket rows left;
- what daphne holds: asyncio tasks, registered sockets and watcher slots (SIGUSR1 makes it
  log them, games/live/diagnostics.py);
- the socket objects (daphne's protocols, our consumers, Django's connection wrappers) still
  alive after a full garbage collection, which daphne runs when asked (a closed socket's
  objects refer to each other in cycles, and the serving processes collect old cycles
  rarely: games/live/gc_tuning.py);
- daphne's RSS, and its idle CPU over a quiet window. RSS does not come back down: CPython
  keeps the memory it freed for its next objects instead of handing it back, so the figure
  to compare is the object count above, and RSS after a second
  churn of as many sockets against after the first.

Sockets take turns at four ways to end: a clean close; a lone-surrogate move (the crash of
finding 1) then a close; a spectator whose TCP connection is dropped without a close
handshake; a seat that closes at once, while the presence notice of its own arrival is on
its way (the race of finding 2).

    python -m bench.soak [--sockets 1000] [--concurrency 40]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import sqlite3
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from bench.common import save
from bench.live import Database, seed
from bench.processes import (
    CLK_TCK,
    cpu_ticks,
    proc_role,
    raise_file_limit,
    rss_kb,
    start_servers,
)

KINDS = ("close", "surrogate", "drop", "race")
LONE_SURROGATE_MOVE = '{"action": "{\\"type\\":\\"\\\\ud800\\"}", "step": "x", "HEADERS": {}}'


def presence(db_path: str) -> dict:
    with contextlib.closing(sqlite3.connect(db_path, timeout=30)) as conn:
        seats = conn.execute("SELECT COALESCE(SUM(connections), 0) FROM games_seat").fetchone()
        rows = conn.execute("SELECT COUNT(*) FROM games_livesocket").fetchone()
    return {"seat_connections": seats[0], "socket_rows": rows[0]}


def held(pid: int, log: Path) -> dict:
    """Ask daphne what it holds (one SIGUSR1) and read its answer from the log."""
    import os
    import signal

    before = log.read_text(errors="replace").count("soak-stats")
    os.kill(pid, signal.SIGUSR1)
    for _ in range(100):
        time.sleep(0.1)
        lines = re.findall(
            r"soak-stats tasks=(\d+) sockets=(\d+) watchers=(\d+) socket_objects=(\d+)",
            log.read_text(errors="replace"),
        )
        if len(lines) > before:
            tasks, sockets, watchers, objects = map(int, lines[-1])
            return {
                "asyncio_tasks": tasks,
                "sockets_held": sockets,
                "watchers": watchers,
                "socket_objects_after_full_gc": objects,
            }
    raise RuntimeError("daphne did not report; see " + str(log))


def idle_cpu(pid: int, seconds: float) -> float:
    """% of one core daphne used over a quiet window."""
    start = cpu_ticks(pid)
    time.sleep(seconds)
    return round(100 * (cpu_ticks(pid) - start) / CLK_TCK / seconds, 2)


def snapshot(pid: int, log: Path, db_path: str, idle_seconds: float) -> dict:
    return {
        **presence(db_path),
        **held(pid, log),
        "daphne_rss_mb": round(rss_kb(pid) / 1024, 1),
        "daphne_idle_cpu_pct": idle_cpu(pid, idle_seconds),
    }


async def one_socket(kind: str, base: str, code: str, cookies: list[str], counts: dict) -> None:
    origin = base.replace("ws://", "http://")
    cookie = {"close": cookies[0], "surrogate": cookies[1], "race": cookies[0]}.get(kind)
    headers = {"Cookie": f"sessionid={cookie}"} if cookie else {}
    try:
        ws = await connect(
            f"{base}/ws/m/{code}/", origin=origin, additional_headers=headers, open_timeout=30
        )
    except (InvalidHandshake, OSError, TimeoutError):  # refused, or dropped mid-handshake
        counts["failed_to_open"] += 1
        return
    try:
        if kind == "race":
            await ws.close()  # at once: its own arrival is being announced meanwhile
        elif kind == "drop":
            await asyncio.wait_for(ws.recv(), 30)
            ws.transport.abort()  # gone without a close handshake, as a crashed client
        elif kind == "surrogate":
            await asyncio.wait_for(ws.recv(), 30)
            await ws.send(LONE_SURROGATE_MOVE)
            await asyncio.wait_for(ws.recv(), 30)  # the refusal: the socket is still alive
            await ws.close()
        else:
            await asyncio.wait_for(ws.recv(), 30)
            await ws.close()
        counts[kind] += 1
    except ConnectionClosed as exc:
        counts["closed_by_server"] += 1
        if exc.rcvd is not None and exc.rcvd.code == 4429:
            counts["refused_by_cap"] += 1
    except TimeoutError:
        counts["timed_out"] += 1
        ws.transport.abort()


async def churn(base: str, code: str, cookies: list[str], total: int, concurrency: int) -> dict:
    counts = dict.fromkeys(
        [*KINDS, "closed_by_server", "refused_by_cap", "failed_to_open", "timed_out"], 0
    )
    gate = asyncio.Semaphore(concurrency)

    async def run(i: int) -> None:
        async with gate:
            await one_socket(KINDS[i % len(KINDS)], base, code, cookies, counts)

    started = time.monotonic()
    await asyncio.gather(*(run(i) for i in range(total)))
    counts["seconds"] = round(time.monotonic() - started, 1)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=40)
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of each idle CPU window")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds to wait after the churn")
    args = parser.parse_args(argv)
    raise_file_limit()
    db = Database(scale=False, tag="soak", redis_url="")
    # One address opens every socket here, and two sessions most of them: caps that fit the
    # churn's concurrency, so what is measured is cleanup, not refusals.
    db.env["WS_MAX_SOCKETS_PER_IP"] = str(args.concurrency * 3)
    db.env["WS_MAX_SOCKETS_PER_SESSION"] = str(args.concurrency * 2)
    logdir = Path(tempfile.mkdtemp(prefix="duelhall-soak-"))
    servers = []
    try:
        slot = seed(db, 1, 1, "elemental-clash", logdir)[0][0]
        servers = start_servers(db, False, logdir, "soak")
        server = servers[0]
        pid = next(p for p in server.pids() if proc_role(p) == "daphne")
        log = Path(server.log.name)
        base = f"ws://127.0.0.1:{server.port}"
        code = slot["codes"][0]
        # One socket opened and closed first, so that what lives once per process (the
        # heartbeat task, loaded templates) is in the "before" figures too.
        asyncio.run(churn(base, code, slot["cookies"], 4, 4))
        time.sleep(args.settle)
        before = snapshot(pid, log, db.name, args.idle)
        counts = asyncio.run(churn(base, code, slot["cookies"], args.sockets, args.concurrency))
        time.sleep(args.settle)
        after = snapshot(pid, log, db.name, args.idle)
        # The same churn again: memory the first one left with CPython is reused, so RSS
        # that still grows by as much would be a leak.
        asyncio.run(churn(base, code, slot["cookies"], args.sockets, args.concurrency))
        time.sleep(args.settle)
        again = snapshot(pid, log, db.name, args.idle)
    finally:
        for server in servers:
            server.stop()
        db.drop()
    result = {
        "sockets": args.sockets,
        "concurrency": args.concurrency,
        "churn": counts,
        "before": before,
        "after": after,
        "after_a_second_churn": again,
    }
    print(json.dumps(result, indent=2))
    figures = ", ".join(f"{k} {before[k]}→{after[k]}→{again[k]}" for k in before)
    path = save("soak", result, [(f"{args.sockets} sockets", figures)])
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
