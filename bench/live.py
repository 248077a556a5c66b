"""Live load: the real server, real websockets, bot-like players, and the echo floor.

    .venv/bin/python -m bench.live                       # default set-up, N = 50, 200, 500
    .venv/bin/python -m bench.live --matches 200 --profile
    .venv/bin/python -m bench.live --scale               # PostgreSQL + Redis, 2 workers
    .venv/bin/python -m bench.live --scale --workers 1 --memory-layer   # its pieces one by one
    .venv/bin/python -m bench.live --scale --placement split,by-match   # players of a match apart/together
    .venv/bin/python -m bench.live --bots 50 --matches 150   # the pairs with and without bot matches
    .venv/bin/python -m bench.live --peer --busy --matches 200   # a core burnt by another tenant

For each N this script, on 127.0.0.1 only:
1. makes a fresh database (a temp SQLite file; with ``--scale`` a new PostgreSQL database)
   and migrates it, then seeds N pairs of guest sessions, each with ``--per-slot`` started,
   untimed online matches of ``--game`` (``bench.seed``);
2. starts the server the way an operator does (``manage.py play``: daphne + sweeper; with
   ``--scale`` two workers on two ports sharing PostgreSQL and Redis, the second with
   ``--no-sweeper``; ``--placement`` says whether the two players of a match sit on different
   workers, ``split``, or on the one a hash of the match code picks, ``by-match``, as nginx
   routes them in deploy/nginx.conf), runs the echo floor (``bench.loadgen`` in echo mode: the same 2N
   sockets and schedule against ``/ws/echo/<pair>/``, which sends each frame back to its
   sender, the floor of the mover's figure, and relays it through the channel layer to the
   pair's other socket, the floor of the opponent's), and stops it;
3. starts it again fresh and runs the live load (the same players against ``/ws/m/<code>/``);
4. stops everything it started and drops the database.

Measured while the load runs: move latency to the mover's and to the opponent's updated board
(p50/p95/p99), actions per second, errors, the server processes' peak RSS (total and the
growth over the idle server, per open connection), and their CPU during the measurement
window (in % of one core; the machine's whole capacity is 100% x cores). The load generator
runs in its own process on the same machine and its CPU is reported too.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench import via_nginx
from bench.busy import burning
from bench.common import RESULTS, ROOT, save, table
from bench.cpu_split import CpuSplit, describe, loadavg, split
from bench.loadgen import PLACEMENTS
from bench.peer_run import run_peer
from bench.processes import (
    Monitor,
    Server,
    cpu_snapshot,
    cpu_used,
    raise_file_limit,
    start_servers,
)
from bench.with_bots import run_with_bots

PYTHON = sys.executable


# ---------------------------------------------------------------- databases


class Database:
    """A fresh database for one N: a temp SQLite file, or a new PostgreSQL database."""

    def __init__(self, scale: bool, tag: str, redis_url: str | None) -> None:
        self.scale = scale
        self.env = dict(
            os.environ,
            DJANGO_SETTINGS_MODULE="project.settings",
            DEBUG="false",
            # One key for the server and bench.seed, whose sessions the server must read.
            SECRET_KEY=os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
            LOG_LEVEL="WARNING",
            ECHO_ENDPOINT="1",  # the floor's socket (games/live/echo.py) is off otherwise
            # Every player of the load comes from 127.0.0.1: the per-address socket cap (60
            # by default) would close all but the first few dozen of its sockets.
            WS_MAX_SOCKETS_PER_IP="100000",
        )
        for key in ("DATABASE_URL", "REDIS_URL", "SQLITE_PATH"):
            self.env.pop(key, None)
        if scale:
            self.name = f"duelhall_bench_{os.getpid()}_{tag}"
            subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "postgres", self.name], check=True)
            self.env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{self.name}"
            if redis_url:
                self.env["REDIS_URL"] = redis_url
        else:
            self.dir = tempfile.mkdtemp(prefix="duelhall-bench-")
            self.name = os.path.join(self.dir, "bench.sqlite3")
            self.env["SQLITE_PATH"] = self.name
        subprocess.run(
            [PYTHON, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=self.env, check=True
        )

    def drop(self) -> None:
        if self.scale:
            subprocess.run(
                [
                    "dropdb",
                    "-h",
                    "127.0.0.1",
                    "-U",
                    "postgres",
                    "--if-exists",
                    "--force",
                    self.name,
                ],
                check=False,
            )
        else:
            shutil.rmtree(self.dir, ignore_errors=True)


def redis_db_is_ours(url: str) -> bool:
    """Only a Redis database that is empty before we start is used (and cleaned after)."""
    db = url.rsplit("/", 1)[-1]
    out = subprocess.run(
        ["redis-cli", "-h", "127.0.0.1", "-n", db, "DBSIZE"], capture_output=True, text=True
    )
    return out.returncode == 0 and out.stdout.strip() == "0"


def redis_clean(url: str) -> None:
    db = url.rsplit("/", 1)[-1]
    subprocess.run(
        ["redis-cli", "-h", "127.0.0.1", "-n", db, "FLUSHDB"], capture_output=True, check=False
    )


# ---------------------------------------------------------------- one load run


def run_load(
    mode: str,
    args,
    db: Database,
    slots: list[dict],
    logdir: Path,
    profile_out: Path | None,
    placement: str = "split",
    bot_slots: list[dict] = (),
) -> dict:
    """Start the server(s), run one load, stop them; returns the loadgen result plus resources."""
    label = f"{mode}-{len(slots)}-{len(bot_slots)}-{placement}"
    front = via_nginx.Front(logdir, label) if args.via_nginx else None
    if front:
        db.env.update(front.worker_env())
    servers = start_servers(db, args.scale, logdir, label, args.workers)
    stack = contextlib.ExitStack()  # the CPU burner of --busy, stopped with the servers
    nginx_ticks = [0, 0]
    try:
        if front:
            front.start([s.port for s in servers])
        time.sleep(0.5)
        idle_total, idle_daphne = Monitor(servers).sample()
        spec = {
            "mode": mode,
            "addresses": [f"127.0.0.1:{s.port}" for s in servers],
            "placement": placement,
            "slots": slots,
            "bot_slots": list(bot_slots),
            "think": args.think,
            "warmup": args.warmup,
            "duration": args.duration,
            "move_timeout": args.move_timeout,
            "connect_concurrency": args.connect_concurrency,
            "connect_attempts": args.connect_attempts,
            "seed": f"bench-live:{len(slots)}",
            # Echo sockets pair up under this prefix (unique per run: a Redis layer outlives
            # a server).
            "pair_prefix": f"p{os.getpid()}-{len(slots)}-{int(time.time())}",
            **(front.spec() if front else {}),
        }
        spec_path, out_path = logdir / f"{label}-spec.json", logdir / f"{label}-out.json"
        spec_path.write_text(json.dumps(spec))
        monitor = Monitor(servers)
        monitor.start()
        stack.enter_context(burning(args.busy, args.run_timeout))
        gen = subprocess.Popen(
            [PYTHON, "-m", "bench.loadgen", str(spec_path), str(out_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=(logdir / f"{label}-loadgen.err").open("w"),
            text=True,
        )
        killer = threading.Timer(args.run_timeout, gen.kill)
        killer.start()
        splitter = CpuSplit(servers, db.name if args.scale else None, gen.pid)
        split_before = split_after = None
        before = after = None
        t_before = t_after = 0.0
        spies: list[subprocess.Popen] = []
        connect_seconds = None
        try:
            for line in gen.stdout:
                if line.startswith("PHASE connected"):
                    connect_seconds = json.loads(line.split(" ", 2)[2]).get("seconds")
                    print(f"    {label}: connected in {connect_seconds}s", flush=True)
                elif line.startswith("PHASE measuring"):
                    before, t_before = cpu_snapshot(servers), time.perf_counter()
                    nginx_ticks[0] = front.cpu_ticks() if front else 0
                    split_before, load_before = splitter.snapshot(), loadavg()
                    window_start = json.loads(line.split(" ", 2)[2]).get("at", t_before)
                    if profile_out is not None and mode == "live":
                        spies = start_profiler(servers[0], args.duration, profile_out)
                elif line.startswith("PHASE measured"):
                    after, t_after = cpu_snapshot(servers), time.perf_counter()
                    nginx_ticks[1] = front.cpu_ticks() if front else 0
                    split_after, load_after = splitter.snapshot(), loadavg()
            gen.wait()
        finally:
            killer.cancel()
            monitor.halt.set()
            monitor.join()
            for spy in spies:
                try:
                    spy.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    spy.kill()
        if gen.returncode != 0 or not out_path.exists():
            return {
                "mode": mode,
                "slots": len(slots),
                "failed": f"load generator exit {gen.returncode} "
                f"(time limit {args.run_timeout}s); see {label}-loadgen.err",
            }
        result = json.loads(out_path.read_text())
        conns = max(1, result["connections"])
        result.update(
            {
                "connect_all_s": connect_seconds,
                "idle_rss_mb": round(idle_total / 1024, 1),
                "peak_rss_mb": round(monitor.peak_total / 1024, 1),
                "peak_daphne_rss_mb": round(monitor.peak_daphne / 1024, 1),
                "rss_kb_per_connection": round(monitor.peak_total / conns, 1),
                "rss_growth_kb_per_connection": round(
                    (monitor.peak_daphne - idle_daphne) / conns, 1
                ),
            }
        )
        if before and after:
            result.update(cpu_used(before, after, t_after - t_before))
            if front:
                result["nginx_cpu_pct"] = front.cpu_pct(*nginx_ticks, t_after - t_before)
            result["server_timeline"] = monitor.timeline(window_start, window_start + args.duration)
        if split_before and split_after:
            offered = len(slots) / args.think if args.think > 0 else None
            cpu = split(
                split_before, split_after, t_after - t_before, result["moves_in_window"], offered
            )
            result["cpu_split"] = cpu | {
                "loadavg_1_5_15": {"start": load_before, "end": load_after}
            }
        return result
    finally:
        stack.close()
        for server in servers:
            server.stop()
        if front:
            front.stop()


def start_profiler(server: Server, seconds: float, out: Path) -> list[subprocess.Popen]:
    """py-spy (an external tool: ``pip install py-spy``) on the first worker's daphne, twice:
    on-CPU samples (``out``) and wall-clock samples per thread (``out`` with ``.wall``), the
    latter to see how busy the busiest thread doing sync work (on SQLite, the writer) is."""
    spy = shutil.which("py-spy") or str(Path(PYTHON).with_name("py-spy"))
    pid = server.daphne_pid()
    if pid is None or not os.path.exists(spy):
        print("    (no py-spy or no daphne process: profile skipped)", flush=True)
        return []
    common = [
        spy,
        "record",
        "--pid",
        str(pid),
        "--duration",
        str(int(seconds)),
        "--rate",
        "100",
        "--format",
        "raw",
        "--nonblocking",
    ]
    return [
        subprocess.Popen(
            [*common, "--output", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        ),
        subprocess.Popen(
            [*common, "--idle", "--threads", "--output", str(out) + ".wall"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        ),
    ]


def read_stacks(raw: Path):
    """(frames, samples) per line of py-spy's collapsed output; frames as 'func (file)'."""
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = []
        for f in stack.split(";"):
            if " (" in f:
                func, _, where = f.partition(" (")
                f = f"{func} ({where.rsplit(':', 1)[0].rstrip(')')})"
            frames.append(shorten(f))
        yield frames, int(count)


