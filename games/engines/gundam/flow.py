"""Setup and the automatic parts of a turn: start, draw, deck-out, the end of the turn.

Every function here mutates the state it is given; callers pass a fresh clone.
"""

from __future__ import annotations

from typing import Any

from ..core import shuffled
from .cards import EX_BASE, EX_RESOURCE_NO, card
from .state import (
    DRAW_PHASE,
    HAND_START,
    MAX_EX_RESOURCES,
    MAX_RESOURCES,
    RESOURCE_PHASE,
    SEATS,
    SHIELDS_START,
    STAGE_CHOOSE_DECK,
    STAGE_OVER,
    STAGE_PLAY,
    START_PHASE,
    Reason,
    add_log,
    has_keyword,
    options,
    other,
    player,
    seat_name,
)


def new_state(config: dict[str, Any], seed: str) -> dict[str, Any]:
    """The match before decks are chosen (stage ``choose_deck``)."""
    return {
        "seed": str(seed),
        "config": config,
        "stage": STAGE_CHOOSE_DECK,
        "phase": START_PHASE,
        "turn": 0,
        "current": 0,
        "cards": {},
        "players": [],
        "choices": {"0": None, "1": None},
        "attack": None,
        "pending": None,
        "counters": {"log": 0, "attacks": 0, "actions": 0},
        "log": [],
        "winner": None,
        "reason": None,
    }


def _empty_player() -> dict[str, Any]:
    return {
        "deck": [],
        "rdeck": [],
        "hand": [],
        "shields": [],
        "resources": [],
        "base": None,
        "battle": [],
        "trash": [],
        "removal": [],
        "resource_played": False,
    }


def start_match(state: dict[str, Any]) -> None:
    """Both decks are known: run the spec's setup list (§5) and the first start/draw phases.

    1 shuffle with the seed; 3 draw 5; 5 six shields face down from the top of the deck;
    6 an active EX Base each; 7 an EX Resource for the second seat; 8 seat 0 is player one;
    9 phase "start" (then start and draw run automatically). No mulligan (GDR-20).
    """
    state["stage"] = STAGE_PLAY
    state["players"] = [_empty_player(), _empty_player()]
    for seat in SEATS:
        deck = state["choices"][str(seat)]["deck"]
        p = player(state, seat)
        main_ids = []
        for i, no in enumerate(deck["main"]):
            cid = f"gd{seat}-m{i:02d}"
            state["cards"][cid] = no
            main_ids.append(cid)
        res_ids = []
        for i, no in enumerate(deck["resource"]):
            cid = f"gd{seat}-r{i:02d}"
            state["cards"][cid] = no
            res_ids.append(cid)
        p["deck"] = shuffled(state["seed"], main_ids, "deck", seat)
        p["rdeck"] = shuffled(state["seed"], res_ids, "rdeck", seat)
        p["hand"] = p["deck"][:HAND_START]
        p["shields"] = p["deck"][HAND_START : HAND_START + SHIELDS_START]
        p["deck"] = p["deck"][HAND_START + SHIELDS_START :]
        base_id = f"gd{seat}-exbase"
        state["cards"][base_id] = EX_BASE["no"]
        p["base"] = {"id": base_id, "no": EX_BASE["no"], "damage": 0, "rested": False}
    add_ex_resource(state, 1, "gd1-exres")
    state["current"] = 0
    state["turn"] = 1
    state["phase"] = START_PHASE
    add_log(state, "setup", "Both players drew 5 and set 6 Shields; Player 2 has an EX Resource.")
    begin_turn(state)


