"""Engine throughput: seeded random legal playouts per game on one core.

    .venv/bin/python -m bench.engines [--seconds 5] [--games a,b] [--no-save]
    .venv/bin/python -m bench.engines --instructions [--count 4]     # counted, not timed
    .venv/bin/python -m bench.engines --against main [--rounds 3] [--instructions]

Each playout starts from ``setup({}, seed)`` and, until ``outcome`` is not None, lets a
seeded random player choose among ``legal_actions`` for one of the waiting seats (a random
one when several wait). Giving up (resign, forfeit, concede) is left out unless it is the
only choice, so playouts measure games rather than early resignations. When no seat waits
but the step has a time limit, the playout calls ``timeout`` as a deadline would.

Figures per game:
- playouts/s: finished playouts per second of engine time spent playing (setup, prompts,
  legal_actions, apply, timeout, outcome); the ``view`` calls below are timed separately
  and not counted in it;
- mean actions (and timeouts) per playout;
- mean time per ``apply``, ``legal_actions`` and ``view`` call; after each apply, ``view``
  is called for seat 0, seat 1 and a spectator, as the live path renders one view per socket;
- the mean canonical-JSON size of the state and the time of one ``state_hash`` (the
  platform hashes the state twice per move and stores it as JSON);
- on CPU: the share of the run the process was running rather than waiting for a core. The
  figures above are wall-clock; below ~95% other work on the machine has slowed them down;
- playouts per CPU second: the finished playouts played again without views, divided by the
  thread's CPU time (the driver's own choices included), which waiting for a core does not
  inflate: the steadier figure on a shared machine.

The process pins itself to one CPU (Linux) so the figures are per core.

``--instructions`` counts instructions with valgrind's callgrind over the same seeded
playouts (no ``view`` calls), a figure that does not move with the machine's load.
``--against REF`` measures another commit's engines beside this tree's, interleaved
(bench/versus.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

from bench.common import ms, save, table

GIVING_UP = {"resign", "forfeit", "concede", "surrender"}
MAX_ENTRIES = 5000  # a playout this long is stuck; it is counted and abandoned


def pin_to_one_core() -> int | None:
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = sorted(os.sched_getaffinity(0))[-1]
    os.sched_setaffinity(0, {cpu})
    return cpu


class Clock:
    """Accumulates call counts and seconds per engine method."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}
        self.seconds: dict[str, float] = {}

    def run(self, name: str, fn, *args):
        start = time.perf_counter()
        result = fn(*args)
        self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
        self.calls[name] = self.calls.get(name, 0) + 1
        return result

    def mean_ms(self, name: str) -> float | None:
        n = self.calls.get(name, 0)
        return ms(self.seconds[name] / n) if n else None


def playout(engine, seed: str, clock: Clock, rng: random.Random, views: bool = True) -> dict:
    """One seeded random game. Returns counts and how it ended. ``views``: also call ``view``
    for every viewer after each move and sample the state's storage costs."""
    from games.engines.core import canonical_json, state_hash

    state = clock.run("setup", engine.setup, {}, seed)
    actions = timeouts = 0
    while True:
        if clock.run("outcome", engine.outcome, state) is not None:
            return {"actions": actions, "timeouts": timeouts, "ended": "outcome"}
        if actions + timeouts >= MAX_ENTRIES:
            return {"actions": actions, "timeouts": timeouts, "ended": "capped"}
        prompts = clock.run("prompts", engine.prompts, state)
        if not prompts.waiting:
            if prompts.time_limit is None:
                return {"actions": actions, "timeouts": timeouts, "ended": "stalled"}
            state, _ = clock.run("timeout", engine.timeout, state)
            timeouts += 1
        else:
            seat = rng.choice(sorted(prompts.waiting))
            legal = clock.run("legal_actions", engine.legal_actions, state, seat)
            if not legal:
                return {"actions": actions, "timeouts": timeouts, "ended": "no legal action"}
            playing = [a for a in legal if a.get("type") not in GIVING_UP] or legal
            state, _ = clock.run("apply", engine.apply, state, seat, rng.choice(playing))
            actions += 1
        if not views:
            continue
        # Timed apart from the playout: what each socket's render asks of the engine.
        for viewer in (0, 1, None):
            clock.run("view", engine.view, state, viewer)
        if (actions + timeouts) % 8 == 1:  # sample the storage costs, not every step
            blob = clock.run("canonical_json", canonical_json, state)
            clock.seconds["state_bytes"] = clock.seconds.get("state_bytes", 0) + len(blob)
            clock.calls["state_bytes"] = clock.calls.get("state_bytes", 0) + 1
            clock.run("state_hash", state_hash, state)


