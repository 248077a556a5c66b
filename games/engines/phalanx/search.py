"""Phalanx's level-2 bot: the core search (core/search.py) with Phalanx's hidden parts.

Hidden from a seat: the opponent's hand, both drawpiles' order and the seed. Each seat
plays its own 52-card deck, so the opponent's unseen cards (hand and drawpile together) are
exactly their deck minus what is public (battlefield and discard): a sample deals those
same cards at random into a hand and a drawpile of the sizes everyone can see, and
reshuffles the seat's own drawpile.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.search import search_action
from .cards import STARTING_LP
from .state import work_copy


def sample(state: dict[str, Any], seat: int, r: random.Random) -> dict[str, Any]:
    world = work_copy(state)
    world["seed"] = f"sample-{r.getrandbits(64):016x}"
    mine, theirs = world["players"][seat], world["players"][1 - seat]
    # Sorted first: the order the hidden cards really lie in must not steer the sample.
    unseen = sorted(theirs["hand"] + theirs["drawpile"])
    r.shuffle(unseen)
    theirs["hand"], theirs["drawpile"] = (
        unseen[: len(theirs["hand"])],
        unseen[len(theirs["hand"]) :],
    )
    mine["drawpile"] = sorted(mine["drawpile"])
    r.shuffle(mine["drawpile"])
    return world


def evaluate(state: dict[str, Any], seat: int) -> float:
    """Life points ahead, and battlefield strength ahead, mapped into 0..1."""
    me, them = state["players"][seat], state["players"][1 - seat]

    def board(p):
        return sum(slot["hp"] for row in p["grid"] for slot in row if slot is not None)

    lead = (me["lp"] - them["lp"]) / STARTING_LP + (board(me) - board(them)) / 100
    return max(0.0, min(1.0, 0.5 + lead / 2))


def choose(engine, state: dict[str, Any], seat: int) -> dict[str, Any]:
    return search_action(
        engine, state, seat, sample, evaluate, samples=2, depth=6, key=len(state["txlog"])
    )
