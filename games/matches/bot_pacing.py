"""A bot's moves one at a time: each waits settings.BOT_STEP_SECONDS after the match last
changed, so the board shows the bot's turn move by move instead of all at once.

Each bot move is its own transaction and broadcast (games/matches/services.py, ``bot_step``);
this module only decides when the next one is tried, and never by sleeping in a thread that
serves requests or on the event loop:
- in daphne the live layer installs a runner (games/live/bot_pacer.py) that waits in a task
  on the worker's event loop, has the bot decide in the bot process (a level-2 search holds
  an interpreter for up to most of a second, and daphne's serves every socket) and makes the
  move in the thread writes use there;
- elsewhere (the sweeper firing a timeout, a shell) a timer thread waits, and decides,
  instead: no socket waits on those processes.

Correct with several workers and reconnects: whether a move is due is decided under the
match's row lock from the row's ``updated_at``, so two processes driving the same match
still make its moves a pause apart and never twice; and if the process driving a match goes
away, the next socket that connects to it (or its watchdog) drives it on.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.db import connection

log = logging.getLogger(__name__)

# ``step(match_id)`` makes the awaited bot's move if it is due and returns the seconds until
# the next try, or None when no bot is awaited.
Step = Callable[[int], float | None]
# ``runner(match_id, delay)`` takes the chain over if it can (True), e.g. on a running event
# loop, and steps it its own way (services.bot_turn, a decision elsewhere, services.bot_move);
# False leaves it to the timer thread below, which calls ``step``.
Runner = Callable[[int, float], bool]

_runner: Runner | None = None


def install(runner: Runner) -> None:
    global _runner
    _runner = runner


def later(match_id: int, delay: float, step: Step) -> None:
    """Try ``step`` for this match after ``delay`` seconds, and again as long as it asks."""
    if _runner is not None and _runner(match_id, delay):
        return
    _threaded.start(match_id, delay, step)


class Chains:
    """At most one waiting chain per match in this process. A request that arrives while a
    chain runs marks the match ``again``: the chain may be past its last check already (its
    step saw no bot awaited just before a person's move made one), so it checks once more
    instead of the request being lost."""

    def __init__(self) -> None:
        self.running: set[int] = set()
        self.again: set[int] = set()

    def claim(self, match_id: int) -> bool:
        """True if the caller should start a chain; else the running one is told to recheck."""
        if match_id in self.running:
            self.again.add(match_id)
            return False
        self.running.add(match_id)
        return True

    def before_step(self, match_id: int) -> None:
        self.again.discard(match_id)

    def after_step(self, match_id: int, wait: float | None) -> float | None:
        """The next delay, or None when the chain ends (and is released)."""
        if wait is None and match_id in self.again:
            self.again.discard(match_id)
            return 0.0
        if wait is None:
            self.running.discard(match_id)
        return wait

    def drop(self, match_id: int) -> None:
        self.running.discard(match_id)
        self.again.discard(match_id)


class _ThreadedChains:
    """Chains on timer threads, for processes without a running event loop."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.chains = Chains()

    def start(self, match_id: int, delay: float, step: Step) -> None:
        with self.lock:
            if not self.chains.claim(match_id):
                return
        self._arm(match_id, delay, step)

    def _arm(self, match_id: int, delay: float, step: Step) -> None:
        timer = threading.Timer(max(delay, 0.0), self._run, (match_id, step))
        timer.daemon = True
        timer.start()

    def _run(self, match_id: int, step: Step) -> None:
        with self.lock:
            self.chains.before_step(match_id)
        try:
            wait = step(match_id)
        except Exception:
            log.exception("bot move failed in match %s", match_id)
            with self.lock:
                self.chains.drop(match_id)
            return
        finally:
            connection.close()  # this timer thread's own connection; the thread ends here
        with self.lock:
            wait = self.chains.after_step(match_id, wait)
        if wait is not None:
            self._arm(match_id, wait, step)


_threaded = _ThreadedChains()
