"""One path for a move: every move frame of every set-up goes through ``make_move``.

The contract is the same whoever does the work: the move is validated and committed by
``games.matches.services.submit`` in one transaction, or refused with ``services.Rejected``;
every socket that shows the match then gets its own viewer's frame. Where the transaction
runs is a detail behind this function:

- with render workers (the default set-up: SQLite, one daphne), the worker process that
  renders the match makes the move and renders the frames of this daphne's sockets that
  watch it, so the committed match never crosses a process boundary twice
  (games/live/render_workers.py, games/matches/committed.py);
- otherwise (scale-out, hot-seat, bot matches without a pause between bot moves, or a
  worker that is down) daphne's writer thread makes it (games/live/threads.py) and the
  post-commit announcement brings every socket, on any worker, to render its own frame
  (a connection lost meanwhile is replaced: games/live/reconnect.py).

A bot's moves take the same road (games/live/bot_pacer.py): its decision is made in
daphne's bot process, its commit and frames in the match's render worker.

``MoveLost`` means a worker broke with the move in hand: whether it was made is for the
database to say, and the caller re-sends the board read from it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from games.live import bot_pacer, reconnect, render_workers, watching
from games.live.render_protocol import MoveDone, MoveRequest
from games.live.render_workers import MoveLost
from games.live.threads import db_write
from games.matches import broadcast, committed, services
from games.matches.identity import Player

__all__ = ["MoveLost", "make_move"]


async def make_move(
    match_id: int,
    player: Player,
    seat: int,
    action: dict,
    step: str | None,
    *,
    in_worker: bool,
    watch_key=None,
    spawn: Callable = asyncio.ensure_future,
) -> None:
    """Make ``action`` for ``seat``. Returns once it is committed (or raises ``Rejected``).

    ``in_worker``: the match's moves may go to its render worker (online matches when
    workers are configured). ``watch_key`` is the mover's own watcher entry, whose frame
    comes right after the opponent's, who waits on the move, and before any spectator's. ``spawn`` starts each
    watcher's send as a task of its own, so one slow socket never holds up another."""
    if in_worker and await _in_worker(match_id, player, seat, action, step, watch_key, spawn):
        return
    await db_write(reconnect.submit)(match_id, player, seat, action, step)


async def _in_worker(match_id, player, seat, action, step, watch_key, spawn) -> bool:
    generation = committed.presence_generation(match_id)
    sockets = watching.watchers(match_id, last=watch_key)
    request = MoveRequest(match_id, generation, player, seat, action, step, sockets)
    done = await render_workers.submit(request, watching.deliverer(match_id, sockets, spawn))
    if done is None:
        return False  # no worker takes it now: the writer thread does
    _announce(done)
    if done.refused is not None:
        raise services.Rejected(*done.refused)
    return True


def _announce(done: MoveDone) -> None:
    """Send what a worker's move announced and take over the bot turns it asked for. The
    frames came first, then the notice: a socket that was sent its frame lets the notice of
    that version pass. Only this process's layer reaches its sockets, and only its event
    loop can pace a bot without holding a thread."""
    broadcast.relay(done.broadcasts)
    for match_id, delay in done.bots_due:
        bot_pacer.take_over(match_id, delay)
