"""Board renders, and the moves of the matches they show, in worker processes: the default
set-up's second core.

One daphne process runs every socket's event loop, every move (games/live/threads.py) and every
render, all under one GIL: at 200 matches it was CPU-bound on one core while the second
idled (bench/). Board renders only read, so they can run elsewhere. A worker process loads
the match from the database (SQLite in WAL lets it read while the writer writes), renders
one viewer's fragments and returns the HTML. It keeps the match it has, keyed by version
and presence generation, so the second socket of a move reuses the first one's copy.

Where the move committed in this daphne, the worker does not read the database at all: the
first request for a new version carries daphne's committed copy (games/matches/committed.py) along,
pickled (bench/: 0.06 ms to pickle an Elemental Clash match in daphne and 0.3 ms to unpickle
it in the worker, against 0.9-1.5 ms for the two queries and the state's JSON).

Moves go to the same worker (MoveRequest): it makes them through games.matches.services, so the
match it commits is the copy its next renders use and nothing travels, and the writer no
longer shares daphne's GIL with the event loop, which every socket waits on (bench/). What
a move announces comes back with the answer (games.matches.broadcast.collected) and daphne sends
it, since only daphne's channel layer reaches the sockets. Ahead of the answer come the
next frames of this daphne's sockets that show the match, each as soon as it is rendered
(games/live/watching.py). On SQLite each worker is the one writer of its process, and the
writers of all processes queue for SQLite's write lock on a file lock
(games/live/sqlite_queued/). Hot-seat moves, resignations, presence and timers still write from
daphne's own writer thread.

Stays in daphne, in a thread: hot-seat renders (they decide which seat a device shows), the
status bar of a presence change, and any render of an overdue step, because settling it
writes and its notification has to start in daphne's own channel layer.

``RENDER_PROCESSES`` (settings) is the number of workers; 0 renders in daphne's threads.
``manage.py play`` sets it for the default set-up. Each match goes to the same worker, whose
copy of it then serves both players. A worker that dies or stalls is replaced after a pause,
and the renders it owed are done in threads instead.

The link is a socket pair carrying length-prefixed pickles, read by the event loop itself;
each request says ahead of its pickle which match it is for and whether it is a bot's, so
the worker can answer people first (games/live/worker_inbox.py).
(A ProcessPoolExecutor needs two helper threads in daphne to feed and collect its queues,
which took a quarter of daphne's samples at 200 matches, all competing for the GIL.) Both
ends are this program; nothing else can write to the socket.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import pickle
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace

from django.conf import settings
from django.db import connections

from games.live.render_protocol import (
    HEADER,
    HELLO,
    WORKER_KEEPS,
    BotTurnAnswer,
    BotTurnRequest,
    MoveDone,
    MoveRequest,
    Rendered,
    RenderRequest,
    Request,
    WatcherFrame,
    request_frame,
)
from games.matches import committed
from games.matches.lru import LRU

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 30.0  # after a worker broke: its matches render in threads this long
RENDER_TIMEOUT_SECONDS = 5.0  # a worker silent this long with a request pending is stuck
# Loading Django in a new process takes ~0.7 s on a warm machine and several times that on a
# cold, busy one; a worker not serving after this long is broken.
START_TIMEOUT_SECONDS = 30.0


class CopiesSent:
    """Which committed copies a worker has been sent, so each version travels once."""

    def __init__(self) -> None:
        # match id -> (presence generation, version) of the copy last sent. A hint only:
        # the worker checks what it holds and reads the database if it lacks it, so a copy
        # it has already dropped costs one read, never a stale render.
        self.sent = LRU(WORKER_KEEPS)

    def attach(self, request: RenderRequest) -> RenderRequest:
        """The request, with this daphne's committed copy of the match attached if the
        worker has not had that version yet. Frames are read in order, so every later
        request for the version finds the copy already there."""
        if request.version is None:
            return request  # "whatever is newest" is for the database to say
        kept = committed.recall(request.match_id, request.version)
        if kept is None:
            return request  # moved by another process, or finished: the worker reads it
        key = (request.generation, kept.version)
        if self.sent.get(request.match_id) == key:
            return request
        self.sent.put(request.match_id, key)
        return replace(request, match=kept)


class WorkerGone(Exception):
    """The worker died, stalled or could not start: the render is done in a thread."""


class MoveLost(Exception):
    """The worker broke while it had a move in hand: whether the move was made is for the
    database to say, and the player's board, re-read from it, shows which."""


