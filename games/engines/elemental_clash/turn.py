"""A battle turn: the 13 phases of T2, in order, each logged even when nothing happens (T3).

``begin_turn`` runs phase 1 (ENERGY) and opens phase 2 (SELECTION). ``resolve_turn`` runs
once every selection is fixed and performs phases 3-13, then begins the next turn unless the
match ended. Everything works in place on the engine's private clone of the state.
"""

from games.engines.core import DOUBLE_LOSS, DRAW, WIN, rng

from . import cards
from .combat import resolve_attack
from .constants import (
    ANTI_WAR_MESSAGES,
    ENERGY_PER_TURN,
    HAND_SIZE,
    MAX_ENERGY,
    MINER_FIRES,
    MINER_INTERVAL,
    POWER,
    SUBTYPE_LABEL,
    WALL_DECAY,
    WALL_HP,
    EndReason,
    Phase,
    Stage,
    Subtype,
    Verdict,
)

SEATS = (0, 1)


def _seat(s: int) -> str:
    return f"Seat {s + 1}"


def _entry(phase: Phase, items: list[dict] | None = None) -> dict:
    return {"phase": phase.value, "items": items or []}


def begin_turn(state: dict) -> None:
    """Phase 1 ENERGY (E3/ECR-5: +2, capped at 10, from turn 2), the ECR-6 exhaustion check,
    then phase 2 SELECTION opens with every selection cleared."""
    items = []
    for player in state["players"]:
        before = player["energy"]
        player["energy"] = min(MAX_ENERGY, before + ENERGY_PER_TURN)
        items.append(
            {
                "seat": player["seat"],
                "before": before,
                "after": player["energy"],
                "text": f"{_seat(player['seat'])} energy {before} -> {player['energy']}.",
            }
        )
    state["energy_phase"] = _entry(Phase.ENERGY, items)
    for player in state["players"]:
        player["selection"] = None
        player["locked"] = False
        player["auto"] = False
    if not any(p["hand"] for p in state["players"]):
        _end_by_exhaustion(state)


def _end_by_exhaustion(state: dict) -> None:
    """ECR-6: both hands empty at the start of a turn: higher HP wins, equal HP is a draw."""
    hp0, hp1 = (p["hp"] for p in state["players"])
    if hp0 == hp1:
        outcome = {"result": DRAW, "winner": None, "message": f"Both bases at {hp0} HP."}
    else:
        winner = 0 if hp0 > hp1 else 1
        outcome = {
            "result": WIN,
            "winner": winner,
            "message": f"{_seat(winner)} wins with more base HP ({max(hp0, hp1)} to {min(hp0, hp1)}).",
        }
    outcome["reason"] = EndReason.EXHAUSTION.value
    outcome["turn"] = state["turn"]
    state["outcome"] = outcome
    state["stage"] = Stage.OVER.value


