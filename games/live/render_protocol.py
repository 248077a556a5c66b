"""What daphne and a render worker say to each other (games/live/render_workers.py and
games/live/render_process.py): requests, answers and their framing on the socket pair.

A worker renders boards (RenderRequest -> Rendered) and makes the moves of the matches it
renders: a person's (MoveRequest -> MoveDone) and a bot's once daphne has its decision
(BotMoveRequest -> MoveDone). It also says whether a bot is due to decide, and on what
(BotTurnRequest -> BotTurnAnswer).

Kept apart from both ends because the worker imports it before Django is set up, so it must
not import models at load time.
"""

from __future__ import annotations

import pickle
import struct
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from games.live.frames import Shown
from games.matches.identity import Player

if TYPE_CHECKING:
    from games.matches.services import BotTurn
    from games.models import Match


@dataclass(frozen=True)
class RenderRequest:
    match_id: int
    version: int | None  # the version a notification announced; None: whatever is newest
    generation: int  # games.matches.committed.presence_generation(match_id) when it was made
    player: Player
    seat: int | None
    flash: str = ""
    # Daphne's committed copy of the match at ``version``, sent along with the first
    # request for that version a worker gets; None when the worker has it or must read it.
    match: Match | None = None
    # What the socket's page holds of the board (games/live/frames.py); None: a whole board.
    shown: Shown | None = None


@dataclass(frozen=True)
class Rendered:
    version: int
    deadline: datetime | None
    html: str
    shown: Shown | None = None  # what the page holds of the board once this is sent


@dataclass(frozen=True)
class Watcher:
    """A socket of daphne's that shows the match a move is for: the worker renders its next
    frame right after the move (games/live/watching.py), in the order listed. ``key`` names the
    socket to daphne."""

    key: int
    player: Player
    seat: int | None
    shown: Shown | None


@dataclass(frozen=True)
class MoveRequest:
    """One player's move, as games.matches.services.submit takes it."""

    match_id: int
    generation: int  # committed.presence_generation(match_id) in daphne when it was sent
    player: Player
    seat: int
    action: dict
    step: str | None
    watchers: tuple[Watcher, ...] = ()


@dataclass(frozen=True)
class BotMoveRequest:
    """A bot's decided move, as games.matches.services.bot_move takes it: the decision was
    made in daphne's bot process (games/live/bot_decisions.py), the commit and the watchers'
    frames are made here, like a person's move."""

    turn: BotTurn
    action: dict
    generation: int  # committed.presence_generation(match_id) in daphne when it was sent
    watchers: tuple[Watcher, ...] = ()

    @property
    def match_id(self) -> int:
        return self.turn.match_id


@dataclass(frozen=True)
class BotTurnRequest:
    """Is a bot of this match due to decide, and on what (games.matches.services.bot_turn)?
    Asked of the match's worker, not read in daphne: there the read held daphne's
    interpreter from a thread while every socket waited (bench/: a tenth of daphne's
    samples beside 50 players against bots)."""

    match_id: int


@dataclass(frozen=True)
class BotTurnAnswer:
    turn: BotTurn | float | None  # what services.bot_turn returns


@dataclass(frozen=True)
class WatcherFrame:
    """One watcher's frame of the version a move committed. The worker sends each as soon as
    it is rendered, under the move's request number and before the move's answer, so the
    first socket's frame does not wait for the others' renders."""

    key: int
    rendered: Rendered


@dataclass(frozen=True)
class MoveDone:
    """What a move in a worker came to: the notifications it made, in order, for daphne to
    send (games.matches.broadcast.collected), and (code, message) if it was refused."""

    broadcasts: list[tuple[str, dict]]
    refused: tuple[str, str] | None = None
    # Bot chains the move asked for, (match id, seconds until the bot's next try): a worker
    # has no event loop to pace a bot on and must never search itself, so daphne's pacer
    # (games/live/bot_pacer.py) takes them over.
    bots_due: tuple[tuple[int, float], ...] = ()
    # A bot move's answer (services.bot_move): seconds until that bot may move again, or
    # None when no bot is awaited.
    bot_wait: float | None = None


WORKER_KEEPS = 50  # matches a worker keeps (games/live/render_process.py)
HEADER = 4  # bytes of big-endian frame length
# A worker's first frame, ``(HELLO, None)``, says it has loaded Django and serves: the time
# it takes to start is not a render that is late (games/live/render_workers.py).
HELLO = -1


def frame(payload: object) -> bytes:
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(HEADER, "big") + data


# A request's frame says, ahead of its pickle, which match it is for and whether it is for a
# bot (a turn or a move), so that a worker can choose which to answer next without
# unpickling any (games/live/worker_inbox.py): unpickling one costs up to a third of a
# millisecond.
REQUEST_HEADER = struct.Struct(">IqB")  # pickle's length, match id, 1 for a bot's request

Request = RenderRequest | MoveRequest | BotMoveRequest | BotTurnRequest


def request_frame(number: int, request: Request) -> bytes:
    data = pickle.dumps((number, request), protocol=pickle.HIGHEST_PROTOCOL)
    bot = isinstance(request, (BotMoveRequest, BotTurnRequest))
    return REQUEST_HEADER.pack(len(data), request.match_id, bot) + data
