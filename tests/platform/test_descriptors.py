"""The default set-up (`manage.py play` on SQLite) keeps the files it has open bounded: page
loads and socket connects leave no descriptor behind (security round three, E1: each HTTP
request once leaked the writers' lock file and its SQLite connection, and daphne answered
500 to everything once it reached its open-file limit)."""

import asyncio
import http.cookiejar
import os
import urllib.request
from pathlib import Path

import websockets

from tests.live import serving

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["/", "/g/phalanx/", "/g/elemental-clash/", "/g/card-battle/how-to-play/", "/me/matches/"]
REQUESTS = 300
SOCKETS = 100


def descendants(pid: int) -> list[int]:
    """The server's process tree (daphne and its render workers, the sweeper)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry))
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(children.get(current, []))
    return tree


def open_files(pid: int) -> dict[int, list[str]]:
    files = {}
    for process in descendants(pid):
        try:
            names = os.listdir(f"/proc/{process}/fd")
            files[process] = [os.readlink(f"/proc/{process}/fd/{n}") for n in names]
        except OSError:  # a process that ended meanwhile
            continue
    return files


def count(files: dict[int, list[str]]) -> int:
    return sum(len(names) for names in files.values())


def load_pages(base: str, times: int) -> None:
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    for i in range(times):
        with opener.open(base + PAGES[i % len(PAGES)], timeout=20) as response:
            assert response.status == 200
            response.read()


def connect_sockets(base: str, times: int) -> None:
    url = base.replace("http://", "ws://") + "/ws/lobby/phalanx/"

    async def one() -> None:
        async with websockets.connect(url, additional_headers={"Origin": base}) as ws:
            await asyncio.wait_for(ws.recv(), 20)  # the lobby's open challenges: it was served

    async def all_of_them() -> None:
        for _ in range(times):
            await one()

    asyncio.run(all_of_them())


def test_page_loads_and_socket_connects_leave_no_open_file_behind(tmp_path):
    with serving(tmp_path / "site.sqlite3", ROOT) as (base, server):
        load_pages(base, 30)  # warm: lazy imports, the pool's threads and their connections
        connect_sockets(base, 10)
        before = open_files(server.pid)

        load_pages(base, REQUESTS)
        connect_sockets(base, SOCKETS)
        after = open_files(server.pid)

        grown = count(after) - count(before)
        leaked = sorted(name for names in after.values() for name in names if "sqlite3" in name)
        assert grown <= 20, (
            f"{REQUESTS} page loads and {SOCKETS} socket connects left {grown} more open "
            f"files ({count(before)} -> {count(after)}); database files now open: "
            f"{len(leaked)}, e.g. {leaked[:5]}"
        )
