"""What opening a match page's socket costs the server: the socket's admission, its first
frame and its chat, then its close, in one process.

    .venv/bin/python -m bench.socket_cost [--sockets 60]
    .venv/bin/python -m bench.socket_cost --instructions      # counted, not timed

Every page a player opens, every reload and every next match opens a socket and later
closes one; in ``bench.live`` the pairs that finish a match together open their next ones
together, and that burst is where the live figures' tail sits. Here a seated player's
socket to an Elemental Clash match in play is opened through the real ASGI application
(``project.asgi``: origin check, session, ``MatchConsumer``) with Channels' test
communicator, waited on until its board and chat have arrived, and closed, ``--sockets``
times. It prints the SQL statements and write transactions per open and close, and the time
(or, with ``--instructions``, the instructions counted by callgrind as in ``bench.move_cost``:
two runs, the difference divided by the difference in sockets).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import statistics
import tempfile
import time
import warnings
from collections import Counter
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
from bench.move_cost import migrated_template

GAME = "elemental-clash"
# Seconds to wait on the socket: generous, since under callgrind on a busy machine a frame
# takes a hundred times as long.
WAIT = 600


def _count_statements(counts: Counter) -> None:
    """Count every statement by its first word, on every thread's connection."""
    from django.db.backends import utils

    plain = utils.CursorWrapper._execute

    def counting(self, sql, params, *rest):
        counts[sql.split(None, 1)[0].upper()] += 1
        return plain(self, sql, params, *rest)

    utils.CursorWrapper._execute = counting


async def _open_and_close(application, code: str, headers: list) -> None:
    """One socket, open until its first frame has arrived, then closed. The consumer
    handles its close after everything its opening does (a consumer takes one message at
    a time), and ``disconnect`` waits for the consumer to end, so all of it is counted."""
    from channels.testing import WebsocketCommunicator

    # As the match page opens it: saying the newest chat line it shows (none yet).
    socket = WebsocketCommunicator(application, f"/ws/m/{code}/?chat=0", headers=headers)
    connected, _ = await socket.connect(timeout=WAIT)
    if not connected:
        raise SystemExit("the match socket was refused")
    first = await socket.receive_from(timeout=WAIT)
    if 'id="board"' not in first:
        raise SystemExit(f"the first frame holds no board: {first[:300]!r}")
    await socket.disconnect(timeout=WAIT)


def run(sockets: int, database: Path) -> tuple[list[float], Counter]:
    """Seconds per open and close, and the statements they made, over ``sockets`` sockets."""
    os.environ["SQLITE_PATH"] = str(database)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    os.environ["DEBUG"] = "false"
    os.environ["RENDER_PROCESSES"] = "0"  # the first frame rendered here, counted with the rest
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    # The static files are not collected for a benchmark, and no page here needs them.
    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from channels.db import database_sync_to_async
    from django.contrib.sessions.backends.db import SessionStore

    from games.matches import services
    from games.matches.identity import Player
    from project.asgi import application

    players = [Player(user_id=None, guest_id=f"bench-{n}", name=n) for n in ("alice", "bob")]

    def started() -> str:
        match = services.create_match(GAME, players[0], timed=False, seed="socket-cost")
        services.join_match(match.pk, players[1])
        store = SessionStore()
        store["guest_id"], store["guest_name"] = players[0].guest_id, players[0].name
        store.create()
        return match.code, store.session_key

    counts: Counter = Counter()
    spent: list[float] = []

    async def main() -> None:
        code, session_key = await database_sync_to_async(started)()
        headers = [
            (b"origin", b"http://127.0.0.1"),
            (b"host", b"127.0.0.1"),
            (b"cookie", f"sessionid={session_key}".encode()),
        ]
        await _open_and_close(application, code, headers)  # the caches' first fill
        _count_statements(counts)
        for _ in range(sockets):
            start = time.perf_counter()
            await _open_and_close(application, code, headers)
            spent.append(time.perf_counter() - start)

    asyncio.run(main())
    return spent, counts


def counted(sockets: int, template: Path, directory: Path) -> tuple[int, int]:
    """(instructions, sockets) of one run under callgrind."""
    database = directory / f"run-{sockets}.sqlite3"
    shutil.copy(template, database)
    instructions, printed = under_callgrind(
        "bench.socket_cost", [str(database), "--sockets", str(sockets)], cwd=ROOT
    )
    return instructions, printed["sockets"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=60)
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # a counted run's database
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()

    if args.child:
        spent, counts = run(args.sockets, Path(args.child))
        per = {word: round(n / len(spent), 2) for word, n in counts.most_common()}
        print(json.dumps({"sockets": len(spent), "statements": per}))
        return

    with tempfile.TemporaryDirectory(prefix="duelhall-socket-cost-") as tmp:
        directory = Path(tmp)
        template = migrated_template(directory)
        if args.instructions:
            per_socket, runs = instructions_per_unit(
                lambda n: counted(n, template, directory), args.sockets
            )
            result = {"instructions_per_socket": round(per_socket), "runs": runs}
            figures = f"{per_socket / 1e6:.2f} M instructions per socket opened and closed"
        else:
            database = directory / "run.sqlite3"
            shutil.copy(template, database)
            spent, counts = run(args.sockets, database)
            statements = {word: round(n / len(spent), 2) for word, n in counts.most_common()}
            result = {
                "sockets": len(spent),
                "median_ms": ms(statistics.median(spent)),
                "p95_ms": ms(percentile(spent, 95)),
                "statements_per_socket": statements,
            }
            writes = statements.get("BEGIN", 0)
            figures = (
                f"{len(spent)} sockets; per socket opened and closed: median "
                f"{result['median_ms']} ms, p95 {result['p95_ms']} ms, "
                f"{sum(statements.values()):.1f} statements ({writes:.1f} write transactions)"
            )
    case = f"{GAME}, a seated player's match socket"
    if "statements_per_socket" in result:
        print("statements per socket:", json.dumps(result["statements_per_socket"]))
    print(table(["case", "figures"], [[case, figures]]))
    if not args.no_save:
        config = {"game": GAME, "sockets": args.sockets}
        path = save("socket-cost", {"config": config, "result": result}, [(case, figures)])
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
