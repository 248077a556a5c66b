"""What a replay costs the server: building every position of a finished match once, then
each in-page step (the htmx fragment for ``?at=N``) from the cached positions.

    .venv/bin/python -m bench.replay [--games phalanx,gundam] [--steps 40]

One bot match per game is played to its end on a fresh SQLite file; the build is timed
uncached, then ``--steps`` random positions are fetched through Django's test client as the
player fetches them. Prints positions, build time, and step p50/p95 with the fragment size.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, ms, percentile, save, table

GAMES = ["elemental-clash", "phalanx", "card-battle", "gundam", "shapeships"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--steps", type=int, default=40)
    args = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="bench-replay-"))
    os.environ["SQLITE_PATH"] = str(directory / "replay.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    os.environ["BOT_STEP_SECONDS"] = "0"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=os.environ, check=True
    )
    import django

    django.setup()
    from django.test import Client

    from games.engines import get_engine
    from games.matches import services
    from games.matches.identity import Player
    from games.models import Match
    from games.pages import replay_page

    player = Player(user_id=None, guest_id="bench-replay", name="bench")
    rows, payload = [], {}
    for game in args.games.split(","):
        match = services.create_match(
            game, player, mode=Match.Mode.BOT, timed=False, seed=f"bench-replay-{game}"
        )
        engine = get_engine(game)
        while True:
            match.refresh_from_db()
            if match.status != Match.Status.ACTIVE:
                break
            if 0 in engine.prompts(match.state).waiting:
                move = engine.bot_action(match.state, 0)
                services.submit(match.pk, player, 0, move, match.step)
            else:
                services.drive_bots(match.pk)
        match = Match.objects.prefetch_related("seats").get(pk=match.pk)
        started = time.perf_counter()
        frames = replay_page.frames_for(match)  # uncached: the first viewer pays this
        build = time.perf_counter() - started
        client, rng, steps, sizes = Client(), random.Random(game), [], []
        for _ in range(args.steps):
            at = rng.randrange(len(frames))
            started = time.perf_counter()
            response = client.get(f"/m/{match.code}/replay/?at={at}", HTTP_HX_REQUEST="true")
            steps.append(time.perf_counter() - started)
            assert response.status_code == 200
            sizes.append(len(response.content))
        row = [
            game,
            len(frames),
            ms(build),
            ms(percentile(steps, 50)),
            ms(percentile(steps, 95)),
            round(statistics.mean(sizes) / 1024, 1),
        ]
        rows.append(row)
        payload[game] = dict(
            zip(
                ["game", "positions", "build_ms", "step_p50_ms", "step_p95_ms", "fragment_kib"],
                row,
                strict=True,
            )
        )
    headers = [
        "game",
        "positions",
        "build (ms)",
        "step p50 (ms)",
        "step p95 (ms)",
        "fragment (KiB)",
    ]
    print(table(headers, rows))
    save(
        "replay",
        payload,
        [
            (r[0], f"{r[1]} positions, build {r[2]} ms, step p50 {r[3]} / p95 {r[4]} ms")
            for r in rows
        ],
    )


if __name__ == "__main__":
    main()
