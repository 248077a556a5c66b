"""Registering for a Swiss event with a saved, valid deck, before it starts."""

from __future__ import annotations

from importlib import import_module

from django.db import transaction
from django.utils import timezone

from games.engines import GAME_MODULES
from games.matches import ratings
from games.matches.identity import Player
from games.matches.services import Rejected
from games.models import Deck, SwissEntry, SwissEvent

DECK_GAMES = ("card-battle", "gundam")


def deck_errors(game: str, data) -> list[str]:
    module = import_module(GAME_MODULES[game])
    return list(module.validate_deck(data))


def register(event_id: int, player: Player, deck_id) -> SwissEntry:
    """Enter the player with a copy of one of their saved decks. Registering again before
    the start changes the deck; after the start nothing changes."""
    if player.is_guest:
        raise Rejected("SIGN_IN", "Sign up or log in to register.")
    try:
        deck_id = int(deck_id)
    except (TypeError, ValueError):
        raise Rejected("NO_DECK", "Choose one of your saved decks.") from None
    with transaction.atomic():
        event = SwissEvent.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise Rejected("NO_EVENT", "There is no such tournament.")
        if event.cancelled_at is not None or event.starts_at <= timezone.now():
            raise Rejected("CLOSED", "Registration is closed: the tournament has started.")
        deck = Deck.objects.filter(pk=deck_id, game=event.game, user_id=player.user_id).first()
        if deck is None:
            raise Rejected("NO_DECK", "Choose one of your saved decks for this game.")
        errors = deck_errors(event.game, deck.data)
        if errors:
            raise Rejected("BAD_DECK", f"That deck is not valid: {errors[0]}")
        entry, _ = SwissEntry.objects.update_or_create(
            event=event,
            user_id=player.user_id,
            defaults={
                "display_name": player.name[:40],
                "rating": ratings.rating_of(player.user_id, event.game).mu,
                "deck_name": deck.name[:60],
                "deck": deck.data,
            },
        )
    return entry
