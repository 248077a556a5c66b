"""Choosing an attack target (CB-TARGET-*, CBR-6).

Only active enemy cards are candidates; the caller sends the attack to the enemy player when
there are none. After each strategy's own criterion the tiebreaks are, in order: highest mana
cost, has not attacked this turn, leftmost slot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import Strategy

Card = dict[str, Any]
# A card's rank as a target for an attacker with a given attack: the smallest rank is hit.
Rank = Callable[[Card, int], tuple[Any, ...]]


# Each rank ends with the tiebreaks: higher cost first, then a card that has not attacked
# (False sorts before True). The last tiebreak, the leftmost slot, is choose_target's: it keeps
# the first card of the smallest rank, scanning left to right.
def _rank_target_mana(card: Card, attack: int) -> tuple[Any, ...]:
    # Cost is both the criterion and the first tiebreak.
    return (-card["cost"], card["attacked"])


def _rank_kill_shot(card: Card, attack: int) -> tuple[Any, ...]:
    # Any card this attack kills comes before every card it does not (hp > attack is False
    # for a kill); among either kind, the one with the most HP.
    hp = card["hp"]
    return (hp > attack, -hp, -card["cost"], card["attacked"])


def _rank_optimize_damage(card: Card, attack: int) -> tuple[Any, ...]:
    return (abs(card["hp"] - attack), -card["cost"], card["attacked"])


_RANKS: dict[str, Rank] = {
    Strategy.TARGET_MANA.value: _rank_target_mana,
    Strategy.KILL_SHOT.value: _rank_kill_shot,
    Strategy.OPTIMIZE_DAMAGE.value: _rank_optimize_damage,
}


def choose_target(strategy: str, attack: int, field: list[Card]) -> int | None:
    """The slot index of the card an attacker with ``attack`` hits in the enemy ``field``.

    ``field`` is the enemy field left to right (slot = index); inactive cards are skipped.
    Returns None when no active card is there (the attack then hits the player).
    """
    rank = _RANKS.get(strategy)
    if rank is None:  # validate_deck makes this unreachable
        if any(card["active"] for card in field):
            raise ValueError(f"unknown strategy {strategy!r}")
        return None
    best_slot: int | None = None
    best_rank: tuple[Any, ...] | None = None
    for slot, card in enumerate(field):
        if card["active"]:
            card_rank = rank(card, attack)
            # Strictly smaller: of equal ranks the leftmost, met first, stays.
            if best_rank is None or card_rank < best_rank:
                best_slot, best_rank = slot, card_rank
    return best_slot
