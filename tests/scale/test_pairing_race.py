""" "Play now" with two daphne workers on PostgreSQL + channels-redis: many people joining,
leaving and rejoining the queue at once are each paired at most once, and nobody who stays
is left waiting."""

import asyncio
import concurrent.futures
import http.cookiejar
import json
import random
import urllib.request
from collections import Counter

import psycopg
import websockets

PEOPLE = 24
LEAVERS = 6  # join, leave at once, then join again


def guest_cookie(base: str) -> str:
    """A real guest session from the worker, as a browser gets on its first visit: reading
    the lobby makes nobody, so its script posts to become a guest (static/js/queue.js)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{base}/g/elemental-clash/", timeout=10).read()
    token = next(c.value for c in jar if c.name == "csrftoken")
    become = urllib.request.Request(
        f"{base}/me/guest/", data=b"", method="POST", headers={"X-CSRFToken": token}
    )
    opener.open(become, timeout=10).read()
    return "; ".join(f"{c.name}={c.value}" for c in jar)


async def person(base: str, cookie: str, leaves_first: bool, rng: random.Random) -> str:
    """Queue for Elemental Clash on one worker; return the match code it is sent to."""
    url = base.replace("http://", "ws://") + "/ws/lobby/elemental-clash/"
    headers = {"Cookie": cookie, "Origin": base}
    async with websockets.connect(url, additional_headers=headers, open_timeout=10) as ws:
        await ws.recv()  # the open challenges
        await asyncio.sleep(rng.uniform(0, 0.5))
        join = json.dumps({"queue": "join", "HEADERS": {}})
        if leaves_first:
            await ws.send(join)
            await ws.send(json.dumps({"queue": "leave", "HEADERS": {}}))
            await asyncio.sleep(rng.uniform(0, 0.3))
        await ws.send(join)
        async with asyncio.timeout(45):
            while True:
                text = await ws.recv()
                if 'data-go="/m/' in text:
                    return text.split('data-go="/m/', 1)[1].split("/", 1)[0]


def test_everyone_is_paired_once_across_two_workers(workers, worker_database):
    rng = random.Random(7)
    bases = [w.url for w in workers]
    cookies = [guest_cookie(bases[i % 2]) for i in range(PEOPLE)]

    async def everyone():
        return await asyncio.gather(
            *(
                person(bases[i % 2], cookies[i], i < LEAVERS, random.Random(rng.random()))
                for i in range(PEOPLE)
            )
        )

    # In a thread of its own: a browser test of this session may hold the main thread's
    # event loop (Playwright's sync API), where asyncio.run refuses to start another.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        codes = thread.submit(asyncio.run, everyone()).result()
    # Every match code was given to exactly two people, so nobody waits and nobody is
    # in two matches.
    assert sorted(Counter(codes).values()) == [2] * (PEOPLE // 2), Counter(codes)
    with psycopg.connect(worker_database) as conn:
        seats = conn.execute(
            "SELECT s.guest_id, count(*) FROM games_seat s JOIN games_match m ON m.id = s.match_id "
            "WHERE m.code = ANY(%s) GROUP BY s.guest_id",
            (list(set(codes)),),
        ).fetchall()
        paired = conn.execute(
            "SELECT count(*) FROM games_queueentry WHERE match_id IS NOT NULL"
        ).fetchone()[0]
        waiting = conn.execute(
            "SELECT count(*) FROM games_queueentry WHERE match_id IS NULL"
        ).fetchone()[0]
    assert len(seats) == PEOPLE and all(count == 1 for _guest, count in seats)
    assert paired == PEOPLE and waiting == 0