def begin_turn(state: dict[str, Any]) -> None:
    """Start phase (GDR-10: ready only the active player's cards) then draw phase (GDR-3/4)."""
    seat = state["current"]
    p = player(state, seat)
    state["phase"] = START_PHASE
    add_log(state, "turn", f"Turn {state['turn']}: {seat_name(seat)} to play.", seat)
    for unit in p["battle"]:
        unit["rested"] = False
        unit["can_attack"] = True
    for res in p["resources"]:
        res["rested"] = False
    if p["base"] is not None:
        p["base"]["rested"] = False
    p["resource_played"] = False
    state["phase"] = DRAW_PHASE
    skip = state["turn"] == 1 and not options(state)["first_player_draws"]
    if not skip and not draw_cards(state, seat, 1):
        return
    state["phase"] = RESOURCE_PHASE


def draw_cards(state: dict[str, Any], seat: int, n: int) -> bool:
    """Draw ``n`` from the top; GDR-4: a player whose deck is 0 after a draw (or who must draw
    from an empty deck) loses at once. Returns False when the game ended."""
    p = player(state, seat)
    for _ in range(n):
        if not p["deck"]:
            lose(state, seat, Reason.DECK_OUT, f"{seat_name(seat)} had to draw from an empty deck.")
            return False
        p["hand"].append(p["deck"].pop(0))
        if not p["deck"]:
            lose(state, seat, Reason.DECK_OUT, f"{seat_name(seat)} drew the last card of the deck.")
            return False
    return True


def lose(state: dict[str, Any], loser: int, reason: Reason, text: str) -> None:
    state["stage"] = STAGE_OVER
    state["winner"] = other(loser)
    state["reason"] = reason.value
    state["attack"] = None
    state["pending"] = None
    add_log(state, "game_over", f"{text} {seat_name(other(loser))} wins.", other(loser))


def add_ex_resource(state: dict[str, Any], seat: int, ex_id: str) -> bool:
    """GDR-22: an EX Resource enters active unless the area already holds 5 EX Resources or
    15 resources in all; then it is not created (False) and the log says why."""
    p = player(state, seat)
    ex_count = sum(1 for r in p["resources"] if r["is_ex"])
    if ex_count >= MAX_EX_RESOURCES or len(p["resources"]) >= MAX_RESOURCES:
        add_log(
            state,
            "resource",
            f"{seat_name(seat)}'s resource area is full "
            f"(at most {MAX_RESOURCES}, {MAX_EX_RESOURCES} of them EX): no EX Resource.",
            seat,
        )
        return False
    state["cards"][ex_id] = EX_RESOURCE_NO
    p["resources"].append({"id": ex_id, "is_ex": True, "rested": False})
    return True


def is_over(state: dict[str, Any]) -> bool:
    return state["stage"] == STAGE_OVER


def end_turn(state: dict[str, Any], discard: list[str]) -> None:
    """END_TURN (GDR-18): Repair, discard to the hand limit, "this turn" AP expires, the turn
    passes, and the next player's start and draw phases run."""
    seat = state["current"]
    p = player(state, seat)
    for unit in p["battle"]:
        n = has_keyword(unit, "repair")
        if n and unit["damage"] > 0:
            healed = min(n, unit["damage"])
            unit["damage"] -= healed
            add_log(
                state,
                "keyword",
                f"Repair {n}: {card(unit['no'])['name']} recovers {healed} HP.",
                seat,
            )
    for cid in discard:
        p["hand"].remove(cid)
        p["trash"].append(cid)
    if discard:
        names = ", ".join(card(state["cards"][c])["name"] for c in discard)
        add_log(state, "discard", f"{seat_name(seat)} discards to the hand limit: {names}.", seat)
    for side in state["players"]:
        for unit in side["battle"]:
            unit["ap_bonus"] = 0
    state["pending"] = None
    state["turn"] += 1
    state["current"] = other(seat)
    begin_turn(state)


def default_discard(state: dict[str, Any], seat: int) -> list[str]:
    """GDR-18: with no choice given, the last cards in hand order go."""
    hand = player(state, seat)["hand"]
    excess = len(hand) - options(state)["hand_limit"]
    return hand[len(hand) - excess :] if excess > 0 else []