def ranked(counts: dict[str, int], total: int, top: int) -> list[dict]:
    order = sorted(counts.items(), key=lambda kv: -kv[1])[:top]
    return [{"function": f, "pct": round(100 * c / total, 1)} for f, c in order]


def summarise_profile(raw: Path, top: int = 25) -> dict:
    """On-CPU self and inclusive shares per function, and (from the wall-clock recording)
    how the sync worker thread spends its time."""
    own: dict[str, int] = {}
    incl: dict[str, int] = {}
    total = 0
    for frames, n in read_stacks(raw):
        total += n
        own[frames[-1]] = own.get(frames[-1], 0) + n
        for f in set(frames):
            incl[f] = incl.get(f, 0) + n
    ours = {f: c for f, c in incl.items() if f.split(" (")[-1].startswith(("games/", "project/"))}
    summary = {
        "cpu_samples": total,
        "self": ranked(own, total, top),
        "inclusive": ranked(incl, total, top),
        "inclusive_project": ranked(ours, total, top),
    }
    wall = Path(str(raw) + ".wall")
    if wall.exists():
        summary["busiest_thread"] = summarise_busiest_thread(wall, top)
    return summary


def summarise_busiest_thread(wall: Path, top: int) -> dict:
    """The thread that spent the most time in sync work (``thread_handler`` frames): on
    SQLite the one writer thread, whose busy share is the ceiling of moves per second; the
    breakdown is where its wall time goes."""
    threads: dict[str, list] = {}
    for frames, n in read_stacks(wall):
        threads.setdefault(frames[0], []).append((frames, n))
    busy_thread, best = None, 0
    for name, stacks in threads.items():
        busy = sum(n for fr, n in stacks if any("thread_handler" in f for f in fr))
        if busy > best:
            busy_thread, best = name, busy
    if busy_thread is None:
        return {}
    stacks = threads[busy_thread]
    total = sum(n for _, n in stacks)
    incl: dict[str, int] = {}
    for frames, n in stacks:
        if any("thread_handler" in f for f in frames):
            for f in set(frames[1:]):
                incl[f] = incl.get(f, 0) + n
    wanted = (
        "games/",
        "project/",
        "_commit",
        "execute",
        "get_new_connection",
        "_close",
        "render_to_string",
        "async_to_sync",
        "AsyncToSync.__call__",
        "close_old_connections",
    )
    picked = {
        f: c for f, c in incl.items() if any(w in f for w in wanted) and "thread_handler" not in f
    }
    return {
        "thread": busy_thread,
        "samples": total,
        "busy_pct": round(100 * best / total, 1),
        "inclusive": ranked(picked, total, top),
    }


