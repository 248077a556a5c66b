"""Attacks: declaration, the block step, and damage (GDR-5, -6, -7, -13, -17, -21).

An ATTACK names a list of attackers (GDR-5); they attack one by one in list order, each with
its own block step, and the rest of the list waits in ``state["attack"]["queue"]`` (still
active) until the one before has resolved. When the game ends mid-list the rest never attack.
An attack on the player hits the Base first (AP damage, no spill), else exactly one Shield,
else the player loses. Functions mutate the given state.
"""

from __future__ import annotations

from typing import Any

from .cards import EX_BASE, card
from .flow import is_over, lose
from .state import (
    BLOCK_STEP,
    Reason,
    add_log,
    base_hp,
    find_unit,
    has_keyword,
    other,
    player,
    seat_name,
    unit_ap,
    unit_hp,
)

PLAYER = "player"


def _name(no: str) -> str:
    return card(no)["name"]


def eligible_blockers(state: dict[str, Any], defender: int, target: str) -> list[dict[str, Any]]:
    """Active <Blocker> units of the defender other than the attack's own target."""
    return [
        u
        for u in player(state, defender)["battle"]
        if has_keyword(u, "blocker") and not u["rested"] and u["id"] != target
    ]


def declare_attacks(state: dict[str, Any], seat: int, attackers: list[str], target: str) -> None:
    """GDR-5: the first attacker attacks now; the others queue behind it in list order."""
    declare_attack(state, seat, attackers[0], target, list(attackers[1:]))


def declare_attack(
    state: dict[str, Any], seat: int, attacker_id: str, target: str, queue: list[str]
) -> None:
    """Rest the attacker; pause at the block step if the defender may block, else resolve."""
    unit = find_unit(player(state, seat), attacker_id)
    unit["rested"] = True
    defender = other(seat)
    state["counters"]["attacks"] += 1
    state["attack"] = {
        "n": state["counters"]["attacks"],
        "seat": seat,
        "attacker": attacker_id,
        "target": target,
        "step": None,
        "queue": queue,
        # A block changes "target"; the rest of the list still attacks what the move named.
        "declared": target,
    }
    if target == PLAYER:
        what = f"{seat_name(defender)}"
    else:
        what = _name(find_unit(player(state, defender), target)["no"])
    add_log(state, "attack", f"{_name(unit['no'])} attacks {what}.", seat)
    if has_keyword(unit, "high_maneuver"):
        if eligible_blockers(state, defender, target):
            add_log(
                state,
                "keyword",
                f"High-Maneuver: {_name(unit['no'])} cannot be blocked.",
                seat,
            )
    elif eligible_blockers(state, defender, target):
        state["attack"]["step"] = BLOCK_STEP
        return
    resolve_attack(state)


def block(state: dict[str, Any], blocker_id: str) -> None:
    """<Blocker>: rest the blocker; it becomes the attack's target."""
    attack = state["attack"]
    defender = other(attack["seat"])
    blocker = find_unit(player(state, defender), blocker_id)
    blocker["rested"] = True
    attack["target"] = blocker_id
    attack["step"] = None
    add_log(state, "keyword", f"Blocker: {_name(blocker['no'])} blocks the attack.", defender)
    resolve_attack(state)


def pass_block(state: dict[str, Any], timed_out: bool = False) -> None:
    attack = state["attack"]
    defender = other(attack["seat"])
    why = "ran out of time and " if timed_out else ""
    add_log(state, "block", f"{seat_name(defender)} {why}does not block.", defender)
    attack["step"] = None
    resolve_attack(state)


def resolve_attack(state: dict[str, Any]) -> None:
    attack = state["attack"]
    seat = attack["seat"]
    attacker = find_unit(player(state, seat), attack["attacker"])
    if attack["target"] == PLAYER:
        hit_player(state, other(seat), unit_ap(attacker))
    else:
        fight(state, seat, attacker, find_unit(player(state, other(seat)), attack["target"]))
    state["attack"] = None
    _next_in_list(state, seat, attack.get("declared", attack["target"]), attack.get("queue", []))


def _next_in_list(state: dict[str, Any], seat: int, target: str, queue: list[str]) -> None:
    """GDR-5: the next listed attacker attacks, unless the game has ended (the rest stay
    active). Every queued attacker was checked with the move; one that can no longer attack
    (a queue only ever aims at the player, so no fight touches it) is passed over."""
    while queue and not is_over(state):
        head, queue = queue[0], queue[1:]
        unit = find_unit(player(state, seat), head)
        if unit is not None and not unit["rested"] and unit["can_attack"]:
            declare_attack(state, seat, head, target, queue)
            return


