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
from games.live import (
    bot_decisions,
    bot_pacer,
    held,
    moves,
    render_workers,
    sessions,
    sockets,
    watching,
)
from games.live import chat as live_chat
from games.live.queue import QueueSeat
from games.live.refusals import public_message
from games.live.render_protocol import Rendered, RenderRequest
from games.live.rendering import Viewer, hotseat_turn, render_flash, render_frame
from games.live.threads import db, db_write
from games.live.turn_tally import TurnTally, top_bar_count
from games.matches import (
    bounded_json,
    chat,
    client_address,
    committed,
    hall_clock,
    lobby_chat,
    presence,
    services,
)
from games.matches.broadcast import bounded, lobby_group, match_group, spectators_group
from games.matches.identity import player_from
from games.matches.lobby import lobby_context
from games.matches.your_turn import player_group, standing
from games.models import LiveSocket, Match, Seat

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
# A lobby page redraws its list at most this often however many challenges come and go.
LOBBY_COALESCE_SECONDS = 0.25
# How soon a match socket's watchdog looks again when the step it shows is past its deadline
# and the timeout could not be applied (every sweeper was down for a moment: the one coming
# back grants a fresh timer instead, and in the default set-up its news reaches no socket),
# or when its last look failed.
LOOK_AGAIN_SECONDS = 1.0


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


def require_text_fields(data: dict) -> None:
    """A lobby form's fields are text: a list or an object where a field should be is
    refused here, before a handler can trip over it. (The match socket checks each field it
    reads, with a reason of its own: a move's step, its action.)"""
    if any(not isinstance(v, str) for k, v in data.items() if k != "HEADERS"):
        raise BadFrame("That message is not understood: every field of a form is text.")


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
    session_key = ""

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

    def client_address(self) -> str:
        """The client's address, read in this one place (the socket caps, Play now's rated
        lane and the challenge limits all key on it): behind a trusted proxy, the one it saw."""
        return client_address.of_scope(self.scope)

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
            ip=self.client_address(),
            player=self.player,
        )
        if refused:
            await self.send(text_data=render_flash(refused))
            await self.close(code=4429, reason=refused)
            await self.cleanup()  # the group it joined, the queue seat of a lobby
            return False
        sockets.hold(self)
        # The top bar's "Your turn" of this page follows every match of its player.
        self.turns_group = player_group(self.player)
        await bounded(
            self.channel_layer.group_add(self.turns_group, self.channel_name),
            f"join {self.turns_group}",
        )
        # What the page's top bar shows (it was rendered with the page a moment ago), read
        # after joining the group, so no news is missed (games/live/turn_tally.py).
        await self.recount_turns()
        self.turns_shown = self.turns.count()
        return True

    async def recount_turns(self) -> None:
        self.turns = TurnTally(await db(standing)(self.player))

    async def turns_changed(self, event):
        """A match of this socket's player changed: send the top bar's count again, but only
        when it differs from what the page shows. A frame that changes nothing would still
        tell the player when the opponent acted in a hidden step (issue 38)."""
        if not hasattr(self, "turns"):
            return  # not admitted (yet): its count is read once it is
        self.turns.note(event["match"], event["version"], event["waiting"])
        await self.show_turns()

    async def show_turns(self) -> None:
        now = self.turns.count()
        if now == self.turns_shown:
            return
        self.turns_shown = now
        await self.send(text_data=top_bar_count(now))

    async def cleanup(self) -> None:
        """Everything a socket holds, let go; each step whatever the others did, and once."""
        if self.cleaned:
            return
        self.cleaned = True
        sockets.release(self)
        if getattr(self, "turns_group", None):
            with contextlib.suppress(Exception):  # the group forgets a dead channel itself
                await bounded(
                    self.channel_layer.group_discard(self.turns_group, self.channel_name),
                    f"leave {self.turns_group}",
                )
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

    async def hand_chat_line(self, say, room_of, data: dict) -> None:
        """Hand a chat line to ``say`` (a match's room or a lobby's) for ``room_of`` (the
        match id or game). The line comes back to this socket from the group like to every
        other reader; this page's notice line says why it was refused, or clears."""
        try:
            await db_write(say)(room_of, self.player, data.get("chat"), data.get("chat_quick"))
        except chat.ChatRefused as exc:
            await self.send(text_data=live_chat.render_notice(exc.message))
            return
        await self.send(text_data=live_chat.render_notice(""))

    async def reject(self, message: str, code: str | None = None):
        await self.send(text_data=render_flash(public_message(message, code)))

    async def still_signed_in(self) -> bool:
        """Whether the session this socket opened with still exists; if not (a sign-in as
        someone else cycled it, or it was deleted) the socket ends as at logout."""
        if not self.session_key:
            return True
        watch = getattr(self, "session_watch", None)
        if watch is None:
            watch = self.session_watch = sessions.SessionWatch(self.session_key)
        alive = watch.known()
        if alive is None:
            alive = watch.note(await db(sessions.session_expiry)(self.session_key))
        if alive:
            return True
        await self.session_ended({})
        return False


