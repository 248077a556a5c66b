"""A match's pace: live (the rules' clocks) or correspondence (days for every decision).

Correspondence gives every step that waits for a player the same limit, hidden simultaneous
steps included (both seats get the whole time), and when it runs out the seat that did not
decide loses on time (services.expire_correspondence). The pace is chosen on the challenge
and never changes during the match.
"""

from __future__ import annotations

from datetime import datetime, timedelta

LIVE = "live"
DAYS_CHOICES = (1, 2, 3, 7)
DAY = 86_400


def days_in_words(days: int) -> str:
    return "1 day" if days == 1 else f"{days} days"


def pace_in_words(days: int | None) -> str:
    """ "Live" or "Correspondence: 2 days per move", as the lobby and boards say it."""
    if days is None:
        return "Live"
    return f"Correspondence: {days_in_words(days)} per move"


def pace_from_post(engine, post, mode: str) -> int | None:
    """The correspondence days the create form asked for, or None for live. Refused for
    a game whose rules fix its timers, and for bot and hot-seat matches, which are played
    in one sitting."""
    from games.matches.services import Rejected

    raw = post.get("pace", LIVE)
    if raw == LIVE:
        return None
    if not (isinstance(raw, str) and raw.isdigit() and int(raw) in DAYS_CHOICES):
        raise Rejected("BAD_PACE", "Choose live, or 1, 2, 3 or 7 days per move.")
    if engine.live_only_reason:
        raise Rejected("LIVE_ONLY", engine.live_only_reason)
    if mode != "online":
        raise Rejected("ONLINE_ONLY", "Correspondence is for online matches between two people.")
    return int(raw)


def time_left_in_words(deadline: datetime, now: datetime) -> str:
    """ "1 day 3 hours left", "5 hours left", "under an hour left": a correspondence clock
    is read in days and hours, never as a seconds countdown."""
    seconds = (deadline - now).total_seconds()
    if seconds <= 0:
        return "time is up"
    days, rest = divmod(int(seconds), DAY)
    hours = rest // 3600
    if days == 0 and hours == 0:
        return "under an hour left"
    parts = []
    if days:
        parts.append(days_in_words(days))
    if hours:
        parts.append("1 hour" if hours == 1 else f"{hours} hours")
    return " ".join(parts) + " left"


def limit(days: int) -> timedelta:
    return timedelta(days=days)
