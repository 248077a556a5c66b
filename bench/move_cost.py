"""What one move costs the server: the move and both players' frames, in one process.

    .venv/bin/python -m bench.move_cost [--game elemental-clash] [--matches 40] [--moves 25]
    .venv/bin/python -m bench.move_cost --instructions      # counted, not timed

This is what a render worker does for each move of an online match (games/live/render_process.py):
``services.submit``, then ``render_frame`` for the other player and the mover against what
their pages hold. Matches are seeded random, untimed, on a fresh SQLite file; ``--moves``
per match (25: about the draft and a few battle turns of Elemental Clash, as far as
``bench.live``'s 20 s window gets).

Wall time on this VM moves by a third from one minute to the next, which hides a change of
10-20%. So ``--instructions`` runs the measurement twice under valgrind's callgrind, with
``--matches`` and three times as many, and prints the difference in instructions executed
divided by the difference in moves: the cost of a move, with the start-up cancelled out, the
same on every run of the same code (PYTHONHASHSEED is fixed). It takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import (
    ROOT,
    instructions_per_unit,
    ms,
    percentile,
    save,
    table,
    under_callgrind,
)

GIVING_UP = {"resign", "forfeit", "concede", "surrender"}
PREFERRED = ("lock", "confirm", "end_turn")  # as the live benchmark's players choose


def _can_play(offered: list) -> bool:
    return any(a.get("type") not in GIVING_UP for a in offered)


def play(game: str, matches: int, moves: int, database: Path) -> list[float]:
    """Seconds per move (the move and both frames) over ``matches`` seeded matches."""
    os.environ["SQLITE_PATH"] = str(database)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # the public key is refused
    import django

    django.setup()
    from games.engines import get_engine
    from games.live.rendering import Viewer, render_frame
    from games.matches import broadcast, committed, services
    from games.matches.identity import Player
    from games.models import Match

    players = [Player(user_id=None, guest_id=f"bench-{n}", name=n) for n in ("alice", "bob")]
    engine, rng, spent = get_engine(game), random.Random(f"move-cost:{game}"), []
    with broadcast.collected():  # the worker hands its notices to daphne; nothing to send
        for number in range(matches):
            match = services.create_match(game, players[0], timed=False, seed=f"mc-{number}")
            services.join_match(match.pk, players[1])
            match = Match.objects.prefetch_related("seats").get(pk=match.pk)
            shown = {s: render_frame(match, Viewer(players[s], s))[1] for s in (0, 1)}
            for _ in range(moves):
                # A seat with nothing to do but give up is not to move (ShapeShips offers
                # resign to a seat that has locked in): choosing it would end the match.
                waiting = [s for s in (0, 1) if _can_play(engine.legal_actions(match.state, s))]
                if match.status != Match.Status.ACTIVE or not waiting:
                    break
                seat = rng.choice(waiting)
                offered = engine.legal_actions(match.state, seat)
                playing = [a for a in offered if a.get("type") not in GIVING_UP] or offered
                preferred = [a for a in playing if a.get("type") in PREFERRED]
                action = rng.choice(preferred or playing)
                start = time.perf_counter()
                services.submit(match.pk, players[seat], seat, action)
                # The worker renders from the copy it committed; a finished match is not
                # kept (games/matches/committed.py) and is read, as the sockets would.
                match = committed.recall(match.pk, match.version + 1) or (
                    Match.objects.prefetch_related("seats").get(pk=match.pk)
                )
                for viewer_seat in (1 - seat, seat):
                    viewer = Viewer(players[viewer_seat], viewer_seat)
                    shown[viewer_seat] = render_frame(match, viewer, "", shown[viewer_seat])[1]
                spent.append(time.perf_counter() - start)
    return spent


def migrated_template(directory: Path) -> Path:
    """A migrated database to copy for each run, so no run pays for migrating."""
    template = directory / "template.sqlite3"
    env = {
        **os.environ,
        "SQLITE_PATH": str(template),
        "DEBUG": "false",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    return template


def counted(game: str, matches: int, moves: int, template: Path, directory: Path) -> tuple:
    """(instructions, moves) of one run under callgrind."""
    database = directory / f"run-{matches}.sqlite3"
    shutil.copy(template, database)
    instructions, printed = under_callgrind(
        "bench.move_cost",
        [str(database), "--game", game, "--matches", str(matches), "--moves", str(moves)],
        cwd=ROOT,
    )
    return instructions, printed["moves"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="elemental-clash")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--moves", type=int, default=25, help="moves per match at most")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # a counted run's database
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()

    if args.child:
        moves = len(play(args.game, args.matches, args.moves, Path(args.child)))
        print(json.dumps({"moves": moves}))
        return

    with tempfile.TemporaryDirectory(prefix="duelhall-move-cost-") as tmp:
        directory = Path(tmp)
        template = migrated_template(directory)
        if args.instructions:
            per_move, runs = instructions_per_unit(
                lambda n: counted(args.game, n, args.moves, template, directory), args.matches
            )
            result = {"instructions_per_move": round(per_move), "runs": runs}
            figures = (
                f"{per_move / 1e6:.2f} M instructions per move ({runs[1][1] - runs[0][1]} moves)"
            )
        else:
            database = directory / "run.sqlite3"
            shutil.copy(template, database)
            spent = play(args.game, args.matches, args.moves, database)
            result = {
                "moves": len(spent),
                "median_ms": ms(statistics.median(spent)),
                "mean_ms": ms(statistics.mean(spent)),
                "p95_ms": ms(percentile(spent, 95)),
            }
            figures = (
                f"{len(spent)} moves; per move (the move and both frames) median "
                f"{result['median_ms']} ms, mean {result['mean_ms']} ms, p95 {result['p95_ms']} ms"
            )
    case = f"{args.game}, {args.moves} moves per match"
    print(table(["case", "figures"], [[case, figures]]))
    if not args.no_save:
        config = {"game": args.game, "matches": args.matches, "moves": args.moves}
        path = save("move-cost", {"config": config, "result": result}, [(case, figures)])
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
