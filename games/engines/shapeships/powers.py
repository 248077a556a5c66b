"""Amount formulas, line generation and effect records.

Every damage, heal or health-set is an effect record queued in the turn and applied only in
End of Turn Resolution (SSC-2, SSR-3)::

    {"id", "turn", "owner", "target", "source", "source_id", "timing", "kind", "amount",
     "persists", "note"}

``persists`` is true for once-only and charge effects (they resolve even if the source is
gone, SSC-4) and false for every-turn automatic effects (the source must be alive, SSC-5).
"""

from __future__ import annotations

from typing import Any

from .model import count, distinct_types, other, xenite_family
from .ships import SHIPS, EffectKind, SolarDef, Timing, siphon_value


def die_of(state: dict[str, Any], seat: int) -> int:
    return state["dice"]["effective"][seat]


def _fleet(state: dict[str, Any], seat: int) -> list[dict]:
    return state["players"][seat]["fleet"]


def amount(
    state: dict[str, Any], seat: int, ship: dict, formula: str, n: int, cap: int | None
) -> int:
    """The value of one formula for ``ship`` owned by ``seat`` (rules page section 3)."""
    fleet = _fleet(state, seat)
    mult = n or 1
    if formula == "fixed":
        value = n
    elif formula == "per_3_fighters":
        value = count(fleet, "FIG") // 3
    elif formula == "trigger_match":
        value = n if die_of(state, seat) == ship.get("trigger") else 0
    elif formula == "per_own_type":
        value = mult * distinct_types(fleet)
    elif formula == "per_carrier":
        # Only Carriers in the fleet: those inside upgrades were removed from it.
        value = mult * count(fleet, "CAR")
    elif formula == "per_2_xenites":
        value = xenite_family(fleet, include_inside=count(fleet, "HVE") > 0) // 2
    elif formula == "behind_bonus":
        behind = state["players"][seat]["health"] < state["players"][other(seat)]["health"]
        value = cap if behind else n
        cap = None
    elif formula == "per_enemy_type":
        value = distinct_types(_fleet(state, other(seat)))
    elif formula == "per_made_not_queen":
        turn = state["turnstate"]
        value = mult * (turn["made"][seat] - turn["queen_made"][seat])
    elif formula == "per_own_ship":
        value = mult * len(fleet)
    elif formula == "die":
        value = die_of(state, seat)
    elif formula == "family_types":
        value = state["turnstate"]["family_types"][seat]
    elif formula == "per_spiral":
        value = count(fleet, "SPI")
    elif formula == "grid_spent":
        # An empty Solar Grid heals on the turns it made no Energy (SSX-GRID).
        value = n if not ship["charges"] and not ship["used_charge"] else 0
    elif formula == "cube_used":
        value = n if state["dice"]["cube_used"][seat] else 0
    elif formula == "die_plus":
        value = die_of(state, seat) + n
    elif formula == "siphon":
        value = siphon_value(n)
    elif formula == "per_core":
        value = mult * sum(1 for s in fleet if SHIPS[s["code"]].core)
    else:  # pragma: no cover - data error
        raise ValueError(f"unknown amount formula {formula}")
    if cap is not None:
        value = min(value, cap)
    return value


def lines_for(state: dict[str, Any], seat: int) -> tuple[int, int, list[str]]:
    """(ordinary lines, joining lines, explanation) generated this turn for ``seat``.

    Every ship owned at Line Generation was built on an earlier turn (Drawing comes later),
    which is exactly the "from the next turn" condition of bonus lines.
    """
    fleet = _fleet(state, seat)
    die = die_of(state, seat)
    ordinary, joining = die, 0
    parts = [f"die {die}"]
    for ship in fleet:
        defn = SHIPS[ship["code"]]
        if defn.line_gen:
            formula, n = defn.line_gen
            gained = n if formula == "fixed" or die % 2 == 0 else 0
            if gained:
                ordinary += gained
                parts.append(f"{defn.name} +{gained}")
        if defn.joining_gen:
            joining += defn.joining_gen
            parts.append(f"{defn.name} +{defn.joining_gen} joining")
    if count(fleet, "SCI") >= 2:
        ordinary += die
        parts.append(f"Science Vessels +{die}")
    for value in state["dice"]["extra_used"][seat]:
        ordinary += value
        parts.append(f"Chronoswarm die +{value}")
    converted = state["players"][seat]["convert"]
    if converted:
        ordinary += converted
        parts.append(f"Convert +{converted}")
    return ordinary, joining, parts


def make_effect(
    state: dict[str, Any],
    owner: int,
    ship: dict,
    timing: Timing,
    kind: EffectKind,
    value: int,
    note: str = "",
) -> dict[str, Any]:
    turn = state["turnstate"]
    target = other(owner) if kind == EffectKind.DAMAGE else owner
    return {
        "id": f"E{state['turn']}-{len(turn['effects']) + 1}",
        "turn": state["turn"],
        "owner": owner,
        "target": target,
        "source": ship["code"],
        "source_name": SHIPS[ship["code"]].name,
        "source_id": ship["id"],
        "timing": timing.value,
        "kind": kind.value,
        "amount": value,
        "persists": timing != Timing.AUTO,
        "note": note,
    }


def solar_effect(
    state: dict[str, Any], owner: int, power: SolarDef, kind: EffectKind, value: int, note: str = ""
) -> dict[str, Any]:
    """The record of one effect of a Solar Power cast: it has no ship and always resolves."""
    return {
        "id": f"E{state['turn']}-{len(state['turnstate']['effects']) + 1}",
        "turn": state["turn"],
        "owner": owner,
        "target": other(owner) if kind == EffectKind.DAMAGE else owner,
        "source": power.code,
        "source_name": power.name,
        "source_id": f"solar-{power.code}",
        "timing": Timing.SOLAR.value,
        "kind": kind.value,
        "amount": value,
        "persists": True,
        "note": note,
    }


def queue(state: dict[str, Any], record: dict[str, Any]) -> None:
    """Queue an effect for End of Turn Resolution; nothing touches health here (SSC-2)."""
    state["turnstate"]["effects"].append(record)


def queue_once_effects(state: dict[str, Any], seat: int, ship: dict) -> None:
    """Once-only powers of a ship made this turn (SSC-4: they survive their source)."""
    for power in SHIPS[ship["code"]].powers:
        if power.timing == Timing.ONCE:
            value = amount(state, seat, ship, power.amount, power.n, power.cap)
            queue(state, make_effect(state, seat, ship, Timing.ONCE, power.kind, value))


def auto_effects(state: dict[str, Any], seat: int, ship: dict) -> list[dict[str, Any]]:
    """Every-turn effects of one ship, evaluated on the live board at resolution."""
    out = []
    for power in SHIPS[ship["code"]].powers:
        if power.timing != Timing.AUTO:
            continue
        value = amount(state, seat, ship, power.amount, power.n, power.cap)
        if value:
            out.append(make_effect(state, seat, ship, Timing.AUTO, power.kind, value))
    return out
