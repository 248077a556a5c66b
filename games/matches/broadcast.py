"""Notify, then pull: after a commit only ``{"version": N}`` goes to a match's group.

Each connected consumer then loads the match and renders its own viewer's fragments, so a
frame sent to the group can never carry one seat's hidden information to another.
"""

import asyncio
import contextlib
import logging
import os
from collections.abc import Iterator
from contextvars import ContextVar

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

log = logging.getLogger(__name__)


def match_group(match_id: int) -> str:
    return f"match-{match_id}"


def spectators_group(match_id: int) -> str:
    """Only spectators' sockets join it: the spectators' room travels here while a match
    runs, so a player's socket never even receives it (games/matches/chat.py)."""
    return f"match-{match_id}-spectators"


def lobby_group(game: str) -> str:
    return f"lobby-{game}"


async def bounded(awaitable, what: str) -> bool:
    """Wait for a channel-layer call for at most BROADCAST_TIMEOUT_SECONDS.

    Why: sync code shares one thread per worker, so a layer call hanging on a dead Redis
    connection would stall every socket of the worker. A lost notification is harmless
    (sockets re-check the database every few seconds); a stalled worker is not. The call is
    left to finish (or fail) in the background rather than cancelled: ``wait_for`` would
    wait for the cancellation too, and a Redis read can ignore it until its own timeout."""
    task = asyncio.ensure_future(awaitable)
    done, _ = await asyncio.wait({task}, timeout=settings.BROADCAST_TIMEOUT_SECONDS)
    if not done:
        task.add_done_callback(_swallow)
        log.warning("%s is taking too long; going on without it", what)
        return False
    if task.exception() is not None:
        log.warning("%s failed: %r", what, task.exception())
        return False
    return True


def _swallow(task: asyncio.Task) -> None:
    if not task.cancelled():
        task.exception()  # retrieved, so asyncio does not log it as never retrieved


_in_flight: set[asyncio.Task] = set()  # the loop keeps only weak references to tasks


def _calling_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of the worker whose socket or view called this sync code
    (through SyncToAsync), or None in a plain thread such as the sweeper's."""
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None


calling_loop = _calling_loop  # also where games/live/bot_pacer.py waits between bot moves


# Set while a render worker makes a move (games/live/render_process.py): the worker's own
# in-memory layer reaches no socket, so what the move announces is handed back to daphne,
# whose layer does (games/live/render_workers.py), instead of being sent here.
_collecting: ContextVar[list[tuple[str, dict]] | None] = ContextVar("collecting", default=None)


@contextlib.contextmanager
def collected() -> Iterator[list[tuple[str, dict]]]:
    """Keep, in order, the (group, message) pairs sent inside the block instead of sending
    them; the caller sends them from where they reach the sockets (``relay``)."""
    box: list[tuple[str, dict]] = []
    token = _collecting.set(box)
    try:
        yield box
    finally:
        _collecting.reset(token)


def relay(sent: list[tuple[str, dict]]) -> None:
    """Send, in order and from the running event loop, what ``collected`` kept elsewhere."""
    layer = get_channel_layer()
    if layer is None:
        return
    for group, message in sent:
        _start(layer, group, message)


def _start(layer, group: str, message: dict, to_channel: bool = False) -> None:
    """Hand a send to the running loop without waiting for it. Tasks start in the order
    they are created, so notifications keep their order."""
    send = layer.send if to_channel else layer.group_send
    task = asyncio.get_running_loop().create_task(
        bounded(send(group, message), f"broadcast to {group}")
    )
    _in_flight.add(task)
    task.add_done_callback(_in_flight.discard)


def _send(group: str, message: dict, to_channel: bool = False) -> None:
    box = _collecting.get()
    if box is not None and not to_channel:
        box.append((group, message))
        return
    layer = get_channel_layer()
    if layer is None:
        return
    what = f"broadcast to {group}"
    send = layer.send if to_channel else layer.group_send
    # Runs after commit: a failure here must never undo or repeat a committed move.
    loop = _calling_loop()
    if loop is None:
        async_to_sync(bounded)(send(group, message), what)
        return

    # Inside a worker the send is handed to its loop and not waited for. Waiting would
    # hold the thread that made the move (on SQLite, the one writer thread) until the
    # busy loop got round to it (bench/: a quarter of the writer's time at 200 matches).
    # Tasks start in the order they are handed over, so notifications keep their order.
    loop.call_soon_threadsafe(_start, layer, group, message, to_channel)


def match_changed(match_id: int, version: int) -> None:
    _send(match_group(match_id), {"type": "match.changed", "version": version})


def presence_changed(match_id: int, seat: int, online: bool) -> None:
    """A seat came or went: the event carries all a page needs to redraw that seat's dot."""
    _send(match_group(match_id), {"type": "match.presence", "seat": seat, "online": online})


def chat_line(match_id: int, line: dict, to_everyone: bool) -> None:
    """A chat line, to every socket of the match or to its spectators only. Unlike a move, a
    line is the same for everyone allowed to read it, so it travels whole."""
    group = match_group(match_id) if to_everyone else spectators_group(match_id)
    _send(group, {"type": "chat.line", "line": line})


def lobby_chat_line(game: str, line: dict) -> None:
    """A line of a game's lobby room, to every lobby page of that game."""
    _send(lobby_group(game), {"type": "chat.line", "line": line})


def chat_opened(match_id: int) -> None:
    """The match is over: its players' pages may now show the spectators' room."""
    _send(match_group(match_id), {"type": "chat.opened"})


def chat_muted(channel_name: str, until: str) -> None:
    """Tell one socket that its person has just been muted."""
    _send(channel_name, {"type": "chat.muted", "until": until}, to_channel=True)


def friend_challenge(channel_name: str, toast: dict) -> None:
    """Tell one page of a signed-in player that a friend challenged them."""
    _send(channel_name, {"type": "friend.challenge", "toast": toast}, to_channel=True)


def lobby_changed(game: str) -> None:
    _send(lobby_group(game), {"type": "lobby.changed"})


def turns_changed(match_id: int, version: int, news: list[tuple[str, bool]]) -> None:
    """A match changed: to each of its players' groups, whether it now waits for that
    player. Their lobby and match sockets keep the top bar's "Your turn" from this news
    (games/live/turn_tally.py) instead of each counting again from the database."""
    for group, waiting in news:
        _send(
            group,
            {"type": "turns.changed", "match": match_id, "version": version, "waiting": waiting},
        )


def arena_group(arena_id: int) -> str:
    return f"arena-{arena_id}"


def arena_changed(arena_id: int) -> None:
    """An arena's table or pairings changed: each of its pages re-reads it for its viewer."""
    _send(arena_group(arena_id), {"type": "arena.changed"})


def session_ended(channel_name: str) -> None:
    """Tell one socket that the session it was opened with has logged out."""
    _send(channel_name, {"type": "session.ended"}, to_channel=True)
