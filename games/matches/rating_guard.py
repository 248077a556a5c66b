"""What a rated result must have at stake, so a second account cannot hand rating over.

Two rules, both applied in the transaction that rates a match (games/matches/ratings.py):

- a rated match ended by a resignation or an abandonment claim before ``RATED_MIN_MOVES``
  moves (the players' own actions; timeouts are not moves) rates nobody: a resignation at
  move one proves nothing about either player;
- a player gains at most ``RATING_GAIN_PER_OPPONENT_PER_DAY`` from one opponent in 24 hours;
  losses are not capped (a farm account may lose all it likes, it gives no more).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import F, Sum
from django.utils import timezone

from games.models import Match, MatchAction, RatingChange

GAIN_WINDOW = timedelta(days=1)


def moves_made(match: Match) -> int:
    return match.actions.filter(kind=MatchAction.Kind.ACTION).count()


def too_short_to_rate(match: Match) -> bool:
    """Ended by giving up (resigning, or claiming against an absent player) too early."""
    last = match.actions.order_by("-seq").values_list("kind", flat=True).first()
    given_up = last in (MatchAction.Kind.RESIGN, MatchAction.Kind.CLAIM)
    return given_up and moves_made(match) < settings.RATED_MIN_MOVES


def gain_left(user_id: int, opponent_id: int, game: str) -> float:
    """How much more rating ``user_id`` may gain from ``opponent_id`` today."""
    since = timezone.now() - GAIN_WINDOW
    gained = (
        RatingChange.objects.filter(
            user_id=user_id,
            game=game,
            created_at__gte=since,
            mu_after__gt=F("mu_before"),
            match__seats__user_id=opponent_id,
        ).aggregate(total=Sum(F("mu_after") - F("mu_before")))["total"]
        or 0.0
    )
    return max(0.0, settings.RATING_GAIN_PER_OPPONENT_PER_DAY - gained)
