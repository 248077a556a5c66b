"""A render worker's requests, read as they come and answered people before bots.

A worker answers one request at a time. Behind a bot's request (whether it is due,
BotTurnRequest, or its move, BotMoveRequest) there may be a person's move or a frame a
person waits for: the bot has just paused for settings.BOT_STEP_SECONDS and would not
notice a few milliseconds more, the person would. So when a bot's request is next and
requests of other matches have already arrived, those are answered first; a bot's request
waits at most ``BOT_MAY_WAIT_SECONDS`` this way, so a worker that is never idle still
answers it.

Nothing else changes order. People's requests keep theirs among themselves: a version's
first render carries daphne's committed copy, which later renders of that version count on
(games/live/render_workers.py, CopiesSent). And a match's own requests stay behind its
bot's: a person's simultaneous choice made first would make the bot's move stale, and the
bot would search again.

Why answering a bot later is safe: daphne matches each answer to its request by number
(games/live/render_workers.py); a bot's turn is read when it is answered, so it is never
older than the database; a bot's move checks the version it decided about and is thought
again if anything moved meanwhile (games.matches.services.bot_move); its watchers' frames
are sent only to sockets whose page still holds what they were rendered against
(MatchConsumer.take_frame); and a render reads the newest version the worker has, never an
older one than asked.
"""

from __future__ import annotations

import pickle
import socket
import time
from collections import deque
from typing import Any, NamedTuple

from games.live.render_protocol import REQUEST_HEADER

BOT_MAY_WAIT_SECONDS = 0.2
_CHUNK = 1 << 16


class _Arrived(NamedTuple):
    at: float  # time.monotonic() when it was read
    match_id: int
    bot: bool  # a bot's turn or move
    payload: bytes  # the pickled (number, request), unpickled only when it is taken


class Inbox:
    """The requests arrived on ``link`` (render_protocol.request_frame) and not yet taken."""

    def __init__(self, link: socket.socket) -> None:
        self.link = link
        self.buffer = bytearray()
        self.waiting: deque[_Arrived] = deque()

    def next(self) -> tuple[int, Any] | None:
        """The next ``(number, request)`` to answer, waiting for one if none has come;
        None once daphne has closed the link and every request read is answered."""
        self._receive()
        if not self.waiting:
            return None
        first = self.waiting[0]
        overtaken = first.bot and time.monotonic() - first.at < BOT_MAY_WAIT_SECONDS
        index = self._first_to_go_ahead() if overtaken else None
        if index is None:
            taken = self.waiting.popleft()
        else:
            taken = self.waiting[index]
            del self.waiting[index]
        return pickle.loads(taken.payload)

    def _first_to_go_ahead(self) -> int | None:
        """Where the first request stands that may go before the bots' requests ahead of
        it: not a bot's, nor of a match whose bot's request waits ahead of it."""
        bots_ahead = set()
        for index, arrived in enumerate(self.waiting):
            if arrived.bot:
                bots_ahead.add(arrived.match_id)
            elif arrived.match_id not in bots_ahead:
                return index
        return None

    def _receive(self) -> None:
        """Read whatever the link holds into whole requests, waiting only while there is
        none to answer; returns at once when the link is closed."""
        while True:
            wait = not self.waiting
            try:
                data = self.link.recv(_CHUNK, 0 if wait else socket.MSG_DONTWAIT)
            except BlockingIOError:
                return
            if not data:
                return
            self.buffer += data
            self._split()

    def _split(self) -> None:
        now, head = time.monotonic(), REQUEST_HEADER.size
        while len(self.buffer) >= head:
            size, match_id, bot = REQUEST_HEADER.unpack_from(self.buffer)
            if len(self.buffer) < head + size:
                return
            payload = bytes(self.buffer[head : head + size])
            del self.buffer[: head + size]
            self.waiting.append(_Arrived(now, match_id, bool(bot), payload))
