"""Arena bits shown on other pages: the strip on an arena's match page, the next and
running events on the hall and each lobby, and places in words ("1st")."""

from __future__ import annotations

from datetime import timedelta

from django import template
from django.template.loader import render_to_string
from django.utils import timezone

from games.engines import get_engine
from games.matches.arenas import schedule
from games.matches.swiss import rounds as swiss_rounds
from games.models import Arena, ArenaPairing, SwissEvent

register = template.Library()

# The hall and the lobbies list this many of the next and running arenas.
EVENTS_SHOWN = 5
LOOK_AHEAD = timedelta(days=7)


@register.filter
def ordinal_place(place: int) -> str:
    place = int(place)
    teens = 10 <= place % 100 <= 20  # 11th, 12th, 13th
    suffix = "th" if teens else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@register.simple_tag
def arena_strip(code: str) -> str:
    """On a match an arena paired: a socket to the arena, which takes the player on to their
    next match when this one ends. Empty on every other match."""
    pairing = ArenaPairing.objects.filter(match__code=code).select_related("arena").first()
    if pairing is None:
        return ""
    return render_to_string("arenas/_strip.html", {"arena": pairing.arena, "code": code})


@register.simple_tag
def arena_events(game: str | None = None) -> str:
    """The running arenas and Swiss events and the next ones (of one game, or all)."""
    now = timezone.now()
    found = Arena.objects.filter(
        cancelled_at__isnull=True,
        starts_at__lte=now + LOOK_AHEAD,
        starts_at__gte=now - timedelta(minutes=schedule.MAX_MINUTES_EVER),
    )
    if game is not None:
        found = found.filter(game=game)
    events = []
    for arena in found.order_by("starts_at"):
        phase = schedule.phase(arena, now)
        if phase not in (schedule.SCHEDULED, schedule.RUNNING):
            continue
        events.append(
            {
                "arena": arena,
                "phase": phase,
                "game_name": get_engine(arena.game).name,
                "players": arena.players.count(),
            }
        )
        if len(events) == EVENTS_SHOWN:
            break
    tournaments = SwissEvent.objects.filter(
        cancelled_at__isnull=True, starts_at__lte=now + LOOK_AHEAD
    )
    if game is not None:
        tournaments = tournaments.filter(game=game)
    for event in tournaments.order_by("starts_at"):
        if len(events) >= 2 * EVENTS_SHOWN:
            break
        phase = swiss_rounds.phase(event)
        if phase not in ("registration", "running"):
            continue
        events.append(
            {
                "swiss": event,
                "phase": phase,
                "game_name": get_engine(event.game).name,
                "players": event.entries.count(),
            }
        )
    return render_to_string("arenas/_events.html", {"events": events, "show_game": game is None})
