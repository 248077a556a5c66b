"""What an arena page (or the arena strip on one of its matches) shows one viewer: read
from the rows every time, so a page built from socket frames equals a reload."""

from __future__ import annotations

from games.engines import get_engine
from games.matches.arenas import schedule, standings
from games.matches.identity import Player
from games.models import Arena, ArenaPlayer, Match


def epoch_ms(moment) -> int:
    return int(moment.timestamp() * 1000)


def mine(arena: Arena, player: Player | None) -> ArenaPlayer | None:
    if player is None or player.user_id is None:
        return None
    return ArenaPlayer.objects.filter(arena=arena, user_id=player.user_id).first()


def current_match_code(arena: Arena, player: Player | None) -> str | None:
    """The arena match the viewer is in and should be at, if one is in play."""
    if player is None or player.user_id is None:
        return None
    return (
        Match.objects.filter(
            arena_pairing__arena=arena,
            status=Match.Status.ACTIVE,
            seats__user_id=player.user_id,
        )
        .values_list("code", flat=True)
        .first()
    )


def context(arena: Arena, player: Player | None) -> dict:
    phase = schedule.phase(arena)
    rows = standings.table(arena)
    me = mine(arena, player)
    my_row = next((r for r in rows if me is not None and r.entry.pk == me.pk), None)
    counting_to = arena.starts_at if phase == schedule.SCHEDULED else schedule.ends_at(arena)
    return {
        "arena": arena,
        "game_name": get_engine(arena.game).name,
        "phase": phase,
        "rows": rows,
        "podium": rows[:3] if phase in (schedule.ENDING, schedule.FINISHED) else [],
        "my_row": my_row,
        "joined": me is not None,
        "paused": me is not None and me.seen_at is None,
        "playing": standings.playing(arena),
        "counting_to_ms": epoch_ms(counting_to),
        "go": current_match_code(arena, player),
        "can_join": player is not None
        and not player.is_guest
        and me is None
        and schedule.can_join(arena),
        "guest": player is None or player.is_guest,
    }
