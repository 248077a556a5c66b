"""Websocket consumers: thin. Authenticate, parse, call a service, render for this viewer.

Broadcasts carry only ``{"version": N}``; each consumer re-reads the match and renders its
own viewer's fragments, so hidden information never travels through the channel layer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import timedelta

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from games.engines import GAME_MODULES
from games.live import bot_pacer, moves, render_workers, sockets, watching
from games.live.queue import QueueSeat
from games.live.refusals import public_message
from games.live.render_protocol import Rendered, RenderRequest
from games.live.rendering import Viewer, hotseat_turn, render_flash, render_frame
from games.live.threads import db, db_write
from games.matches import bounded_json, client_address, committed, presence, services
from games.matches.broadcast import bounded, lobby_group, match_group
from games.matches.identity import player_from
from games.matches.lobby import lobby_context
from games.models import LiveSocket, Match

log = logging.getLogger(__name__)


class RateLimiter:
    """A sliding ten-second window per connection: a flood is refused, not queued."""

    def __init__(self, limit: int, window: float = 10.0) -> None:
        self.limit, self.window, self.stamps = limit, window, []

    def allow(self) -> bool:
        now = time.monotonic()
        self.stamps = [t for t in self.stamps if now - t < self.window]
        if len(self.stamps) >= self.limit:
            return False
        self.stamps.append(now)
        return True


_tasks: set[asyncio.Task] = set()  # the loop keeps only weak references to tasks


def _in_flight(coroutine) -> None:
    task = asyncio.ensure_future(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def _settled(task: asyncio.Task) -> None:
    """Wait for a cancelled task to finish (it may be mid-database call)."""
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task


async def _call(function, *args) -> None:
    function(*args)


def presence_dot(seat: int, online: bool) -> str:
    """One seat's online dot, swapped in by id: all that a presence change alters."""
    state, title = ("on", "online") if online else ("off", "away")
    return (
        f'<span id="seat-dot-{seat}" class="dot {state}" title="{title}" hx-swap-oob="true"></span>'
    )


# A form's fields plus htmx's HEADERS object: two levels. A move inside it is a JSON string
# of its own; the deepest (a Card Battle deck choice carries the deck) is five levels.
FRAME_DEPTH = 3
ACTION_DEPTH = 6
ACTION_STRING = 200


class BadFrame(Exception):
    """A frame that is not a well-formed request; the message says why."""


def parse_frame(text: str | None) -> dict:
    """The htmx ws extension sends a JSON object of form fields plus HEADERS."""
    if text is None:
        raise BadFrame("Binary frames are not understood.")
    try:
        data = bounded_json.loads(
            text, max_bytes=settings.WS_MAX_FRAME_BYTES, max_depth=FRAME_DEPTH, max_string=16384
        )
    except bounded_json.Unreadable as exc:
        raise BadFrame(f"That message is not understood. {exc}") from exc
    if not isinstance(data, dict):
        raise BadFrame("That message is not understood.")
    return data


