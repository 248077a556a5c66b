"""End of Turn Resolution: the only code that changes health (SSC-2, SSR-3, SSR-5).

Order: every queued effect (once-only, charge, health-set) plus the automatic effects of
surviving ships evaluated on the live board; automatic effects of ships lost this turn are
listed as skipped (SSC-5); Science Vessel doubling of automatic effects only; then for both
seats at once ``new = base - damage + healing`` capped at maximum (no floor), where base is
the maximum when a health-set was queued and the old health otherwise; then victory.
"""

from __future__ import annotations

from typing import Any

from .model import MAX_HEALTH, count, other
from .powers import auto_effects
from .ships import EffectKind, Timing

SPIRAL_HEALTH = 5  # maximum health per Spiral owned, three at most (50 in all)


def max_health(state: dict[str, Any], seat: int) -> int:
    """35, plus 5 per Spiral owned now: losing a Spiral lowers it at once, while current
    health is capped only here at End of Turn Resolution (SSR-3)."""
    return MAX_HEALTH + SPIRAL_HEALTH * min(3, count(state["players"][seat]["fleet"], "SPI"))


def _alive_ids(state: dict[str, Any], seat: int) -> set[str]:
    return {ship["id"] for ship in state["players"][seat]["fleet"]}


def resolve_end_of_turn(state: dict[str, Any]) -> dict[str, Any]:
    """Apply the turn's effects to health (mutates the cloned state); returns the summary."""
    turn = state["turnstate"]
    records: list[dict[str, Any]] = [dict(e) for e in turn["effects"]]
    for seat in (0, 1):
        for ship in state["players"][seat]["fleet"]:
            records.extend(auto_effects(state, seat, ship))
    # Every-turn effects of ships destroyed this turn are shown but never applied (SSC-5).
    for lost in turn["lost"]:
        if lost["how"].startswith("destroyed"):
            for record in auto_effects(state, lost["seat"], lost["ship"]):
                records.append(record)
    alive = [_alive_ids(state, 0), _alive_ids(state, 1)]
    for number, record in enumerate(records, start=1):
        record["id"] = f"E{state['turn']}-{number}"
        owner_alive = record["source_id"] in alive[record["owner"]]
        # Once-only and charge effects persist (SSC-4, SSR-4); automatic ones need the source
        # alive and still owned by the same seat (SSC-5).
        record["applied"] = record["persists"] or owner_alive
        if not record["applied"]:
            record["note"] = "skipped: its ship did not survive"
    # Science Vessel doubling: automatic effects only, never once-only or charge effects.
    for record in records:
        if not record["applied"] or record["timing"] != Timing.AUTO.value:
            continue
        vessels = count(state["players"][record["owner"]]["fleet"], "SCI")
        doubles = (record["kind"] == EffectKind.HEAL.value and vessels >= 1) or (
            record["kind"] == EffectKind.DAMAGE.value and vessels >= 3
        )
        if doubles:
            record["amount"] *= 2
            record["note"] = "doubled by Science Vessel"
    before = [state["players"][s]["health"] for s in (0, 1)]
    damage, healing, base = [0, 0], [0, 0], list(before)
    for record in records:
        if not record["applied"]:
            continue
        if record["kind"] in (EffectKind.DAMAGE.value, EffectKind.SELF_DAMAGE.value):
            damage[record["target"]] += record["amount"]
        elif record["kind"] == EffectKind.HEAL.value:
            healing[record["target"]] += record["amount"]
        elif record["kind"] == EffectKind.SET_MAX.value:
            base[record["target"]] = max_health(state, record["target"])
    after, capped = [0, 0], [False, False]
    for seat in (0, 1):
        raw = base[seat] - damage[seat] + healing[seat]
        after[seat] = min(raw, max_health(state, seat))
        capped[seat] = raw > after[seat]
    for seat in (0, 1):
        # The one place in the engine where health changes.
        state["players"][seat]["health"] = after[seat]
    summary = {
        "turn": state["turn"],
        "effects": records,
        "before": before,
        "base": base,
        "damage": damage,
        "healing": healing,
        "after": after,
        "capped": capped,
        "max": [max_health(state, 0), max_health(state, 1)],
    }
    state["summary"] = summary
    state["result"] = victory(after)
    return summary


def victory(health: list[int]) -> dict[str, Any] | None:
    """Section 4: decisive, narrow (both at 0 or below, higher wins) or mutual destruction."""
    down = [h <= 0 for h in health]
    if not any(down):
        return None
    if down[0] and down[1]:
        if health[0] == health[1]:
            return {
                "result": "draw",
                "winner": None,
                "reason": "mutual_destruction",
                "message": f"Mutual destruction: both fleets end at {health[0]}.",
            }
        winner = 0 if health[0] > health[1] else 1
        return {
            "result": "win",
            "winner": winner,
            "reason": "narrow_victory",
            "message": f"Narrow victory: {health[winner]} beats {health[other(winner)]}.",
        }
    winner = 1 if down[0] else 0
    return {
        "result": "win",
        "winner": winner,
        "reason": "victory",
        "message": f"Victory: the opponent's health fell to {health[other(winner)]}.",
    }