class RenderWorker:
    """One render process and the socket to it, driven by the event loop that made it."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "games.live.render_process",
                str(theirs.fileno()),
                connections["default"].settings_dict["NAME"],
            ],
            pass_fds=(theirs.fileno(),),
        )
        theirs.close()
        self.socket = ours
        self.pending: dict[int, asyncio.Future] = {}
        self.on_frames: dict[int, Callable[[WatcherFrame], None]] = {}
        self.ids = itertools.count()
        self.alive = True
        self.heard = time.monotonic()  # when the worker last sent anything
        self.copies = CopiesSent()
        self.writer: asyncio.StreamWriter | None = None
        self.ready = asyncio.ensure_future(self._connect())

    async def _connect(self) -> None:
        """Open the link and wait for the worker's hello: until then requests wait here,
        not on the clock of a render (a cold start once counted as a stuck worker)."""
        reader, self.writer = await asyncio.open_connection(sock=self.socket)
        try:
            async with asyncio.timeout(START_TIMEOUT_SECONDS):
                hello = await self._read_frame(reader)
        except (TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            hello = None
        if hello != (HELLO, None):
            log.error("render worker did not start")
            self.stop()
            return
        self.reading = asyncio.ensure_future(self._read_forever(reader))

    @staticmethod
    async def _read_frame(reader: asyncio.StreamReader) -> tuple:
        size = int.from_bytes(await reader.readexactly(HEADER), "big")
        return pickle.loads(await reader.readexactly(size))

    async def _read_forever(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                number, result = await self._read_frame(reader)
                self.heard = time.monotonic()
                if isinstance(result, WatcherFrame):  # a move's frame, ahead of its answer
                    on_frame = self.on_frames.get(number)
                    if on_frame is not None:
                        on_frame(result)
                    continue
                self.on_frames.pop(number, None)
                waiter = self.pending.pop(number, None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(result)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.stop()

    async def render(self, request: RenderRequest) -> Rendered | None:
        return await self.ask(self.copies.attach(request))

    async def started(self) -> None:
        """Wait until the worker serves (or failed to start: then ``alive`` is False).
        Shielded: ``ready`` is shared by every socket of the worker, and a socket cancelled
        while waiting (daphne cancels one that closed) must not cancel it for all the others."""
        await asyncio.shield(self.ready)

    async def ask(
        self,
        request: Request,
        on_frame: Callable[[WatcherFrame], None] | None = None,
    ) -> Rendered | MoveDone | BotTurnAnswer | None:
        await self.started()
        if not self.alive:
            raise WorkerGone
        number = next(self.ids)
        waiter = self.loop.create_future()
        self.pending[number] = waiter
        if on_frame is not None:
            self.on_frames[number] = on_frame
        self.writer.write(request_frame(number, request))
        # Stuck is silent, not slow: the worker answers in order, so on a starved machine an
        # answer may wait seconds behind others while the worker keeps sending. Killing it
        # then lost every move it held and put its load on daphne (bench/: 170 moves lost in
        # a 60 s run at load average 7). So it is taken for stuck only when it has sent
        # nothing for RENDER_TIMEOUT_SECONDS. (asyncio.wait, not wait_for: on Python 3.11
        # wait_for returns the answer, swallowing the cancel, when the answer lands in the
        # same turn as a cancellation of this socket, and the consumer then outlived its
        # socket; and not asyncio.timeout, which would cancel the shared waiter.)
        sent = time.monotonic()
        while not waiter.done():
            await asyncio.wait({waiter}, timeout=RENDER_TIMEOUT_SECONDS)
            silent = time.monotonic() - max(self.heard, sent)
            if not waiter.done() and silent >= RENDER_TIMEOUT_SECONDS:
                self.on_frames.pop(number, None)
                self.stop()
                raise WorkerGone
        result = waiter.result()
        if isinstance(result, WorkerGone):
            raise result
        return result

    def stop(self) -> None:
        if not self.alive:
            return
        self.alive = False
        for waiter in self.pending.values():
            if not waiter.done():
                waiter.set_result(WorkerGone())
        self.pending.clear()
        self.on_frames.clear()
        if self.writer is not None:
            self.writer.close()
        else:
            self.socket.close()
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


_workers: dict[int, RenderWorker] = {}
_broken_until: dict[int, float] = {}


def slot_of(match_id: int, count: int) -> int:
    """The worker a match renders in: always the same one, so a version's copy is sent
    once and serves both players. Ids are mixed first (Fibonacci hashing): with a plain
    modulo, ids that share a stride, such as every other match of a busy hall, all land on
    one worker (bench/ seeded exactly that, and one of two workers did all the work)."""
    return ((match_id * 0x9E3779B1) & 0xFFFFFFFF) * count >> 32


def _worker_for(match_id: int) -> RenderWorker | None:
    count = settings.RENDER_PROCESSES
    if count <= 0:
        return None
    return _worker_in(slot_of(match_id, count))


def _worker_in(slot: int) -> RenderWorker | None:
    if time.monotonic() < _broken_until.get(slot, 0.0):
        return None
    worker = _workers.get(slot)
    loop = asyncio.get_running_loop()
    if worker is None or not worker.alive or worker.loop is not loop:
        if worker is not None:
            worker.stop()
        worker = _workers[slot] = RenderWorker()
    return worker


async def warm_up() -> None:
    """Start this event loop's workers now and wait until they serve, instead of at the
    first render or move (tests start them first, so that a cold start is not taken for a
    socket that has gone quiet)."""
    for slot in range(settings.RENDER_PROCESSES):
        worker = _worker_in(slot)
        if worker is not None:
            await worker.started()


async def render(request: RenderRequest) -> Rendered | None:
    """The request rendered by a worker, or None: no worker is configured, it broke (it
    is replaced after a pause), or the step is overdue. On None the caller renders in a
    thread, which also settles an overdue step."""
    worker = _worker_for(request.match_id)
    if worker is None:
        return None
    try:
        return await worker.render(request)
    except WorkerGone:
        _broken(request.match_id)
        return None


async def submit(
    request: MoveRequest, on_frame: Callable[[WatcherFrame], None] | None = None
) -> MoveDone | None:
    """The move, made by the worker its match renders in; None when there is none to take
    it (none configured, or a broken one's pause), and the caller makes it in daphne.
    ``on_frame`` gets each watcher's frame as it arrives, before the answer.
    Raises MoveLost if the worker broke with the move in hand."""
    worker = _worker_for(request.match_id)
    if worker is None:
        return None
    await worker.started()
    if not worker.alive:  # it never got the move: make it here
        _broken(request.match_id)
        return None
    try:
        # No await between ``ask``'s own check of ``alive`` and its write of the frame, so
        # from here on a WorkerGone means the worker had the move in hand.
        return await worker.ask(request, on_frame)
    except WorkerGone:
        _broken(request.match_id)
        raise MoveLost from None


async def bot_turn(match_id: int) -> BotTurnAnswer | None:
    """Whether a bot of the match is due, read by the worker its match renders in
    (services.bot_turn); None when there is none to ask or it could not say, and the caller
    reads it in a thread."""
    worker = _worker_for(match_id)
    if worker is None:
        return None
    try:
        return await worker.ask(BotTurnRequest(match_id))
    except WorkerGone:
        _broken(match_id)
        return None


def _broken(match_id: int) -> None:
    """Render and move in daphne's threads for a while rather than paying for a new process
    on every request while something is wrong, then try a fresh worker."""
    slot = slot_of(match_id, max(settings.RENDER_PROCESSES, 1))
    log.error("render worker %d is gone; working in threads for a while", slot)
    _broken_until[slot] = time.monotonic() + RETRY_AFTER_SECONDS


def shutdown() -> None:
    for worker in _workers.values():
        worker.stop()
    _workers.clear()
    _broken_until.clear()
