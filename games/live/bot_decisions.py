"""Where daphne gets a bot's decisions: searches from the bot process, never from its own
threads.

A level-2 bot searches for up to most of a second (docs/bots.md). Made in daphne's writer
thread, as it once was, that search held daphne's interpreter, and every socket of the
worker waited on it. A decision needs only the engine state, so a searching level's is made
in a separate process (games/live/bot_process.py): daphne's event loop only awaits the
answer. Level 1 decides by rules of thumb that the searches call thousands of times per
decision, so it costs about what a render does and is made in a thread here, like one.

Each searching level has a time budget (settings.BOT_THINK_BUDGET_SECONDS), from asking to
answer:
- a request that waited out its budget in the queue is decided by level 1 in the process
  (games/live/bot_process.py), so a backlog of bots drains instead of growing;
- an answer that has not come by twice the budget means the process is stuck, gone or still
  starting: the bot plays level 1's move, decided here; a process that died is replaced
  after RETRY_AFTER_SECONDS, level 1 deciding here meanwhile.

The process is started when a socket opens on a match with a searching bot (``warm_up``),
not at the bot's first decision: on a busy machine a start takes seconds.

A ProcessPoolExecutor carries the requests: unlike the render workers, which answer every
socket and are read by the event loop itself (games/live/render_workers.py), a bot process
gets a few requests a second, so its two helper threads in daphne cost nothing that shows.
Processes are spawned, not forked: daphne has threads, and a fork copies their locks. A
spawned process imports the server's main module again, under another name: daphne's
``python -m daphne``, ``manage.py`` and console scripts guard their start, as any must.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor

from django.conf import settings

from games.engines import get_engine
from games.live.bot_process import Decision, start, think

log = logging.getLogger(__name__)

# After a pool broke, level 1 decides in daphne this long before a new process is tried: a
# process that cannot start (a server whose main module is not safe to import again, no
# memory) must not cost a spawn per bot move.
RETRY_AFTER_SECONDS = 30.0

_pool: ProcessPoolExecutor | None = None
_serving: Future | None = None  # the pool's first answer: its process has started
_broken_until = 0.0


def _executor() -> tuple[ProcessPoolExecutor, Future]:
    global _pool, _serving
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=settings.BOT_PROCESSES,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start,
        )
        _serving = _pool.submit(os.getpid)  # answered once the engines are loaded
    return _pool, _serving


def warm_up() -> None:
    """Start the bot process now, unless it runs or is resting after a break."""
    if time.monotonic() >= _broken_until:
        _executor()


def budget_for(level: int) -> float:
    """The seconds a decision of ``level`` may take; a level without its own gets the
    largest budget below it."""
    budgets = settings.BOT_THINK_BUDGET_SECONDS
    known = [lvl for lvl in budgets if lvl <= level] or [min(budgets)]
    return budgets[max(known)]


async def decide(game: str, state: dict, seat: int, level: int) -> Decision:
    """The bot's decision: a searching level's made in the bot process, or level 1's made
    here if that process does not answer in twice the budget; level 1's always here."""
    if level <= 1 or time.monotonic() < _broken_until:
        return await _level_1_here(game, state, seat)
    budget = budget_for(level)
    pool, serving = _executor()
    try:
        # Shared by every decision: waited on through a wrapper of its own, never cancelled.
        started, _ = await asyncio.wait({asyncio.wrap_future(serving)}, timeout=2 * budget)
        if not started:
            log.warning("bot process still starting; level 1 decides this move")
            return await _level_1_here(game, state, seat)
        asked = time.monotonic()
        answer = asyncio.get_running_loop().run_in_executor(
            pool, think, game, state, seat, level, asked + budget
        )
        # asyncio.wait, not wait_for: on timeout the answer is dropped, not awaited again.
        done, _ = await asyncio.wait({answer}, timeout=2 * budget)
        if done:
            return answer.result()
        answer.cancel()  # still queued: never started; running: its answer is ignored
        log.error("bot process gave no answer in %.1f s; level 1 decides", 2 * budget)
    except BrokenExecutor as exc:  # a pool that broke stays broken: a submit to it says so
        log.error("bot process broke (%s); level 1 decides, a new process later", exc)
        _let_go(pool, broken=True)
    return await _level_1_here(game, state, seat)


async def _level_1_here(game: str, state: dict, seat: int) -> Decision:
    """Level 1's rules of thumb, in a thread of this process: milliseconds."""
    began = time.monotonic()
    action = await asyncio.to_thread(get_engine(game).bot_action, state, seat, 1)
    return Decision(action, 1, os.getpid(), time.monotonic() - began)


def _let_go(pool: ProcessPoolExecutor, broken: bool = False) -> None:
    """Drop ``pool`` if it is still the current one: decisions that were waiting on it when
    it broke each come here, and must not drop the new one the first of them started."""
    global _pool, _serving, _broken_until
    if _pool is pool:
        _pool = _serving = None
        if broken:
            _broken_until = time.monotonic() + RETRY_AFTER_SECONDS
    pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    """Let the bot process go (the next decision starts a new one)."""
    global _broken_until
    _broken_until = 0.0
    if _pool is not None:
        _let_go(_pool)
