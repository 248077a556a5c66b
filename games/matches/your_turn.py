"""Matches waiting for a player's decision right now, live and correspondence alike: the
count in every page's top bar and the first list of "My matches".

A hot-seat match is left out (both of its seats are the player's on one device, so it waits
for nobody elsewhere); a waiting challenge has no decision yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from games.engines import get_engine
from games.matches import hall_clock
from games.matches.identity import Player
from games.matches.lobby import mine_q
from games.matches.pace import time_left_in_words
from games.models import Match


@dataclass(frozen=True)
class Waiting:
    match: Match
    seat: int
    opponent: str
    time_left: str  # "1 day 3 hours left" (correspondence), or that the match is live


def player_group(player: Player) -> str:
    """The channel group of every lobby and match socket this player holds (group names
    allow letters, digits, hyphens and dots only)."""
    if player.user_id is not None:
        return f"turns-u{player.user_id}"
    return f"turns-g{''.join(c for c in player.guest_id if c.isalnum())[:60]}"


def seat_group(user_id: int | None, guest_id: str) -> str:
    return player_group(Player(user_id=user_id, guest_id=guest_id, name=""))


def _active(player: Player | None):
    if player is None or (player.user_id is None and not player.guest_id):
        return Match.objects.none()
    return (
        Match.objects.filter(mine_q(player), status=Match.Status.ACTIVE)
        .exclude(mode=Match.Mode.HOTSEAT)
        .distinct()
        .prefetch_related("seats")
    )


def waiting_for(player: Player | None) -> list[Waiting]:
    """Oldest deadline first (the most urgent on top), untimed steps last."""
    active = _active(player)
    now = hall_clock.now()
    found = []
    for match in active:
        seats = list(match.seats.all())
        mine = next((s for s in seats if player.owns(s)), None)
        if mine is None or mine.index not in get_engine(match.game).prompts(match.state).waiting:
            continue
        opponent = next((s.display_name for s in seats if s.index != mine.index), "")
        if match.correspondence and match.deadline_at:
            left = time_left_in_words(match.deadline_at, now)
        else:
            left = "live: on the clock now" if match.deadline_at else "live, untimed"
        found.append(Waiting(match, mine.index, opponent, left))
    found.sort(key=lambda w: (w.match.deadline_at is None, _seconds(w.match.deadline_at)))
    return found


def _seconds(moment: datetime | None) -> float:
    return moment.timestamp() if moment is not None else 0.0


def waiting_seats(match: Match) -> frozenset[int]:
    """The seats ``match`` waits for, as the count sees them: none once it is over, and
    none in hot-seat, which waits for nobody elsewhere."""
    if match.status != Match.Status.ACTIVE or match.mode == Match.Mode.HOTSEAT:
        return frozenset()
    return frozenset(get_engine(match.game).prompts(match.state).waiting)


def standing(player: Player | None) -> dict[int, tuple[int, bool]]:
    """Each active match of ``player``, hot-seat aside: its id -> (version, whether it waits
    for them). What a socket's tally starts from (games/live/turn_tally.py); the news of
    every later change comes with the change (``services._after_commit``)."""
    found = {}
    for match in _active(player):
        mine = next((s for s in match.seats.all() if player.owns(s)), None)
        if mine is not None:
            found[match.pk] = (match.version, mine.index in waiting_seats(match))
    return found


def count(player: Player | None) -> int:
    return len(waiting_for(player))
