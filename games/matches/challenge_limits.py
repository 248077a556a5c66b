"""How many open challenges one player, and one client address, may have posted at once: a
script posting challenges filled a lobby's list in 0.6 s (issue 38, E9). Rematch offers (made
to one person) and "Play now" pairings (joined at once) are not posted challenges."""

from __future__ import annotations

from django.conf import settings

from games.matches.identity import Player
from games.models import Match, Seat


class TooMany(Exception):
    """The sentence says which limit was reached."""


def _open_challenges():
    return Match.objects.filter(
        status=Match.Status.WAITING, mode=Match.Mode.ONLINE, rematch_of__isnull=True
    )


def check(player: Player, address: str) -> None:
    """Raise TooMany when ``player`` or ``address`` already has its limit of open ones."""
    if player.user_id is not None:
        seats = Seat.objects.filter(user_id=player.user_id)
    else:
        seats = Seat.objects.filter(user__isnull=True, guest_id=player.guest_id)
    mine = _open_challenges().filter(pk__in=seats.values("match_id")).count()
    if mine >= settings.OPEN_CHALLENGES_PER_PLAYER:
        raise TooMany(
            f"You already have {mine} open challenges: call one off, or wait for an "
            "opponent, before posting another."
        )
    if address and (
        _open_challenges().filter(creator_address=address).count()
        >= settings.OPEN_CHALLENGES_PER_ADDRESS
    ):
        raise TooMany("Too many open challenges from this address; try again later.")
