"""The arena table as people read it: places, podium, the matches being played."""

from __future__ import annotations

from dataclasses import dataclass

from games.matches.arenas import schedule
from games.models import Arena, ArenaPairing, ArenaPlayer, Match


@dataclass(frozen=True)
class Row:
    place: int
    entry: ArenaPlayer
    on_fire: bool


def table(arena: Arena) -> list[Row]:
    players = (
        ArenaPlayer.objects.filter(arena=arena)
        .select_related("user")  # each row links its player's page: one query, not one each
        .order_by("-score", "-rating", "joined_at", "pk")
    )
    return [Row(place, p, p.streak >= 2) for place, p in enumerate(players, start=1)]


def playing(arena: Arena) -> list[ArenaPairing]:
    return list(
        ArenaPairing.objects.filter(arena=arena, match__status=Match.Status.ACTIVE)
        .select_related("match", "first", "second")
        .order_by("-pk")
    )


def arenas_of(user_id: int) -> list[dict]:
    """The arenas a player joined, newest first, with their place in each."""
    entries = ArenaPlayer.objects.filter(user_id=user_id).select_related("arena")
    found = []
    for entry in entries.order_by("-arena__starts_at"):
        rows = table(entry.arena)
        place = next(r.place for r in rows if r.entry.pk == entry.pk)
        found.append(
            {
                "arena": entry.arena,
                "place": place,
                "of": len(rows),
                "score": entry.score,
                "phase": schedule.phase(entry.arena),
            }
        )
    return found
