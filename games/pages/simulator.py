"""Card Battle's "simulate 100 matches": two decks, many seeded battles, a win rate.

The work is split into small chunks that the page requests one after another (htmx), so the
progress bar moves while it runs and no request holds a worker for long. Each battle's seed
is derived from the run's seed and the battle's number, so a run is reproducible.
"""

from __future__ import annotations

import secrets

from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.http import require_POST

from games.models import Deck
from games.pages.decks import deck_module, decks_of

GAME = "card-battle"
CHUNK = 10
MAX_GAMES = 1000
MAX_SEED_LENGTH = 64


def deck_choices(player) -> list[tuple[str, str]]:
    module = deck_module(GAME)
    choices = [(f"ready:{name}", f"{name} (ready-made)") for name in module.READY_MADE_DECKS]
    choices += [(f"saved:{d.pk}", d.name) for d in decks_of(player, GAME)]
    return choices


def resolve_named_deck(player, ref: str) -> tuple[str, dict] | None:
    """(name, deck) for a choice value, or None when the player cannot use it."""
    module = deck_module(GAME)
    kind, _, key = ref.partition(":")
    if kind == "ready" and key in module.READY_MADE_DECKS:
        return f"{key} (ready-made)", module.READY_MADE_DECKS[key]
    if kind == "saved" and key.isdigit():
        deck = Deck.objects.filter(pk=int(key), game=GAME).first()
        if deck is not None and player.owns_deck(deck):
            return deck.name, deck.data
    return None


def play_one(module, deck_a: dict, deck_b: dict, seed: str, index: int) -> dict:
    """Battle ``index`` of a run, with the seats alternating (CB-SIM-01): deck A sits in
    seat 1 in even battles and seat 2 in odd ones, so the first seat's edge is shared.
    ``winner`` is "a", "b" or None for a draw."""
    a_seat = index % 2
    first, second = (deck_a, deck_b) if a_seat == 0 else (deck_b, deck_a)
    result = module.simulate(first, second, f"{seed}:{index}")
    winner = result.get("winner")
    if result.get("result") == "draw" or winner is None:
        side = None
    else:
        side = "a" if winner == a_seat else "b"
    return {"winner": side, "turns": int(result.get("turns", 0)), "a_seat": a_seat}


def simulate_page(request):
    choices = deck_choices(request.player)
    return render(request, "decks/simulate.html", {"choices": choices, "game": GAME})


def _int(request, name: str, default: int = 0) -> int:
    try:
        return max(0, int(request.POST.get(name, default)))
    except (TypeError, ValueError):
        return default


@require_POST
def simulate_chunk(request):
    """Run the next chunk and answer with the progress fragment (which asks for the next)."""
    module = deck_module(GAME)
    a_ref, b_ref = request.POST.get("a", ""), request.POST.get("b", "")
    found_a = resolve_named_deck(request.player, a_ref)
    found_b = resolve_named_deck(request.player, b_ref)
    if found_a is None or found_b is None:
        return HttpResponseBadRequest("Choose two decks you can use.")
    (name_a, deck_a), (name_b, deck_b) = found_a, found_b
    total = min(_int(request, "n", 100) or 100, MAX_GAMES)
    seed = request.POST.get("seed") or secrets.token_hex(8)
    if len(seed) > MAX_SEED_LENGTH:
        # Every battle hashes the seed: a long one made each chunk slow for everyone.
        return HttpResponseBadRequest(f"The seed is at most {MAX_SEED_LENGTH} characters.")
    done, wins_a, wins_b, draws, turns = (
        _int(request, k) for k in ("done", "wins_a", "wins_b", "draws", "turns")
    )
    for i in range(done, min(done + CHUNK, total)):
        game = play_one(module, deck_a, deck_b, seed, i)
        if game["winner"] is None:
            draws += 1
        elif game["winner"] == "a":
            wins_a += 1
        else:
            wins_b += 1
        turns += game["turns"]
        done = i + 1
    ctx = {
        "a": a_ref,
        "b": b_ref,
        "name_a": name_a,
        "name_b": name_b,
        "n": total,
        "seed": seed,
        "done": done,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
        "turns": turns,
        "finished": done >= total,
        "pct": round(100 * done / total),
        "rate_a": round(100 * wins_a / done, 1) if done else 0,
        "rate_b": round(100 * wins_b / done, 1) if done else 0,
        "avg_turns": round(turns / done, 1) if done else 0,
    }
    return render(request, "decks/_simulate_progress.html", ctx)
