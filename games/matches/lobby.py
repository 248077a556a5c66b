"""What a game's lobby shows: open challenges and the visitor's own unfinished matches."""

from __future__ import annotations

from django.db.models import Q

from games.engines import get_engine
from games.matches import blocks, presence
from games.matches.identity import Player
from games.matches.options import options_in_words
from games.matches.pace import pace_in_words
from games.models import Match


def mine_q(player: Player) -> Q:
    if player.user_id is not None:
        return Q(seats__user_id=player.user_id)
    if not player.guest_id:
        # A visitor who is nobody yet has no matches (a bot's seat has no guest id either).
        return Q(pk__in=[])
    return Q(seats__guest_id=player.guest_id, seats__user=None)


def lobby_context(game: str, player: Player | None) -> dict:
    open_matches = (
        Match.objects.filter(game=game, status=Match.Status.WAITING, mode=Match.Mode.ONLINE)
        .filter(rematch_of=None)  # a rematch offer is for one player, not the lobby
        .filter(invited=None)  # nor is a friend's private challenge
        .prefetch_related("seats")
        .order_by("-created_at")[:50]
    )
    open_matches = list(open_matches)
    present = presence.present_creators(open_matches)
    away = blocks.kept_away_from(player.user_id if player is not None else None)
    rows = []
    for m in open_matches:
        if presence.challenge_expired(m, present):
            continue  # its creator left: nobody should accept a match against an empty chair
        seats = list(m.seats.all())
        if any(s.user_id in away for s in seats):
            continue  # a block hides each one's challenges from the other
        rows.append(
            {
                "code": m.code,
                "host": seats[0].display_name if seats else "?",
                "host_account": bool(seats) and seats[0].user_id is not None,
                "rated": m.rated,
                "mine": player is not None and any(player.owns(s) for s in seats),
                "timed": m.timed,
                # Live is the default and goes unsaid; correspondence is named.
                "pace": pace_in_words(m.correspondence_days) if m.correspondence else "",
                "options": options_in_words(get_engine(game), m.config),
                "created_at": m.created_at,
            }
        )
    return {"game": game, "open_challenges": rows}


def my_matches(player: Player, limit: int = 100):
    return (
        Match.objects.filter(mine_q(player))
        .distinct()
        .prefetch_related("seats")
        .order_by("-updated_at")[:limit]
    )
