"""Choosing an attack target (CB-TARGET-*, CBR-6).

Only active enemy cards are candidates; the caller sends the attack to the enemy player when
there are none. After each strategy's own criterion the tiebreaks are, in order: highest mana
cost, has not attacked this turn, leftmost slot.
"""

from __future__ import annotations

from typing import Any

from .cards import Strategy

Card = dict[str, Any]


def _tiebreak(card: Card, slot: int) -> tuple[int, int, int]:
    # Smaller sorts first: higher cost, then fresh (attacked False -> 0), then leftmost.
    return (-int(card["cost"]), 1 if card["attacked"] else 0, slot)


def choose_target(strategy: str, attack: int, field: list[Card]) -> int | None:
    """The slot index of the card an attacker with ``attack`` hits in the enemy ``field``.

    ``field`` is the enemy field left to right (slot = index); inactive cards are skipped.
    Returns None when no active card is there (the attack then hits the player).
    """
    candidates = [(slot, card) for slot, card in enumerate(field) if card["active"]]
    if not candidates:
        return None
    if strategy == Strategy.TARGET_MANA:
        # Cost is both the criterion and the first tiebreak.
        key = lambda sc: _tiebreak(sc[1], sc[0])  # noqa: E731
    elif strategy == Strategy.KILL_SHOT:
        killable = [(s, c) for s, c in candidates if int(c["hp"]) <= attack]
        if killable:
            candidates = killable
        key = lambda sc: (-int(sc[1]["hp"]), *_tiebreak(sc[1], sc[0]))  # noqa: E731
    elif strategy == Strategy.OPTIMIZE_DAMAGE:
        key = lambda sc: (abs(int(sc[1]["hp"]) - attack), *_tiebreak(sc[1], sc[0]))  # noqa: E731
    else:  # validate_deck makes this unreachable
        raise ValueError(f"unknown strategy {strategy!r}")
    return min(candidates, key=key)[0]