def shorten(frame: str) -> str:
    for marker in ("site-packages/", "lib/python3.11/", str(ROOT) + "/"):
        if marker in frame:
            head, _, tail = frame.partition(" (")
            return f"{head} ({tail.split(marker, 1)[-1]}"
    return frame


# ---------------------------------------------------------------- main


def seed(
    db: Database, n: int, per_slot: int, game: str, logdir: Path, bots: int = 0
) -> tuple[list[dict], list[dict]]:
    """N pairs of players and ``bots`` players each against a level-2 bot, each with
    ``per_slot`` matches: (pairs' slots, bot slots)."""
    out = logdir / f"seed-{n}-{bots}.json"
    subprocess.run(
        [
            PYTHON,
            "-m",
            "bench.seed",
            str(out),
            "--slots",
            str(n),
            "--per-slot",
            str(per_slot),
            "--game",
            game,
            "--bot-slots",
            str(bots),
        ],
        cwd=ROOT,
        # No pause: a bot's first moves are made while seeding, not by a timer thread of a
        # process that is about to exit.
        env={**db.env, "BOT_STEP_SECONDS": "0"},
        check=True,
    )
    seeded = json.loads(out.read_text())
    return seeded["slots"], seeded["bot_slots"]


def ratio(a, b):
    return round(a / b, 1) if a is not None and b else None


