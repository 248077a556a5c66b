"""What one viewer may see (T1, S5, ECR-8, ECR-9).

Public: HP, energy, walls, miners and their countdowns, hand and deck counts, whether each
seat has chosen or locked, draft progress, the last reveal and the turn log (which carry card
names, never ids). Private to its seat: its hand (with playability and the reason a card is
disabled), its current selection, its draft options and drafted cards. Never shown: the seed,
any deck order, the other seat's hand, options, picks or selection.
"""

from games.engines.core import Prompts

from . import draft
from .cards import card_type, cost, name, public
from .constants import (
    CATEGORY_LABEL,
    DRAFT_ROUNDS,
    EFFECT_TEXT,
    SUBTYPE_LABEL,
    WALL_HP,
    DraftCategory,
    Phase,
    Stage,
)
from .selection import must_select, unplayable_reason

# Draft rounds whose four options share a subtype: they differ only in element, a label (C1).
_COSMETIC_ROUNDS = {
    DraftCategory.WALL,
    DraftCategory.DEFLECTION,
    DraftCategory.CONTINUOUS,
    DraftCategory.PROJECTILE,
}

# The phases a player wants to read about; the rest (energy, who locked in, payments,
# decay, draws) stays in the full 13-phase record (T3) that opens from the line.
_TOLD = {
    Phase.REVEAL,
    Phase.VALIDATION,
    Phase.PLACEMENT,
    Phase.RESOLUTION,
    Phase.PAYOUTS,
    Phase.DEATH_CHECK,
    Phase.VICTORY_CHECK,
}


def _with_text(card: dict | None) -> dict | None:
    """A card as shown on a tile: its effect in words beside what the view already holds."""
    if card is None:
        return None
    return {**card, "text": EFFECT_TEXT[card["subtype"]]}


def _told(entry: dict) -> dict:
    """One turn of the log, with the lines a player reads (what was played and what it
    did) picked out of its 13 phases."""
    lines = []
    for phase in entry["phases"]:
        if phase["phase"] not in _TOLD:
            continue
        for item in phase["items"]:
            if item.get("verdict") == "ok" or item.get("kind") in ("countdown", "stand"):
                continue
            lines.append(item["text"])
    return {**entry, "lines": lines}


# A turn of the log never changes once written, and a move's new state shares the entries
# of the state before (apply copies only what it changes), so each entry is told once and
# kept by identity; the entry itself is held with it, so its id cannot be reused while it
# is kept. Every view of every frame used to tell the whole log again (bench/: a quarter of
# a view). Views are read, never changed, so one told entry may stand in many of them.
_TOLD_KEPT: dict[int, tuple[dict, dict]] = {}


def _told_kept(entry: dict) -> dict:
    kept = _TOLD_KEPT.get(id(entry))
    if kept is not None and kept[0] is entry:
        return kept[1]
    told = _told(entry)
    if len(_TOLD_KEPT) >= 4096:
        _TOLD_KEPT.clear()
    _TOLD_KEPT[id(entry)] = (entry, told)
    return told


# The log as told, newest turn first, kept by the identity of the state's log list, which
# the moves of a turn share: so every view of those versions, both players' and a
# spectator's, holds the very same list, and a board part made of it is digested once for
# all of them (games/templatetags/parts.py keeps a long list's digest by its identity).
_LOGS_KEPT: dict[int, tuple[list, list]] = {}


def _told_log(log: list) -> list:
    kept = _LOGS_KEPT.get(id(log))
    if kept is not None and kept[0] is log:
        return kept[1]
    told = [_told_kept(entry) for entry in reversed(log)]
    if len(_LOGS_KEPT) >= 1024:
        _LOGS_KEPT.clear()
    _LOGS_KEPT[id(log)] = (log, told)
    return told


def _wall(wall: dict | None) -> dict | None:
    if wall is None:
        return None
    return {
        "hp": wall["hp"],
        "max": WALL_HP,
        "element": wall["element"],
        "turn_placed": wall["turn_placed"],
    }


