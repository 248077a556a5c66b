"""Arena pages: the live table (its socket is games/live/arena_socket.py) and joining."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from games.live import held
from games.matches import services
from games.matches.arenas import entry
from games.matches.arenas import view as arena_view
from games.models import Arena


def arena_page(request, pk: int):
    arena = get_object_or_404(Arena, pk=pk)
    ctx = arena_view.context(arena, request.player)
    # The live part as the arena's socket renders it, named in its address so that the
    # socket does not swap it again as the page opens (games/live/held.py).
    live = render_to_string("arenas/_live.html", ctx)
    ctx["live"], ctx["live_name"] = mark_safe(live), held.name_of(live)  # noqa: S308 - rendered
    return render(request, "arenas/arena.html", ctx)


@require_POST
def arena_join(request, pk: int):
    arena = get_object_or_404(Arena, pk=pk)
    try:
        _, new = entry.join(arena.pk, request.player)
    except services.Rejected as exc:
        messages.error(request, exc.message)
        return redirect("arena", arena.pk)
    if not new:
        messages.info(request, "You are already in this arena.")
    return redirect("arena", arena.pk)
