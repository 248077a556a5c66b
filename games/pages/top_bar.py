"""What the top bar of every page shows beyond the links: how many matches wait for you."""

from games.matches.your_turn import count


def your_turn(request) -> dict:
    """A context processor; pages rendered without a visitor (socket frames) skip it."""
    player = getattr(request, "player", None)
    return {"your_turn_count": count(player) if player is not None else 0}
