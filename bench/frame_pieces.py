"""Where one frame's instructions go: each piece of a player's frame, counted by callgrind.

    .venv/bin/python -m bench.frame_pieces [--game elemental-clash] [--moves 25] [--count 20]

Plays one seeded match ``--moves`` deep (as bench.move_cost does), then runs each piece of
the first player's frame of that position ``--count`` times, under valgrind's callgrind,
which writes a count at every ``time.sleep(0)`` (``--dump-before=time_sleep``): the
instructions of each piece per call, the same on every run of the same code. "frame, nothing
changed" is a frame against what the page already shows (the fixed cost every frame pays);
"frame, whole page" one for a socket that shows nothing yet.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, table


def afresh(render):
    """``render()`` with no part, memo or ``memo_include`` fragment reused: what rendering
    them costs, which a warm cache hides."""
    from games.matches.lru import LRU
    from games.templatetags import duelhall, parts

    kept = parts.reuse_enabled, duelhall._fragments
    parts.reuse_enabled, duelhall._fragments = False, LRU(0)
    try:
        return render()
    finally:
        parts.reuse_enabled, duelhall._fragments = kept


def pieces(game: str, moves: int, count: int, directory: Path) -> list[str]:
    from bench.move_cost import migrated_template, play

    database = directory / "run.sqlite3"
    shutil.copy(migrated_template(directory), database)
    play(game, 1, moves, database)
    from django.template import engines

    from games.boards import layout_of
    from games.engines import get_engine
    from games.live import around, board_frames, rendering
    from games.live.latest_event import latest_event
    from games.matches.identity import Player
    from games.models import Match

    match = Match.objects.prefetch_related("seats").order_by("-pk").first()
    viewer = rendering.Viewer(Player(user_id=None, guest_id="bench-alice", name="alice"), 0)
    shown = rendering.render_frame(match, viewer)[1]
    context = {**rendering.context_for(match, viewer), "flash": ""}
    board = engines["django"].get_template(context["board_template"]).template
    layout = layout_of(game, context)
    measured = {
        "context (all of it)": lambda: rendering.context_for(match, viewer),
        "  the view": lambda: get_engine(game).view(match.state, 0),
        "  the match's summary": lambda: rendering.match_summary(match),
        "  legal actions and labels": lambda: rendering.viewer_actions(match, viewer),
        "  the newest event": lambda: latest_event(
            game, context["view"], context["match"]["names"]
        ),
        "frame, nothing changed": lambda: rendering.render_frame(match, viewer, "", shown),
        "frame, whole page": lambda: rendering.render_frame(match, viewer),
        "  the same, nothing reused (every part and fragment rendered)": lambda: afresh(
            lambda: rendering.render_frame(match, viewer)
        ),
    }
    if layout is not None:
        measured["  every part's id and digest"] = lambda: board_frames._placed(
            board, context, layout
        )
        measured["  the fragments around the board"] = lambda: (
            around.head(context) + around.tail(context)
        )
    for piece in measured.values():
        piece()  # caches filled, templates compiled
    time.sleep(0)  # the end of the set-up's count
    for piece in measured.values():
        for _ in range(count):
            piece()
        time.sleep(0)
    return list(measured)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="elemental-clash")
    parser.add_argument("--moves", type=int, default=25)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        os.environ["SQLITE_PATH"] = str(Path(args.child) / "run.sqlite3")
        names = pieces(args.game, args.moves, args.count, Path(args.child))
        print("\t".join(names))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("needs valgrind (Debian's valgrind package)")
    with tempfile.TemporaryDirectory(prefix="duelhall-frame-pieces-") as tmp:
        out = Path(tmp) / "callgrind"
        command = [
            "valgrind",
            "--tool=callgrind",
            "--dump-before=time_sleep",
            f"--callgrind-out-file={out}.%p",
            sys.executable,
            "-m",
            "bench.frame_pieces",
            *("--game", args.game, "--moves", str(args.moves), "--count", str(args.count)),
            *("--child", tmp),
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(done.stderr[-2000:])
        names = done.stdout.strip().splitlines()[-1].split("\t")
        dumps = sorted(Path(tmp).glob("callgrind.*.*"), key=lambda p: int(p.suffix[1:]))
        counts = [int(re.search(r"^totals: (\d+)", p.read_text(), re.M)[1]) for p in dumps]
    rows = [[n, f"{c / args.count / 1e3:,.0f} k"] for n, c in zip(names, counts[1:], strict=False)]
    print(table([f"{args.game}, after {args.moves} moves", "instructions per call"], rows))


if __name__ == "__main__":
    main()