def measure(
    args, n: int, logdir: Path, profiled: bool, placement: str = "split", bots: int = 0
) -> dict:
    """One fresh database, seeded; the echo floor, then the live load, on fresh servers.
    ``bots`` players against level-2 bots play beside the N pairs (``--bots``)."""
    db = Database(args.scale, f"{n}_{bots}", None if args.memory_layer else args.redis_url)
    echo = profile = None
    try:
        slots, bot_slots = seed(db, n, args.per_slot, args.game, logdir, bots)
        if not args.skip_echo:
            echo = run_load("echo", args, db, slots, logdir, None, placement)
            if args.scale:
                redis_clean(args.redis_url)
        raw = logdir / f"profile-{n}.txt" if profiled else None
        live = run_load("live", args, db, slots, logdir, raw, placement, bot_slots)
        if raw is not None and raw.exists():
            profile = {"matches": n, **summarise_profile(raw)}
    finally:
        db.drop()
        if args.scale:
            redis_clean(args.redis_url)
    placed = placement if args.workers > 1 else None  # one worker: nowhere else to be
    return {"matches": n, "placement": placed, "echo": echo, "live": live, "profile": profile}


SPREAD_HEADERS = ["N", "runs", "opponent p99 ms min/median/max", "median opp p99 / relay p99"]


