"""Saved decks: the pages behind every game's deck builder.

A game with decks exposes ``validate_deck(deck) -> list[str]`` in its engine package (and
optionally ``validate_deck_edit(old, new)`` for rules such as CBR-9, ``READY_MADE_DECKS`` /
``STARTER_DECKS``). The builder page posts the whole deck as JSON in a ``data`` field; the
server validates it with the engine and saves nothing unless it is valid.
"""

from __future__ import annotations

import json
from importlib import import_module

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_POST

from games.engines import GAME_MODULES, get_engine
from games.matches import bounded_json
from games.matches.identity import Player
from games.models import Deck


def deck_module(game: str):
    """The engine package of a game that has decks, else 404."""
    if game not in GAME_MODULES:
        raise Http404("No such game.")
    module = import_module(GAME_MODULES[game])
    if not hasattr(module, "validate_deck"):
        raise Http404("This game has no decks.")
    return module


def games_with_decks() -> list[str]:
    return [
        slug for slug, path in GAME_MODULES.items() if hasattr(import_module(path), "validate_deck")
    ]


def ready_made(module) -> dict:
    return dict(
        getattr(module, "READY_MADE_DECKS", None) or getattr(module, "STARTER_DECKS", None) or {}
    )


# MAX_COPIES: a builder turns its "Add" off, saying why, for a card at the limit.
CATALOGUE_NAMES = (
    "CARD_TYPES",
    "DECK_TYPES",
    "STRATEGIES",
    "CARD_POOL",
    "KEYWORD_NAMES",
    "MAX_COPIES",
)


def catalogue(module) -> dict:
    """The public card data a builder page needs (stats, types, colours), JSON-ready."""
    return {
        name.lower(): getattr(module, name) for name in CATALOGUE_NAMES if hasattr(module, name)
    }


def decks_of(player: Player, game: str):
    qs = Deck.objects.filter(game=game)
    if player.user_id is not None:
        return qs.filter(user_id=player.user_id)
    if not player.guest_id:
        return qs.none()  # a visitor who is nobody yet has no decks
    return qs.filter(guest_id=player.guest_id, user=None)


def owned_deck_or_404(player: Player, game: str, pk: int) -> Deck:
    deck = get_object_or_404(Deck, pk=pk, game=game)
    if not player.owns_deck(deck):
        raise Http404("No such deck.")
    return deck


class DeckForm(forms.Form):
    name = forms.CharField(max_length=60, strip=True)
    data = forms.CharField(widget=forms.HiddenInput)


def deck_errors(module, data, old: dict | None = None) -> list[str]:
    if not isinstance(data, dict):
        return ["The deck must be an object with its cards and settings."]
    errors = list(module.validate_deck(data))
    if old is not None and hasattr(module, "validate_deck_edit"):
        errors += [e for e in module.validate_deck_edit(old, data) if e not in errors]
    return errors


# A deck is a few hundred bytes of card numbers (the largest ready-made one is under 1 KiB);
# these bound what a posted deck may cost before the engine looks at it.
MAX_DECK_BYTES = 8192
MAX_DECK_DEPTH = 4
MAX_DECK_STRING = 60
# A deck with many problems is told the first few: the list answers, it does not echo.
MAX_ERRORS_SHOWN = 12


def parse_data(raw: str) -> tuple[dict | None, list[str]]:
    try:
        data = bounded_json.loads(
            raw, max_bytes=MAX_DECK_BYTES, max_depth=MAX_DECK_DEPTH, max_string=MAX_DECK_STRING
        )
    except bounded_json.Unreadable as exc:
        return None, [f"The deck could not be read ({exc}); nothing was saved."]
    return data, []


def shown_errors(errors: list[str]) -> list[str]:
    if len(errors) <= MAX_ERRORS_SHOWN:
        return errors
    more = len(errors) - MAX_ERRORS_SHOWN
    return [*errors[:MAX_ERRORS_SHOWN], f"… and {more} more problem(s)."]


def deck_list(request, game: str):
    module = deck_module(game)
    return render(
        request,
        "decks/list.html",
        {
            "game": game,
            "engine": get_engine(game),
            "decks": decks_of(request.player, game),
            "ready_made": ready_made(module),
        },
    )