def hit_player(state: dict[str, Any], defender: int, damage: int) -> None:
    """Base first (no spill), else the top Shield, else the defender loses (GDR-6)."""
    if damage <= 0:
        return  # zero damage is not dealt at all
    p = player(state, defender)
    if p["base"] is not None:
        damage_base(state, defender, damage)
    elif p["shields"]:
        destroy_top_shield(state, defender)
    else:
        lose(
            state,
            defender,
            Reason.BATTLE_DAMAGE,
            f"{seat_name(defender)} took battle damage with no Base and no Shields.",
        )


def damage_base(state: dict[str, Any], seat: int, n: int) -> None:
    p = player(state, seat)
    base = p["base"]
    base["damage"] += n
    name = _name(base["no"])
    if base_hp(base) <= 0:
        p["base"] = None
        if base["no"] == EX_BASE["no"]:
            # A token that leaves the field stops existing.
            add_log(state, "base_destroyed", f"{seat_name(seat)}'s {name} is destroyed.", seat)
        else:
            p["trash"].append(base["id"])
            add_log(state, "base_destroyed", f"{seat_name(seat)}'s {name} is destroyed.", seat)
    else:
        add_log(state, "damage", f"{seat_name(seat)}'s {name} takes {n} damage.", seat)


def destroy_top_shield(state: dict[str, Any], seat: int) -> None:
    """The top Shield is destroyed, revealed (named in the log) and trashed (GDR-21)."""
    p = player(state, seat)
    sid = p["shields"].pop(0)
    p["trash"].append(sid)
    add_log(
        state,
        "shield_destroyed",
        f"{seat_name(seat)} loses a Shield (revealed: {_name(state['cards'][sid])}); "
        f"{len(p['shields'])} left.",
        seat,
    )


def destroy_unit(state: dict[str, Any], seat: int, unit: dict[str, Any], how: str = "") -> None:
    """A destroyed Unit and its Pilot go to the owner's trash."""
    p = player(state, seat)
    p["battle"].remove(unit)
    p["trash"].append(unit["id"])
    if unit["pilot"]:
        p["trash"].append(unit["pilot"])
    add_log(
        state,
        "unit_destroyed",
        f"{seat_name(seat)}'s {_name(unit['no'])} is destroyed{how}.",
        seat,
    )


def fight(
    state: dict[str, Any], seat: int, attacker: dict[str, Any], defender_unit: dict[str, Any]
) -> None:
    """Unit against unit: simultaneous damage, or First Strike first; Breach on a kill."""
    enemy = other(seat)
    ap_a = unit_ap(attacker)
    ap_d = unit_ap(defender_unit)
    first = has_keyword(attacker, "first_strike")
    if first:
        add_log(state, "keyword", f"First Strike: {_name(attacker['no'])} strikes first.", seat)
        if ap_a > 0:
            defender_unit["damage"] += ap_a
        if unit_hp(defender_unit) <= 0:
            destroy_unit(state, enemy, defender_unit, " in battle")
            _breach(state, seat, attacker)
            return
        if ap_d > 0:
            attacker["damage"] += ap_d
    else:
        if ap_a > 0:
            defender_unit["damage"] += ap_a
        if ap_d > 0:
            attacker["damage"] += ap_d
    killed = unit_hp(defender_unit) <= 0
    if unit_hp(attacker) <= 0:
        destroy_unit(state, seat, attacker, " in battle")
    if killed:
        destroy_unit(state, enemy, defender_unit, " in battle")
        # Breach fires even when the attacker died in the same fight.
        _breach(state, seat, attacker)


def _breach(state: dict[str, Any], seat: int, attacker: dict[str, Any]) -> None:
    n = has_keyword(attacker, "breach")
    if not n:
        return
    enemy = other(seat)
    p = player(state, enemy)
    if p["base"] is None and not p["shields"]:
        add_log(state, "keyword", f"Breach {n}: the shield area is empty; nothing happens.", seat)
        return
    add_log(state, "keyword", f"Breach {n}: {_name(attacker['no'])} hits the shield area.", seat)
    if p["base"] is not None:
        damage_base(state, enemy, n)
    else:
        destroy_top_shield(state, enemy)
