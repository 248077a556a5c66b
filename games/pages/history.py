""" "My matches": every match of the visitor, newest first, in words from their side."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Count
from django.shortcuts import render

from games.engines import get_engine
from games.matches.lobby import mine_q
from games.matches.outcomes import describe
from games.matches.pace import pace_in_words
from games.matches.your_turn import waiting_for
from games.models import Match

PER_PAGE = 20


def _length(match: Match) -> str:
    if match.finished_at is None:
        return ""
    minutes = int((match.finished_at - match.created_at).total_seconds() // 60)
    return "under a minute" if minutes < 1 else f"{minutes} min"


def history_row(match: Match, player) -> dict:
    seats = list(match.seats.all())
    mine = next((s for s in seats if player.owns(s)), None)
    names = {str(s.index): s.display_name for s in seats}
    hotseat = match.mode == Match.Mode.HOTSEAT
    # Hot-seat: both seats are the visitor's, so the result is told with names.
    seat = None if hotseat or mine is None else mine.index
    words = describe(match.outcome, names, seat, match.status)
    # Seats, not names: the template links signed-up players to their pages.
    others = [s for s in seats if mine is None or s.index != mine.index]
    return {
        "code": match.code,
        "game": get_engine(match.game).name,
        "hotseat": hotseat,
        "opponents": [] if hotseat else others,
        "word": words.word,
        "why": words.why,
        "date": match.created_at,
        "length": _length(match),
        "moves": match.moves,
        "replay": match.status == Match.Status.FINISHED,
    }


def history(request):
    matches = (
        Match.objects.filter(mine_q(request.player))
        .distinct()
        .annotate(moves=Count("actions", distinct=True))
        .prefetch_related("seats")
        .order_by("-created_at", "-pk")
    )
    page = Paginator(matches, PER_PAGE).get_page(request.GET.get("page"))
    rows = [history_row(m, request.player) for m in page]
    # The matches waiting for the visitor's decision come first, the most urgent on top.
    waiting = [
        {
            "code": w.match.code,
            "game": get_engine(w.match.game).name,
            "opponent": w.opponent,
            "pace": pace_in_words(w.match.correspondence_days),
            "time_left": w.time_left,
        }
        for w in waiting_for(request.player)
    ]
    return render(request, "history.html", {"page": page, "rows": rows, "waiting": waiting})
