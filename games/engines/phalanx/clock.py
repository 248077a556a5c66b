"""Phalanx's clock (PXC-1..3): a limit per decision, the default taken when it runs out, and
the match lost by a seat that lets it run out three decisions in a row.

The seed gives no time limits, so these are the hall's: a deployment card or a reinforcement
card is a quick choice (30 s), a combat turn weighs four attacks against a pass (60 s).
"""

from __future__ import annotations

from games.engines.core import rng
from games.engines.core.clock import ABANDON_AFTER, note_timeouts

from .cards import Phase, Reason, short_name, sort_key

LIMITS = {Phase.DEPLOY: 30, Phase.COMBAT: 60, Phase.REINFORCE: 30}


def limit(phase: str) -> int | None:
    """PXC-1: the seconds the active seat has for the current decision."""
    return LIMITS.get(phase)  # keyed by the StrEnum, found by the plain string too


def default_action(state: dict) -> dict:
    """PXC-2: what the active seat does when its time runs out. Combat: pass. Deployment and
    reinforcement need a card (both are compulsory): one from the hand, drawn with the seed
    so that a replay picks the same one."""
    phase = Phase(state["phase"])
    if phase == Phase.COMBAT:
        return {"type": "pass"}
    hand = sorted(state["players"][state["active"]]["hand"], key=sort_key)
    card = rng(state["seed"], "timeout", len(state["txlog"])).choice(hand)
    return {"type": phase.value if phase == Phase.REINFORCE else "deploy", "card": card}


def describe(action: dict) -> str:
    """The log's words for a default taken on timeout."""
    if action["type"] == "pass":
        return "passed"
    verb = "deployed" if action["type"] == "deploy" else "reinforced with"
    return f"{verb} {short_name(action['card'])}"


def abandon_if_due(state: dict, seat: int, finish) -> list[dict]:
    """PXC-3: count this timeout; on the third in a row without a move, ``seat`` loses by
    abandonment (unless the default it just took already ended the match)."""
    gone = note_timeouts(state, [seat])
    if not gone or state["phase"] == Phase.OVER:
        return []
    finish(
        state,
        1 - seat,
        Reason.ABANDONED,
        f"Seat {seat + 1} ran out of time {ABANDON_AFTER} times in a row and abandoned the match.",
    )
    return [{"type": "abandoned", "seat": seat}]
