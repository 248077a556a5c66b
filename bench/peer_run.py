"""``bench.live --peer``: our server and a boardgame.io peer on the same workload, interleaved.

    make peer                                            # once: the peer's Node packages
    .venv/bin/python -m bench.live --peer --matches 200 --repeat 3

The peer (``bench/peer/``) is boardgame.io's own server (Koa + socket.io, in-memory storage,
one Node process) serving a game with the move shape of our workload: both players pick a
card, the pick hidden from the other (playerView) until both have picked, then revealed.
Its load generator (``bench/peer/loadgen.js``) plays N matches with the same schedule as
``bench.loadgen`` (one move at a time per pair, think time uniform 0.5x-1.5x of ``--think``,
the same warm-up and window) and reports the same figures.

Each round runs our side (``bench.live``'s live load on a fresh database and a fresh server;
the echo floor is skipped) and then the peer (a fresh Node server), so both see the same
state of a shared machine as nearly as possible. Per side: the opponent's and the mover's
latency (p50/p95/p99), server CPU per move (the CPU time of every server process over the
window divided by the moves sent in it) and peak RSS of the server processes; then the
ratios ours / peer.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

from bench.busy import burning
from bench.common import RESULTS, ROOT, save, table
from bench.processes import CLK_TCK, Monitor, Server, cpu_snapshot, cpu_used, free_port

PEER = ROOT / "bench" / "peer"
NODE = shutil.which("node") or "/usr/bin/node"


class PeerServer(Server):
    """``node bench/peer/server.js`` in its own session (stopped like our server)."""

    def __init__(self, port: int, log: Path) -> None:
        self.port = port
        self.log = log.open("w")
        self.proc = subprocess.Popen(
            [NODE, str(PEER / "server.js"), "--port", str(port)],
            cwd=ROOT,
            # Production mode is how the peer would be deployed (no dev-only state checks).
            env=dict(os.environ, NODE_ENV="production"),
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"peer on port {self.port} exited; see {self.log.name}")
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{self.port}/games", timeout=5
                ) as resp:
                    resp.read()
                return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"peer on port {self.port} did not answer within {timeout:.0f}s")


def cpu_seconds(before: dict, after: dict) -> float:
    """CPU time of the processes alive at both snapshots, between them."""
    return sum(
        (ticks - before[pid][1]) / CLK_TCK for pid, (_, ticks) in after.items() if pid in before
    )


def run_peer_load(args, n: int, logdir: Path, rep: int) -> dict:
    """A fresh peer server, one load of N matches against it, stopped; the loadgen's result
    plus the server's CPU over the window and its peak RSS."""
    label = f"peer-{n}-{rep}"
    server = PeerServer(free_port(), logdir / f"{label}-server.log")
    stack = contextlib.ExitStack()  # the CPU burner of --busy, stopped with the server
    try:
        server.wait_ready()
        time.sleep(0.5)
        idle_total, _ = Monitor([server]).sample()
        spec = {
            "address": f"127.0.0.1:{server.port}",
            "matches": n,
            "think": args.think,
            "warmup": args.warmup,
            "duration": args.duration,
            "move_timeout": args.move_timeout,
            "connect_concurrency": args.connect_concurrency,
            "seed": f"bench-live:{n}",
        }
        spec_path, out_path = logdir / f"{label}-spec.json", logdir / f"{label}-out.json"
        spec_path.write_text(json.dumps(spec))
        monitor = Monitor([server])
        monitor.start()
        stack.enter_context(burning(args.busy, args.run_timeout))
        gen = subprocess.Popen(
            [NODE, str(PEER / "loadgen.js"), str(spec_path), str(out_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=(logdir / f"{label}-loadgen.err").open("w"),
            text=True,
        )
        killer = threading.Timer(args.run_timeout, gen.kill)
        killer.start()
        before = after = None
        t_before = t_after = 0.0
        try:
            for line in gen.stdout:
                if line.startswith("PHASE connected"):
                    seconds = json.loads(line.split(" ", 2)[2]).get("seconds")
                    print(f"    {label}: connected in {seconds}s", flush=True)
                elif line.startswith("PHASE measuring"):
                    before, t_before = cpu_snapshot([server]), time.perf_counter()
                elif line.startswith("PHASE measured"):
                    after, t_after = cpu_snapshot([server]), time.perf_counter()
            gen.wait()
        finally:
            killer.cancel()
            monitor.halt.set()
            monitor.join()
        if gen.returncode != 0 or not out_path.exists():
            return {
                "failed": f"peer load generator exit {gen.returncode} "
                f"(time limit {args.run_timeout}s); see {label}-loadgen.err"
            }
        result = json.loads(out_path.read_text())
        result.update(
            {
                "idle_rss_mb": round(idle_total / 1024, 1),
                "peak_rss_mb": round(monitor.peak_total / 1024, 1),
            }
        )
        if before and after:
            result.update(cpu_used(before, after, t_after - t_before))
        return result
    finally:
        stack.close()
        server.stop()


def cpu_ms_per_move(result: dict | None) -> float | None:
    if not result or result.get("server_cpu_s") is None or not result.get("moves_in_window"):
        return None
    return round(1000 * result["server_cpu_s"] / result["moves_in_window"], 2)


def ratio(a, b) -> float | None:
    return round(a / b, 1) if a is not None and b else None


def figures(r: dict | None, key: str) -> tuple:
    s = (r or {}).get(key) or {}
    return s.get("p50_ms"), s.get("p95_ms"), s.get("p99_ms")


def slash(values) -> str | None:
    values = list(values)
    return None if any(v is None for v in values) else "/".join(str(v) for v in values)


HEADERS = [
    "N",
    "round",
    "ours opponent p50/p95/p99 ms",
    "peer opponent p50/p95/p99 ms",
    "opponent ours/peer",
    "ours CPU ms/move",
    "peer CPU ms/move",
    "CPU ours/peer",
    "ours peak RSS MB",
    "peer peak RSS MB",
    "RSS ours/peer",
    "act/s ours/peer",
    "errors ours/peer",
]


def row(r: dict) -> list:
    ours, peer = r["ours"] or {}, r["peer"] or {}
    o, p = figures(ours, "to_opponent"), figures(peer, "to_opponent")
    oc, pc = cpu_ms_per_move(ours), cpu_ms_per_move(peer)
    orss, prss = ours.get("peak_rss_mb"), peer.get("peak_rss_mb")
    return [
        r["matches"],
        r["round"],
        slash(o) or ours.get("failed", "failed"),
        slash(p) or peer.get("failed", "failed"),
        slash(ratio(a, b) for a, b in zip(o, p, strict=True)),
        oc,
        pc,
        ratio(oc, pc),
        orss,
        prss,
        ratio(orss, prss),
        f"{ours.get('actions_per_s')}/{peer.get('actions_per_s')}",
        f"{ours.get('error_count')}/{peer.get('error_count')}",
    ]


def print_side(label: str, r: dict) -> None:
    if "failed" in r:
        print(f"    {label}: FAILED {r['failed']}", flush=True)
        return
    print(
        f"    {label}: {r['actions_per_s']} act/s, "
        f"mover {slash(figures(r, 'to_mover'))} ms, "
        f"opponent {slash(figures(r, 'to_opponent'))} ms, errors {r['error_count']}, "
        f"server CPU {cpu_ms_per_move(r)} ms/move ({r.get('server_cpu_pct')}% of a core), "
        f"loadgen CPU {r.get('loadgen_cpu_s')}s, peak RSS {r.get('peak_rss_mb')} MB",
        flush=True,
    )


def run_peer(args, sizes: list[int], logdir: Path, name: str, measure) -> int:
    """``measure`` is bench.live's: one live load of ours on a fresh database."""
    if not (PEER / "node_modules" / "boardgame.io").is_dir():
        print("the peer's packages are missing: run `make peer` first", flush=True)
        return 2
    rounds = []
    try:
        for n in sizes:
            for rep in range(1, args.repeat + 1):
                print(f"N = {n} matches, round {rep} of {args.repeat}: ours, then the peer")
                ours = measure(args, n, logdir, profiled=False)["live"]
                print_side("ours", ours)
                peer = run_peer_load(args, n, logdir, rep)
                print_side("peer", peer)
                rounds.append({"matches": n, "round": rep, "ours": ours, "peer": peer})
    finally:
        print(f"(server logs kept in {logdir})", flush=True)
    rows = [row(r) for r in rounds]
    print()
    print(table(HEADERS, rows))
    if not args.no_save:
        config = {k: v for k, v in vars(args).items() if k not in ("no_save", "redis_url")}
        summary = [
            (
                f"N={r['matches']} (round {r['round']})",
                " · ".join(f"{h} {v}" for h, v in zip(HEADERS[2:], row(r)[2:], strict=True)),
            )
            for r in rounds
        ]
        path = save(name, {"config": config, "rounds": rounds}, summary)
        print(f"\nwrote {path.relative_to(RESULTS.parent.parent)}")
    return 0
