"""Resolution of each action on a working copy of the state.

Every function here takes a state already copied by ``state.move_copy`` (so it may change it
in place, a player only once ``state.own_player`` has copied it), assumes the action was validated by ``engine``, and returns ``(events, details)``:
events for the platform's admin log and details for the transaction log entry.
"""

from __future__ import annotations

from .cards import (
    BACK,
    COLUMNS,
    DEPLOYED_PER_SEAT,
    FRONT,
    HAND_SIZE,
    NO_PROGRESS_LIMIT,
    DamageMode,
    Phase,
    Reason,
    card_ref,
    value_of,
)
from .combat import resolve_column
from .state import depleted, own_player


def finish(state: dict, winner: int | None, reason: Reason, message: str) -> None:
    """End the match; ``message`` names seats 1-based ("Seat 1" is seat 0), as boards do."""
    state["phase"] = Phase.OVER.value
    state["active"] = None
    state["reinforce"] = None
    state["outcome"] = {
        "result": "draw" if winner is None else "win",
        "winner": winner,
        "reason": reason.value,
        "message": message,
        "turn": state["turn"],
    }


def end_turn(state: dict, next_seat: int, progress: bool) -> list[dict]:
    """Close the current turn: the turn number increments (PHX-TURNS-002, PXR-9) and
    ``next_seat`` becomes active, unless PXR-11 draws the match after 40 quiet turns."""
    state["turn"] += 1
    state["quiet_turns"] = 0 if progress else state["quiet_turns"] + 1
    if state["quiet_turns"] >= NO_PROGRESS_LIMIT:
        finish(
            state,
            None,
            Reason.NO_PROGRESS,
            f"Draw: {NO_PROGRESS_LIMIT} turns in a row without a destroyed card or lost LP.",
        )
        return [{"type": "draw", "reason": Reason.NO_PROGRESS.value}]
    state["phase"] = Phase.COMBAT.value
    state["active"] = next_seat
    state["reinforce"] = None
    return []


def deploy(state: dict, seat: int, card: str) -> tuple[list[dict], dict]:
    """PXR-2: put ``card`` from the hand in the seat's next slot (front row left to right,
    then back row). PHX-DEPLOY-002: seats alternate; after 16 cards combat starts at turn 1
    with the seat that did not deploy first (PXR-1, PHX-TURNS-001)."""
    player = own_player(state, seat)
    placed = sum(1 for row in player["grid"] for slot in row if slot is not None)
    row, column = divmod(placed, COLUMNS)
    player["hand"].remove(card)
    player["grid"][row][column] = {"id": card, "hp": value_of(card)}
    state["deployed"] += 1
    if state["deployed"] == 2 * DEPLOYED_PER_SEAT:
        state["phase"] = Phase.COMBAT.value
        state["turn"] = 1
        state["active"] = 1 - state["first_deployer"]
    else:
        state["active"] = 1 - seat
    event = {"type": "deployed", "seat": seat, "card": card, "row": row, "column": column}
    return [event], {"row": row, "column": column}


