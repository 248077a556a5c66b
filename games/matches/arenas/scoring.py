"""Arena scores: a win 2, a draw 1, a loss 0; after two wins in a row a player is on fire
and scores double until they fail to win.

A pairing is scored inside the transaction that finishes its match (services._finish), so
a result and its points commit together or not at all. The pairing's ``order`` goes from
NULL to the arena's next number under the arena row's lock: a match finishes once, and even
a second call for it would find ``order`` set and add nothing. ``recount`` rebuilds every
player's score from the match rows in that order; it must equal what is stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from games.engines.core import contract
from games.matches import broadcast
from games.models import Arena, ArenaPairing, ArenaPlayer, Match

WIN, DRAW, LOSS = "W", "D", "L"
BASE_POINTS = {WIN: 2, DRAW: 1, LOSS: 0}
FIRE_AFTER = 2  # wins in a row before the next result scores double


@dataclass(frozen=True)
class Scored:
    result: str
    points: int
    fire: bool  # scored while on fire (doubled)
    streak: int  # wins in a row after this result


def on_fire(streak: int) -> bool:
    return streak >= FIRE_AFTER


def score(result: str, streak: int) -> Scored:
    """One result for a player who had ``streak`` wins in a row before it."""
    fire = on_fire(streak)
    points = BASE_POINTS[result] * (2 if fire else 1)
    return Scored(result, points, fire, streak + 1 if result == WIN else 0)


def result_of(outcome: dict | None, seat: int) -> str:
    """A seat's W, D or L from a finished match's outcome (a double loss is a loss)."""
    outcome = outcome or {}
    if outcome.get("result") == contract.WIN:
        return WIN if outcome.get("winner") == seat else LOSS
    if outcome.get("result") == contract.DRAW:
        return DRAW
    return LOSS


def record_result(match: Match) -> None:
    """Score the arena pairing of a match that is finishing in this transaction (if any)."""
    pairing = ArenaPairing.objects.filter(match_id=match.pk, order__isnull=True).first()
    if pairing is None:
        return
    arena = Arena.objects.select_for_update().get(pk=pairing.arena_id)
    # Locked in a fixed order (pk) so two scorings of the same arena can never deadlock.
    seats = {pairing.first_id: 0, pairing.second_id: 1}
    players = ArenaPlayer.objects.select_for_update().filter(pk__in=seats).order_by("pk")
    claimed = ArenaPairing.objects.filter(pk=pairing.pk, order__isnull=True).update(
        order=arena.next_order
    )
    if claimed != 1:
        return
    Arena.objects.filter(pk=arena.pk).update(next_order=arena.next_order + 1)
    for player in players:
        scored = score(result_of(match.outcome, seats[player.pk]), player.streak)
        player.score += scored.points
        player.streak = scored.streak
        player.results = [*player.results, {"r": scored.result, "p": scored.points}]
        if player.match_id == match.pk:
            player.match = None  # free: the next pass pairs them again
        player.save(update_fields=["score", "streak", "results", "match"])
    arena_id = arena.pk
    transaction.on_commit(lambda: broadcast.arena_changed(arena_id))


def recount(arena: Arena) -> dict[int, int]:
    """Every player's score rebuilt from the finished match rows, in scoring order."""
    totals = {p.pk: 0 for p in ArenaPlayer.objects.filter(arena=arena)}
    streaks = dict.fromkeys(totals, 0)
    scored = (
        ArenaPairing.objects.filter(arena=arena, order__isnull=False)
        .select_related("match")
        .order_by("order")
    )
    for pairing in scored:
        for seat, player_id in enumerate((pairing.first_id, pairing.second_id)):
            got = score(result_of(pairing.match.outcome, seat), streaks[player_id])
            totals[player_id] += got.points
            streaks[player_id] = got.streak
    return totals
