"""Consecutive timeouts per seat, for games whose clocks end a match by abandonment.

A seat that lets its clock run out on ``ABANDON_AFTER`` decisions in a row, without making a
single move in between, has left the table: the game ends with the reason ``ABANDONED``. The
count lives in the state (``state["timeouts"]``, one number per seat) so that a replay of the
same log reaches the same result. The key is created by the first timeout only, so the states
of matches that never time out (and the hashes chained over them) stay as they were.
"""

from __future__ import annotations

from typing import Any

ABANDON_AFTER = 3
ABANDONED = "abandoned"


def note_move(state: dict[str, Any], seat: int) -> None:
    """``seat`` made a move of its own: its run of timeouts is broken."""
    counts = state.get("timeouts")
    if counts is not None and counts[seat]:
        counts[seat] = 0


def note_timeouts(state: dict[str, Any], seats: list[int]) -> list[int]:
    """Each of ``seats`` ran out of time once more. Returns the seats whose run has now
    reached ``ABANDON_AFTER`` (they have abandoned the match)."""
    counts = state.setdefault("timeouts", [0, 0])
    for seat in seats:
        counts[seat] += 1
    return [seat for seat in seats if counts[seat] >= ABANDON_AFTER]


def timeouts_in_a_row(state: dict[str, Any], seat: int) -> int:
    counts = state.get("timeouts")
    return counts[seat] if counts is not None else 0


def abandonment(gone: list[int]) -> tuple[str, int | None]:
    """The result when ``gone`` (not empty) abandoned together: the other seat wins, or a draw
    when both ran out of time for the last time at the same moment."""
    if len(gone) == 2:
        return "draw", None
    return "win", 1 - gone[0]
