"""An arena's socket: its page (and the strip on each of its matches) keeps it open.

While it is open the player is present: each tick beats their row and runs a pairing pass
(games/matches/arenas/pairing.py; passes of every worker take turns on the arena row's
lock), so a free player is paired within a tick of becoming free. A page is re-rendered
when the arena's group says its table changed, and told where to go when its player is
put in a match. Closing it pauses the player (they are not paired until a page of theirs
is open again).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from django.conf import settings
from django.template.loader import render_to_string

from games.live import held
from games.live.consumers import RateLimiter, SocketConsumer
from games.live.rendering import render_flash
from games.live.threads import db, db_write
from games.matches.arenas import entry, pairing, schedule
from games.matches.arenas import view as arena_view
from games.matches.broadcast import arena_group, bounded
from games.matches.identity import player_from
from games.models import Arena, ArenaPlayer, LiveSocket

log = logging.getLogger(__name__)


def tick_seconds() -> float:
    return float(getattr(settings, "ARENA_TICK_SECONDS", 1.0))


class ArenaConsumer(SocketConsumer):
    kind = LiveSocket.Kind.LOBBY  # counted against the same per-session and per-IP caps
    ticker = None

    async def connect(self):
        kwargs = self.scope["url_route"]["kwargs"]
        self.arena_id = kwargs["arena_id"]
        # Opened from one of the arena's match pages: a strip that names the next match only.
        self.from_code = kwargs.get("code")
        self.template = "arenas/_strip_live.html" if self.from_code else "arenas/_live.html"
        self.player = player_from(self.scope.get("user"), self.scope.get("session"))
        self.limiter = RateLimiter(settings.WS_MAX_MESSAGES_PER_10S)
        found = await db(Arena.objects.filter(pk=self.arena_id).exists)()
        if not found:
            await self.close(code=4404)
            return
        self.group = arena_group(self.arena_id)
        self.shown_phase = None
        self.sent_go = None
        # What the page was served with, if its address names it: not sent again on
        # opening, nor after a change that left the page as it was (games/live/held.py).
        self.sent = held.SentWhole(self.scope.get("query_string", b""))
        await bounded(
            self.channel_layer.group_add(self.group, self.channel_name), f"join {self.group}"
        )
        if not await self.admit():
            return
        await self.arena_changed({})
        self.ticker = asyncio.ensure_future(self._tick_forever())

    def cleanup_steps(self):
        task = self.ticker
        if task is not None and task is not asyncio.current_task():
            task.cancel()
            yield _settled(task)
        if hasattr(self, "group"):
            yield db_write(entry.away)(self.arena_id, self.player.user_id)
            yield bounded(
                self.channel_layer.group_discard(self.group, self.channel_name),
                f"leave {self.group}",
            )

    async def _tick_forever(self):
        while True:
            try:
                await self._tick()
            except Exception:  # a task of its own: one failed tick must not end the loop
                log.exception("arena %s: a tick failed", self.arena_id)
            await asyncio.sleep(tick_seconds())

    async def _tick(self):
        phase, go = await db_write(self._tick_work)()
        if phase != self.shown_phase or (go is not None and go != self.sent_go):
            # It started or ended (the page changes shape), or the player was paired by a
            # pass whose notice this socket missed: render afresh.
            await self.arena_changed({})

    def _tick_work(self) -> tuple[str, str | None]:
        """One database call per tick: beat, pair, and read what the page must follow."""
        joined = False
        if self.player.user_id is not None:
            entry.beat(self.arena_id, self.player.user_id)
            joined = ArenaPlayer.objects.filter(
                arena_id=self.arena_id, user_id=self.player.user_id
            ).exists()
        if joined:
            pairing.pair(self.arena_id)
        arena = Arena.objects.get(pk=self.arena_id)
        go = arena_view.current_match_code(arena, self.player) if joined else None
        return schedule.phase(arena), (None if go == self.from_code else go)

    def _render(self) -> tuple[str, str, str | None]:
        arena = Arena.objects.get(pk=self.arena_id)
        ctx = arena_view.context(arena, self.player)
        if ctx["go"] == self.from_code:
            ctx["go"] = None  # the page already shows that match
        return render_to_string(self.template, ctx), ctx["phase"], ctx["go"]

    async def arena_changed(self, event):
        html, self.shown_phase, self.sent_go = await db(self._render)()
        if self.sent.fresh(html):
            await self.send(text_data=html)

    async def receive(self, text_data=None, bytes_data=None):
        if not self.limiter.allow():
            return  # a flood is not answered frame by frame
        await self.send(
            text_data=render_flash("The arena page is read-only over the socket; use its buttons.")
        )


async def _settled(task: asyncio.Task) -> None:
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task
