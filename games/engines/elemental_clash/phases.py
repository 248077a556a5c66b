"""Phases 2-13 of T2, one function each.

Every phase function takes the engine's private state clone and the turn context
``ctx`` (``turn``, ``chosen`` [seat] -> card or None, ``verdicts`` [seat], ``reveal``) and
returns the list of public log items for that phase (possibly empty: the phase still runs,
T3). ``PHASES`` lists them in the exact order of T2.
"""

from collections.abc import Callable

from games.engines.core import DOUBLE_LOSS, WIN, rng

from . import cards
from .combat import resolve_attack
from .constants import (
    ANTI_WAR_MESSAGES,
    DEFLECTION,
    HAND_SIZE,
    MINER_FIRES,
    MINER_INTERVAL,
    PHASE_ORDER,
    POWER,
    SUBTYPE_LABEL,
    VERDICT_OK,
    VERDICT_UNAFFORDABLE,
    VERDICT_WASTED_MINER,
    VERDICT_WASTED_WALL,
    WALL,
    WALL_DECAY,
    WALL_HP,
    EndReason,
    Phase,
)

# A battle turn's log names a seat about fifteen times: the labels are formatted once.
_SEAT_LABELS = ("Seat 1", "Seat 2")


def seat_label(s: int) -> str:
    return _SEAT_LABELS[s]


def selection(state: dict, ctx: dict) -> list[dict]:
    """2 SELECTION (already closed): who chose, and who was AUTO-SELECTED (S3)."""
    items = []
    for player, card in zip(state["players"], ctx["chosen"], strict=True):
        s = player["seat"]
        if card is None:
            text = f"{seat_label(s)} has no card to play (empty hand)."
        elif player["auto"]:
            text = f"{seat_label(s)}'s card was AUTO-SELECTED."
        else:
            text = f"{seat_label(s)} locked in a card."
        items.append({"seat": s, "auto": player["auto"], "none": card is None, "text": text})
    return items


def reveal(state: dict, ctx: dict) -> list[dict]:
    """3 REVEAL: both cards at once, by name (never by id, ECD-4)."""
    items = []
    for player, card in zip(state["players"], ctx["chosen"], strict=True):
        s = player["seat"]
        if card is None:
            shown, text = None, f"{seat_label(s)} reveals nothing."
        else:
            shown = cards.public(card)  # a new dict: the flag may be added in place
            shown["auto"] = player["auto"]
            text = f"{seat_label(s)} reveals {shown['name']}."
        ctx["reveal"]["cards"].append(shown)
        items.append({"seat": s, "card": shown, "text": text})
    return items


def validation(state: dict, ctx: dict) -> list[dict]:
    """4 VALIDATION (E4, E5, W3, M3, EC3-EC5, ECR-7): can each revealed card take effect?"""
    items = []
    for player, card in zip(state["players"], ctx["chosen"], strict=True):
        if card is None:
            ctx["verdicts"].append(None)
            continue
        if cards.cost(card) > player["energy"]:
            verdict, why = VERDICT_UNAFFORDABLE, "unaffordable: no effect, stays in hand"
        elif player["wall"] is not None and cards.is_wall(card):
            verdict, why = VERDICT_WASTED_WALL, "a wall already stands: wasted"
        elif player["miner"] is not None and cards.is_miner(card):
            verdict, why = VERDICT_WASTED_MINER, "a miner already stands: wasted"
        else:
            verdict, why = VERDICT_OK, "valid"
        ctx["verdicts"].append(verdict)
        s = player["seat"]
        items.append(
            {
                "seat": s,
                "verdict": verdict,
                "text": f"{seat_label(s)}'s {cards.name(card)}: {why}.",
            }
        )
    ctx["reveal"]["verdicts"] = ctx["verdicts"]
    return items


def _played(state: dict, ctx: dict, only_ok: bool = False):
    """(player, card) for every card that is played (valid or wasted; only valid if asked)."""
    for player, card, verdict in zip(state["players"], ctx["chosen"], ctx["verdicts"], strict=True):
        if card is None or verdict == VERDICT_UNAFFORDABLE:
            continue
        if only_ok and verdict != VERDICT_OK:
            continue
        yield player, card


