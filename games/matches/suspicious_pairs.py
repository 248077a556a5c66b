"""Pairs of accounts worth a staff member's look: the same two accounts playing each other
rated again and again, above all in short matches (a resignation before the moves that make
a result mean something), is how a second account hands its rating over."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.db.models import Count, Q
from django.utils import timezone

from games.models import Match, MatchAction, RatingChange


@dataclass
class Pair:
    game: str
    names: tuple[str, str]
    matches: int = 0
    short: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    gained: list[float] = field(default_factory=lambda: [0.0, 0.0])
    codes: list[str] = field(default_factory=list)


def suspicious_pairs(days: int | None = None, at_least: int | None = None) -> list[Pair]:
    """Every pair of accounts with at least ``at_least`` finished rated matches against each
    other in the last ``days`` days, most matches first."""
    days = settings.SUSPICIOUS_PAIR_DAYS if days is None else days
    at_least = settings.SUSPICIOUS_PAIR_MATCHES if at_least is None else at_least
    since = timezone.now() - timedelta(days=days)
    matches = (
        Match.objects.filter(rated=True, status=Match.Status.FINISHED, finished_at__gte=since)
        .annotate(moves=Count("actions", filter=Q(actions__kind=MatchAction.Kind.ACTION)))
        .prefetch_related("seats__user")
        .order_by("-finished_at")
    )
    gains = defaultdict(float)
    for change in RatingChange.objects.filter(match__in=matches):
        gains[(change.match_id, change.user_id)] += change.mu_after - change.mu_before
    pairs: dict[tuple, Pair] = {}
    for match in matches:
        seats = [s for s in match.seats.all() if s.user_id is not None]
        if len(seats) != 2:
            continue
        seats.sort(key=lambda s: s.user_id)
        key = (match.game, seats[0].user_id, seats[1].user_id)
        pair = pairs.setdefault(
            key, Pair(match.game, (seats[0].user.username, seats[1].user.username))
        )
        pair.matches += 1
        pair.short += match.moves < settings.RATED_MIN_MOVES
        pair.codes.append(match.code)
        winner = (match.outcome or {}).get("winner")
        for side, seat in enumerate(seats):
            pair.wins[side] += winner == seat.index
            pair.gained[side] += gains[(match.pk, seat.user_id)]
    found = [p for p in pairs.values() if p.matches >= at_least]
    return sorted(found, key=lambda p: (-p.matches, -p.short, p.names))
