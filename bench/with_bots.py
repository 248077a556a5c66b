"""``bench.live --bots M``: do players against bots slow the people playing each other?

    .venv/bin/python -m bench.live --bots 50 --matches 150

Per N and round: bench.live's live load of N pairs on a fresh database and server, then the
same with M more players, each against a level-2 bot (``bench.seed --bot-slots``; each
moves whenever its board offers a move, ``bench.loadgen.BotSlot``). Printed per run: the
pairs' actions per second, mover and opponent p50/p95/p99 and errors; and, with bots, the
bot matches' own moves and failures. The ratio that matters is the pairs' opponent p99 with
bots over without: a bot that thinks in the process serving the sockets shows up there, and
in daphne's share of the CPU (the bot process's own is the ``bots`` figure).
"""

from __future__ import annotations

from pathlib import Path

from bench.common import RESULTS, save, table

HEADERS = [
    "N",
    "round",
    "bots",
    "pairs act/s",
    "mover p50/p95/p99 ms",
    "opponent p50/p95/p99 ms",
    "errors",
    "bot-match moves (refused)",
    "bot-match errors",
    "server CPU %",
    "daphne/bots CPU %",
    "opp p99 with/without",
]


def triple(s: dict | None) -> str | None:
    if not s or s.get("p50_ms") is None:
        return None
    return f"{s['p50_ms']}/{s['p95_ms']}/{s['p99_ms']}"


def p99(run: dict, key: str) -> float | None:
    return ((run or {}).get(key) or {}).get("p99_ms")


def row(n: int, rep: int, bots: int, run: dict, without: dict | None) -> list:
    if "failed" in run:
        return [n, rep, bots, "failed", run["failed"], *[None] * (len(HEADERS) - 5)]
    beside = run.get("bot_matches") or {}
    versus = None
    if without is not None and p99(without, "to_opponent") and p99(run, "to_opponent"):
        versus = round(p99(run, "to_opponent") / p99(without, "to_opponent"), 2)
    return [
        n,
        rep,
        bots,
        run.get("actions_per_s"),
        triple(run.get("to_mover")),
        triple(run.get("to_opponent")),
        run.get("error_count"),
        f"{beside.get('moves_in_window')} ({beside.get('refused_bot_moved_first')})"
        if bots
        else None,
        sum((beside.get("errors") or {}).values()) if bots else None,
        run.get("server_cpu_pct"),
        f"{run.get('daphne_cpu_pct')}/{run.get('bots_cpu_pct', 0)}",
        versus,
    ]


def run_with_bots(args, sizes: list[int], logdir: Path, name: str, measure) -> int:
    """``measure`` is bench.live's: one live load on a fresh database and fresh servers."""
    rows, rounds = [], []
    try:
        for n in sizes:
            for rep in range(1, args.repeat + 1):
                print(f"N = {n} pairs, round {rep} of {args.repeat}: without bots", flush=True)
                without = measure(args, n, logdir, profiled=False)["live"]
                rows.append(row(n, rep, 0, without, None))
                print(f"    {rows[-1]}", flush=True)
                print(f"N = {n} pairs and {args.bots} players against level-2 bots", flush=True)
                beside = measure(args, n, logdir, profiled=False, bots=args.bots)["live"]
                rows.append(row(n, rep, args.bots, beside, without))
                print(f"    {rows[-1]}", flush=True)
                rounds.append({"matches": n, "round": rep, "without": without, "with": beside})
    finally:
        print(f"(server logs kept in {logdir})", flush=True)
    print()
    print(table(HEADERS, rows))
    if not args.no_save:
        config = {k: v for k, v in vars(args).items() if k not in ("no_save", "redis_url")}
        summary = [
            (
                f"N={r[0]} bots={r[2]} (round {r[1]})",
                " · ".join(f"{h} {v}" for h, v in zip(HEADERS[3:], r[3:], strict=True)),
            )
            for r in rows
        ]
        path = save(name, {"config": config, "rounds": rounds}, summary)
        print(f"\nwrote {path.relative_to(RESULTS.parent.parent)}")
    return 0