def deduction(state: dict, ctx: dict) -> list[dict]:
    """5 DEDUCTION (E4): pay for every played card (valid or wasted); it leaves the hand and
    the game (H3, DK4). An unaffordable card costs nothing and stays (ECR-7)."""
    items = []
    for player, card in _played(state, ctx):
        before, paid = player["energy"], cards.cost(card)
        player["energy"] = before - paid
        player["hand"] = [c for c in player["hand"] if c["id"] != card["id"]]
        s = player["seat"]
        items.append(
            {
                "seat": s,
                "cost": paid,
                "before": before,
                "after": player["energy"],
                "text": f"{seat_label(s)} pays {paid}: energy {before} -> {player['energy']}.",
            }
        )
    return items


def placement(state: dict, ctx: dict) -> list[dict]:
    """6 PLACEMENT (D1-defense): walls, miners and this turn's deflection, before attacks."""
    items = []
    for player, card in _played(state, ctx, only_ok=True):
        s, st = player["seat"], card["subtype"]
        if st == WALL:
            player["wall"] = {"element": card["element"], "hp": WALL_HP, "turn_placed": ctx["turn"]}
            text = f"{seat_label(s)} raises {cards.with_article(card)} ({WALL_HP} HP)."
        elif cards.is_miner(card):
            interval = MINER_INTERVAL[st]
            player["miner"] = {
                "subtype": st,
                "element": card["element"],
                "countdown": interval,  # M6: starts at the interval
                "interval": interval,
                "turn_placed": ctx["turn"],
            }
            text = f"{seat_label(s)} places {cards.with_article(card)}."
        elif st == DEFLECTION:
            player["deflection"] = {"element": card["element"], "used": False}
            text = f"{seat_label(s)}'s {cards.name(card)} is up for this turn."
        else:
            continue
        items.append({"seat": s, "subtype": st, "text": text})
    return items


def resolution(state: dict, ctx: dict) -> list[dict]:
    """7 RESOLUTION (A9): seat 1's attack, then seat 2's; both always resolve."""
    items = []
    for player, card in _played(state, ctx, only_ok=True):
        if card["subtype"] in POWER:
            defender = state["players"][1 - player["seat"]]
            items.append(resolve_attack(defender, card["subtype"], player["seat"], "card"))
    return items


def payouts(state: dict, ctx: dict) -> list[dict]:
    """8 PAYOUTS (M5-M7, ECR-3, ECR-4, ECR-12, ECR-14): surviving miners tick; due miners pay
    in seat order, seat 1's first, and their countdown resets. A due miner whose base was hit
    by an earlier payout of this phase is already dead (M8) and does not pay (ECR-14)."""
    players = state["players"]
    items = []
    due = []
    for player in players:
        miner = player["miner"]
        if miner is None or miner["interval"] is None:  # none, or the reactive deflection miner
            continue
        miner["countdown"] -= 1
        if miner["countdown"] <= 0:
            due.append((player["seat"], miner["subtype"]))
        else:
            items.append(
                {
                    "seat": player["seat"],
                    "kind": "countdown",
                    "countdown": miner["countdown"],
                    "text": f"{seat_label(player['seat'])}'s {SUBTYPE_LABEL[miner['subtype']]}: "
                    f"{miner['countdown']} turn(s) to payout.",
                }
            )
    for seat, subtype in due:
        owner = players[seat]
        if owner["miner"] is None:
            # ECR-14 / M9: the other seat's payout hit this base first and killed the miner.
            items.append(
                {
                    "seat": seat,
                    "kind": "killed_before_payout",
                    "subtype": subtype,
                    "text": f"{seat_label(seat)}'s {SUBTYPE_LABEL[subtype]} was destroyed "
                    "before its payout: it does not pay.",
                }
            )
            continue
        if subtype in MINER_FIRES:
            item = resolve_attack(players[1 - seat], MINER_FIRES[subtype], seat, subtype)
            item["kind"] = "payout_attack"
        else:
            item = _repair(owner)
        items.append(item)
        if owner["miner"] is not None:
            owner["miner"]["countdown"] = owner["miner"]["interval"]
    return items


def _repair(owner: dict) -> dict:
    """M7 / EC12: restore the owner's wall to 12 HP; without a wall nothing happens."""
    who = seat_label(owner["seat"])
    wall = owner["wall"]
    if wall is None:
        return {
            "kind": "repair",
            "seat": owner["seat"],
            "before": None,
            "after": None,
            "text": f"{who}'s Repair Miner pays out: no wall to repair.",
        }
    before = wall["hp"]
    wall["hp"] = WALL_HP
    return {
        "kind": "repair",
        "seat": owner["seat"],
        "before": before,
        "after": WALL_HP,
        "text": f"{who}'s Repair Miner restores the wall {before} -> {WALL_HP} HP.",
    }


