"""Match chat: who may say what, where it is kept, and who may read it.

Two rooms per match. The players' room is read by everyone who opens the match; the
spectators' room only by spectators while the match runs, so a watcher can never pass a
player what the rules hide, and by everyone once it is over (the match page and the replay).
A line is plain text: it is stored as typed and only ever rendered autoescaped.

Limits are per person (account, or guest id), not per socket or address: at most
``MAX_CHARS`` characters and ``LINES_PER_WINDOW`` lines in ``WINDOW_SECONDS`` across every
page they have open, counted from the stored lines so every worker agrees.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.matches import blocks, broadcast, social_settings
from games.matches.identity import Player
from games.models import ChatLine, Match, Mute

MAX_CHARS = 300
LINES_PER_WINDOW = 5
WINDOW_SECONDS = 10
SHOWN_LINES = 200  # the newest lines a page opens with

# One tap each, for everyone who may write, phones included; they count like typed lines.
QUICK_LINES = {
    "gl": "Good luck",
    "wp": "Well played",
    "ty": "Thanks",
    "gg": "Good game",
}


class ChatRefused(Exception):
    """A line the server will not pass on; ``message`` tells its author why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Room:
    """Where a person writes in a match, what they may read there, and why they may not
    write when they may not."""

    writes: str | None  # ChatLine.Room, or None: may not write
    reads_spectators: bool
    off: bool = False  # the person turned chat off: nothing is shown or sent to them
    why_not: str = ""


CHAT_OFF = Room(None, False, off=True, why_not="Chat is off in your settings.")


def room_for(match: Match, player: Player | None) -> Room:
    choices = social_settings.of(player.user_id if player is not None else None)
    if choices.chat_off:
        return CHAT_OFF
    seated = player is not None and any(player.owns(s) for s in match.seats.all())
    over = match.status in (Match.Status.FINISHED, Match.Status.ABORTED)
    spectators_shown = not choices.spectators_room_off
    if seated:
        return Room(ChatLine.Room.PLAYERS, reads_spectators=over and spectators_shown)
    if not spectators_shown:
        return Room(None, False, why_not="The spectators' room is off in your settings.")
    # Spectators write only signed in: a guest watcher is anyone at all, unaccountable.
    if player is None or player.user_id is None:
        return Room(None, True, why_not="Sign in to write in the spectators' room.")
    return Room(ChatLine.Room.SPECTATORS, reads_spectators=True)


