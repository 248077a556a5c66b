"""The engine contract: what the platform may ask of every game.

Engines are value-in, value-out. State is a JSON-serialisable dict; actions are small
JSON-serialisable dicts with a ``"type"`` key; events are JSON-serialisable dicts with a
``"type"`` key. Nothing here knows about Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
from .hashing import state_hash

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

# Outcome results.
WIN = "win"
DRAW = "draw"
DOUBLE_LOSS = "double_loss"


@dataclass(frozen=True)
class Prompts:
    """Who must act now.

    ``step`` names the current decision point and changes whenever a new step starts
    (the platform restarts the step timer exactly when ``step`` changes, so a simultaneous
    step keeps one deadline while seats commit one by one). ``waiting`` maps each seat that
    still has to decide to the kind of decision (``"pick_card"``, ``"attack"``, ...).
    ``time_limit`` is the step's limit in seconds where the rules give one, else ``None``.
    ``simultaneous`` is true for hidden simultaneous steps.
    """

    step: str
    waiting: dict[int, str] = field(default_factory=dict)
    time_limit: int | None = None
    simultaneous: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "waiting": {str(k): v for k, v in self.waiting.items()},
            "time_limit": self.time_limit,
            "simultaneous": self.simultaneous,
        }


@dataclass(frozen=True)
class Outcome:
    """How a match ended: ``result`` is WIN, DRAW or DOUBLE_LOSS; ``winner`` a seat or None."""

    result: str
    winner: int | None
    reason: str
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "winner": self.winner,
            "reason": self.reason,
            "message": self.message,
        }


class Engine:
    """Base class for game engines. Subclasses implement every method that raises here.

    Contract (see ARCHITECTURE.md):
    - ``setup(config, seed)`` -> initial state; ``setup({}, seed)`` must work.
    - ``apply(state, seat, action)`` -> ``(new_state, events)``; never mutates ``state``;
      raises ``IllegalAction`` for anything illegal.
    - ``timeout(state)`` -> ``(new_state, events)``: what the rules do when the current
      step's time runs out. Only called when ``prompts(state).time_limit`` is not None.
    - At rest, a running match always waits for at least one seat (``prompts``) or has
      ended (``outcome``).
    """

    slug: str = ""
    name: str = ""
    seats: int = 2
    pitch: str = ""  # one line for the hall
    hot_seat: bool = False  # whether one device may play both seats
    # Whether the rules allow an untimed match only in hot-seat (Elemental Clash, ECR-13);
    # otherwise the hall's "Timed" switch is offered in every mode.
    untimed_only_hot_seat: bool = False
    # Whether any step ever has a time limit; the lobby offers no "Timed" switch otherwise.
    has_clock: bool = True
    # Why the game is played live only, when its rules fix its timers (Elemental Clash,
    # ECX-LIVE); empty when a correspondence pace (days per decision) may be chosen.
    live_only_reason: str = ""
    # Bot levels ``bot_action`` plays: 1 is the heuristic bot; 2 searches (core/search.py).
    bot_levels: tuple[int, ...] = (1,)

    def validate_config(self, config: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def setup(self, config: dict[str, Any], seed: str) -> State:
        raise NotImplementedError

    def prompts(self, state: State) -> Prompts:
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        raise NotImplementedError

    def timeout(self, state: State) -> tuple[State, list[Event]]:
        raise NotImplementedError

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    def action_label(self, state: State, seat: int, action: Action) -> str:
        """A short human label for a legal action (used for generic buttons and logs)."""
        return str(action.get("type", "action"))

    def bot_action(self, state: State, seat: int, level: int = 1) -> Action:
        """The bot's choice for ``seat``; it must decide from ``view(state, seat)`` and
        ``legal_actions`` only, never from hidden parts of ``state``."""
        raise NotImplementedError


@dataclass(frozen=True)
class LoggedAction:
    """One entry of a replayable log: ``seat`` None with kind ``timeout`` for timeouts."""

    seat: int | None
    kind: str  # "action" or "timeout"
    action: Action | None
    hash_before: str
    hash_after: str


class ReplayMismatch(Exception):
    def __init__(self, index: int, expected: str, got: str) -> None:
        super().__init__(f"entry {index}: expected hash {expected[:12]}, got {got[:12]}")
        self.index = index
        self.expected = expected
        self.got = got


def step(engine: Engine, state: State, seat: int | None, kind: str, action: Action | None):
    """Apply one log entry (an action or a timeout) and return ``(new_state, events)``."""
    if kind == "timeout":
        return engine.timeout(state)
    if seat is None or action is None:
        raise IllegalAction("BAD_ENTRY", "an action entry needs a seat and an action")
    return engine.apply(state, seat, action)


def replay(engine: Engine, config: dict[str, Any], seed: str, entries: list[LoggedAction]) -> State:
    """Rebuild the state from config, seed and log, checking every hash link.

    Raises ``ReplayMismatch`` naming the first entry whose before or after hash differs.
    """
    state = engine.setup(config, seed)
    for index, entry in enumerate(entries):
        before = state_hash(state)
        if before != entry.hash_before:
            raise ReplayMismatch(index, entry.hash_before, before)
        state, _events = step(engine, state, entry.seat, entry.kind, entry.action)
        after = state_hash(state)
        if after != entry.hash_after:
            raise ReplayMismatch(index, entry.hash_after, after)
    return state