def decay(state: dict, ctx: dict) -> list[dict]:
    """9 DECAY (W4, W5, ECR-2): every standing wall loses 4, the placement turn included."""
    items = []
    for player in state["players"]:
        wall = player["wall"]
        if wall is None:
            continue
        before = wall["hp"]
        wall["hp"] = before - WALL_DECAY
        s = player["seat"]
        items.append(
            {
                "seat": s,
                "before": before,
                "after": wall["hp"],
                "text": f"{seat_label(s)}'s wall decays {before} -> {wall['hp']} HP.",
            }
        )
    return items


def death_check(state: dict, ctx: dict) -> list[dict]:
    """10 DEATH_CHECK (W7, DM2): walls at 0 HP or below are removed."""
    items = []
    for player in state["players"]:
        if player["wall"] is not None and player["wall"]["hp"] <= 0:
            player["wall"] = None
            items.append(
                {"seat": player["seat"], "text": f"{seat_label(player['seat'])}'s wall crumbles."}
            )
    return items


def victory_check(state: dict, ctx: dict) -> list[dict]:
    """11 VICTORY_CHECK (V1-V3): a fallen base loses; both fallen is a double loss with a
    seeded anti-war message."""
    dead = [p["hp"] <= 0 for p in state["players"]]
    turn = ctx["turn"]
    if all(dead):
        message = rng(state["seed"], "antiwar", turn).choice(ANTI_WAR_MESSAGES)
        state["outcome"] = {
            "result": DOUBLE_LOSS,
            "winner": None,
            "reason": EndReason.DOUBLE_KO.value,
            "message": message,
            "turn": turn,
        }
        return [{"text": f"Both bases fall. {message}"}]
    if any(dead):
        winner = dead.index(False)
        state["outcome"] = {
            "result": WIN,
            "winner": winner,
            "reason": EndReason.BASE_DESTROYED.value,
            "message": f"{seat_label(winner)} wins!",
            "turn": turn,
        }
        return [{"text": f"{seat_label(1 - winner)}'s base falls. {seat_label(winner)} wins!"}]
    return [{"kind": "stand", "text": "Both bases stand."}]


def cleanup(state: dict, ctx: dict) -> list[dict]:
    """12 CLEANUP (D3-defense, H1, H4, DK3): deflections end; hands refill from the deck."""
    items = []
    for player in state["players"]:
        player["deflection"] = None
        drawn = 0
        while len(player["hand"]) < HAND_SIZE and player["deck"]:
            player["hand"].append(player["deck"].pop(0))
            drawn += 1
        s = player["seat"]
        items.append(
            {
                "seat": s,
                "drawn": drawn,
                "hand": len(player["hand"]),
                "deck": len(player["deck"]),
                "text": f"{seat_label(s)} draws {drawn}: {len(player['hand'])} in hand, "
                f"{len(player['deck'])} in deck.",
            }
        )
    return items


def advance(state: dict, ctx: dict) -> list[dict]:
    """13 ADVANCE (T4): the turn counter goes up by one."""
    state["turn"] = ctx["turn"] + 1
    return [{"text": f"Turn {ctx['turn']} ends."}]


PhaseFn = Callable[[dict, dict], list[dict]]
PHASES: list[tuple[Phase, PhaseFn]] = [
    (Phase.SELECTION, selection),
    (Phase.REVEAL, reveal),
    (Phase.VALIDATION, validation),
    (Phase.DEDUCTION, deduction),
    (Phase.PLACEMENT, placement),
    (Phase.RESOLUTION, resolution),
    (Phase.PAYOUTS, payouts),
    (Phase.DECAY, decay),
    (Phase.DEATH_CHECK, death_check),
    (Phase.VICTORY_CHECK, victory_check),
    (Phase.CLEANUP, cleanup),
    (Phase.ADVANCE, advance),
]
# T2: phase 1 (ENERGY) runs when the turn begins; these are the other twelve, in order.
assert [p.value for p, _ in PHASES] == PHASE_ORDER[1:]