def case(r: dict) -> str:
    """N, and with several workers where the players of a match sit."""
    return f"{r['matches']}" + (f" {r['placement']}" if r.get("placement") else "")


def spread(runs: list[dict]) -> list[list]:
    rows = []
    for name in dict.fromkeys(case(r) for r in runs):
        p99s = [
            r["live"]["to_opponent"]["p99_ms"]
            for r in runs
            if case(r) == name and (r["live"] or {}).get("to_opponent")
        ]
        relays = [
            r["echo"]["to_opponent"]["p99_ms"]
            for r in runs
            if case(r) == name and (r["echo"] or {}).get("to_opponent")
        ]
        if p99s:
            mid = round(statistics.median(p99s), 2)
            floor = statistics.median(relays) if relays else None
            rows.append([name, len(p99s), f"{min(p99s)}/{mid}/{max(p99s)}", ratio(mid, floor)])
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--matches", default="50,200,500", help="comma-separated N (default 50,200,500)"
    )
    parser.add_argument("--scale", action="store_true", help="PostgreSQL + Redis with two workers")
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="daphne workers (default 2 with --scale, else 1; more than 1 needs --scale)",
    )
    parser.add_argument(
        "--memory-layer",
        action="store_true",
        help="with --scale: PostgreSQL but the in-memory channel layer (one worker only)",
    )
    parser.add_argument(
        "--placement",
        default="split",
        help="with several workers, where the two players of a match sit: split (one on each "
        "worker, the default), by-match (both on the worker a hash of the match code picks, as "
        "deploy/nginx.conf routes them), or a comma list to alternate within each repeat",
    )
    parser.add_argument("--game", default="elemental-clash")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean think time in seconds before each move (uniform 0.5x-1.5x; 0 = flat out)",
    )
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument(
        "--duration", type=float, default=20.0, help="measurement window in seconds"
    )
    parser.add_argument(
        "--per-slot", type=int, default=2, help="matches seeded per pair of players"
    )
    parser.add_argument(
        "--move-timeout",
        type=float,
        default=30.0,
        help="a move not seen on both boards by then counts as an error",
    )
    parser.add_argument(
        "--connect-concurrency", type=int, default=50, help="sockets opening at once"
    )
    parser.add_argument(
        "--connect-attempts",
        type=int,
        default=4,
        help="tries per socket, with 1-2-4 s back-off, like the htmx ws extension",
    )
    parser.add_argument(
        "--run-timeout", type=float, default=240.0, help="hard limit per load run in seconds"
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/9")
    parser.add_argument(
        "--profile",
        type=int,
        default=None,
        metavar="N",
        help="py-spy the (first) daphne during the live window of the run with N matches",
    )
    parser.add_argument("--skip-echo", action="store_true")
    parser.add_argument(
        "--via-nginx",
        action="store_true",
        help="with --scale: every socket through nginx running deploy/nginx.conf, over wss",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="measure each N this many times, each on a fresh database and fresh servers "
        "(this machine's run-to-run spread is wide: report the median)",
    )
    parser.add_argument(
        "--peer",
        action="store_true",
        help="per N and round, our live load then a boardgame.io peer on the same workload, "
        "and the ratios (bench/peer_run.py; `make peer` first; no echo floor)",
    )
    parser.add_argument(
        "--bots",
        type=int,
        default=0,
        metavar="M",
        help="per N, the live load without bots and then with M players against level-2 bots "
        "beside the N pairs, and the pairs' mover and opponent p99 of both (bench/with_bots.py)",
    )
    parser.add_argument(
        "--busy",
        action="store_true",
        help="a CPU burner on one core during every load run (bench/busy.py; with --peer, "
        "during both sides' rounds)",
    )
    parser.add_argument("--name", default=None, help="results name (default live or live-scale)")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.matches.split(",") if x.strip()]
    if args.workers is None:
        args.workers = 2 if args.scale else 1
    if args.workers > 1 and (not args.scale or args.memory_layer):
        parser.error(
            "several workers share PostgreSQL and Redis: use --scale without --memory-layer"
        )
    if args.memory_layer and not args.scale:
        parser.error("--memory-layer goes with --scale (the default set-up has it already)")
    placements = [p.strip() for p in args.placement.split(",") if p.strip()]
    if not placements or any(p not in PLACEMENTS for p in placements):
        parser.error(f"--placement: a comma list of {', '.join(PLACEMENTS)}")
    if args.peer and placements != ["split"]:
        parser.error("--placement goes with --scale, not --peer")
    if args.via_nginx and not args.scale:
        parser.error("--via-nginx goes with --scale (nginx spreads matches over workers)")
    if args.via_nginx:
        placements = ["by-match"]  # nginx places them: a match's sockets by its code's hash
    name = args.name or ("live-scale" if args.scale else "live") + (
        "-peer" if args.peer else ""
    ) + ("-busy" if args.busy else "")
    name += "-nginx" if args.via_nginx and not args.name else ""
    raise_file_limit()
    if args.scale and not redis_db_is_ours(args.redis_url):
        print(f"{args.redis_url} is not empty; choose another --redis-url", file=sys.stderr)
        return 2
    logdir = Path(tempfile.mkdtemp(prefix="duelhall-bench-logs-"))
    print(f"logs and specs in {logdir}", flush=True)
    if args.peer and args.bots:
        parser.error("--bots compares our server with itself: not with --peer")
    if args.peer:
        args.skip_echo = True
        return run_peer(args, sizes, logdir, name, measure)
    if args.bots:
        args.skip_echo = True
        return run_with_bots(args, sizes, logdir, name + "-bots", measure)
    runs, profile = [], None
    try:
        for n in sizes:
            # Several placements alternate within each repeat, so they share the machine's mood.
            for rep, placement in itertools.product(range(1, args.repeat + 1), placements):
                again = f", run {rep} of {args.repeat}" if args.repeat > 1 else ""
                where = f", players {placement}" if args.workers > 1 else ""
                print(
                    f"N = {n} matches ({2 * n} sockets), "
                    f"{'scale' if args.scale else 'default'} set-up{where}{again}",
                    flush=True,
                )
                first = rep == 1 and placement == placements[0]
                run = measure(args, n, logdir, args.profile == n and first, placement)
                profile = run.pop("profile") or profile
                runs.append({**run, "repeat": rep})
                print_run(n, run["echo"], run["live"])
    finally:
        print(f"(server logs kept in {logdir})", flush=True)

    rows = [row(r) for r in runs]
    print()
    print(table(HEADERS, rows))
    if args.repeat > 1:
        print("\nrun-to-run spread of the opponent's p99 (same code, same load):")
        print(table(SPREAD_HEADERS, spread(runs)))
    if profile:
        print(
            f"\nprofile at N={profile['matches']} ({profile['cpu_samples']} on-CPU samples), top self time:"
        )
        print(
            table(
                ["function", "% samples"], [[p["function"], p["pct"]] for p in profile["self"][:15]]
            )
        )
        print("\ntop inclusive time in project code:")
        print(
            table(
                ["function", "% samples"],
                [[p["function"], p["pct"]] for p in profile["inclusive_project"][:15]],
            )
        )
        sync = profile.get("busiest_thread") or {}
        if sync:
            print(
                f"\nthe busiest worker thread was busy {sync['busy_pct']}% of the window; "
                "its wall time:"
            )
            print(
                table(
                    ["function", "% wall"],
                    [[p["function"], p["pct"]] for p in sync["inclusive"][:20]],
                )
            )
    if not args.no_save:
        config = {k: v for k, v in vars(args).items() if k not in ("no_save", "redis_url")}
        summary = [
            (
                f"N={case(r)}" + (f" (run {r['repeat']})" if args.repeat > 1 else ""),
                " · ".join(f"{h} {v}" for h, v in zip(HEADERS[1:], row(r)[1:], strict=True)),
            )
            for r in runs
        ]
        path = save(name, {"config": config, "runs": runs, "profile": profile}, summary)
        print(f"\nwrote {path.relative_to(RESULTS.parent.parent)}")
    return 0