def attack(state: dict, seat: int, column: int) -> tuple[list[dict], dict]:
    """PHX-COMBAT-001: the front card of ``column`` strikes the opponent's same column.

    Applies the damage chain (combat.resolve_column), moves destroyed cards to the discard
    pile, auto-advances the back card (PHX-REINFORCE-001), resets survivors in per-turn mode
    (PHX-DAMAGE-001), logs the attack (PHX-COMBATLOG-001), then ends the match, enters
    reinforcement (PHX-REINFORCE-002) or passes the turn.
    """
    defender = 1 - seat
    attacker = state["players"][seat]["grid"][FRONT][column]["id"]
    target = own_player(state, defender)
    grid = target["grid"]
    result = resolve_column(attacker, grid[FRONT][column], grid[BACK][column], target["lp"])
    grid[FRONT][column], grid[BACK][column] = result["front"], result["back"]
    target["discard"].extend(result["destroyed"])
    target["lp"] = result["lpAfter"]

    advanced = None
    if grid[FRONT][column] is None and grid[BACK][column] is not None:
        advanced = grid[BACK][column]["id"]
        grid[FRONT][column], grid[BACK][column] = grid[BACK][column], None
    reset = state["options"]["damage_mode"] == DamageMode.PER_TURN
    if reset:
        for row in (FRONT, BACK):
            slot = grid[row][column]
            if slot is not None:  # a new slot: the old one may be shared with earlier states
                grid[row][column] = {"id": slot["id"], "hp": value_of(slot["id"])}

    entry = {
        "turnNumber": state["turn"],
        "attackerSeat": seat,
        "defenderSeat": defender,
        "attackerCard": card_ref(attacker),
        "targetColumn": column,
        "baseDamage": result["baseDamage"],
        "steps": result["steps"],
        "totalLpDamage": result["totalLpDamage"],
        "destroyed": [card_ref(c) for c in result["destroyed"]],
        "advanced": None if advanced is None else card_ref(advanced),
        "hpReset": reset,
    }
    state["combat_log"].append(entry)
    lp_lost = result["steps"][-1]["lpBefore"] - result["lpAfter"]
    events = [
        {
            "type": "attack",
            "seat": seat,
            "attacker": attacker,
            "column": column,
            "destroyed": result["destroyed"],
            "lp_damage": lp_lost,
        }
    ]
    details = {"column": column, "destroyed": result["destroyed"], "lpDamage": lp_lost}

    if target["lp"] == 0:  # PHX-LP-002 / PXR-10: LP 0 ends the match at once
        finish(state, seat, Reason.LP_DEPLETED, f"Seat {defender + 1}'s LP fell to 0.")
        return [*events, {"type": "win", "winner": seat}], details
    if depleted(target):  # PHX-VICTORY-001: nothing left anywhere (attacker wins ties)
        finish(state, seat, Reason.CARDS_DEPLETED, f"Seat {defender + 1} has no cards left.")
        return [*events, {"type": "win", "winner": seat}], details
    column_open = grid[FRONT][column] is None or grid[BACK][column] is None
    if result["destroyed"] and target["hand"] and column_open:
        # PHX-REINFORCE-002: the defender must fill the damaged column.
        state["phase"] = Phase.REINFORCE.value
        state["active"] = defender
        state["reinforce"] = {"seat": defender, "column": column, "attacker": seat}
        return [*events, {"type": "reinforce_needed", "seat": defender}], details
    progress = bool(result["destroyed"]) or lp_lost > 0
    return events + end_turn(state, defender, progress), details


def pass_turn(state: dict, seat: int) -> tuple[list[dict], dict]:
    """PXR-7 / PHX-TURNS-002: the active seat ends its combat turn; the turn number grows."""
    return [{"type": "pass", "seat": seat}, *end_turn(state, 1 - seat, False)], {}


def reinforce(state: dict, seat: int, card: str) -> tuple[list[dict], dict]:
    """PHX-REINFORCE-003 / PXR-9: ``card`` goes to the damaged column's back slot and advances
    when the front is empty. When the column is full or the hand empty, the defender draws to
    4 (PHX-REINFORCE-004) and the turn passes to the defender (the seat after the attacker)."""
    column = state["reinforce"]["column"]
    player = own_player(state, seat)
    grid = player["grid"]
    player["hand"].remove(card)
    slot = {"id": card, "hp": value_of(card)}
    if grid[BACK][column] is None:
        grid[BACK][column] = slot
        if grid[FRONT][column] is None:
            grid[FRONT][column], grid[BACK][column] = slot, None
    else:  # not reachable at rest (auto-advance keeps the front filled), kept for safety
        grid[FRONT][column] = slot
    row = FRONT if grid[FRONT][column] is slot else BACK
    events = [{"type": "reinforced", "seat": seat, "card": card, "column": column, "row": row}]
    details = {"column": column, "row": row, "drew": 0}
    full = grid[FRONT][column] is not None and grid[BACK][column] is not None
    if full or not player["hand"]:
        drew = 0
        while len(player["hand"]) < HAND_SIZE and player["drawpile"]:
            player["hand"].append(player["drawpile"].pop(0))
            drew += 1
        details["drew"] = drew
        events.append({"type": "drew", "seat": seat, "count": drew})
        # The attack that opened this reinforcement destroyed a card: the turn made progress.
        events += end_turn(state, seat, True)
    return events, details


def forfeit(state: dict, seat: int) -> tuple[list[dict], dict]:
    """PHX-VICTORY-002 / PXR-8: the match ends at once and the opponent wins; the outcome
    records ``forfeit`` and the turn number."""
    turn = state["turn"]
    finish(state, 1 - seat, Reason.FORFEIT, f"Seat {seat + 1} forfeited on turn {turn}.")
    return [{"type": "forfeit", "seat": seat, "turn": turn}], {"turn": turn}
