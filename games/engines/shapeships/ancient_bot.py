"""How the level-1 bot plays an Ancient fleet, from its own view and legal actions only.

Drawing: Mercury and Pluto Cores first (cheap, and Energy every turn), then the Basic ship
worth most per line among those affordable, each copy already owned making the next one
less attractive; Pluto (green) never outnumbers Mercury (red, the damage), since green
beyond red only heals and two mirrored healers never finish a match. Lines are spent:
Energy grows with the Cores, and Ancients have no upgrades of their own (an upgrade from
copied ships is left to the general bot). A Quantum Mystic gets the number its
fleet's Mystics share least.

Dice: the Cube die is taken when it is worth more (a die matching a Mystic's or a Frigate's
number counts extra; a Cube used deals 3).

Declaration: Energy is lost at the end of the turn, so all of it is spent. The bot plans
the whole turn's Energy at once (how many Black Holes, which Siphon X, then Vortexes,
Supernovas, Star Births and the blue left) and casts the plan's first step; it plans again
after every cast. Damage counts in full, healing less the healthier the fleet is.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .ships import SHIPS, SIPHON_MIN, siphon_value

CORES = ("PLU", "MER", "NEP")
# Worth of one more ship of each kind to an Ancient, before its cost and the copies owned.
WORTH = {"MER": 5, "PLU": 4, "NEP": 3.5, "QUA": 2.5, "SPI": 4, "SOL": 5, "CUB": 6}
EARLY_TURNS = 3  # Mercury and Pluto Cores first on these turns
QUANTUM_MATCH = 7  # a Mystic whose number comes up: 2 blue Energy and heal 5
FRIGATE_MATCH = 6
VORTEX_MIN_TYPES = 4  # below this a Vortex's 2 per type is worth less than its Energy
CONVERT = 1.2  # one line next turn, for one blue


def _triggers(groups: list[dict], code: str) -> list[int]:
    return [t for g in groups if g["code"] == code for t in g["triggers"]]


def _per_line(code: str, have: Counter, health: int) -> float:
    worth = WORTH.get(code, 1) + (2 if code == "SPI" and health < 20 else 0)
    if code == "NEP" and have["NEP"] >= 4:
        worth /= 2
    return worth / (1 + have[code] / 2) / SHIPS[code].cost


def drawing(view: dict[str, Any], options: list[dict], value) -> dict | None:
    """The next Drawing move, or None to let the general bot decide (an upgrade is ready)."""
    if any(a["type"] == "upgrade" and value(a["ship"], 25, 0) >= 1 for a in options):
        return None
    plan = view["me"]["plan"]
    have = Counter()
    for group in plan["preview"]:
        have[group["code"]] += group["count"]
    numbers = Counter(_triggers(plan["preview"], "QUA"))
    # The number the fleet's Mystics share least (ties: the higher number).
    number = min(range(6, 0, -1), key=lambda n: numbers[n])
    # Green beyond red only heals (a Siphon pairs them): lines wait for a Mercury instead.
    builds = [
        a
        for a in options
        if a["type"] == "build"
        and a.get("trigger") in (None, number)
        and not (a["ship"] == "PLU" and have["PLU"] >= have["MER"])
    ]
    if not builds:
        return {"type": "confirm"}
    early = view["turn"] <= EARLY_TURNS
    health = view["players"][view["viewer"]]["health"]
    return max(
        builds,
        key=lambda a: (early and a["ship"] in ("MER", "PLU"), _per_line(a["ship"], have, health)),
    )


def use_cube(view: dict[str, Any], seat: int) -> bool:
    dice = view["dice"]
    fleet = view["players"][seat]["fleet"]
    mystics, frigates = _triggers(fleet, "QUA"), _triggers(fleet, "FRI")
    cubes = sum(g["count"] for g in fleet if g["code"] == "CUB")

    def worth(die: int) -> int:
        return die + QUANTUM_MATCH * mystics.count(die) + FRIGATE_MATCH * frigates.count(die)

    return worth(dice["cube"][seat]) + 3 * cubes >= worth(dice["main"])


def best_cast(view: dict[str, Any], seat: int, casts: list[dict], values: dict) -> dict:
    """The first step of the best plan for the Energy left (``values``: ship worths)."""
    me = view["players"][seat]
    left = view["me"]["energy_left"]
    die = view["dice"]["effective"][seat]
    # Damage ends matches: healing is worth its full amount only when low.
    heal = 1.0 if me["health"] <= 15 else 0.5 if me["health"] <= me["max_health"] - 15 else 0.1
    cores = sum(g["count"] for g in me["fleet"] if g["code"] in CORES)
    types = len(me["fleet"])
    first = _plan(left, die, cores, types, heal)
    if first == "SBLA":
        holes = [a for a in casts if a["power"] == "SBLA"]
        return max(holes, key=lambda a: values.get(a.get("target"), 0))
    if first == "SSIM":
        # A copy for good, if one is worth its blue more than lines next turn would be.
        copies = [a for a in casts if a["power"] == "SSIM"]
        pick = max(copies, key=lambda a: _copy_worth(a, values), default=None)
        if pick is not None and _copy_worth(pick, values) >= CONVERT:
            return pick
        first = ("SCON", None)
    for action in casts:
        if action["power"] == first[0] and action.get("x") == first[1]:
            return action
    return casts[0]  # pragma: no cover - the plan only names affordable casts


def _copy_worth(action: dict, values: dict) -> float:
    """A Simulacrum's worth per blue spent."""
    return 1.5 * values.get(action["target"], 1) / SHIPS[action["target"]].cost


def _plan(left: dict[str, int], die: int, cores: int, types: int, heal: float):
    """The first cast of the best whole-turn plan: "SBLA", "SSIM" or (power, x)."""
    red, green, blue = left["red"], left["green"], left["blue"]
    best: tuple[float, Any] = (-1.0, None)
    for holes in range(min(red, green, blue) // 4 + 1):
        r, g, b = red - 4 * holes, green - 4 * holes, blue - 4 * holes
        for x in [0, *range(SIPHON_MIN, min(r, g) + 1)]:
            total = holes * (cores + 2) + (siphon_value(x) * (1 + heal) if x else 0)
            r2, g2 = r - x, g - x
            vortex = min(r2, g2, b) // 2 if types >= VORTEX_MIN_TYPES else 0
            r3, g3, b3 = r2 - 2 * vortex, g2 - 2 * vortex, b - 2 * vortex
            total += vortex * 2 * types
            total += (r3 // 3) * (die + 3) + r3 % 3
            total += heal * ((g3 // 3) * (die + 3) + g3 % 3)
            total += CONVERT * b3
            if holes:
                step: Any = "SBLA"
            elif x:
                step = ("SSIP", x)
            elif vortex:
                step = ("SVOR", None)
            elif r3 >= 3:
                step = ("SSUP", None)
            elif r3:
                step = ("SAST", None)
            elif g3 >= 3:
                step = ("SSTA", None)
            elif g3:
                step = ("SLIF", None)
            else:
                step = "SSIM" if b3 >= 3 else ("SCON", None)
            if total > best[0]:
                best = (total, step)
    return best[1]
