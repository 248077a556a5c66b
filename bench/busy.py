"""A CPU burner for ``bench.live --busy``: another tenant of the machine, on one core.

    python -m bench.busy SECONDS [CPU]

Spins one process at full speed on one core (CPU, default the last) for at most SECONDS,
then exits by itself: a run that dies, or forgets it, leaves nothing burning. ``burning``
starts it around a load run and stops it after.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator

from bench.common import ROOT


def burn(seconds: float, cpu: int) -> None:
    os.sched_setaffinity(0, {cpu})
    end = time.monotonic() + seconds
    spins = 0
    while time.monotonic() < end:
        for _ in range(10_000):  # a pure-Python loop: all CPU, no memory, no syscalls
            spins += 1


@contextlib.contextmanager
def burning(enabled: bool, limit_seconds: float) -> Iterator[None]:
    """Burn one core while the block runs (and ``limit_seconds`` at most) if ``enabled``."""
    if not enabled:
        yield
        return
    cpu = max(os.sched_getaffinity(0))
    burner = subprocess.Popen(
        [sys.executable, "-m", "bench.busy", str(limit_seconds), str(cpu)], cwd=ROOT
    )
    try:
        yield
    finally:
        burner.kill()
        burner.wait()


def main(argv: list[str]) -> int:
    seconds = float(argv[0])
    cpu = int(argv[1]) if len(argv) > 1 else max(os.sched_getaffinity(0))
    burn(seconds, cpu)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