HEADERS = [
    "N",
    "act/s",
    "mover p50/p95/p99 ms",
    "opponent p50/p95/p99 ms",
    "echo p50/p95/p99 ms",
    "opp p99 / echo p99",
    "relay p50/p95/p99 ms",
    "opp p99 / relay p99",
    "errors",
    "server CPU %",
    "peak RSS MB",
    "KB/conn (growth)",
]


def triple(s: dict | None) -> str | None:
    if not s or s.get("p50_ms") is None:
        return None
    return f"{s['p50_ms']}/{s['p95_ms']}/{s['p99_ms']}"


def row(r: dict) -> list:
    live, echo = r["live"] or {}, r["echo"] or {}
    if "failed" in live:
        return [
            case(r),
            "failed",
            live["failed"],
            None,
            triple(echo.get("to_mover")),
            None,
            triple(echo.get("to_opponent")),
            None,
            None,
            None,
            None,
            None,
        ]
    opp_p99 = (live.get("to_opponent") or {}).get("p99_ms")
    echo_p99 = (echo.get("to_mover") or {}).get("p99_ms")
    relay_p99 = (echo.get("to_opponent") or {}).get("p99_ms")
    return [
        case(r),
        live.get("actions_per_s"),
        triple(live.get("to_mover")),
        triple(live.get("to_opponent")),
        triple(echo.get("to_mover")),
        ratio(opp_p99, echo_p99),
        triple(echo.get("to_opponent")),
        ratio(opp_p99, relay_p99),
        live.get("error_count"),
        live.get("server_cpu_pct"),
        live.get("peak_rss_mb"),
        live.get("rss_growth_kb_per_connection"),
    ]


