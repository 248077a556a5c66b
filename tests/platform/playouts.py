"""Seeded random matches, played through the services like any other."""

import random

from games.engines import get_engine
from games.matches import services
from games.models import Match

GIVING_UP = {"resign", "forfeit", "concede", "surrender"}


def versions_of_a_match(
    game: str,
    players,
    *,
    rng_seed: str,
    moves: int,
    seed: str | None = None,
    config: dict | None = None,
):
    """Every version of a match of ``game`` (with ``config``) between ``players`` (seat 0
    creates, seat 1 joins), up to ``moves`` seeded random moves that are not giving up."""
    engine, rng = get_engine(game), random.Random(rng_seed)
    # A match draws a fresh secret seed unless given one: without this a test would play a
    # different deal on every run and fail only on some of them.
    seed = seed if seed is not None else f"deal:{rng_seed}"
    match = services.create_match(game, players[0], config=config, timed=False, seed=seed)
    services.join_match(match.pk, players[1])
    for _ in range(moves):
        match = Match.objects.prefetch_related("seats").get(pk=match.pk)
        yield match
        if match.status != Match.Status.ACTIVE:
            return
        offered = [
            (seat, action)
            for seat in (0, 1)
            for action in engine.legal_actions(match.state, seat)
            if action.get("type") not in GIVING_UP
        ]
        if not offered:
            return
        seat, action = rng.choice(offered)
        services.submit(match.pk, players[seat], seat, action)
    yield Match.objects.prefetch_related("seats").get(pk=match.pk)