def cards_source(request, game: str) -> Deck | None:
    """The player's own saved deck named by ``?cards_of=<id>`` (404 for anyone else's)."""
    ref = request.GET.get("cards_of", "")
    if not (ref.isascii() and ref.isdigit() and len(ref) <= 18):
        return None
    return owned_deck_or_404(request.player, game, int(ref))


def deck_edit(request, game: str, pk: int | None = None):
    module = deck_module(game)
    deck = owned_deck_or_404(request.player, game, pk) if pk is not None else None
    start = request.GET.get("from")
    initial_data = deck.data if deck else ready_made(module).get(start) if start else None
    initial_name = deck.name if deck else (start or "")
    source = cards_source(request, game) if deck is None else None
    if source is not None:
        # "New deck from these cards": an unsaved deck with a saved deck's contents, so
        # settings fixed on the saved one (CBR-9) can be chosen again before saving.
        initial_data, initial_name = source.data, f"{source.name} (new)"[:60]
    form = DeckForm(
        request.POST or None,
        initial={"name": initial_name, "data": json.dumps(initial_data or {})},
    )
    errors: list[str] = []
    if request.method == "POST" and form.is_valid():
        data, errors = parse_data(form.cleaned_data["data"])
        if not errors:
            errors = deck_errors(module, data, old=deck.data if deck else None)
        if not errors:
            if deck is None:
                deck = Deck(
                    game=game, user_id=request.player.user_id, guest_id=request.player.guest_id
                )
            deck.name, deck.data = form.cleaned_data["name"], data
            deck.save()
            messages.success(request, f"Saved “{deck.name}”.")
            return redirect("deck_edit", game=game, pk=deck.pk)
        initial_data = data if isinstance(data, dict) else initial_data
    elif request.method == "POST":
        errors = [f"{field}: {' '.join(e)}" for field, e in form.errors.items()]
    posted = request.method == "POST"
    if not posted:
        # What the deck still lacks from the start: an empty new deck is not "legal".
        errors = deck_errors(module, initial_data or {}, old=deck.data if deck else None)
    ctx = {
        "game": game,
        "engine": get_engine(game),
        "deck": deck,
        "form": form,
        "errors": errors,
        "deck_data": initial_data or {},
        "is_new": deck is None,
        "cards_of": source,
        "builder": f"games/{game}/deck_builder.html",
        "catalogue": catalogue(module),
    }
    ctx["errors"] = shown_errors(errors)
    return render(request, "decks/edit.html", ctx, status=400 if errors and posted else 200)


@require_POST
def deck_validate(request, game: str):
    """Live validation for the builder (htmx): every problem of the posted deck, as HTML."""
    module = deck_module(game)
    data, errors = parse_data(request.POST.get("data", ""))
    old = None
    deck_id = request.POST.get("deck_id", "")
    if deck_id:
        if not (deck_id.isascii() and deck_id.isdigit() and len(deck_id) <= 18):
            return HttpResponseBadRequest("That deck is not known.")
        old = owned_deck_or_404(request.player, game, int(deck_id)).data
    if not errors:
        errors = deck_errors(module, data, old)
    html = render_to_string("decks/_errors.html", {"errors": shown_errors(errors)})
    return HttpResponse(html)


@require_POST
def deck_duplicate(request, game: str, pk: int):
    deck_module(game)
    deck = owned_deck_or_404(request.player, game, pk)
    copy = Deck.objects.create(
        game=game,
        name=f"{deck.name} (copy)"[:60],
        data=deck.data,
        user_id=deck.user_id,
        guest_id=deck.guest_id,
    )
    messages.success(request, f"Duplicated as “{copy.name}”.")
    return redirect("deck_edit", game=game, pk=copy.pk)


@require_POST
def deck_delete(request, game: str, pk: int):
    deck_module(game)
    deck = owned_deck_or_404(request.player, game, pk)
    deck.delete()
    messages.success(request, f"Deleted “{deck.name}”.")
    return redirect("deck_list", game=game)
