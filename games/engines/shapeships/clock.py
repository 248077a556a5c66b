"""ShapeShips' clock (SSX-CLOCK, SSX-TIMER, SSX-ABANDON): a limit per step, the default each
waiting seat takes when it runs out, and the match lost by a seat that lets it run out three
steps in a row.

The rules give no time limits, so these are the hall's. Every interactive step is a hidden
simultaneous commitment with one deadline for both seats (a seat locking in early does not
shorten or lengthen the other's time). Drawing, where a whole turn's fleet is planned, gets the
most; a reroll is yes or no.
"""

from __future__ import annotations

from typing import Any

from games.engines.core.clock import ABANDON_AFTER, abandonment, note_timeouts

from .model import BattleStep, BuildStep

LIMITS = {
    "species_choice": 60,
    BuildStep.DICE_ROLL.value: 20,
    BuildStep.DRAWING.value: 120,
    BattleStep.FIRST_STRIKE.value: 45,
    BattleStep.DECLARATION.value: 60,
    BattleStep.RESPONSE.value: 45,
}

DEFAULT_WORDS = {
    "species_choice": "a species was picked for them",
    BuildStep.DICE_ROLL.value: "they kept the die",
    BuildStep.DRAWING.value: "what they had drawn was locked in",
    BattleStep.FIRST_STRIKE.value: "the strikes they had chosen were locked in",
    BattleStep.DECLARATION.value: "the charges they had declared were locked in",
    BattleStep.RESPONSE.value: "the charges they had declared were locked in",
}


def limit(step: str) -> int | None:
    """SSX-CLOCK: the seconds of the current step (``None`` for a step nobody decides)."""
    return LIMITS.get(step)


def abandoned(state: dict[str, Any], seats: list[int]) -> dict[str, Any] | None:
    """SSX-ABANDON: count this timeout for each of ``seats``; the result when one (or both)
    has now run out of time three steps in a row, else None."""
    gone = note_timeouts(state, seats)
    if not gone:
        return None
    result, winner = abandonment(gone)
    names = " and ".join(f"Player {s + 1}" for s in gone)
    return {
        "result": result,
        "winner": winner,
        "reason": "abandoned",
        "message": f"{names} ran out of time {ABANDON_AFTER} steps in a row and abandoned "
        "the match.",
    }
