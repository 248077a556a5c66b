"""Player pages (``/u/<name>/``) and leaderboards (``/g/<game>/leaderboard/``)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from games.engines import GAME_MODULES, get_engine
from games.matches import blocks, friends, ratings
from games.matches.arenas import standings
from games.models import Match, Rating, RatingChange, RatingPace
from games.pages.rating_chart import rating_chart


def player_page(request, name: str):
    user = get_object_or_404(get_user_model(), username=name)
    # Two ratings per game: live and correspondence results rate separately.
    rows = {(r.game, r.pace): r for r in Rating.objects.filter(user=user)}
    history = {}
    for change in RatingChange.objects.filter(user=user).order_by("created_at", "pk"):
        history.setdefault((change.game, change.pace), []).append(change)
    games = []
    for slug in GAME_MODULES:
        for pace in RatingPace.values:
            row = rows.get((slug, pace))
            if row is None:
                continue
            changes = history.get((slug, pace), [])
            points = [changes[0].mu_before] + [c.mu_after for c in changes] if changes else []
            games.append(
                {
                    "slug": slug,
                    "pace": pace,
                    "name": get_engine(slug).name,
                    "rating": ratings.shown(row),
                    "row": row,
                    "chart": rating_chart(points) if len(points) > 1 else None,
                }
            )
    recent = (
        Match.objects.filter(seats__user=user)
        .exclude(status=Match.Status.WAITING)
        .prefetch_related("seats")
        .order_by("-created_at")[:20]
    )
    me = request.user if request.user.is_authenticated else None
    return render(
        request,
        "players/player.html",
        {
            "who": user,
            "games": games,
            "recent": [_line(m, user) for m in recent],
            "arenas": standings.arenas_of(user.pk),
            # Block and report are offered to signed-in visitors on someone else's page.
            "can_act": me is not None and me.pk != user.pk,
            "blocked": me is not None and blocks.has_blocked(me.pk, user.pk),
            "following": me is not None and friends.follows(me.pk, user.pk),
        },
    )


def _line(match: Match, user) -> dict:
    seats = list(match.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk), None)
    other = next((s for s in seats if s is not mine), None)
    result = "In play"
    if match.status == Match.Status.ABORTED:
        result = "Aborted"
    elif match.status == Match.Status.FINISHED and match.outcome:
        winner = match.outcome.get("winner")
        if winner is None:
            result = "Draw"
        else:
            result = "Won" if mine is not None and winner == mine.index else "Lost"
    return {
        "match": match,
        "game": get_engine(match.game).name,
        "opponent": other,
        "result": result,
        "rated": match.rated,
    }


def leaderboard(request, game: str):
    if game not in GAME_MODULES:
        raise Http404("No such game.")
    pace = request.GET.get("pace", RatingPace.LIVE)
    if pace not in RatingPace.values:
        pace = RatingPace.LIVE
    rows = ratings.leaderboard(game, pace=pace)
    provisional = (
        Rating.objects.filter(game=game, pace=pace)
        .filter(Q(games__lt=ratings.PROVISIONAL_GAMES))
        .count()
    )
    return render(
        request,
        "players/leaderboard.html",
        {
            "engine": get_engine(game),
            "game": game,
            "pace": pace,
            "paces": RatingPace.values,
            "rows": [(r, ratings.shown(r)) for r in rows],
            "provisional": provisional,
            "provisional_rows": [
                (r, ratings.shown(r)) for r in ratings.provisional_players(game, pace=pace)
            ],
            "needed": ratings.PROVISIONAL_GAMES,
        },
    )