def resolve_turn(state: dict) -> list[dict]:
    """Phases 3-13 for the current turn; returns the admin events. Requires every seat with
    cards in hand to have a selection (the engine applies S3 before calling)."""
    players = state["players"]
    turn = state["turn"]
    phases: list[dict] = [state["energy_phase"] or _entry(Phase.ENERGY)]
    chosen: list[dict | None] = []
    for player in players:
        sel = player["selection"]
        chosen.append(next((c for c in player["hand"] if c["id"] == sel), None))

    # 2 SELECTION: who chose, and who was auto-selected (S3).
    sel_items = []
    for player, card in zip(players, chosen, strict=True):
        s = player["seat"]
        if card is None:
            text = f"{_seat(s)} has no card to play (empty hand)."
        elif player["auto"]:
            text = f"{_seat(s)}'s card was AUTO-SELECTED."
        else:
            text = f"{_seat(s)} locked in a card."
        sel_items.append({"seat": s, "auto": player["auto"], "none": card is None, "text": text})
    phases.append(_entry(Phase.SELECTION, sel_items))

    # 3 REVEAL: both cards shown at once (names only, never ids).
    reveal = {"turn": turn, "cards": []}
    rev_items = []
    for player, card in zip(players, chosen, strict=True):
        s = player["seat"]
        shown = None if card is None else {**cards.public(card), "auto": player["auto"]}
        reveal["cards"].append(shown)
        text = f"{_seat(s)} reveals {shown['name']}." if shown else f"{_seat(s)} reveals nothing."
        rev_items.append({"seat": s, "card": shown, "text": text})
    phases.append(_entry(Phase.REVEAL, rev_items))

    # 4 VALIDATION (E4, E5, W3, M3, EC3-EC5, ECR-7).
    verdicts: list[str | None] = []
    val_items = []
    for player, card in zip(players, chosen, strict=True):
        s = player["seat"]
        if card is None:
            verdicts.append(None)
            continue
        if cards.cost(card) > player["energy"]:
            verdict, why = Verdict.UNAFFORDABLE, "unaffordable: no effect, stays in hand"
        elif cards.is_wall(card) and player["wall"] is not None:
            verdict, why = Verdict.WASTED_WALL, "a wall already stands: wasted"
        elif cards.is_miner(card) and player["miner"] is not None:
            verdict, why = Verdict.WASTED_MINER, "a miner already stands: wasted"
        else:
            verdict, why = Verdict.OK, "valid"
        verdicts.append(verdict.value)
        val_items.append(
            {
                "seat": s,
                "verdict": verdict.value,
                "text": f"{_seat(s)}'s {cards.name(card)}: {why}.",
            }
        )
    reveal["verdicts"] = verdicts
    phases.append(_entry(Phase.VALIDATION, val_items))

    # 5 DEDUCTION (E4): pay for every card that is played (valid or wasted); it leaves the
    # hand and the game (H3, DK4). An unaffordable card costs nothing and stays (ECR-7).
    ded_items = []
    for player, card, verdict in zip(players, chosen, verdicts, strict=True):
        if card is None or verdict == Verdict.UNAFFORDABLE:
            continue
        before = player["energy"]
        player["energy"] = before - cards.cost(card)
        player["hand"] = [c for c in player["hand"] if c["id"] != card["id"]]
        ded_items.append(
            {
                "seat": player["seat"],
                "cost": cards.cost(card),
                "before": before,
                "after": player["energy"],
                "text": f"{_seat(player['seat'])} pays {cards.cost(card)}: energy {before} -> {player['energy']}.",
            }
        )
    phases.append(_entry(Phase.DEDUCTION, ded_items))

    # 6 PLACEMENT (D1-defense): walls, miners and this turn's deflection, before any attack.
    place_items = []
    for player, card, verdict in zip(players, chosen, verdicts, strict=True):
        if card is None or verdict != Verdict.OK:
            continue
        s, st = player["seat"], card["subtype"]
        if st == Subtype.WALL:
            player["wall"] = {"element": card["element"], "hp": WALL_HP, "turn_placed": turn}
            text = f"{_seat(s)} raises a {cards.name(card)} ({WALL_HP} HP)."
        elif cards.is_miner(card):
            interval = MINER_INTERVAL[st]
            player["miner"] = {
                "subtype": st,
                "element": card["element"],
                "countdown": interval,
                "interval": interval,
                "turn_placed": turn,
            }
            text = f"{_seat(s)} places a {cards.name(card)}."
        elif st == Subtype.DEFLECTION:
            player["deflection"] = {"element": card["element"], "used": False}
            text = f"{_seat(s)}'s {cards.name(card)} is up for this turn."
        else:
            continue
        place_items.append({"seat": s, "subtype": st, "text": text})
    phases.append(_entry(Phase.PLACEMENT, place_items))

    # 7 RESOLUTION (A9): seat 1's attack, then seat 2's; both always resolve.
    res_items = []
    for player, card, verdict in zip(players, chosen, verdicts, strict=True):
        if card is None or verdict != Verdict.OK or card["subtype"] not in POWER:
            continue
        defender = players[1 - player["seat"]]
        res_items.append(resolve_attack(defender, card["subtype"], player["seat"], "card"))
    phases.append(_entry(Phase.RESOLUTION, res_items))

    # 8 PAYOUTS (M5, M6, ECR-3, ECR-4, ECR-12). Countdowns of surviving miners tick; every
    # miner due at the start of the phase pays, seat 1 first (ECD-3).
    pay_items = []
    due: list[dict] = []
    for player in players:
        miner = player["miner"]
        if miner is None or miner["interval"] is None:
            continue
        miner["countdown"] -= 1
        if miner["countdown"] <= 0:
            due.append({"seat": player["seat"], "subtype": miner["subtype"]})
        else:
            pay_items.append(
                {
                    "seat": player["seat"],
                    "kind": "countdown",
                    "countdown": miner["countdown"],
                    "text": f"{_seat(player['seat'])}'s {SUBTYPE_LABEL[miner['subtype']]}: "
                    f"{miner['countdown']} turn(s) to payout.",
                }
            )
    for d in due:
        owner = players[d["seat"]]
        if d["subtype"] in MINER_FIRES:
            item = resolve_attack(
                players[1 - d["seat"]], MINER_FIRES[d["subtype"]], d["seat"], d["subtype"]
            )
            item["kind"] = "payout_attack"
        else:
            wall = owner["wall"]
            if wall is None:
                text = f"{_seat(d['seat'])}'s Repair Miner pays out: no wall to repair."
                item = {"kind": "repair", "seat": d["seat"], "before": None, "after": None}
            else:
                before = wall["hp"]
                wall["hp"] = WALL_HP
                text = (
                    f"{_seat(d['seat'])}'s Repair Miner restores the wall {before} -> {WALL_HP} HP."
                )
                item = {"kind": "repair", "seat": d["seat"], "before": before, "after": WALL_HP}
            item["text"] = text
        pay_items.append(item)
        if owner["miner"] is not None:
            owner["miner"]["countdown"] = owner["miner"]["interval"]
    phases.append(_entry(Phase.PAYOUTS, pay_items))

    # 9 DECAY (W4, W5, ECR-2): every standing wall loses 4, the placement turn included.
    decay_items = []
    for player in players:
        wall = player["wall"]
        if wall is None:
            continue
        before = wall["hp"]
        wall["hp"] = before - WALL_DECAY
        decay_items.append(
            {
                "seat": player["seat"],
                "before": before,
                "after": wall["hp"],
                "text": f"{_seat(player['seat'])}'s wall decays {before} -> {wall['hp']} HP.",
            }
        )
    phases.append(_entry(Phase.DECAY, decay_items))

    # 10 DEATH_CHECK (W7): walls at 0 or below are removed.
    death_items = []
    for player in players:
        if player["wall"] is not None and player["wall"]["hp"] <= 0:
            player["wall"] = None
            death_items.append(
                {"seat": player["seat"], "text": f"{_seat(player['seat'])}'s wall crumbles."}
            )
    phases.append(_entry(Phase.DEATH_CHECK, death_items))

    # 11 VICTORY_CHECK (V1-V3).
    dead = [p["hp"] <= 0 for p in players]
    vic_items = []
    if all(dead):
        message = rng(state["seed"], "antiwar", turn).choice(ANTI_WAR_MESSAGES)
        state["outcome"] = {
            "result": DOUBLE_LOSS,
            "winner": None,
            "reason": EndReason.DOUBLE_KO.value,
            "message": message,
            "turn": turn,
        }
        vic_items.append({"text": f"Both bases fall. {message}"})
    elif any(dead):
        winner = dead.index(False)
        state["outcome"] = {
            "result": WIN,
            "winner": winner,
            "reason": EndReason.BASE_DESTROYED.value,
            "message": f"{_seat(winner)} wins!",
            "turn": turn,
        }
        vic_items.append({"text": f"{_seat(1 - winner)}'s base falls. {_seat(winner)} wins!"})
    else:
        vic_items.append({"text": "Both bases stand."})
    phases.append(_entry(Phase.VICTORY_CHECK, vic_items))

    # 12 CLEANUP (D3-defense, H1, H4): deflections end, hands refill from the deck.
    clean_items = []
    for player in players:
        player["deflection"] = None
        drawn = 0
        while len(player["hand"]) < HAND_SIZE and player["deck"]:
            player["hand"].append(player["deck"].pop(0))
            drawn += 1
        clean_items.append(
            {
                "seat": player["seat"],
                "drawn": drawn,
                "hand": len(player["hand"]),
                "deck": len(player["deck"]),
                "text": f"{_seat(player['seat'])} draws {drawn}: {len(player['hand'])} in hand, "
                f"{len(player['deck'])} in deck.",
            }
        )
    phases.append(_entry(Phase.CLEANUP, clean_items))

    # 13 ADVANCE (T4).
    state["turn"] = turn + 1
    phases.append(_entry(Phase.ADVANCE, [{"text": f"Turn {turn} ends."}]))

    state["log"].append({"turn": turn, "phases": phases})
    state["last_reveal"] = reveal
    if state["outcome"] is not None:
        state["stage"] = Stage.OVER.value
        state["energy_phase"] = None
    else:
        begin_turn(state)
    return [{"type": "turn_resolved", "turn": turn, "outcome": state["outcome"]}]