def _miner(miner: dict | None) -> dict | None:
    if miner is None:
        return None
    return {
        "subtype": miner["subtype"],
        "name": f"{miner['element'].capitalize()} {SUBTYPE_LABEL[miner['subtype']]}",
        "element": miner["element"],
        "countdown": miner["countdown"],
        "interval": miner["interval"],
        "reactive": miner["interval"] is None,
    }


def _hand_card(player: dict, card: dict) -> dict:
    reason = unplayable_reason(player, card)
    return {
        "id": card["id"],
        "name": name(card),
        "subtype": card["subtype"],
        "element": card["element"],
        "type": card_type(card),
        "cost": cost(card),
        "text": EFFECT_TEXT[card["subtype"]],
        "playable": not reason,
        "reason": reason,
        "selected": card["id"] == player["selection"],
    }


def _seat_view(state: dict, seat: int, own: bool) -> dict:
    p = state["players"][seat]
    out = {
        "seat": seat,
        "label": f"Seat {seat + 1}",
        "hp": p["hp"],
        "energy": p["energy"],
        "wall": _wall(p["wall"]),
        "miner": _miner(p["miner"]),
        "hand_count": len(p["hand"]),
        "deck_count": len(p["deck"]),
        "drafted_count": len(p["drafted"]),
        "has_chosen": p["selection"] is not None,
        "locked": p["locked"],
        "must_select": must_select(p) and state["stage"] == Stage.BATTLE,
        "is_viewer": own,
    }
    if own:
        out["hand"] = [_hand_card(p, c) for c in p["hand"]]
        chosen = next((c for c in p["hand"] if c["id"] == p["selection"]), None)
        out["selection"] = p["selection"]
        out["selection_name"] = name(chosen) if chosen else None
        out["auto"] = p["auto"]
        # The owner knows what is left in the deck, but not its order: names sorted.
        out["deck_names"] = sorted(name(c) for c in p["deck"])
        out["drafted"] = [
            {**_with_text(public(c)), "auto": c.get("auto", False)} for c in p["drafted"]
        ]
    return out


def _draft_view(state: dict, viewer: int | None) -> dict | None:
    if state["stage"] != Stage.DRAFT:
        return None
    d = state["draft"]
    out = {
        "round": d["round"],
        "rounds": DRAFT_ROUNDS,
        "category": draft.category(d["round"]),
        "category_label": CATEGORY_LABEL[draft.category(d["round"])],
        "cosmetic": draft.category(d["round"]) in _COSMETIC_ROUNDS,
        "round_seconds": draft.time_limit(d["round"]),
        "picked": [d["picks"][s] is not None for s in (0, 1)],
        "options": [],
        "my_pick": None,
    }
    if viewer is not None:
        out["options"] = [{"id": o["id"], **_with_text(public(o))} for o in d["options"][viewer]]
        mine = next((o for o in d["options"][viewer] if o["id"] == d["picks"][viewer]), None)
        out["my_pick"] = name(mine) if mine else None
    return out


def _reveal(reveal: dict | None) -> dict | None:
    if reveal is None:
        return None
    return {**reveal, "cards": [_with_text(c) for c in reveal["cards"]]}


def build(state: dict, viewer: int | None, prompts: Prompts) -> dict:
    seats = [_seat_view(state, s, own=(viewer == s)) for s in (0, 1)]
    return {
        "game": "elemental-clash",
        "stage": state["stage"],
        "turn": state["turn"],
        "step": prompts.step,
        "time_limit": prompts.time_limit,
        "waiting": sorted(prompts.waiting),
        "viewer": viewer,
        "seats": seats,
        "me": seats[viewer] if viewer is not None else None,
        "opp": seats[1 - viewer] if viewer is not None else None,
        "draft": _draft_view(state, viewer),
        "energy_phase": state["energy_phase"] if state["stage"] == Stage.BATTLE else None,
        "last_reveal": _reveal(state["last_reveal"]),
        "log": _told_log(state["log"]),
        # The last turn played: an exhaustion ending is found at the start of the next turn
        # (ECR-6), so the outcome's own turn is one past the last that was played.
        "last_turn": state["log"][-1]["turn"] if state["log"] else 0,
        "outcome": state["outcome"],
    }
