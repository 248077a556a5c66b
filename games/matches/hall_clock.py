"""The time step deadlines are set and judged by.

It is the real time, unless ``settings.HALL_CLOCK_SHIFT_FILE`` names a file holding a number
of seconds: then the clock runs that far ahead. The file is re-read on every look so that a
test can move the clock of every process of a running server at once (daphne, the sweeper,
render workers) by writing one number, the way a correspondence deadline days away is reached
in a browser test. Only deadlines follow it: the sweeper's heartbeat, presence and sessions
keep real time, so moving the hall's clock is not mistaken for the sweepers being down.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.utils import timezone


def shift_seconds() -> float:
    path = settings.HALL_CLOCK_SHIFT_FILE
    if not path:
        return 0.0
    try:
        return float(Path(path).read_text().strip() or 0)
    except (OSError, ValueError):  # not written yet, or half-written: no shift this look
        return 0.0


def now() -> datetime:
    shift = shift_seconds()
    return timezone.now() + timedelta(seconds=shift) if shift else timezone.now()


def move_ahead(path: str | Path, seconds: float) -> None:
    """Run the clock of every process reading ``path`` ``seconds`` ahead of real time (tests).
    Written to a temporary file and renamed, so no reader sees half a number."""
    target = Path(path)
    partial = target.with_suffix(".partial")
    partial.write_text(str(float(seconds)))
    partial.replace(target)