PLAY_METHODS = ("setup", "outcome", "prompts", "legal_actions", "apply", "timeout")


def bench_game(slug: str, seconds: float, min_playouts: int) -> dict:
    from games.engines import get_engine

    try:
        engine = get_engine(slug)
    except Exception as exc:  # a game still in progress must not stop the others
        return {"game": slug, "skipped": f"{type(exc).__name__}: {exc}"}
    clock = Clock()
    results = []
    started, cpu_started = time.perf_counter(), time.thread_time()
    i = 0
    while time.perf_counter() - started < seconds or len(results) < min_playouts:
        rng = random.Random(f"bench-engines:{slug}:{i}")
        try:
            results.append(playout(engine, f"bench:{i}", clock, rng))
        except Exception as exc:
            results.append(
                {"actions": 0, "timeouts": 0, "ended": f"error: {type(exc).__name__}: {exc}"}
            )
        i += 1
    play_seconds = sum(clock.seconds.get(m, 0.0) for m in PLAY_METHODS)
    # The share of the run this thread was on a CPU: on a machine shared with other work the
    # timed figures include waits for a core, and this says how much (100% = undisturbed).
    on_cpu = (time.thread_time() - cpu_started) / (time.perf_counter() - started)
    cpu_rate = cpu_playouts_per_s(slug, len(results))
    finished = [r for r in results if r["ended"] == "outcome"]
    problems: dict[str, int] = {}
    for r in results:
        if r["ended"] != "outcome":
            problems[r["ended"]] = problems.get(r["ended"], 0) + 1
    n_bytes = clock.calls.get("state_bytes", 0)
    return {
        "game": slug,
        "playouts": len(results),
        "finished": len(finished),
        "problems": problems,
        "playouts_per_s": round(len(finished) / play_seconds, 1) if play_seconds else None,
        "mean_actions": round(sum(r["actions"] for r in results) / len(results), 1),
        "mean_timeouts": round(sum(r["timeouts"] for r in results) / len(results), 2),
        "apply_ms": clock.mean_ms("apply"),
        "legal_actions_ms": clock.mean_ms("legal_actions"),
        "view_ms": clock.mean_ms("view"),
        "prompts_ms": clock.mean_ms("prompts"),
        "timeout_ms": clock.mean_ms("timeout"),
        "setup_ms": clock.mean_ms("setup"),
        "state_json_bytes": round(clock.seconds["state_bytes"] / n_bytes) if n_bytes else None,
        "canonical_json_ms": clock.mean_ms("canonical_json"),
        "state_hash_ms": clock.mean_ms("state_hash"),
        "calls": clock.calls,
        "engine_seconds": round(play_seconds, 3),
        "on_cpu_pct": round(100 * on_cpu),
        "cpu_playouts_per_s": cpu_rate,
    }


def cpu_playouts_per_s(slug: str, n: int) -> float:
    """The first ``n`` seeded playouts again, without views, per second of thread CPU time."""
    started = time.thread_time()
    count_playouts(slug, n)
    return round(n / (time.thread_time() - started), 1)


def count_playouts(slug: str, n: int) -> dict:
    """Play the first ``n`` seeded playouts of ``slug`` without views (the counted run)."""
    from games.engines import get_engine

    engine, clock, actions = get_engine(slug), Clock(), 0
    for i in range(n):
        rng = random.Random(f"bench-engines:{slug}:{i}")
        actions += playout(engine, f"bench:{i}", clock, rng, views=False)["actions"]
    return {"game": slug, "playouts": n, "actions": actions}


def print_versus(results: list[dict]) -> None:
    headers = ["game", "before playouts/s", "after playouts/s", "after / before", "on CPU"]
    headers += ["before per CPU s", "after per CPU s"]
    counted = "instructions_after" in results[0]
    if counted:
        headers += ["instr/action before", "instr/action after", "after / before"]
    rows = []
    for r in results:
        row = [
            r["game"],
            " ".join(str(v) for v in r["rounds"]["before"]),
            " ".join(str(v) for v in r["rounds"]["after"]),
            f"{r['after_median'] / r['before_median']:.2f}x",
            f"{min(r['on_cpu_pct'])}-{max(r['on_cpu_pct'])}%",
            " ".join(str(v) for v in r["per_cpu_s"]["before"]),
            " ".join(str(v) for v in r["per_cpu_s"]["after"]),
        ]
        if counted:
            before, after = r["instructions_before"], r["instructions_after"]
            row += [
                f"{before['per_action'] / 1e3:.0f} k",
                f"{after['per_action'] / 1e3:.0f} k",
                f"{after['per_action'] / before['per_action']:.2f}x",
            ]
        rows.append(row)
    print(table(headers, rows))


