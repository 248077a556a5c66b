"""A render worker process (see games/live/render_workers.py for why and for daphne's side).

    python -m games.live.render_process FD DATABASE_NAME

Started by daphne with one end of a socket pair as FD. It answers requests one at a time,
in the order they came, except that a bot's request (its turn or its move) lets requests of
other matches that came behind it go first (games/live/worker_inbox.py). Each frame in is
``(number, request)``, each frame out ``(number, answer)``:
- ``RenderRequest`` -> ``Rendered | None``, where None asks daphne to render that one itself
  (an overdue step, or an error, which daphne's own render then reports);
- ``MoveRequest`` -> ``MoveDone``: the move made here, through games.matches.services like any
  other, and what it announced, for daphne to send; before it, one ``WatcherFrame`` per
  socket that shows the match (games/live/watching.py), each as soon as it is rendered;
- ``BotMoveRequest`` -> ``MoveDone``: the same for a bot's move that daphne's bot process
  decided. A bot's next move is never paced or decided here: the chains a move asks for go
  back to daphne in ``MoveDone.bots_due`` (``_hand_bots_back``);
- ``BotTurnRequest`` -> ``BotTurnAnswer | None``: whether a bot is due to decide, read
  here for daphne's pacer; None asks daphne to read it itself (an error).
It exits when daphne closes the socket or dies.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import sys
from collections.abc import Callable

from django.conf import settings

from games.live.render_protocol import (
    HELLO,
    WORKER_KEEPS,
    BotMoveRequest,
    BotTurnAnswer,
    BotTurnRequest,
    MoveDone,
    MoveRequest,
    Rendered,
    RenderRequest,
    Request,
    WatcherFrame,
    frame,
)
from games.live.worker_inbox import Inbox
from games.matches import hall_clock
from games.matches.lru import LRU

log = logging.getLogger(__name__)

# A worker serves every socket of its daphne, one render at a time; a match is wanted again
# within milliseconds (the other player's socket), so a few dozen entries are plenty, and
# every state kept is more heap for the collector to walk (games/live/gc_tuning.py).
_loaded = LRU(WORKER_KEEPS)
CAPACITY_MOVED = 1000  # as many as games.matches.committed keeps


def render_in_worker(request: RenderRequest) -> Rendered | None:
    from games.live.rendering import Viewer, render_frame
    from games.models import Match

    if request.match is not None:  # daphne's committed copy, sent with a version's first request
        _keep(request.generation, request.match)
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
        _keep(request.generation, match)
    if match.deadline_at is not None and match.deadline_at <= hall_clock.now():
        return None
    viewer = Viewer(request.player, request.seat)
    html, shown = render_frame(match, viewer, request.flash, request.shown)
    return Rendered(match.version, match.deadline_at, html, shown)


# Per match, the presence generation its last move here was made under: games.matches.committed
# keeps this process's copies of the matches it moved, seats included, and only daphne hears
# of presence. Evicted or unknown: the copy is dropped, which costs one read.
_moves_generation = LRU(CAPACITY_MOVED)

FAILED = "Something went wrong on our side; the move was not applied."


def make_move(request: MoveRequest, emit: Callable[[WatcherFrame], None]) -> MoveDone:
    """Make one move here, where its match renders: the match this process commits is the
    one its next renders use, and daphne's event loop no longer shares a GIL with the
    writer (bench/)."""
    from games.matches import broadcast, services

    _forget_old_seats(request.match_id, request.generation)
    _bots_due.clear()
    with broadcast.collected() as sent:
        try:
            services.submit(
                request.match_id, request.player, request.seat, request.action, request.step
            )
        except services.Rejected as exc:
            return MoveDone(sent, (exc.code, exc.message))
        except Exception:
            log.exception("unexpected error making a move in match %s", request.match_id)
            return MoveDone(sent, ("SERVER_ERROR", FAILED))
    _render_committed(request.match_id, request.generation, request.watchers, emit)
    return MoveDone(sent, bots_due=_take_bots_due())


def make_bot_move(request: BotMoveRequest, emit: Callable[[WatcherFrame], None]) -> MoveDone:
    """Commit a bot's decided move here, as ``make_move`` does a person's: in a bot match
    daphne's writer thread then commits nothing, and the watchers' frames come from the
    match this process just committed."""
    from games.matches import broadcast, services

    _forget_old_seats(request.match_id, request.generation)
    _bots_due.clear()
    with broadcast.collected() as sent:
        try:
            wait = services.bot_move(request.turn, request.action)
        except Exception:
            log.exception("unexpected error making a bot move in match %s", request.match_id)
            return MoveDone(sent, ("SERVER_ERROR", FAILED))
    if sent:  # refused, or the match had moved on: nothing committed, nothing to show
        _render_committed(request.match_id, request.generation, request.watchers, emit)
    return MoveDone(sent, bots_due=_take_bots_due(), bot_wait=wait)


def bot_turn(request: BotTurnRequest) -> BotTurnAnswer | None:
    from games.matches import services

    try:
        return BotTurnAnswer(services.bot_turn(request.match_id))
    except Exception:
        log.exception("reading match %s's bot turn failed; daphne reads it", request.match_id)
        return None


def _forget_old_seats(match_id: int, generation: int) -> None:
    from games.matches import committed

    if _moves_generation.get(match_id) != generation:
        # Someone came or went since this match's last move here: its kept copy has the old
        # seats, and the move would start from it (games/matches/committed.py). Only this
        # match's: the others' seats did not change.
        committed.drop(match_id)
        _moves_generation.put(match_id, generation)


def _render_committed(match_id: int, generation: int, watchers, emit) -> None:
    from games.matches import committed

    kept = committed.recall(match_id, 0)
    if kept is not None:  # None: finished, or not this process's to keep; sockets render it
        _keep(generation, kept)  # the version just committed: render from it
        render_watchers(kept, watchers, emit)


# The bot chains the request being answered asked for (games/matches/bot_pacing.py calls
# ``_hand_bots_back`` from inside services): one request at a time is answered, so one list.
_bots_due: list[tuple[int, float]] = []


def _hand_bots_back(match_id: int, delay: float) -> bool:
    """The bot pacing runner of a worker: it takes every chain, to hand it to daphne with
    the answer. A worker has no event loop to wait on, and a level-2 search here would hold
    up every render of the worker's matches behind it."""
    _bots_due.append((match_id, delay))
    return True


