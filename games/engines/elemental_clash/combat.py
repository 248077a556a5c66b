"""One attack against one defender (A1-A10, D3-D5 of defense, DM1-DM4, ECR-1, ECR-4, ECR-10).

``resolve_attack`` is used for card attacks in RESOLUTION and for miner payouts in PAYOUTS:
a payout is exactly an attack of its subtype (ECR-4). It changes ``defender`` in place (the
engine works on its own clone) and returns a public log item with every number.
"""

from .constants import DEFLECTION_MINER, DEFLECTION_REDUCTION, POWER, PROJECTILE, SUBTYPE_LABEL


def resolve_attack(defender: dict, subtype: str, attacker: int, source: str) -> dict:
    """Resolve an attack of ``subtype`` fired by seat ``attacker`` from ``source``.

    ``source`` is "card" or the firing miner's subtype. Order (A10): deflection (miner, then
    card), deflection reduction, wall (continuous only), overflow, base damage, miner death.
    """
    power = POWER[subtype]
    damage = power
    item = {
        "kind": "attack",
        "attacker": attacker,
        "target": defender["seat"],
        "source": source,
        "subtype": subtype,
        "power": power,
        "blocked_by": None,
        "deflection_reduction": 0,
        "wall_before": None,
        "wall_absorbed": 0,
        "wall_after": None,
        "wall_destroyed": False,
        "base_damage": 0,
        "hp_after": defender["hp"],
        "miner_killed": None,
    }
    deflection = defender["deflection"]
    deflection_ready = deflection is not None and not deflection["used"]
    miner = defender["miner"]

    if subtype == PROJECTILE:
        if miner is not None and miner["subtype"] == DEFLECTION_MINER:
            # A8 / M10 / ECR-10: the deflection miner blocks every projectile and survives.
            item["blocked_by"] = "deflection_miner"
            item["deflection_reduction"] = damage
            damage = 0
        elif deflection_ready:
            # A7 / D4-defense: full block, and the deflection is used up.
            item["blocked_by"] = "deflection"
            item["deflection_reduction"] = damage
            deflection["used"] = True
            damage = 0
        # A6 / W9: otherwise the projectile ignores the wall entirely.
        to_base = damage
    else:
        if deflection_ready:
            # A3 / A4 / D5-defense: -2, applied before the wall.
            reduction = min(DEFLECTION_REDUCTION, damage)
            damage -= reduction
            item["deflection_reduction"] = reduction
        wall = defender["wall"]
        if wall is not None:
            # A2 / W8 / DM2 / DM3 / ECR-1: the wall absorbs first; at 0 or below it is gone.
            before = wall["hp"]
            item["wall_before"] = before
            item["wall_absorbed"] = min(damage, before)
            wall["hp"] = before - damage
            to_base = max(0, damage - before)
            if wall["hp"] <= 0:
                defender["wall"] = None
                item["wall_destroyed"] = True
                item["wall_after"] = 0
            else:
                item["wall_after"] = wall["hp"]
        else:
            to_base = damage

    if to_base > 0:
        # DM1: HP may go below 0. M8 / DM4: any base damage kills the miner at once.
        defender["hp"] -= to_base
        item["base_damage"] = to_base
        if defender["miner"] is not None:
            item["miner_killed"] = defender["miner"]["subtype"]
            defender["miner"] = None
    item["hp_after"] = defender["hp"]
    item["text"] = describe(item)
    return item


def describe(item: dict) -> str:
    who = f"Seat {item['attacker'] + 1}"
    source = "" if item["source"] == "card" else f" ({SUBTYPE_LABEL[item['source']]} payout)"
    parts = [f"{who}'s {SUBTYPE_LABEL[item['subtype']]}{source}: {item['power']} damage"]
    if item["blocked_by"] == "deflection_miner":
        parts.append("blocked by the Deflection Miner")
    elif item["blocked_by"] == "deflection":
        parts.append("fully deflected")
    elif item["deflection_reduction"]:
        parts.append(f"deflection -{item['deflection_reduction']}")
    if item["wall_before"] is not None:
        after = "destroyed" if item["wall_destroyed"] else f"{item['wall_after']} HP"
        parts.append(f"wall {item['wall_before']} HP absorbs {item['wall_absorbed']} -> {after}")
    parts.append(f"base takes {item['base_damage']} -> {item['hp_after']} HP")
    if item["miner_killed"]:
        parts.append(f"{SUBTYPE_LABEL[item['miner_killed']]} destroyed")
    return "; ".join(parts) + "."