def print_run(n: int, echo: dict | None, live: dict) -> None:
    for label, r in (("echo", echo), ("live", live)):
        if r is None:
            continue
        if "failed" in r:
            print(f"    {label}: FAILED {r['failed']}", flush=True)
            continue
        print(
            f"    {label}: {r['actions_per_s']} act/s, mover {triple(r['to_mover'])} ms, "
            f"opponent {triple(r.get('to_opponent'))} ms, errors {r['errors']}, "
            f"connect retries {r.get('connect_retries')}, "
            f"server CPU {r.get('server_cpu_pct')}% ({r.get('daphne_cpu_pct')}% daphne), "
            + (f"nginx CPU {r['nginx_cpu_pct']}%, " if "nginx_cpu_pct" in r else "")
            + f"loadgen CPU {r['loadgen_cpu_s']}s, peak RSS {r['peak_rss_mb']} MB",
            flush=True,
        )
        if r.get("cpu_split"):
            load = r["cpu_split"]["loadavg_1_5_15"]
            print(
                f"    {label}: {describe(r['cpu_split'])}; load average "
                f"{load['start'][0]} -> {load['end'][0]}",
                flush=True,
            )
        by_slice = r.get("opponent_p99_by_slice") or []
        if len(by_slice) > 1:
            print(
                f"    {label}: opponent p99 per 10 s: "
                + ", ".join(f"{s['p99_ms']} ms ({s['moves']})" for s in by_slice),
                flush=True,
            )
            for line in slowest_seconds(r):
                print(f"    {label}: {line}", flush=True)


def slowest_seconds(r: dict, count: int = 5) -> list[str]:
    """The seconds of the window with the worst opponent p99, each with what else happened
    in it: moves sent, slots that moved on to a new match, the server's CPU per role."""
    cpu = {round(s["at_s"]): s["cpu_pct"] for s in r.get("server_timeline") or []}
    seconds = [s for s in r.get("timeline") or [] if s["p99_ms"] is not None]
    worst = sorted(seconds, key=lambda s: -s["p99_ms"])[:count]
    return [
        f"second {s['from_s']:.0f}: p99 {s['p99_ms']} ms over {s['moves']} moves, "
        f"{s['reopened']} slots moved on to a new match, CPU % "
        + " ".join(f"{role} {pct}" for role, pct in sorted(cpu.get(round(s["from_s"]), {}).items()))
        for s in sorted(worst, key=lambda s: s["from_s"])
    ]


if __name__ == "__main__":
    sys.exit(main())