def clean_text(raw: object) -> str:
    """The line as it will be kept, or a refusal in words."""
    if not isinstance(raw, str):
        raise ChatRefused("That message is not understood.")
    # One line of text: control characters (newlines, escapes, bidi overrides) are dropped,
    # so a line can not pretend to be two or reorder its neighbours on screen.
    text = "".join(ch for ch in raw if unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    text = " ".join(text.split())
    if not text:
        raise ChatRefused("Write something first.")
    if len(text) > MAX_CHARS:
        raise ChatRefused(f"A line holds at most {MAX_CHARS} characters; yours has {len(text)}.")
    return text


def _author_q(player: Player) -> Q:
    if player.user_id is not None:
        return Q(user_id=player.user_id)
    return Q(guest_id=player.guest_id, user__isnull=True)


def muted_until(player: Player):
    """When the player's mute ends, or None when they are not muted."""
    now = timezone.now()
    q = Q(user_id=player.user_id) if player.user_id is not None else Q(guest_id=player.guest_id)
    if player.user_id is None and not player.guest_id:
        return None
    mute = Mute.objects.filter(q, until__gt=now).order_by("-until").first()
    return mute.until if mute is not None else None


def hold_author(player: Player, match_id: int | None = None) -> None:
    """Lock a row that stands for the author until the transaction ends, so two of their
    lines arriving at once on two workers are counted one after the other, not both
    against the same count: their account's row, or for a guest (who writes only in the
    matches they play) the match's row. (SQLite writes one at a time anyway.)"""
    if player.user_id is not None:
        list(get_user_model().objects.select_for_update().filter(pk=player.user_id))
    elif match_id is not None:
        list(Match.objects.select_for_update().filter(pk=match_id).values_list("pk"))


def check_author(player: Player) -> None:
    until = muted_until(player)
    if until is not None:
        raise ChatRefused(
            f"You are muted until {until:%Y-%m-%d %H:%M} UTC: your messages reach no one."
        )
    since = timezone.now() - timedelta(seconds=WINDOW_SECONDS)
    recent = ChatLine.objects.filter(_author_q(player), created_at__gt=since).count()
    if recent >= LINES_PER_WINDOW:
        raise ChatRefused(
            f"At most {LINES_PER_WINDOW} lines in {WINDOW_SECONDS} seconds: "
            "wait a moment before the next one."
        )


def line_event(line: ChatLine) -> dict:
    """What a socket needs to draw a line and decide whether its viewer may see it."""
    return {
        "id": line.pk,
        "room": line.room,
        "name": line.author_name,
        "text": line.text,
        "user_id": line.user_id,
        "guest_id": line.guest_id,
        "at": line.created_at.strftime("%H:%M"),
    }


def line_text(text: object, quick: object) -> str:
    """A typed line, or the words of a quick line, cleaned; refused in words otherwise."""
    if quick is not None:
        if not isinstance(quick, str) or quick not in QUICK_LINES:
            raise ChatRefused("That quick line is not one of those offered.")
        text = QUICK_LINES[quick]
    return clean_text(text)


def say(match_id: int, player: Player, text: object = None, quick: object = None) -> ChatLine:
    """Keep one line from ``player`` in the match's chat and, after commit, send it to the
    sockets that may read it: everyone for the players' room, the spectators' group for the
    spectators' room while the match runs."""
    text = line_text(text, quick)
    match = Match.objects.prefetch_related("seats").filter(pk=match_id).first()
    if match is None:
        raise ChatRefused("That match is gone.")
    room = room_for(match, player)
    if room.writes is None:
        raise ChatRefused(room.why_not)
    with transaction.atomic():
        hold_author(player, match.pk)
        check_author(player)
        line = ChatLine.objects.create(
            match=match,
            room=room.writes,
            user_id=player.user_id,
            guest_id="" if player.user_id is not None else player.guest_id,
            author_name=player.name[:40],
            text=text,
        )
        event = line_event(line)
        over = match.status in (Match.Status.FINISHED, Match.Status.ABORTED)
        to_everyone = room.writes == ChatLine.Room.PLAYERS or over
        transaction.on_commit(lambda: broadcast.chat_line(match_id, event, to_everyone))
    return line


def lines_for(match: Match, player: Player | None) -> dict[str, list[dict]]:
    """The stored lines a viewer may read, by room, without those of accounts kept away."""
    room = room_for(match, player)
    if room.off:
        return {"players": [], "spectators": []}
    lines = match.chat_lines.all()
    if not room.reads_spectators:
        lines = lines.filter(room=ChatLine.Room.PLAYERS)
    away = blocks.kept_away_from(player.user_id if player is not None else None)
    if away:
        lines = lines.exclude(user_id__in=away)
    newest = list(lines.order_by("-created_at", "-pk")[:SHOWN_LINES])
    newest.reverse()
    return {
        "players": [line_event(x) for x in newest if x.room == ChatLine.Room.PLAYERS],
        "spectators": [line_event(x) for x in newest if x.room == ChatLine.Room.SPECTATORS],
    }


def replay_lines(match: Match, player: Player | None) -> list[dict]:
    """Every line of a finished match, both rooms in the order said, for its replay
    (without those of accounts kept away from the viewer)."""
    if match.status not in (Match.Status.FINISHED, Match.Status.ABORTED):
        return []
    lines = match.chat_lines.all()
    away = blocks.kept_away_from(player.user_id if player is not None else None)
    if away:
        lines = lines.exclude(user_id__in=away)
    return [line_event(x) for x in lines]
