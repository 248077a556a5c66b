"""Engine playouts of this tree against another commit's engines, in one sitting.

    .venv/bin/python -m bench.engines --against main [--rounds 3] [--instructions]
    .venv/bin/python -m bench.engines --against main~2 --after main   # two commits

The other commit's files are exported (``git archive``) to a temporary directory; each
measurement runs this tree's ``bench.engines`` in a child process whose ``games`` package
comes from one side or the other, so both sides are measured by the same driver:

- wall clock: ``--rounds`` rounds, each running every game once per side, the sides
  alternating (before, after, before, after, ...) so that a change in the machine's load hits
  both; the figure per side is the median of its rounds (each round also records its
  playouts per CPU second, see bench/engines.py);
- ``--instructions``: per game and side, instructions counted by valgrind's callgrind over
  the same seeded playouts (the difference between ``--count`` and three times as many
  playouts, divided by the difference in actions and in playouts, so start-up cancels out).
  Both sides play the same seeds; when the rules behave the same, they play the same moves.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

from bench.common import ROOT


@contextlib.contextmanager
def exported(ref: str) -> Iterator[Path]:
    """The files of commit ``ref`` in a temporary directory (read-only git calls only)."""
    with tempfile.TemporaryDirectory(prefix="duelhall-versus-") as tmp:
        archive = Path(tmp) / "tree.tar"
        with archive.open("wb") as fh:
            subprocess.run(["git", "archive", "--format=tar", ref], cwd=ROOT, stdout=fh, check=True)
        tree = Path(tmp) / "tree"
        tree.mkdir()
        with tarfile.open(archive) as tar:
            tar.extractall(tree, filter="data")
        yield tree


def child_command(tree: Path | None, *args: str) -> list[str]:
    command = [sys.executable, "-m", "bench.engines", "--no-save", *args]
    if tree is not None:
        command += ["--engines-from", str(tree)]
    return command


def wall_clock(tree: Path | None, slug: str, seconds: float) -> dict:
    """One game's figures from a child process (``tree`` None: this tree's engines)."""
    command = child_command(tree, "--games", slug, "--seconds", str(seconds), "--json")
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def counted(tree: Path | None, slug: str, playouts: int) -> tuple[int, int, int]:
    """(instructions, actions, playouts) of ``playouts`` seeded playouts under callgrind."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        *child_command(tree, "--games", slug, "--count", str(playouts)),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise SystemExit(f"callgrind said no count:\n{done.stderr[-2000:]}")
    played = json.loads(done.stdout.strip().splitlines()[-1])
    return int(collected.group(1)), played["actions"], played["playouts"]


def instructions(tree: Path | None, slug: str, playouts: int) -> dict:
    """Instructions per action and per playout, start-up cancelled out."""
    small = counted(tree, slug, playouts)
    large = counted(tree, slug, 3 * playouts)
    spent = large[0] - small[0]
    return {
        "per_action": round(spent / (large[1] - small[1])),
        "per_playout": round(spent / (large[2] - small[2])),
        "runs": [small, large],
    }


def compare(
    ref: str,
    slugs: list[str],
    seconds: float,
    rounds: int,
    count: int | None,
    after: str | None = None,
) -> list[dict]:
    """Interleaved figures per game for ``ref`` (before) and ``after`` (a commit, or None for
    this working tree)."""
    if count is not None and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian's valgrind package)")
    results = []
    with contextlib.ExitStack() as stack:
        before_tree = stack.enter_context(exported(ref))
        after_tree = stack.enter_context(exported(after)) if after else None
        for slug in slugs:
            print(f"{slug}: {rounds} rounds against {ref} ...", file=sys.stderr, flush=True)
            sides: dict[str, list[float]] = {"before": [], "after": []}
            on_cpu: list[int] = []
            per_cpu_s: dict[str, list[float]] = {"before": [], "after": []}
            for _ in range(rounds):
                for side, where in (("before", before_tree), ("after", after_tree)):
                    figures = wall_clock(where, slug, seconds)
                    sides[side].append(figures["playouts_per_s"])
                    on_cpu.append(figures.get("on_cpu_pct", 100))
                    per_cpu_s[side].append(figures.get("cpu_playouts_per_s"))
            result = {
                "game": slug,
                "ref": ref,
                "after": after or "working tree",
                "rounds": sides,
                "on_cpu_pct": on_cpu,
                "per_cpu_s": per_cpu_s,
            }
            for side in sides:
                result[f"{side}_median"] = statistics.median(sides[side])
            if count is not None:
                result["instructions_before"] = instructions(before_tree, slug, count)
                result["instructions_after"] = instructions(after_tree, slug, count)
            results.append(result)
    return results
