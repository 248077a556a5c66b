"""Board renders in worker processes: the default set-up's second core.

One daphne process runs every socket's event loop, every move (games/threads.py) and every
render, all under one GIL: at 200 matches it was CPU-bound on one core while the second
idled (bench/). Board renders only read, so they can run elsewhere. A worker process loads
the match from the database (SQLite in WAL lets it read while the writer writes), renders
one viewer's fragments and returns the HTML. It keeps the match it loaded, keyed by version
and presence generation, so the second socket of a move reuses the first one's read.

Stays in daphne, in a thread: hot-seat renders (they decide which seat a device shows), the
status bar of a presence change, and any render of an overdue step, because settling it
writes and its notification has to start in daphne's own channel layer.

``RENDER_PROCESSES`` (settings) is the number of workers; 0 renders in daphne's threads.
``manage.py play`` sets it for the default set-up. A worker that dies is replaced, and the
render it was doing is done in a thread instead.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connections
from django.utils import timezone

from .identity import Player
from .lru import LRU

# Nothing here may import models at the top: a worker imports this module to find its
# initializer before that initializer has set Django up.

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RenderRequest:
    match_id: int
    version: int | None  # the version a notification announced; None: whatever is newest
    generation: int  # games.committed.presence_generation() when the request was made
    player: Player
    seat: int | None
    flash: str = ""


@dataclass(frozen=True)
class Rendered:
    version: int
    deadline: datetime | None
    html: str


RETRY_AFTER_SECONDS = 30.0  # after workers broke: render in threads for this long

_pool: ProcessPoolExecutor | None = None
_broken_until = 0.0


def _workers() -> ProcessPoolExecutor | None:
    global _pool
    if settings.RENDER_PROCESSES <= 0 or time.monotonic() < _broken_until:
        return None
    if _pool is None:
        _pool = ProcessPoolExecutor(
            settings.RENDER_PROCESSES,
            # spawn, not fork: daphne has threads and a running reactor to not copy.
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(
                os.environ.get("DJANGO_SETTINGS_MODULE", "project.settings"),
                connections["default"].settings_dict["NAME"],
            ),
        )
    return _pool


async def render(request: RenderRequest) -> Rendered | None:
    """The request rendered by a worker, or None: no workers are configured, they broke
    (then they are replaced), or the step is overdue. On None the caller renders in a
    thread, which also settles an overdue step."""
    pool = _workers()
    if pool is None:
        return None
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, render_in_worker, request)
    except BrokenProcessPool:
        # A worker died (or could not start): render in threads for a while rather than
        # paying for a new process on every render, then try fresh workers.
        log.exception("render workers broke; rendering in threads for %.0f s", RETRY_AFTER_SECONDS)
        _discard(pool, retry_after=RETRY_AFTER_SECONDS)
        return None


def _discard(pool: ProcessPoolExecutor, retry_after: float = 0.0) -> None:
    global _pool, _broken_until
    if _pool is pool:
        _pool = None
        _broken_until = time.monotonic() + retry_after
    pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    if _pool is not None:
        _discard(_pool)


# ---------------------------------------------------------------- inside a worker


def _start_worker(settings_module: str, database_name: str) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = settings_module
    import django

    from .gc_tuning import tune_for_serving

    django.setup()
    tune_for_serving()
    # The same database as daphne's, even where that is not the settings' own (a test
    # database); connections open lazily, so this is in time for the first one.
    settings.DATABASES["default"]["NAME"] = database_name


# A worker serves every socket of its daphne, one render at a time; a match is wanted again
# within milliseconds (the other player's socket), so a few dozen entries are plenty, and
# every state kept is more heap for the collector to walk (games/gc_tuning.py).
_loaded = LRU(50)


def render_in_worker(request: RenderRequest) -> Rendered | None:
    from .models import Match
    from .rendering import Viewer, render_fragments

    kept = _loaded.get(request.match_id) if request.version is not None else None
    match = None
    if kept is not None:
        generation, candidate = kept
        # Seats change with presence but keep the version: a copy from before a presence
        # change is not reused, whatever its version.
        if generation == request.generation and candidate.version >= request.version:
            match = candidate
    if match is None:
        match = Match.objects.prefetch_related("seats").get(pk=request.match_id)
        if match.status == Match.Status.ACTIVE:  # a finished match may still get a rematch
            _loaded.put(request.match_id, (request.generation, match))
    if match.deadline_at is not None and match.deadline_at <= timezone.now():
        return None
    html = render_fragments(match, Viewer(request.player, request.seat), request.flash)
    return Rendered(match.version, match.deadline_at, html)