class SocketConsumer(AsyncWebsocketConsumer):
    """A websocket consumer whose messages are dispatched without a stop at the sync thread.

    Channels' ``dispatch`` closes stale database connections before every message, and does
    it on the one shared sync thread: a thread hop per frame and per group message, all
    queued on that one thread (bench/: 10% of the worker at 200 matches, and a queue every
    move waits in). These consumers never use a connection on the event loop; all their
    database work runs through DatabaseSyncToAsync (games/live/threads.py), which closes stale
    connections around every call itself."""

    kind = ""  # LiveSocket.Kind of the socket's row
    cleaned = False
    ended = False  # its session logged out

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            log.warning("%s socket: no handler for a %r message", self.kind, message.get("type"))
            return
        try:
            await handler(message)
        except StopConsumer:
            await self.cleanup()
            raise
        except BaseException as exc:
            # Whatever failed (a send during the close handshake, a bug, a cancel), the socket
            # ends here and its cleanup runs: otherwise its re-check task, watcher slot,
            # groups and presence row would outlive it (issue 22, findings 1 and 2).
            if not isinstance(exc, asyncio.CancelledError):
                log.exception(
                    "%s socket failed handling %s; closing it", self.kind, message["type"]
                )
            await asyncio.shield(self.cleanup())
            with contextlib.suppress(Exception):
                await self.close(code=1011)
            if isinstance(exc, asyncio.CancelledError):
                raise
            raise StopConsumer() from None

    async def admit(self, match_id: int | None = None, seat: int | None = None) -> bool:
        """Accept the socket and record it, or refuse it with a reason when its session or
        address already holds as many sockets as allowed (spectators and lobbies count)."""
        session = self.scope.get("session")
        self.session_key = (getattr(session, "session_key", None) or "") if session else ""
        # Accepted first: the handshake does not wait on the database (daphne drops a
        # handshake that takes longer than its connect timeout), and a refusal can only be
        # told, with its reason, over an accepted socket anyway.
        await self.accept()
        refused = await db_write(presence.open_socket)(
            self.channel_name,
            self.kind,
            match_id=match_id,
            seat=seat,
            session_key=self.session_key,
            ip=client_address.of_scope(self.scope),
            player=self.player,
        )
        if refused:
            await self.send(text_data=render_flash(refused))
            await self.close(code=4429, reason=refused)
            await self.cleanup()  # the group it joined, the queue seat of a lobby
            return False
        sockets.hold(self)
        return True

    async def cleanup(self) -> None:
        """Everything a socket holds, let go; each step whatever the others did, and once."""
        if self.cleaned:
            return
        self.cleaned = True
        sockets.release(self)
        for step in self.cleanup_steps():  # steps are awaitables: making one runs nothing
            try:
                await step
            except Exception:
                log.exception("%s socket cleanup step failed", self.kind)
        try:
            await db_write(presence.close_socket)(self.channel_name)
        except Exception:  # its row expires unbeaten (games/live/sockets.py)
            log.exception("%s socket: its presence row is left to expire", self.kind)

    def cleanup_steps(self):
        return []

    async def disconnect(self, code):
        await self.cleanup()

    async def session_ended(self, event):
        """The session this socket was opened with logged out: it may not act any more."""
        self.ended = True
        await self.close(code=4401, reason="Logged out")
        await self.cleanup()
        raise StopConsumer()

    async def reject(self, message: str, code: str | None = None):
        await self.send(text_data=render_flash(public_message(message, code)))


