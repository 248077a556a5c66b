"""Which sockets of this process show which match, so that a move made in a render worker
comes back with their next frames already rendered.

Why: a move made in a worker used to come back as a notification, and then every socket of
the match asked the same worker for its frame: two more round trips through the worker for
every move, and the opponent's frame queued behind whatever the worker took next. Now the
move request lists the match's sockets here (``watchers``) with what each page holds, the
worker renders their frames from the match it just committed and sends each as soon as it
is rendered: the opponent's first, then the mover's, then the spectators' (bench/: at idle a
frame takes ~1.7 ms to render in a worker, so the opponent no longer waits for the mover's,
and neither player waits for the spectators').

Invariant: a frame rendered this way is sent only if the socket's page still holds exactly
what the worker was told (the same ``Shown`` object, under the socket's sending lock), so it
extends the page like any other frame. Otherwise it is dropped, and the socket renders the
version when the notification reaches it, as before. The notification still goes to every
socket (other processes, sockets that joined meanwhile); one that already sent the version
from a worker's frame lets that one notification pass.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable
from typing import Protocol

from games.live.frames import Shown
from games.live.render_protocol import Rendered, Watcher, WatcherFrame
from games.matches.identity import Player


class Watching(Protocol):
    """A socket showing a match (games.live.consumers.MatchConsumer)."""

    player: Player
    seat: int | None
    shown: Shown | None
    watch_key: int

    async def take_frame(self, rendered: Rendered, based_on: Shown) -> None: ...


# match id -> watch key -> a socket of this process that shows it. Only the event loop
# touches it. Keys are never reused, so a frame never finds a socket it was not made for.
_by_match: dict[int, dict[int, Watching]] = defaultdict(dict)
_keys = itertools.count()


def watch(match_id: int, socket: Watching) -> None:
    socket.watch_key = next(_keys)
    _by_match[match_id][socket.watch_key] = socket


def unwatch(match_id: int, socket: Watching) -> None:
    sockets = _by_match.get(match_id)
    if sockets is not None:
        sockets.pop(getattr(socket, "watch_key", None), None)
        if not sockets:
            del _by_match[match_id]


def watchers(match_id: int, last: int | None = None) -> tuple[Watcher, ...]:
    """What the worker needs to render each socket's next frame, in the order it renders
    them: the players first (the opponent's sockets, then the socket keyed ``last``, the
    mover's), the spectators after. The worker renders one frame at a time and sends each as
    it goes, so whoever is listed late waits for every render before it: with the mover
    after 55 spectators, the mover's own frame came 57 ms after the move instead of 8.6 ms.
    Sockets that have not yet been sent a frame (their first is being rendered) are left to
    their notification."""
    listed = [
        Watcher(key, socket.player, socket.seat, socket.shown)
        for key, socket in _by_match.get(match_id, {}).items()
        if socket.shown is not None
    ]
    return tuple(sorted(listed, key=lambda w: (w.seat is None, w.key == last)))


def hand_out(
    match_id: int, sent: tuple[Watcher, ...], frames: dict[int, Rendered]
) -> list[tuple[Watching, Rendered, Shown]]:
    """The sockets still here to give each rendered frame to, with the page it was rendered
    against (the caller sends each only if that is still what the page holds)."""
    sockets = _by_match.get(match_id, {})
    based_on = {w.key: w.shown for w in sent}
    return [
        (sockets[key], rendered, based_on[key])
        for key, rendered in frames.items()
        if key in sockets and key in based_on
    ]


def deliverer(
    match_id: int, sent: tuple[Watcher, ...], spawn: Callable
) -> Callable[[WatcherFrame], None]:
    """What a move's worker answer calls with each watcher's frame as it arrives: the frame
    goes to its socket, if still here, in a task of its own (``spawn``), so one slow socket
    never holds up another. Tasks start in the order they are made, so each socket's frames
    keep their order."""

    def deliver(message: WatcherFrame) -> None:
        for socket, rendered, based_on in hand_out(match_id, sent, {message.key: message.rendered}):
            spawn(socket.take_frame(rendered, based_on))

    return deliver


def watcher_count() -> int:
    """Sockets of this process registered to take frames (the soak benchmark's probe)."""
    return sum(len(sockets) for sockets in _by_match.values())
