"""Gundam's level-2 bot: the core search (core/search.py) with Gundam's hidden parts.

Hidden from a seat: the opponent's deck list, hand, deck and shields (their card numbers
and order), the order of its own deck and shields (its own list it knows: it chose it), both
resource decks' order, and the seed. What the seat has seen of the opponent's main deck is
public: units and their pilots, a base, the trash and removal. A sample takes as the
opponent's list a ready-made deck that holds every card they have shown (one at random when
several do); a list that no ready-made deck explains was built, so the unseen cards are then
drawn from the pool of the colours shown, at most four copies of a number. Those cards are
dealt at random to the opponent's unseen card ids and spread over hand, shields and deck in
the sizes everyone sees.

A decision is a line of moves: a select is judged with each of its targets, and a line is
played out by level-1 bots to the start of the seat's next turn (the opponent answers once).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..core import clone
from ..core.search import search_action
from . import bot
from .cards import CARD_POOL, RESOURCE, STARTER_DECKS, card
from .decks import MAX_COPIES
from .state import Stage, base_hp, unit_ap, unit_hp

# Line kinds the search leaves out: a half-built move dropped or changed (the select is
# judged with its targets instead), discards chosen one by one (ending the turn without a
# choice discards by the rules' default).
_NOT_SEARCHED = ("cancel", "toggle_attacker", "toggle_discard")
# The budget: about PLAYOUTS playouts per decision, spread over the lines (at most
# MAX_SAMPLES samples each, at least one); a late-game move costs a few milliseconds.
PLAYOUTS = 20
MAX_SAMPLES = 3
MAX_DEPTH = 30  # moves of a playout; the start of the seat's next turn usually comes first


def _shown(p: dict[str, Any], cards: dict[str, str]) -> list[str]:
    """Card numbers of the player's main deck that are public: on the field, trash, removal."""
    ids = list(p["trash"]) + list(p["removal"])
    for unit in p["battle"]:
        ids.append(unit["id"])
        if unit["pilot"]:
            ids.append(unit["pilot"])
    if p["base"] is not None:
        ids.append(p["base"]["id"])
    # Tokens (the EX Base) and resource cards come from neither deck list's main part.
    return [cards[i] for i in ids if cards[i] in CARD_POOL and card(cards[i])["type"] != RESOURCE]


def _unseen_numbers(shown: list[str], n: int, r: random.Random) -> list[str]:
    """``n`` card numbers for the opponent's unseen cards, from what they have shown."""
    seen = Counter(shown)
    fits = [
        name
        for name in sorted(STARTER_DECKS)
        if not seen - Counter(STARTER_DECKS[name]["main"])
        and len(STARTER_DECKS[name]["main"]) - len(shown) == n
    ]
    if fits:
        rest = Counter(STARTER_DECKS[r.choice(fits)]["main"]) - seen
        return sorted(rest.elements())
    colours = {card(no)["colour"] for no in shown} or {c["colour"] for c in CARD_POOL.values()}
    pool = [
        no
        for no, info in sorted(CARD_POOL.items())
        if info["type"] != RESOURCE and info["colour"] in colours
        for _ in range(max(0, MAX_COPIES - seen[no]))
    ]
    if len(pool) < n:  # a pool too small for the deck: any colour makes up the rest
        pool += sorted(no for no, info in CARD_POOL.items() if info["type"] != RESOURCE) * n
    return r.sample(pool, n)


def sample(state: dict[str, Any], seat: int, r: random.Random) -> dict[str, Any]:
    world = clone(state)
    world["seed"] = f"sample-{r.getrandbits(64):016x}"
    mine, theirs = world["players"][seat], world["players"][1 - seat]
    for p in (mine, theirs):
        p["rdeck"] = sorted(p["rdeck"])
        r.shuffle(p["rdeck"])
    # Own deck and shields: the same cards, in an order nobody knows.
    hidden = sorted(mine["deck"] + mine["shields"])
    r.shuffle(hidden)
    mine["shields"], mine["deck"] = hidden[: len(mine["shields"])], hidden[len(mine["shields"]) :]
    # The opponent's: cards they could hold, dealt to their unseen ids (sorted first, so
    # how the real cards lie cannot steer the sample).
    unseen = sorted(theirs["hand"] + theirs["shields"] + theirs["deck"])
    numbers = _unseen_numbers(_shown(theirs, world["cards"]), len(unseen), r)
    r.shuffle(numbers)
    r.shuffle(unseen)
    for cid, no in zip(unseen, numbers, strict=True):
        world["cards"][cid] = no
    sizes = (len(theirs["hand"]), len(theirs["shields"]))
    theirs["hand"] = unseen[: sizes[0]]
    theirs["shields"] = unseen[sizes[0] : sizes[0] + sizes[1]]
    theirs["deck"] = unseen[sizes[0] + sizes[1] :]
    world["choices"][str(1 - seat)] = None  # their real list must not travel with the sample
    if world["pending"] is not None and world["pending"]["seat"] != seat:
        world["pending"] = None
    return world


def _standing(p: dict[str, Any]) -> float:
    """What a side has: shields and base (life), units (AP and HP), cards and resources."""
    life = 4 * len(p["shields"]) + (base_hp(p["base"]) if p["base"] else 0)
    board = sum(unit_ap(u) + unit_hp(u) for u in p["battle"]) / 2
    return life + board + len(p["hand"]) + len(p["resources"]) / 2


def evaluate(state: dict[str, Any], seat: int) -> float:
    me, them = state["players"][seat], state["players"][1 - seat]
    return max(0.0, min(1.0, 0.5 + (_standing(me) - _standing(them)) / 60))


def _lines(engine, state: dict[str, Any], seat: int) -> list[list[dict[str, Any]]]:
    """Every complete decision: a select with each of its targets, every other move alone."""
    out = []
    for action in engine.legal_actions(state, seat):
        kind = action["type"]
        if kind in _NOT_SEARCHED or (kind == "end_turn" and "discard" in action):
            continue
        if kind != "select":
            out.append([action])
            continue
        selected, _ = engine.apply(state, seat, action)
        out.extend(
            [action, target]
            for target in engine.legal_actions(selected, seat)
            if target["type"] == "target"
        )
    return out


def choose(engine, state: dict[str, Any], seat: int) -> dict[str, Any]:
    legal = engine.legal_actions(state, seat)
    if state["stage"] != Stage.PLAY.value:
        return bot.choose(engine.view(state, seat), legal, state["seed"], 1)
    lines = _lines(engine, state, seat)
    if not lines:  # only discards to choose: the heuristic picks them
        return bot.choose(engine.view(state, seat), legal, state["seed"], 1)
    horizon = state["turn"] + 2 if state["current"] == seat else state["turn"] + 1
    return search_action(
        engine,
        state,
        seat,
        sample,
        evaluate,
        samples=max(1, min(MAX_SAMPLES, PLAYOUTS // len(lines))),
        depth=MAX_DEPTH,
        key=state["counters"]["actions"],
        lines=lines,
        until=lambda s: s["turn"] >= horizon,
    )
