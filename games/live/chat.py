"""Match chat over the match socket: a line arrives as a frame, is kept by
games/matches/chat.py, and reaches each socket that may read it as its own small
out-of-band fragment (appended to its room's list), apart from the board's frames.

Routing is by the socket's role: spectators' sockets also join the spectators' group, the
only place the spectators' room travels while a match runs, so a player's socket never
receives a spectator's words; the check in ``visible`` is a second lock on the same door."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs

from django.template.loader import render_to_string

from games.matches import blocks, chat, social_settings
from games.matches.identity import Player
from games.models import Match


def panel_context(match: Match, player: Player | None) -> dict:
    """What the chat panel of a match page shows this viewer."""
    room = chat.room_for(match, player)
    lines = chat.lines_for(match, player)
    return {
        "chat_room": {
            "writes": room.writes,
            "reads_spectators": room.reads_spectators,
            "off": room.off,
            "why_not": room.why_not,
        },
        "chat_lines": lines,
        # The newest line the page shows: its socket asks for the lists again only if a
        # newer one exists when it opens (``lists_if_behind``).
        "chat_newest": max((line["id"] for room in lines.values() for line in room), default=0),
        "chat_me": player.user_id if player is not None else None,
        "chat_can_act": player is not None and player.user_id is not None,
        "quick_lines": list(chat.QUICK_LINES.items()),
    }


@dataclass(frozen=True)
class Lists:
    """Both rooms' lists as an out-of-band fragment that replaces the page's, and the ids
    of the lines in it."""

    html: str
    ids: frozenset[int]


def _lists(match: Match, player: Player | None) -> Lists:
    ctx = panel_context(match, player)
    ids = frozenset(line["id"] for room in ctx["chat_lines"].values() for line in room)
    return Lists(render_to_string("match/_chat_lists.html", {**ctx, "oob": True}), ids)


def render_lists(match_id: int, player: Player | None) -> Lists:
    """Both rooms' lists as stored now (the end of a match opens the spectators' room)."""
    return _lists(Match.objects.prefetch_related("seats").get(pk=match_id), player)


def newest_shown(query_string: bytes) -> int | None:
    """The newest line id a match page says it shows (``?chat=`` of its socket's address),
    or None when it says nothing readable."""
    shown = parse_qs(query_string.decode("latin-1")).get("chat", [""])[-1]
    return int(shown) if shown.isascii() and shown.isdigit() and len(shown) < 19 else None


def lists_if_behind(match: Match, player: Player | None, shown: int | None) -> Lists | None:
    """Both rooms' lists for a socket that opens on ``match`` (its opening's read), or None
    when the page already holds them: the match still runs and no line is newer than the
    newest the page shows.

    While a match runs its lines are only added to, so that page is whole (a line staff
    delete in the admin, or a block set meanwhile in another tab, stays on a page open at
    the time until it reloads). At the end a player's page gains the spectators' room, so a
    socket opening on an ended match always sends the lists; so does one that does not say
    what it shows. Opening sockets together (pairs starting their next matches) made these
    lists a tenth of daphne's work, for pages that had them already."""
    running = match.status in (Match.Status.WAITING, Match.Status.ACTIVE)
    if running and shown is not None and not match.chat_lines.filter(pk__gt=shown).exists():
        return None
    return _lists(match, player)


def render_line(line: dict, player: Player | None) -> str:
    """One line, appended to its room's list on the page."""
    return render_to_string(
        "match/_chat_append.html",
        {
            "line": line,
            "chat_me": player.user_id if player is not None else None,
            "chat_can_act": player is not None and player.user_id is not None,
        },
    )


def render_notice(words: str) -> str:
    return render_to_string("match/_chat_notice.html", {"notice": words, "oob": True})


def muted_notice(until: str) -> str:
    return render_notice(f"Staff muted you until {until} UTC: your messages reach no one.")


def hidden_from(line: dict, player: Player | None) -> bool:
    """A line of an account kept away from this viewer (a block either way)."""
    author = line.get("user_id")
    viewer = player.user_id if player is not None else None
    return blocks.between(author, viewer)


def choices_of(player: Player | None) -> tuple[bool, bool]:
    """(chat off, spectators' room off) for a socket's person, read when it opens."""
    choices = social_settings.of(player.user_id if player is not None else None)
    return choices.chat_off, choices.spectators_room_off
