"""An arena on PostgreSQL with two daphne workers: 40 players' arena pages (20 on each
worker) each run a pairing pass every tick, so the two workers' pairing loops race on one
arena; a third process finishes matches at random, and one worker is killed mid-run and
started again. Nobody is ever seated in two arena matches at once, every finished match is
scored exactly once, and the stored table equals a recount from the match rows."""

import asyncio
import json
import subprocess
import sys
import time

import psycopg
import websockets

from .conftest import ROOT

PLAYERS = 40
# Long enough for every player to be paired several times over (a result every 0.05-0.25 s,
# a pairing pass every second: 80-86 pairings of the 40 players in a run), with a worker
# killed a third of the way in and started again 2 s later, 8 s before the end.
PAIRING_SECONDS = 15
KILLED_AT, RESTARTED_AT = 5, 7

DOUBLE_BOOKED = """
SELECT s.user_id, count(*) FROM games_seat s
JOIN games_match m ON m.id = s.match_id
JOIN games_arenapairing p ON p.match_id = m.id
WHERE m.status = 'active' GROUP BY s.user_id HAVING count(*) > 1
"""


def actor(env: dict, *args: str, wait: bool = True):
    command = [sys.executable, "-m", "tests.scale.arena_actors", *args]
    if not wait:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    done = subprocess.run(
        command, cwd=ROOT, env=env, check=True, capture_output=True, text=True, timeout=300
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


async def arena_page(base: str, arena: int, cookie: str, stop: asyncio.Event) -> int:
    """One player's arena page: kept open (reopened when its worker dies) until ``stop``.
    Returns how many frames it received."""
    url = base.replace("http://", "ws://") + f"/ws/arena/{arena}/"
    frames = 0
    while not stop.is_set():
        try:
            async with websockets.connect(
                url, additional_headers={"Cookie": cookie, "Origin": base}, open_timeout=10
            ) as ws:
                while not stop.is_set():
                    try:
                        await asyncio.wait_for(ws.recv(), timeout=0.5)
                        frames += 1
                    except TimeoutError:
                        continue
        except (OSError, websockets.WebSocketException, TimeoutError):
            await asyncio.sleep(0.5)  # the worker is down: come back like a browser would
    return frames


def test_two_workers_pair_one_arena_and_every_result_counts_once(workers, worker_database):
    env = {**workers[0].env, "DATABASE_URL": worker_database}
    made = actor(env, "setup", str(PLAYERS))
    arena, cookies = made["arena"], made["cookies"]
    double_booked = []
    checks = []
    finisher = None

    async def run():
        stop = asyncio.Event()
        pages = [
            asyncio.ensure_future(arena_page(workers[i % 2].url, arena, cookie, stop))
            for i, cookie in enumerate(cookies)
        ]
        nonlocal finisher
        await asyncio.sleep(3)  # every page open before the start
        await asyncio.to_thread(actor, env, "start", str(arena), str(PAIRING_SECONDS))
        finisher = actor(env, "results", "arena-race", wait=False)
        with psycopg.connect(worker_database, autocommit=True) as conn:
            start = time.monotonic()
            killed = restarted = False
            while time.monotonic() - start < PAIRING_SECONDS + 5:
                double_booked.extend(conn.execute(DOUBLE_BOOKED).fetchall())
                checks.append(1)
                elapsed = time.monotonic() - start
                if not killed and elapsed > KILLED_AT:
                    workers[1].kill()  # mid-pass, as likely as not: its transactions vanish
                    killed = True
                if killed and not restarted and elapsed > RESTARTED_AT:
                    await asyncio.to_thread(workers[1].start)
                    restarted = True
                await asyncio.sleep(0.1)
        stop.set()
        return await asyncio.gather(*pages)

    frames = asyncio.run(run())
    assert finisher.wait(timeout=240) == 0
    finished = json.loads(finisher.stdout.read().strip().splitlines()[-1])
    assert double_booked == [], "a player sat in two arena matches at once"
    check = actor(env, "check", str(arena))
    print(
        f"{finished} resigned, {check['pairings']} paired, {sum(frames)} frames sent, "
        f"{len(checks)} double-seating checks"
    )
    assert check["pairings"] > PLAYERS // 2, "players were paired again as results came in"
    assert check["unscored_finished"] == 0
    assert check["orders"] == list(range(check["pairings"])), "each match scored once"
    assert check["results_match_games"]
    assert check["still_in_a_match"] == 0
    assert check["stored"] == check["recount"]
