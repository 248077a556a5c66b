"""Swiss event pages: registration with a saved deck, the table with its tie-breaks, and
the rounds' boards (refreshed every few seconds by htmx while the page is open)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from games.engines import get_engine
from games.matches import services
from games.matches.swiss import entry, rounds, table
from games.models import Deck, Match, SwissEntry, SwissEvent, SwissPairing


def _context(event: SwissEvent, player) -> dict:
    ranked = rounds.ranked(event)
    mine = None
    if player.user_id is not None:
        mine = SwissEntry.objects.filter(event=event, user_id=player.user_id).first()
    boards = SwissPairing.objects.filter(event=event).select_related("match", "first", "second")
    by_round: dict[int, list] = {}
    for board in boards.order_by("round", "pk"):
        result = rounds.result_of(board)
        by_round.setdefault(board.round, []).append({"board": board, "result": result})
    go = None
    if mine is not None:
        go = (
            Match.objects.filter(
                swiss_pairing__event=event, status=Match.Status.ACTIVE, seats__user_id=mine.user_id
            )
            .values_list("code", flat=True)
            .first()
        )
    return {
        "event": event,
        "game_name": get_engine(event.game).name,
        "phase": rounds.phase(event),
        "rows": [
            {
                "place": place,
                "entry": e,
                "score": table.shown(s.score),
                "buchholz": table.shown(s.buchholz),
                "sonneborn_berger": table.shown(s.sonneborn_berger),
                "me": mine is not None and e.pk == mine.pk,
            }
            for place, (e, s) in enumerate(ranked, start=1)
        ],
        "rounds": sorted(by_round.items(), reverse=True),
        "mine": mine,
        "go": go,
    }


def event_page(request, pk: int):
    event = get_object_or_404(SwissEvent, pk=pk)
    ctx = _context(event, request.player)
    open_for_registration = event.cancelled_at is None and event.starts_at > timezone.now()
    ctx["decks"] = (
        Deck.objects.filter(game=event.game, user_id=request.player.user_id).order_by("name")
        if open_for_registration and request.player.user_id is not None
        else []
    )
    ctx["open_for_registration"] = open_for_registration
    return render(request, "swiss/event.html", ctx)


def event_live(request, pk: int):
    event = get_object_or_404(SwissEvent, pk=pk)
    return render(request, "swiss/_live.html", _context(event, request.player))


@require_POST
def register(request, pk: int):
    event = get_object_or_404(SwissEvent, pk=pk)
    try:
        registered = entry.register(event.pk, request.player, request.POST.get("deck"))
    except services.Rejected as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Registered with {registered.deck_name}.")
    return redirect("swiss", event.pk)
