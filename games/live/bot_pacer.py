"""Where daphne waits between a bot's moves: a task on the worker's event loop, which sleeps
without holding a thread. Each step has the match's render worker read whether the bot is
due (or reads it in the thread pool where there is none), has the bot decide in
the bot process (games/live/bot_decisions.py: a level-2 search must not hold the interpreter
every socket of this worker waits on) and commits the move in the match's render worker,
as a person's move is (games/live/moves.py), or where there is none in the thread writes
use (games/live/threads.py).

games/matches/bot_pacing.py calls ``_take`` from the sync thread that committed a move (a
socket's or a view's, both run for the worker's loop); a move a render worker made hands
its bot turn back with its answer (``take_over``); sockets call ``kick`` on connect and
from their watchdog, so a match whose driving process went away moves on once watched.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from django.conf import settings

from games.live import bot_decisions, render_workers, watching
from games.live.render_protocol import BotMoveRequest
from games.live.threads import db, db_write
from games.matches import bot_pacing, broadcast, committed, services
from games.matches.bot_pacing import Chains

log = logging.getLogger(__name__)

_chains = Chains()  # touched only on the event loop: no lock needed
_tasks: set[asyncio.Task] = set()  # the loop keeps only weak references to tasks


def _take(match_id: int, delay: float) -> bool:
    loop = broadcast.calling_loop()
    if loop is None:
        return False
    loop.call_soon_threadsafe(_start, match_id, delay)
    return True


def _start(match_id: int, delay: float) -> None:
    if not _chains.claim(match_id):
        return
    task = asyncio.get_running_loop().create_task(_drive(match_id, delay))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def step(match_id: int) -> float | None:
    """One bot move if it is due, as services.bot_step makes it, but with the decision made
    in the bot process while this loop serves its sockets."""
    # Read by the match's worker: a read in daphne's thread holds the interpreter that
    # every socket of this worker waits on.
    answer = await render_workers.bot_turn(match_id)
    turn = answer.turn if answer is not None else await db(services.bot_turn)(match_id)
    if not isinstance(turn, services.BotTurn):
        return turn
    decision = await bot_decisions.decide(turn.game, turn.state, turn.seat, turn.level)
    if decision.level < turn.level:
        log.warning(
            "bot of level %d in match %s played level %d: its %.1f s budget went by",
            turn.level,
            match_id,
            decision.level,
            bot_decisions.budget_for(turn.level),
        )
    return await commit(turn, decision.action)


async def commit(
    turn: services.BotTurn, action: dict, *, spawn: Callable = asyncio.ensure_future
) -> float | None:
    """Commit a bot's decided ``action`` (``services.bot_move``) in the match's render worker
    where there is one, as a person's move is (games/live/moves.py), else in the writer
    thread. Returns what bot_move does: the seconds until the bot may move again, or None
    when no bot is awaited."""
    generation = committed.presence_generation(turn.match_id)
    sockets = watching.watchers(turn.match_id)
    request = BotMoveRequest(turn, action, generation, sockets)
    try:
        done = await render_workers.submit(
            request, watching.deliverer(turn.match_id, sockets, spawn)
        )
    except render_workers.MoveLost:
        return 0.0  # made or not, the database knows: the bot's next look reads it there
    if done is None:
        return await db_write(services.bot_move)(turn, action)
    # The frames came first, then the notice, which only this process's layer can send.
    broadcast.relay(done.broadcasts)
    return done.bot_wait


async def _drive(match_id: int, delay: float | None) -> None:
    try:
        while delay is not None:
            await asyncio.sleep(delay)
            _chains.before_step(match_id)
            delay = _chains.after_step(match_id, await step(match_id))
    except Exception:
        log.exception("bot move failed in match %s", match_id)
        _chains.drop(match_id)
    except asyncio.CancelledError:
        _chains.drop(match_id)
        raise


def take_over(match_id: int, delay: float) -> None:
    """Pace the bot turn a move made in a render worker asked for (on the loop)."""
    _start(match_id, delay)


def kick(match_id: int) -> None:
    """Drive this bot match's moves from this worker if one is awaited (on the loop)."""
    if settings.BOT_STEP_SECONDS > 0:
        _start(match_id, 0.0)


def install() -> None:
    bot_pacing.install(_take)
