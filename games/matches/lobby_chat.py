"""A game's lobby room: signed-up players talk while they look for a match. The same rules
as a match's chat (plain text, 300 characters, 5 lines in 10 s per person across every room,
mutes, blocks, chat off); everyone on the lobby page reads it."""

from __future__ import annotations

from django.db import transaction

from games.engines import GAME_MODULES
from games.matches import blocks, broadcast, social_settings
from games.matches.chat import ChatRefused, check_author, hold_author, line_event, line_text
from games.matches.identity import Player
from games.models import ChatLine

SHOWN_LINES = 50  # the newest lines a lobby page opens with


def may_write(player: Player | None) -> str | None:
    """None when the player may write in a lobby room; else why not."""
    if player is None or player.user_id is None:
        return "Sign up or log in to talk in the lobby."
    if social_settings.of(player.user_id).chat_off:
        return "Chat is off in your settings."
    return None


def say(game: str, player: Player, text: object = None, quick: object = None) -> ChatLine:
    if game not in GAME_MODULES:
        raise ChatRefused("There is no such lobby.")
    text = line_text(text, quick)
    refused = may_write(player)
    if refused:
        raise ChatRefused(refused)
    with transaction.atomic():
        hold_author(player)
        check_author(player)
        line = ChatLine.objects.create(
            lobby=game,
            room=ChatLine.Room.LOBBY,
            user_id=player.user_id,
            author_name=player.name[:40],
            text=text,
        )
        event = line_event(line)
        transaction.on_commit(lambda: broadcast.lobby_chat_line(game, event))
    return line


def lines_for(game: str, player: Player | None) -> list[dict]:
    """The newest lines of the lobby room, without those of accounts kept away; none for a
    player who turned chat off."""
    user_id = player.user_id if player is not None else None
    if social_settings.of(user_id).chat_off:
        return []
    lines = ChatLine.objects.filter(lobby=game, match=None)
    away = blocks.kept_away_from(user_id)
    if away:
        lines = lines.exclude(user_id__in=away)
    newest = list(lines.order_by("-created_at", "-pk")[:SHOWN_LINES])
    newest.reverse()
    return [line_event(x) for x in newest]