class MatchConsumer(SocketConsumer):
    """One socket per open match page. Acts only for the seat its session owns."""

    kind = LiveSocket.Kind.MATCH
    abandon_check = None
    offer_due = False  # the abandonment offer may be showing

    async def connect(self):
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.player = player_from(self.scope.get("user"), self.scope.get("session"))
        self.limiter = RateLimiter(settings.WS_MAX_MESSAGES_PER_10S)
        found = await db(self._load_identity)()
        if not found:
            await self.close(code=4404)
            return
        # If the layer is unreachable the socket still works: the watchdog re-joins later.
        await bounded(
            self.channel_layer.group_add(self.group, self.channel_name), f"join {self.group}"
        )
        if not await self.admit(self.match_id, self.presence_seat):
            return
        self.sent_version, self.deadline, self.replan = -1, None, asyncio.Event()
        # What this page holds of the board (games/live/frames.py); one frame at a time is built
        # from it and sent, or the watchdog and a notification could each diff against the
        # same page and send frames that do not add up.
        self.shown, self.sending = None, asyncio.Lock()
        self.taken_version = None  # a version sent from a frame a worker rendered with a move
        await self.send_snapshot()
        if self.bot_match:
            bot_pacer.kick(self.match_id)  # a reconnect resumes a bot's turn left unfinished
        if self.moves_in_worker:
            watching.watch(self.match_id, self)
        self.watchdog = asyncio.ensure_future(self._resync_forever())
        if self.presence_seat is not None and not self.hotseat:
            # Opened after the opponent left (a reload): no presence notice will come, so
            # plan the look at the abandonment offer from what the database says.
            delay = await db(self._abandon_delay)()
            if delay is not None:
                self._plan_abandon_check(delay)

    async def _resync_forever(self):
        """Notifications can be lost (a Redis restart forgets every group; in the default
        set-up the sweeper is another process whose in-memory layer reaches no socket).
        The database is the truth: every few seconds, and just after the shown step's
        deadline, re-join the group and, if the match moved on without us hearing or the
        step is overdue, send this viewer a fresh render (which applies a due timeout)."""
        while True:
            self.replan.clear()
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancel that
            # lands as the event is set, and disconnect would wait for this loop forever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self._until_next_check()):
                    await self.replan.wait()
                continue  # a new deadline is shown: plan again
            await bounded(
                self.channel_layer.group_add(self.group, self.channel_name), f"re-join {self.group}"
            )
            version, deadline = await db(self._current_version_and_deadline)()
            overdue = deadline is not None and deadline <= timezone.now()
            if version != self.sent_version or overdue:
                await self.send_snapshot()
            if self.bot_match:
                bot_pacer.kick(self.match_id)

    def _until_next_check(self) -> float:
        wait = settings.WS_RESYNC_SECONDS
        if self.deadline is not None:
            # The grace lets a running sweeper fire first (its notification usually beats
            # us); without one, the render this check triggers fires the timeout itself.
            grace = settings.SWEEPER_INTERVAL_SECONDS + 0.25
            left = (self.deadline - timezone.now()).total_seconds() + grace
            if left > 0:
                wait = min(wait, left)
        return wait

    def _current_version_and_deadline(self):
        row = Match.objects.filter(pk=self.match_id).values_list("version", "deadline_at").first()
        return row if row is not None else (None, None)

    def _note_shown(self, version: int, deadline) -> None:
        """Remember what this socket now shows; a new deadline re-plans the watchdog."""
        self.sent_version = version
        if deadline != self.deadline:
            self.deadline = deadline
            self.replan.set()

    def _load_identity(self) -> bool:
        match = Match.objects.filter(code=self.code).prefetch_related("seats").first()
        if match is None:
            return False
        self.match_id = match.pk
        self.group = match_group(match.pk)
        self.hotseat = match.mode == Match.Mode.HOTSEAT
        # Only moves of online matches go to a render worker, where there are any
        # (games/live/render_workers.py; they also render the frames of the sockets watching).
        # Hot-seat decides here which seat a device shows; in a bot match the bot answers
        # inside the move, and each of its moves is announced as it commits, which a worker
        # could only hand back when the bot's whole turn is done.
        self.moves_in_worker = match.mode == Match.Mode.ONLINE and settings.RENDER_PROCESSES > 0
        self.bot_match = match.mode == Match.Mode.BOT
        mine = [s.index for s in match.seats.all() if self.player.owns(s)]
        self.my_seats = mine
        # Hot-seat starts on the pass-the-device screen: nobody's cards are shown until the
        # person holding the device says who they are.
        self.seat = None if self.hotseat else (mine[0] if mine else None)
        self.presence_seat = mine[0] if mine else None
        return True

    def cleanup_steps(self):
        for name in ("watchdog", "abandon_check"):
            task = getattr(self, name, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
                yield _settled(task)
        if hasattr(self, "group"):
            yield _call(watching.unwatch, self.match_id, self)
            yield bounded(
                self.channel_layer.group_discard(self.group, self.channel_name),
                f"leave {self.group}",
            )

    # ---- rendering

    def _render(self, flash: str = "", version: int | None = None, shown=None) -> Rendered:
        """This viewer's frame, in a thread of this process. ``version``: the one a
        notification announced, which may still be in memory from the commit
        (games/matches/committed.py); ``shown``: what the page holds of the board."""
        match = committed.recall(self.match_id, version) if version is not None else None
        if match is None:
            match = Match.objects.prefetch_related("seats").get(pk=self.match_id)
        if match.deadline_at is not None and match.deadline_at <= timezone.now():
            services.settle(self.match_id)  # lazy timer: apply what fell due, then re-read
            match = Match.objects.prefetch_related("seats").get(pk=self.match_id)
        if self.hotseat and self.seat is not None and hotseat_turn(match) not in (self.seat, None):
            self.seat = None  # the other seat's turn: back to the pass-the-device screen
        viewer = Viewer(self.player, self.seat, self.hotseat)
        html, now = render_frame(match, viewer, flash, shown)
        return Rendered(match.version, match.deadline_at, html, now)

    async def send_snapshot(self, flash: str = "", version: int | None = None):
        async with self.sending:
            # Hot-seat changes which seat the page shows: always a whole board there.
            shown = None if self.hotseat else self.shown
            rendered = None
            if not self.hotseat:  # hot-seat changes which seat is shown: decided here
                rendered = await render_workers.render(
                    RenderRequest(
                        self.match_id,
                        version,
                        committed.presence_generation(self.match_id),
                        self.player,
                        self.seat,
                        flash,
                        shown=shown,
                    )
                )
            if rendered is None:
                rendered = await db(self._render)(flash, version, shown)
            self._note_shown(rendered.version, rendered.deadline)
            await self.send(text_data=rendered.html)
            self.shown = rendered.shown

    async def take_frame(self, rendered: Rendered, based_on) -> None:
        """A frame a worker rendered for this socket with a move (games/live/watching.py): sent
        only if the page still holds what it was rendered against."""
        async with self.sending:
            if self.shown is not based_on:
                return  # the page changed meanwhile: the notification renders the version
            self._note_shown(rendered.version, rendered.deadline)
            await self.send(text_data=rendered.html)
            self.shown, self.taken_version = rendered.shown, rendered.version

    # ---- group events

    async def match_changed(self, event):
        version = event.get("version")
        if isinstance(version, int) and version < self.sent_version:
            return  # an older notification arriving late: this socket already shows more
        if version is not None and version == self.taken_version:
            self.taken_version = None  # the move's own notice: its frame went already
            return
        # Equal is not skipped: a rematch offer is announced under the finished version.
        await self.send_snapshot(version=version if isinstance(version, int) else None)

    async def match_presence(self, event):
        # A seat came or went: only its dot changes, and the event says how, so nothing is
        # read or rendered (a render per socket per arrival grew as N² with spectators).
        # This process's copy of the match has stale seats (games/matches/committed.py).
        committed.forget(self.match_id)
        seat, online = event.get("seat"), event.get("online")
        if not isinstance(seat, int) or not isinstance(online, bool):
            return
        await self.send(text_data=presence_dot(seat, online))
        if self.presence_seat is None or seat == self.presence_seat or self.hotseat:
            return
        if not online:
            # The opponent left: once they have been gone long enough this page offers to
            # claim the match, so look again then (a full render decides).
            self._plan_abandon_check(settings.ABANDON_SECONDS)
            return
        if self.abandon_check is not None:
            self.abandon_check.cancel()
            self.abandon_check = None
        if self.offer_due:  # the offer may be on the page: the opponent is back, so it goes
            self.offer_due = False
            await self.send_snapshot()

    def _plan_abandon_check(self, delay: float) -> None:
        if self.abandon_check is not None:
            self.abandon_check.cancel()
        self.abandon_check = asyncio.ensure_future(self._offer_when_abandoned(delay))

    async def _offer_when_abandoned(self, delay: float):
        await asyncio.sleep(delay + 0.5)
        self.offer_due = True
        try:
            await self.send_snapshot()
        except Exception:  # a task of its own, outside dispatch: the socket may be closing
            log.warning("match %s: the abandonment offer could not be sent", self.code)

    def _abandon_delay(self) -> float | None:
        """Seconds until the opponent, gone now, has been gone long enough to be claimed
        against (0: already); None while they are here or nobody can claim."""
        match = Match.objects.prefetch_related("seats").get(pk=self.match_id)
        if match.mode != Match.Mode.ONLINE or match.status != Match.Status.ACTIVE:
            return None
        other = next((s for s in match.seats.all() if s.index != self.presence_seat), None)
        since = presence.absent_since(other, match) if other is not None else None
        if since is None:
            return None
        due = since + timedelta(seconds=settings.ABANDON_SECONDS)
        return max(0.0, (due - timezone.now()).total_seconds())

    # ---- client frames

    async def receive(self, text_data=None, bytes_data=None):
        if self.ended:
            return  # logged out: the close is on its way, and nothing more is acted on
        if not self.limiter.allow():
            await self.reject("Too many messages; slow down a little.")
            return
        try:
            data = parse_frame(text_data)
        except BadFrame as exc:
            await self.reject(str(exc))
            return
        try:
            if "hotseat_show" in data or data.get("resign") or "claim" in data:
                rerender = await db_write(self._handle)(data)
            else:
                action, step = self._move_from(data)
                # The one path every move takes, whatever the set-up (games/live/moves.py).
                await moves.make_move(
                    self.match_id,
                    self.player,
                    self.seat,
                    action,
                    step,
                    in_worker=self.moves_in_worker,
                    watch_key=getattr(self, "watch_key", None),
                    spawn=_in_flight,
                )
                rerender = False  # every socket, this one too, hears of it from the group
        except services.Rejected as exc:
            await self.reject(exc.message, exc.code)
            return
        except moves.MoveLost:
            await self.reject(
                "The server lost track of that move; the board shows whether it was made."
            )
            await self.send_snapshot()
            return
        except Exception:
            log.exception("unexpected error handling a frame in match %s", self.code)
            await self.reject("Something went wrong on our side; the move was not applied.")
            return
        if rerender:
            await self.send_snapshot()

    def _handle(self, data: dict) -> bool:
        """Act on a frame that is not a move (resign, hot-seat hand-over). Returns True when
        only this socket needs a fresh render (changes to the match reach every socket
        through the group instead)."""
        if "hotseat_show" in data:
            self._hotseat_show()
            return True
        self._require_seat()
        if "claim" in data:
            services.claim_abandoned(self.match_id, self.player, self.seat, data["claim"])
            return False
        services.resign(self.match_id, self.player, self.seat)
        return False

    def _move_from(self, data: dict) -> tuple[dict, str | None]:
        """The action and the step a move frame names, from a seat this socket may play."""
        raw = data.get("action")
        if not isinstance(raw, str):
            raise services.Rejected("BAD_ACTION", "That move is not understood.")
        try:
            action = bounded_json.loads(
                raw,
                max_bytes=settings.WS_MAX_FRAME_BYTES,
                max_depth=ACTION_DEPTH,
                max_string=ACTION_STRING,
            )
        except bounded_json.Unreadable as exc:
            raise services.Rejected("BAD_ACTION", f"That move is not understood. {exc}") from exc
        # Every move button sends the step its page shows; without one the stale-move check
        # could not run, so a move with none is refused rather than applied to whatever the
        # match is at by then.
        step = data.get("step")
        if not isinstance(step, str) or len(step) > ACTION_STRING:
            raise services.Rejected(
                "BAD_STEP", "That move does not say which step it answers; reload the page."
            )
        self._require_seat()
        return action, step

    def _require_seat(self) -> None:
        if self.seat is None:
            if self.hotseat and self.my_seats:
                raise services.Rejected("HAND_OVER", "Pass the device first: say who is playing.")
            raise services.Rejected("SPECTATOR", "Spectators can watch but not play.")

    def _hotseat_show(self) -> None:
        if not (self.hotseat and self.my_seats):
            raise services.Rejected("NOT_HOTSEAT", "This is not a hot-seat match.")
        match = Match.objects.get(pk=self.match_id)
        self.seat = hotseat_turn(match)


class LobbyConsumer(SocketConsumer):
    """Pushes a game's open challenges to every open lobby page as they change, and holds
    the page's place in the "Play now" queue (games/live/queue.py)."""

    kind = LiveSocket.Kind.LOBBY

    async def connect(self):
        self.game = self.scope["url_route"]["kwargs"]["game"]
        if self.game not in GAME_MODULES:
            await self.close(code=4404)
            return
        self.player = player_from(self.scope.get("user"), self.scope.get("session"))
        self.group = lobby_group(self.game)
        self.queue = QueueSeat(self, self.game, self.player)
        self.limiter = RateLimiter(settings.WS_MAX_MESSAGES_PER_10S)
        await self.channel_layer.group_add(self.group, self.channel_name)
        if not await self.admit():
            return
        await self.lobby_changed({})

    def cleanup_steps(self):
        if hasattr(self, "queue"):
            yield self.queue.leave()  # leaving the page leaves the queue
        if hasattr(self, "group"):
            yield self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            data = parse_frame(text_data)
        except BadFrame as exc:
            await self.send(text_data=render_flash(str(exc)))
            return
        if not self.limiter.allow():
            await self.send(text_data=render_flash("Too many messages; slow down a little."))
            return
        if "queue" in data:
            await self.queue.handle(data)
            return
        await self.send(
            text_data=render_flash("The lobby is read-only over the socket; use the buttons.")
        )

    async def queue_paired(self, event):
        """Another socket's pairing pass put this socket's player in a match."""
        await self.queue.go(event["code"])

    async def lobby_changed(self, event):
        html = await db(self._render)()
        await self.send(text_data=html)

    def _render(self) -> str:
        return render_to_string("lobby/_open.html", lobby_context(self.game, self.player))
