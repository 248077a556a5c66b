""" "Play now" over the lobby's socket: queue, wait, get paired, move to the match.

A lobby socket holds at most one queue entry. While it waits, a task checks in every
``QUEUE_TICK_SECONDS`` (games/matches/pairing.py explains why that keeps pairing safe and
fair). When a pass pairs two entries, the socket that ran it tells the other one through the
channel layer; if that notice is lost, the other socket's own check-in finds its match a
second later. Leaving the page leaves the queue.
"""

from __future__ import annotations

import asyncio
import logging
import time

from django.conf import settings
from django.template.loader import render_to_string

from games.engines import get_engine
from games.live.threads import db_write
from games.matches import pairing, services
from games.matches.identity import Player
from games.matches.options import match_options_from_post
from games.models import Match

log = logging.getLogger(__name__)


def tick_seconds() -> float:
    return float(getattr(settings, "QUEUE_TICK_SECONDS", 1.0))


class QueueSeat:
    """The queue state of one lobby socket."""

    def __init__(self, consumer, game: str, player: Player) -> None:
        self.consumer, self.game, self.player = consumer, game, player
        self.entry_id: int | None = None
        self.options: dict = {}
        self.joined = 0.0
        self.offered_bot = False
        self.task: asyncio.Task | None = None

    async def handle(self, data: dict) -> None:
        what = data.get("queue")
        if what == "join":
            await self.join(data)
        elif what == "leave":
            await self.leave()
            await self.send("lobby/_queue_status.html", {"state": "left"})
        elif what == "bot":
            await self.play_bot()
        else:
            await self.send(
                "lobby/_queue_status.html", {"state": "error", "error": "Unknown request."}
            )

    async def join(self, data: dict) -> None:
        await self.leave()
        engine = get_engine(self.game)
        rated = data.get("rated") == "on"
        try:
            # Play now is always timed: the rules' clocks keep a stranger's match moving.
            # The form's selects are named play_now_<key> so they never clash with the
            # create form's on the same page.
            chosen = {
                k.removeprefix("play_now_"): v for k, v in data.items() if k.startswith("play_now_")
            }
            config, _timed = match_options_from_post(engine, chosen, "online")
            entry, paired = await db_write(pairing.join)(
                self.game,
                self.player,
                self.consumer.channel_name,
                config,
                True,
                rated,
                address=self.consumer.client_address(),
            )
        except services.Rejected as exc:
            await self.send("lobby/_queue_status.html", {"state": "error", "error": exc.message})
            return
        if entry.match_id is not None:  # already paired into a match still in play
            await self.go(entry.match.code)
            return
        self.entry_id, self.options = entry.pk, {"config": config, "rated": rated}
        self.joined, self.offered_bot = time.monotonic(), False
        if paired is not None:
            await self.announce(paired)
            return
        await self.send("lobby/_queue_status.html", {"state": "waiting", "rated": rated})
        self.task = asyncio.ensure_future(self.wait())

    async def wait(self) -> None:
        failing = False
        while self.entry_id is not None:
            await asyncio.sleep(tick_seconds())
            if self.entry_id is None:
                return
            try:
                code, paired = await db_write(pairing.tick)(self.entry_id)
            except pairing.EntryGone:
                # Another tab of the same player pressed "Play now": the place is there now.
                self.entry_id = None
                await self.send("lobby/_queue_status.html", {"state": "moved"})
                return
            except Exception:
                # A task of its own: one failed tick (the database locked past its timeout
                # on a starved machine, say) must not leave the page "looking for an
                # opponent" with nothing looking any more. The next tick tries again; a run
                # of failed ticks (an outage) is logged once.
                if not failing:
                    log.exception("queue entry %s: a tick failed", self.entry_id)
                failing = True
                continue
            failing = False
            if paired is not None:
                await self.announce(paired)
            if code is not None:
                await self.go(code)
                return
            waited = time.monotonic() - self.joined
            if not self.offered_bot and waited >= pairing.bot_offer_seconds():
                self.offered_bot = True
                await self.send(
                    "lobby/_queue_status.html",
                    {"state": "offer_bot", "rated": self.options.get("rated")},
                )

    async def announce(self, paired: pairing.Paired) -> None:
        """Tell both paired sockets (this one may be either) where their match is."""
        for channel in paired.channels:
            if channel == self.consumer.channel_name:
                await self.go(paired.match_code)
            else:
                await self.consumer.channel_layer.send(
                    channel, {"type": "queue.paired", "code": paired.match_code}
                )

    async def go(self, code: str) -> None:
        self.entry_id = None
        self._stop_waiting()
        await self.send("lobby/_queue_status.html", {"state": "paired", "code": code})

    async def play_bot(self) -> None:
        options = self.options.get("config", {})
        await self.leave()
        try:
            match = await db_write(services.create_match)(
                self.game, self.player, mode=Match.Mode.BOT, config=options, timed=True
            )
        except services.Rejected as exc:
            await self.send("lobby/_queue_status.html", {"state": "error", "error": exc.message})
            return
        await self.send(
            "lobby/_queue_status.html", {"state": "paired", "code": match.code, "bot": True}
        )

    async def leave(self) -> None:
        self._stop_waiting()
        if self.entry_id is not None:
            entry_id, self.entry_id = self.entry_id, None
            await db_write(pairing.leave)(entry_id)

    def _stop_waiting(self) -> None:
        task, self.task = self.task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def send(self, template: str, context: dict) -> None:
        html = render_to_string(template, {"game": self.game, **context})
        await self.consumer.send(text_data=html)
