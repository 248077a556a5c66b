"""What runs in the bot process (games/live/bot_decisions.py is daphne's side of it).

A decision is a pure function of the engine state, so the process needs no database and no
Django: only the engines. It is started lower in the machine's priority than daphne, so on a
busy machine the people's moves and renders get the CPU first and a bot answers later,
after its pause, which people wait out anyway.

Kept free of Django imports: the process imports this module, and nothing else of ours
but the engines, when it starts.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from games.engines import all_engines, get_engine

# How much lower than daphne the bot process runs (os.nice): the lowest. When both want the
# same core, CFS gives a process of nice 19 about 1.5% of the weight of one at 0; an idle
# core it still has to itself. bench/: beside 50 players against level-2 bots, the pairs'
# opponent p99 45, 48, 39 ms at 19 against 73, 50, 195 at 5, the bots' moves as many.
NICENESS = 19


@dataclass(frozen=True)
class Decision:
    """A bot's move and where it was made: ``level`` is the level that decided (lower than
    asked when the budget had gone before the search could start), ``pid`` the process."""

    action: dict
    level: int
    pid: int
    seconds: float


def start() -> None:
    """Each bot process's set-up (ProcessPoolExecutor's initializer): the engines are loaded
    before the process lowers its priority, so a busy machine does not stretch its start."""
    all_engines()
    os.nice(NICENESS)


def think(game: str, state: dict, seat: int, level: int, deadline: float) -> Decision:
    """The bot's move. ``deadline`` is on time.monotonic(), which on Linux is one clock for
    every process: a level above 1 whose budget went by while the request queued (other
    bots ahead of it, a starved machine) decides by level 1's rules of thumb instead, which
    take milliseconds, so a backlog drains instead of every later answer coming later."""
    began = time.monotonic()
    if level > 1 and began >= deadline:
        level = 1
    action = get_engine(game).bot_action(state, seat, level)
    return Decision(action, level, os.getpid(), time.monotonic() - began)