def _take_bots_due() -> tuple[tuple[int, float], ...]:
    due = tuple(dict.fromkeys(_bots_due))
    _bots_due.clear()
    return due


def render_watchers(match, watchers, emit: Callable[[WatcherFrame], None]) -> None:
    """Each socket's next frame, from the match just committed (games/live/watching.py), handed
    to ``emit`` as soon as it is rendered. A socket whose frame fails here renders it on its
    notification."""
    from games.live.rendering import Viewer, render_frame

    for watcher in watchers:
        try:
            viewer = Viewer(watcher.player, watcher.seat)
            html, shown = render_frame(match, viewer, "", watcher.shown)
        except Exception:
            log.exception("a watcher's frame failed in the worker; its socket renders it")
            continue
        emit(WatcherFrame(watcher.key, Rendered(match.version, match.deadline_at, html, shown)))


def answer(
    request: Request, emit: Callable[[WatcherFrame], None]
) -> Rendered | MoveDone | BotTurnAnswer | None:
    if isinstance(request, MoveRequest):
        return make_move(request, emit)
    if isinstance(request, BotMoveRequest):
        return make_bot_move(request, emit)
    if isinstance(request, BotTurnRequest):
        return bot_turn(request)
    try:
        return render_in_worker(request)
    except Exception:
        log.exception("render failed in the worker; daphne renders it instead")
        return None


def _keep(generation: int, match) -> None:
    from games.models import Match

    if match.status == Match.Status.ACTIVE:  # a finished match may still get a rematch
        # Never swap a copy for an older one (a later presence generation counts as newer).
        newer = (generation, match.version)
        _loaded.put(
            match.pk,
            (generation, match),
            replace=lambda kept: (kept[0], kept[1].version) <= newer,
        )
    else:
        _loaded.pop(match.pk)


def serve(link: socket.socket) -> None:
    stream = link.makefile("wb")
    stream.write(frame((HELLO, None)))
    stream.flush()
    inbox = Inbox(link)  # people's requests before bots' (games/live/worker_inbox.py)
    while (taken := inbox.next()) is not None:
        number, request = taken

        def emit(message: WatcherFrame, number=number) -> None:
            stream.write(frame((number, message)))
            stream.flush()

        stream.write(frame((number, answer(request, emit))))
        stream.flush()


def main(argv: list[str]) -> int:
    fd, database_name = int(argv[0]), argv[1]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    import django

    from games.live.gc_tuning import tune_for_serving
    from games.matches import bot_pacing

    django.setup()
    bot_pacing.install(_hand_bots_back)
    # The same database as daphne's, even where that is not the settings' own (a test
    # database); connections open lazily, so this is in time for the first one.
    settings.DATABASES["default"]["NAME"] = database_name
    tune_for_serving()
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # daphne went away
        serve(socket.socket(fileno=fd))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