def print_counted(results: list[dict]) -> None:
    rows = [
        [r["game"], f"{r['per_action'] / 1e3:.0f} k", f"{r['per_playout'] / 1e6:.2f} M"]
        for r in results
    ]
    print(table(["game", "instructions per action", "per playout"], rows))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="time budget per game (default 5)"
    )
    parser.add_argument("--min-playouts", type=int, default=3, help="at least this many per game")
    parser.add_argument("--games", help="comma-separated slugs (default: every game)")
    parser.add_argument("--no-save", action="store_true", help="print only; write no results file")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument(
        "--count", type=int, help="playouts per counted run (default 4; the second run plays 3x)"
    )
    parser.add_argument("--against", metavar="REF", help="measure REF's engines beside these")
    parser.add_argument("--after", metavar="REF", help="with --against: REF instead of this tree")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds for --against")
    parser.add_argument("--engines-from", help=argparse.SUPPRESS)  # a child: whose games/
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # a child
    args = parser.parse_args(argv)
    if args.engines_from:
        sys.path.insert(0, args.engines_from)  # before games is first imported
    from games.engines import GAME_MODULES

    slugs = [s.strip() for s in (args.games or ",".join(GAME_MODULES)).split(",") if s.strip()]
    cpu = pin_to_one_core()
    if args.count is not None and not args.instructions and not args.against:
        for slug in slugs:  # a counted child: what it played, for the parent to divide by
            print(json.dumps(count_playouts(slug, args.count)))
        return 0
    count = (args.count or 4) if args.instructions else None
    if args.against:
        from bench.versus import compare

        results = compare(args.against, slugs, args.seconds, args.rounds, count, args.after)
        print_versus(results)
        if not args.no_save:
            summary = [
                (
                    f"{r['game']}: {r['ref']} -> {r['after']}",
                    f"playouts/s before {r['before_median']}, after {r['after_median']}"
                    + (
                        f"; instructions/action before {r['instructions_before']['per_action']}, "
                        f"after {r['instructions_after']['per_action']}"
                        if count
                        else ""
                    ),
                )
                for r in results
            ]
            path = save("engines-versus", {"cpu": cpu, "games": results}, summary)
            print(f"\nwrote {path.relative_to(path.parents[2])}")
        return 0
    if args.instructions:
        from bench.versus import instructions

        results = [{"game": slug, **instructions(None, slug, count)} for slug in slugs]
        print_counted(results)
        if not args.no_save:
            summary = [
                (r["game"], f"{r['per_action']} instructions/action, {r['per_playout']}/playout")
                for r in results
            ]
            path = save("engines-instructions", {"count": count, "games": results}, summary)
            print(f"\nwrote {path.relative_to(path.parents[2])}")
        return 0
    rows, results = [], []
    for slug in slugs:
        print(f"{slug}: playing for {args.seconds:g}s ...", file=sys.stderr, flush=True)
        r = bench_game(slug, args.seconds, args.min_playouts)
        results.append(r)
        if "skipped" in r:
            rows.append([slug, "skipped", *[None] * 9, r["skipped"][:60]])
            continue
        notes = ", ".join(f"{k}: {v}" for k, v in r["problems"].items())
        rows.append(
            [
                slug,
                r["playouts_per_s"],
                r["mean_actions"],
                r["apply_ms"],
                r["legal_actions_ms"],
                r["view_ms"],
                r["state_json_bytes"],
                r["state_hash_ms"],
                f"{r['on_cpu_pct']}%",
                r["cpu_playouts_per_s"],
                notes or f"{r['finished']} finished",
            ]
        )
    headers = [
        "game",
        "playouts/s",
        "actions/match",
        "apply ms",
        "legal ms",
        "view ms",
        "state bytes",
        "hash ms",
        "on CPU",
        "per CPU s",
        "notes",
    ]
    if args.json:  # a child of --against: its parent reads the last line
        print(json.dumps(results[-1]))
        return 0
    print(table(headers, rows))
    if not args.no_save:
        summary = [
            (
                r["game"],
                "skipped"
                if "skipped" in r
                else f"{r['playouts_per_s']} playouts/s, {r['mean_actions']} actions, apply {r['apply_ms']} ms, "
                f"legal {r['legal_actions_ms']} ms, view {r['view_ms']} ms",
            )
            for r in results
        ]
        path = save(
            "engines", {"cpu": cpu, "seconds_per_game": args.seconds, "games": results}, summary
        )
        print(f"\nwrote {path.relative_to(path.parents[2])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
