"""Where a daphne worker's busy samples go, by piece of the live path, from ``bench.live
--profile N``'s py-spy recording (kept as ``profile-N.txt`` in the run's log directory).

    .venv/bin/python -m bench.profile_pieces /tmp/duelhall-bench-logs-*/profile-100.txt

py-spy counts a thread as on-CPU when the kernel has it runnable, so on a machine whose run
queue is longer than its cores, threads just woken in ``select``, in psycopg's wait for the
server, or idle in the thread pool are sampled as busy: a third to two thirds of the samples
there. Samples whose innermost frame is such a wait are left out; the rest are shared among
the pieces below, inclusively (a Redis call made inside a render counts in both).
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench.live import read_stacks

WAITS = (
    "select (selectors.py",
    "Connection.wait (psycopg/",
    "_worker (concurrent/",
    "_write_to_self (asyncio/",
    "_read_from_self (asyncio/",
    "untilConcludes (twisted/",
)

PIECES: list[tuple[str, tuple[str, ...]]] = [
    ("the move's transaction (services.submit)", ("submit (games/matches/services.py",)),
    ("frames (render_frame)", ("render_frame (games/live/rendering.py",)),
    ("renders' reads of the match (MatchConsumer._render, outside render_frame)", ()),
    (
        "the watchdog's checks (_resync_forever; its renders count as renders)",
        ("_resync_forever (games/live/", "_current_version_and_deadline (games/live/"),
    ),
    ("presence rows (games/matches/presence.py)", ("(games/matches/presence.py",)),
    ("Redis client (redis-py, channels_redis)", ("(redis/", "(channels_redis/")),
    ("PostgreSQL client (psycopg, django.db)", ("(psycopg/", "(django/db/")),
    # Only autobahn: twisted's reactor and daphne's server sit under every event-loop sample.
    ("websocket framing (autobahn)", ("(autobahn/",)),
]


def pieces(raw: Path) -> tuple[int, int, dict[str, int]]:
    busy = waiting = 0
    counts = {name: 0 for name, _ in PIECES}
    render_reads = PIECES[2][0]
    for frames, n in read_stacks(raw):
        if not frames or any(w in frames[-1] for w in WAITS):
            waiting += n
            continue
        busy += n
        for name, marks in PIECES:
            if marks and any(m in f for f in frames for m in marks):
                counts[name] += n
        in_render = any("MatchConsumer._render (games/live/consumers.py" in f for f in frames)
        framing = any("render_frame (games/live/rendering.py" in f for f in frames)
        if in_render and not framing:
            counts[render_reads] += n
    return busy, waiting, counts


def main(argv: list[str] | None = None) -> int:
    for path in argv if argv is not None else sys.argv[1:]:
        busy, waiting, counts = pieces(Path(path))
        print(f"{path}: {busy} busy samples ({waiting} waits left out)")
        for name, n in counts.items():
            print(f"  {100 * n / max(1, busy):5.1f}%  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