class MatchConsumer(SocketConsumer):
    """One socket per open match page. Acts only for the seat its session owns."""

    kind = LiveSocket.Kind.MATCH
    abandon_check = None
    offer_due = False  # the abandonment offer may be showing
    chat_listed: frozenset[int] = frozenset()  # the lines of the chat lists last sent
    # The (version, deadline) an overdue look last rendered without moving the match on:
    # while both stand, the watchdog's looks only read the row, they do not render it again.
    stuck_at: tuple | None = None
    look_failed = False  # the watchdog's last look raised: the next comes soon

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
        if self.joins_spectators:
            await bounded(
                self.channel_layer.group_add(self.spectators, self.channel_name),
                f"join {self.spectators}",
            )
        if not await self.admit(self.match_id, self.presence_seat):
            return
        self.sent_version, self.deadline, self.replan = -1, None, asyncio.Event()
        # What this page holds of the board (games/live/frames.py); one frame at a time is built
        # from it and sent, or the watchdog and a notification could each diff against the
        # same page and send frames that do not add up.
        self.shown, self.sending = None, asyncio.Lock()
        # What the page was served with, if it names it: the first frame is not sent when it
        # is those very bytes (games/live/held.py).
        self.held = None if self.hotseat else held.named(self.scope.get("query_string", b""))
        self.taken_version = None  # a version sent from a frame a worker rendered with a move
        await self.send_snapshot()
        # The chat as stored now, when the page may lack some of it: a reopened socket
        # catches up on lines said while it was away (games/live/chat.py).
        shown = live_chat.newest_shown(self.scope.get("query_string", b""))
        lists = await db(live_chat.lists_if_behind)(self.opened_on, self.player, shown)
        if lists is not None:
            await self.send_chat_lists(lists)
        if self.bot_match:
            if self.searching_bot:
                bot_decisions.warm_up()  # its first search comes soon; a start takes a while
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
            try:
                await self._look_again()
                self.look_failed = False
            except Exception:
                # The watchdog is what brings a lost notification's news: one failed look (the
                # database locked past its timeout on a starved machine, a render that broke)
                # must not end it, or the board would never change again. An outage fails
                # every look of every socket each second: the log says so once a socket.
                if not self.look_failed:
                    log.exception("match %s: the watchdog's look failed; it looks again", self.code)
                self.look_failed = True

    async def _look_again(self) -> None:
        """Re-join the group, read the match's version and deadline, and bring the page
        up to date if it fell behind or its step is overdue."""
        await bounded(
            self.channel_layer.group_add(self.group, self.channel_name), f"re-join {self.group}"
        )
        version, deadline = await db(self._current_version_and_deadline)()
        overdue = deadline is not None and deadline <= hall_clock.now()
        missed = version != self.sent_version
        if missed or (overdue and (version, deadline) != self.stuck_at):
            await self.send_snapshot()
            # Still the same overdue step after the render (whose settle applies a due
            # timeout): nobody could apply it yet. Look again soon, not a resync apart.
            still = overdue and self.sent_version == version
            self.stuck_at = (version, deadline) if still else None
        if missed:
            # Its notice was lost, so its news to the player's group may have been too
            # (a Redis restart forgets every group): read the count's start again.
            await self.recount_turns()
            await self.show_turns()
        if self.bot_match:
            bot_pacer.kick(self.match_id)

    def _until_next_check(self) -> float:
        wait = settings.WS_RESYNC_SECONDS
        if self.look_failed:
            wait = min(wait, LOOK_AGAIN_SECONDS)
        if self.deadline is not None:
            # The grace lets a running sweeper fire first (its notification usually beats
            # us); without one, the render this check triggers fires the timeout itself.
            grace = settings.SWEEPER_INTERVAL_SECONDS + 0.25
            left = (self.deadline - hall_clock.now()).total_seconds() + grace
            # A deadline shown and gone by: the timeout is the sweeper's to apply or to
            # postpone when it comes back, and a sweeper in another process tells no socket
            # of this one. Waiting a whole resync left a board at 0:00 for half a minute.
            wait = min(wait, left if left > 0 else LOOK_AGAIN_SECONDS)
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
        # Without the state: what a socket's opening needs of its match is who sits where
        # and how it is played, and decoding a state it would not read was a tenth of an
        # opening (bench.socket_cost). The first frame reads the match whole.
        match = (
            Match.objects.filter(code=self.code)
            .defer("state", "outcome", "config")
            .prefetch_related("seats")
            .first()
        )
        if match is None:
            return False
        self.match_id = match.pk
        self.opened_on = match  # the chat and the abandonment check of the opening read it
        self.group = match_group(match.pk)
        self.hotseat = match.mode == Match.Mode.HOTSEAT
        self.bot_match = match.mode == Match.Mode.BOT
        # Moves go to a render worker, where there are any (games/live/render_workers.py;
        # they also render the frames of the sockets watching), except hot-seat's, whose
        # device decides here which seat it shows. A bot match's go too when its bot moves
        # a pause apart: the worker hands each bot turn back to this process's pacer
        # (games/live/bot_pacer.py). Without a pause the bot answers inside the person's
        # move, deciding where it commits, and a searching bot must never think in a worker
        # that renders other matches.
        paced_bots = self.bot_match and settings.BOT_STEP_SECONDS > 0
        self.moves_in_worker = settings.RENDER_PROCESSES > 0 and (
            match.mode == Match.Mode.ONLINE or paced_bots
        )
        self.searching_bot = any((s.bot_level or 0) > 1 for s in match.seats.all())
        mine = [s.index for s in match.seats.all() if self.player.owns(s)]
        self.my_seats = mine
        # Hot-seat starts on the pass-the-device screen: nobody's cards are shown until the
        # person holding the device says who they are.
        self.seat = None if self.hotseat else (mine[0] if mine else None)
        self.presence_seat = mine[0] if mine else None
        # A socket of someone seated (hot-seat included) is a player's: it never joins the
        # spectators' group, so the spectators' room can not reach it while the match runs.
        self.spectating = not mine
        self.spectators = spectators_group(match.pk)
        # The person's chat choices, as they were when the page opened (a reload applies
        # a change): chat off hears no line; the spectators' room off never joins its group.
        self.chat_off, self.spectators_room_off = live_chat.choices_of(self.player)
        self.joins_spectators = self.spectating and not (self.chat_off or self.spectators_room_off)
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
            if self.joins_spectators:
                yield bounded(
                    self.channel_layer.group_discard(self.spectators, self.channel_name),
                    f"leave {self.spectators}",
                )

    # ---- rendering

    def _render(self, flash: str = "", version: int | None = None, shown=None) -> Rendered:
        """This viewer's frame, in a thread of this process. ``version``: the one a
        notification announced, which may still be in memory from the commit
        (games/matches/committed.py); ``shown``: what the page holds of the board."""
        match = committed.recall(self.match_id, version) if version is not None else None
        if match is None:
            match = Match.objects.prefetch_related("seats").get(pk=self.match_id)
        if match.deadline_at is not None and match.deadline_at <= hall_clock.now():
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
            html = rendered.html
            served, self.held = self.held, None  # the page's name is for the first frame only
            if served is not None and shown is None and html and held.name_of(html) == served:
                html = ""  # the page shows this very frame already
            if html:  # empty: nothing this viewer sees changed (board_frames.py)
                await self.send(text_data=html)
            self.shown = rendered.shown

    async def take_frame(self, rendered: Rendered, based_on) -> None:
        """A frame a worker rendered for this socket with a move (games/live/watching.py): sent
        only if the page still holds what it was rendered against."""
        async with self.sending:
            if self.shown is not based_on:
                return  # the page changed meanwhile: the notification renders the version
            self._note_shown(rendered.version, rendered.deadline)
            if rendered.html:  # empty: nothing this viewer sees changed (board_frames.py)
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
        match = self.opened_on
        if match.mode != Match.Mode.ONLINE or match.status != Match.Status.ACTIVE:
            return None  # a match that ends after the opening read ends the check too
        if match.correspondence_days is not None:
            return None  # nobody is claimed against for closing the page of a slow match
        # The seats read again, not taken from the opening's read: this runs after the
        # socket joined the match's group, so an opponent who left in between is either
        # seen gone here or heard leaving, never missed.
        other = Seat.objects.filter(match_id=self.match_id).exclude(index=self.presence_seat)
        other = other.first()
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
        if not await self.still_signed_in():
            return
        if "chat" in data or "chat_quick" in data:
            await self.say(data)
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

    # ---- chat (games/live/chat.py)

    async def say(self, data: dict) -> None:
        """A chat line from this socket's person: kept and routed by games/matches/chat.py."""
        await self.hand_chat_line(chat.say, self.match_id, data)

    async def chat_line(self, event):
        line = event.get("line")
        if not isinstance(line, dict) or self.chat_off:
            return
        if line.get("room") == "spectators" and self.spectators_room_off:
            return
        if line.get("room") == "spectators" and not self.spectating:
            # Only after the end does the spectators' room reach a player (through the
            # match's group): the page then shows that room whole, as a reload would.
            await self.send_chat_lists(await db(live_chat.render_lists)(self.match_id, self.player))
            return
        if line.get("id") in self.chat_listed:
            return  # said as the lists just sent were read: it is on the page already
        signed_in_pair = line.get("user_id") is not None and self.player.user_id is not None
        if signed_in_pair and await db(live_chat.hidden_from)(line, self.player):
            return
        await self.send(text_data=live_chat.render_line(line, self.player))

    async def chat_muted(self, event):
        await self.send(text_data=live_chat.muted_notice(event.get("until", "")))

    async def chat_opened(self, event):
        """The match ended: a player's page now shows the spectators' room, whole."""
        if self.spectating or self.chat_off or self.spectators_room_off:
            return
        await self.send_chat_lists(await db(live_chat.render_lists)(self.match_id, self.player))

    async def send_chat_lists(self, lists: live_chat.Lists) -> None:
        """Replace the page's chat lists. The socket joined its groups before reading them, so
        a line said as they were read is in them and also on its way from the group; its
        id, kept here, stops it from being appended a second time."""
        self.chat_listed = lists.ids
        await self.send(text_data=lists.html)

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
    redraw: asyncio.Task | None = None
    stale = False

    async def connect(self):
        self.game = self.scope["url_route"]["kwargs"]["game"]
        if self.game not in GAME_MODULES:
            await self.close(code=4404)
            return
        self.player = player_from(self.scope.get("user"), self.scope.get("session"))
        self.group = lobby_group(self.game)
        self.queue = QueueSeat(self, self.game, self.player)
        self.chat_off, _ = await db(live_chat.choices_of)(self.player)
        self.limiter = RateLimiter(settings.WS_MAX_MESSAGES_PER_10S)
        # The open challenges the page was served with, if its address names them: not sent
        # again on opening, nor after a change that left them as they were.
        self.challenges = held.SentWhole(self.scope.get("query_string", b""))
        await self.channel_layer.group_add(self.group, self.channel_name)
        if not await self.admit():
            return
        await self._draw()

    def cleanup_steps(self):
        if self.redraw is not None:
            self.redraw.cancel()
            yield _settled(self.redraw)
        if hasattr(self, "queue"):
            yield self.queue.leave()  # leaving the page leaves the queue
        if hasattr(self, "group"):
            yield self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            data = parse_frame(text_data)
            require_text_fields(data)
        except BadFrame as exc:
            await self.send(text_data=render_flash(str(exc)))
            return
        if not self.limiter.allow():
            await self.send(text_data=render_flash("Too many messages; slow down a little."))
            return
        if "queue" in data:
            if await self.still_signed_in():
                await self.queue.handle(data)
            return
        if "chat" in data or "chat_quick" in data:
            await self.say(data)
            return
        await self.send(
            text_data=render_flash("The lobby is read-only over the socket; use the buttons.")
        )

    async def say(self, data: dict) -> None:
        """A line for this game's lobby room (games/matches/lobby_chat.py)."""
        await self.hand_chat_line(lobby_chat.say, self.game, data)

    async def chat_line(self, event):
        line = event.get("line")
        if not isinstance(line, dict) or self.chat_off:
            return
        signed_in_pair = line.get("user_id") is not None and self.player.user_id is not None
        if signed_in_pair and await db(live_chat.hidden_from)(line, self.player):
            return
        await self.send(text_data=live_chat.render_line(line, self.player))

    async def chat_muted(self, event):
        await self.send(text_data=live_chat.muted_notice(event.get("until", "")))

    async def queue_paired(self, event):
        """Another socket's pairing pass put this socket's player in a match."""
        await self.queue.go(event["code"])

    async def lobby_changed(self, event):
        """The list changed: redraw it once the burst is over. Changes that arrive while a
        redraw waits need nothing more (it reads the list when it runs); one that arrives
        while it renders gets one more redraw after it."""
        self.stale = True
        if self.redraw is None or self.redraw.done():
            self.redraw = asyncio.ensure_future(self._redraw_after_burst())

    async def _redraw_after_burst(self) -> None:
        try:
            while self.stale:
                await asyncio.sleep(LOBBY_COALESCE_SECONDS)
                self.stale = False
                await self._draw()
        except Exception:
            # A task, outside dispatch's net: a page that cannot be served is closed.
            log.exception("lobby socket failed redrawing its list; closing it")
            with contextlib.suppress(Exception):
                await self.close(code=1011)

    async def _draw(self) -> None:
        html = await db(self._render)()
        if self.challenges.fresh(html):
            await self.send(text_data=html)

    def _render(self) -> str:
        return render_to_string("lobby/_open.html", lobby_context(self.game, self.player))
