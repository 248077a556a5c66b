"""Shared helpers for the benchmarks: percentiles, tables, and the results history."""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bench.results_index import rewrite as rewrite_index

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
HISTORY = RESULTS / "README.md"
HISTORY_HEAD = """# Benchmark history

Each run writes `<UTC time>-<name>.json` here, appends one line per measured case to the
history at the end (newest last) and rewrites the index (`python -m bench.results_index`).
Compare like with like: same command, same machine.

| when (UTC) | bench | case | figures | commit | file |
|---|---|---|---|---|---|
"""


def percentile(values: list[float], pct: float) -> float | None:
    """The ``pct`` percentile by the nearest-rank method (``None`` for no values)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))  # ceil without float surprises
    return ordered[int(rank) - 1]


def ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 2)


def commit() -> str:
    """The current commit and whether the tree has changes (read-only git calls)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{head}{'+dirty' if dirty else ''}"


def machine() -> dict:
    mem_kb = 0
    try:
        with open("/proc/meminfo") as fh:
            mem_kb = int(fh.readline().split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "memory_mb": mem_kb // 1024,
        "platform": platform.platform(),
    }


def table(headers: list[str], rows: list[list]) -> str:
    """A Markdown table (also readable as plain text)."""
    cells = [[("-" if v is None else str(v)) for v in row] for row in rows]
    widths = [
        max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)
    ]

    def line(vals: list[str]) -> str:
        return "| " + " | ".join(v.ljust(w) for v, w in zip(vals, widths, strict=True)) + " |"

    out = [line(headers), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(r) for r in cells]
    return "\n".join(out)


def save(name: str, payload: dict, summary: list[tuple[str, str]]) -> Path:
    """Write ``payload`` as JSON under bench/results and append ``summary`` lines
    (case, figures) to the history table."""
    RESULTS.mkdir(exist_ok=True)
    now = dt.datetime.now(dt.UTC)
    stamp = now.strftime("%Y%m%d-%H%M%S")
    path = RESULTS / f"{stamp}-{name}.json"
    rev = commit()
    payload = {
        "bench": name,
        "when": now.isoformat(timespec="seconds"),
        "commit": rev,
        "machine": machine(),
        **payload,
    }
    path.write_text(json.dumps(payload, indent=2, sort_keys=False) + "\n")
    if not HISTORY.exists():
        HISTORY.write_text(HISTORY_HEAD)
    with HISTORY.open("a") as fh:
        for case, figures in summary:
            fh.write(
                f"| {now:%Y-%m-%d %H:%M} | {name} | {case} | {figures} | {rev} | [{path.name}]({path.name}) |\n"
            )
    rewrite_index()
    return path


def under_callgrind(module: str, args: list[str], cwd: Path, env: dict | None = None) -> tuple:
    """Run ``python -m module --child ...args`` under valgrind's callgrind: (instructions it
    counted, the last JSON line the child printed). The hash seed is fixed so that two
    counts of the same work are the same count."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        "-m",
        module,
        "--child",
        *args,
    ]
    env = {**(env or os.environ), "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=True)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise SystemExit(f"callgrind said no count:\n{done.stderr[-2000:]}")
    return int(collected.group(1)), json.loads(done.stdout.strip().splitlines()[-1])


def instructions_per_unit(count, n: int) -> tuple[float, list]:
    """Instructions per unit of work (a move, a socket): ``count(k)`` runs ``k`` of them under
    callgrind and returns (instructions, units done); run with ``n`` and with three times as
    many, the difference cancels the start-up out."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian's valgrind package)")
    small, large = count(n), count(3 * n)
    return (large[0] - small[0]) / (large[1] - small[1]), [small, large]
