"""Gundam's turn clock (GUN-X-CLOCK, GUN-X-TIMEOUT, GUN-X-ABANDON): a limit per phase of the
active player's turn, the default taken when it runs out, and the match lost by a seat that
lets its clock run out three times in a row.

The spec gives no time limits; these are the hall's. The resource phase is one choice (30 s);
the main phase holds the turn's real decisions (150 s for the phase, however many moves it
takes); the end phase is Action Commands and discards (60 s). An attack's block step is the
defender's (GUN-X-BLOCK-TIMER); when it is decided the attacker's main phase gets its full
time again, as a chess clock does after the opponent's move.
"""

from __future__ import annotations

from typing import Any

from games.engines.core.clock import ABANDON_AFTER, note_timeouts

from .flow import default_discard, end_turn, lose
from .moves import check_play_resource, do_play_resource, do_skip_resource
from .state import (
    END_PHASE,
    MAIN_PHASE,
    RESOURCE_PHASE,
    Reason,
    add_log,
    seat_name,
)

PHASE_SECONDS = {RESOURCE_PHASE: 30, MAIN_PHASE: 150, END_PHASE: 60}


def phase_limit(phase: str) -> int | None:
    """GUN-X-CLOCK: the seconds of a phase of the active player's turn."""
    return PHASE_SECONDS.get(phase)


def turn_timeout(state: dict[str, Any]) -> None:
    """GUN-X-TIMEOUT on the active player's turn. Resource phase: the resource is placed as
    every turn (skipped only when none can be), and the main phase starts with its own time.
    Main or end phase: the turn ends; a half-built move is dropped, and the discard to the
    hand limit is the one the player marked if complete, else the last cards in hand order
    (GDR-18)."""
    seat = state["current"]
    phase = state["phase"]
    pending = state["pending"]
    state["pending"] = None
    if phase == RESOURCE_PHASE:
        add_log(state, "timeout", f"{seat_name(seat)} ran out of time in the resource phase.", seat)
        if check_play_resource(state, seat, {"type": "play_resource"}):
            # Refused: an empty resource deck or a full area (GDR-22).
            do_skip_resource(state, seat, {"type": "skip_resource"})
        else:
            do_play_resource(state, seat, {"type": "play_resource"})
        return
    add_log(state, "timeout", f"{seat_name(seat)} ran out of time: the turn ends.", seat)
    marked = pending["cards"] if pending and pending.get("mode") == "discard" else None
    discard = default_discard(state, seat)
    if marked is not None and len(marked) == len(discard):
        discard = list(marked)
    end_turn(state, discard)


def abandon_if_due(state: dict[str, Any], seats: list[int]) -> bool:
    """GUN-X-ABANDON: count this timeout for ``seats``; a seat at three in a row loses (only
    one seat at a time can get there: after the deck choice every step is one seat's)."""
    if state["stage"] == "over":
        note_timeouts(state, seats)
        return False
    gone = note_timeouts(state, seats)
    if not gone:
        return False
    loser = gone[0]
    lose(
        state,
        loser,
        Reason.ABANDONED,
        f"{seat_name(loser)} ran out of time {ABANDON_AFTER} times in a row and abandoned "
        "the match.",
    )
    return True
