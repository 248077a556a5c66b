"""Ancient Energy (rules page section 2, SSR-10): red, green and blue, made at Reveal,
spent on Solar Powers in Declaration, and lost at the end of the turn (it lives in the
turn-scoped ``turnstate["energy"]``, one ``{"red", "green", "blue"}`` per seat).

Made after the other Reveal powers: each Mercury Core 1 red, Pluto Core 1 green, Neptune
Core 1 blue; each Solar Grid with a charge left spends one for 1 of each colour; each
Quantum Mystic whose number is its owner's effective die 2 blue. Ships drawn this turn make
theirs at this turn's Reveal (SSR-10). Only an Ancient makes Energy (SSX-ENERGY): a ship a
Centaur stole makes none for it, and a stolen Solar Grid keeps its charges.
"""

from __future__ import annotations

from typing import Any

from .model import no_energy
from .ships import ENERGY_COLOURS, SHIPS, SolarDef, Species


def generate(state: dict[str, Any], seat: int) -> dict[str, int]:
    """This turn's Energy of ``seat``; spends Solar Grid charges (mutates the cloned state)."""
    energy = no_energy()
    player = state["players"][seat]
    if player["species"] != Species.ANCIENT:
        return energy
    die = state["dice"]["effective"][seat]
    for ship in player["fleet"]:
        source = SHIPS[ship["code"]].energy
        if source is None:
            continue
        formula, n = source
        if formula in ENERGY_COLOURS:
            energy[formula] += n
        elif formula == "blue_on_trigger":
            if ship["trigger"] == die:
                energy["blue"] += n
        elif formula == "grid" and ship["charges"]:
            # Marked like a used charge: an empty grid heals only on turns it made nothing.
            ship["charges"] -= 1
            ship["used_charge"] = True
            for colour in ENERGY_COLOURS:
                energy[colour] += n
    return energy


def cost_of(power: SolarDef, x: int = 0) -> dict[str, int]:
    """What one cast costs; ``x`` is the copied ship's cost (Simulacrum) or Siphon's X."""
    cost = {"red": power.red, "green": power.green, "blue": power.blue}
    if power.variable == "target_cost":
        cost["blue"] += x
    elif power.variable == "siphon":
        cost["red"] += x
        cost["green"] += x
    return cost


def left(state: dict[str, Any], seat: int, data: dict[str, Any]) -> dict[str, int]:
    """Energy still unspent by the casts composed so far (a Black Hole being aimed counts)."""
    out = dict(state["turnstate"]["energy"][seat])
    casts = list(data.get("solar", []))
    if data.get("hole"):
        casts.append(data["hole"])
    for cast in casts:
        for colour in ENERGY_COLOURS:
            out[colour] -= cast["cost"][colour]
    return out


def affords(have: dict[str, int], cost: dict[str, int]) -> bool:
    return all(have[c] >= cost[c] for c in ENERGY_COLOURS)


def words(cost: dict[str, int]) -> str:
    """``{"red": 3, ...}`` -> "3 red" (the colours that cost anything)."""
    parts = [f"{cost[c]} {c}" for c in ENERGY_COLOURS if cost[c]]
    return " + ".join(parts) if parts else "nothing"
