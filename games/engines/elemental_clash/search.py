"""Elemental Clash's level-2 bot: the core search (core/search.py) in the battle.

Hidden from a seat: the opponent's drafted cards (hand and deck), the opponent's selection
this turn, the order of its own deck and the seed. A sample keeps every public fact (hand
and deck sizes, bases, walls, miners, energy) and deals the opponent random cards of the
eight subtypes in their place, clears their selection (they choose again in the playout,
as they would not have told us), and reshuffles the seat's own deck. The draft, whose
options are hidden and whose value shows only turns later, is left to the level-1 picks.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import clone
from ..core.search import search_action
from . import bot
from .constants import BASE_HP, ELEMENTS, SUBTYPES, Stage


def sample(state: dict[str, Any], seat: int, r: random.Random) -> dict[str, Any]:
    world = clone(state)
    world["seed"] = f"sample-{r.getrandbits(64):016x}"
    mine, theirs = world["players"][seat], world["players"][1 - seat]
    for card in theirs["hand"] + theirs["deck"]:
        card["subtype"], card["element"] = r.choice(SUBTYPES), r.choice(ELEMENTS)
    theirs["drafted"] = []
    theirs["selection"], theirs["locked"], theirs["auto"] = None, False, False
    mine["deck"] = sorted(mine["deck"], key=lambda c: c["id"])
    r.shuffle(mine["deck"])
    return world


def evaluate(state: dict[str, Any], seat: int) -> float:
    """Base HP ahead (walls count a little), mapped into 0..1."""
    me, them = state["players"][seat], state["players"][1 - seat]

    def standing(p):
        return p["hp"] + (p["wall"]["hp"] / 4 if p["wall"] else 0)

    return max(0.0, min(1.0, 0.5 + (standing(me) - standing(them)) / (2 * BASE_HP)))


def choose(engine, state: dict[str, Any], seat: int) -> dict[str, Any]:
    if state["stage"] != Stage.BATTLE:
        return bot.choose(engine.view(state, seat), engine.legal_actions(state, seat))
    if state["players"][seat]["selection"] is not None:
        # The selection came from the search: lock it in (searching again would weigh
        # selecting another card against it, back and forth, and never lock).
        return {"type": "lock"}
    return search_action(
        engine, state, seat, sample, evaluate, samples=6, depth=20, key=state["turn"], then=_lock
    )


def _lock(action: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "lock"}] if action["type"] == "select" else []
