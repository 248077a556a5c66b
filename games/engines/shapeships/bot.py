"""A heuristic bot for every species, deciding only from its own view and legal actions.

Drawing: make ships with Carriers, upgrade into the most expensive ship possible, evolve
Xenites, then buy components of the best upgrade within reach, then the species' preferred
Basic ships; lock in when nothing useful is left (every step spends lines or a one-off
choice, so the bot always reaches "confirm"). Battle: strike the costliest Basic ship,
spend every charge (healing when behind and hurt, dealing otherwise).

Ancients (ancient_bot.py): draw Cores first and spend every line, give Quantum Mystics
numbers the fleet lacks, take the Cube die when it is worth more, and spend all Energy each
turn on the Solar Powers worth most.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engines.core import IllegalAction, rng

from . import ancient_bot, energy
from .ships import SHIPS, SOLAR, Kind, component

FALLBACK = {
    "human": ("STA", "ORB", "CAR", "COM", "INT", "FIG", "DEF"),
    "xenite": ("ZEN", "BUG", "HEL", "MAN", "EVO", "ANT", "XEN"),
    "centaur": ("LEG", "VIG", "FAM", "WIS", "EQU", "ANG", "FEA"),
    "ancient": ("CUB", "SOL", "NEP", "SPI", "QUA", "MER", "PLU"),
}
FRIGATE_TRIGGER = 6
# Rough worth of one ship to the bot: damage ends matches, so dealers rank high.
VALUE = {
    "DEF": 1,
    "FIG": 2,
    "COM": 2,
    "INT": 3,
    "ORB": 3,
    "CAR": 3,
    "STA": 5,
    "FRI": 4,
    "TAC": 5,
    "GUA": 6,
    "SCI": 3,
    "BAT": 9,
    "EAR": 8,
    "DRE": 15,
    "LEV": 22,
    "XEN": 1,
    "ANT": 3,
    "MAN": 2,
    "EVO": 2,
    "HEL": 4,
    "BUG": 3,
    "ZEN": 4,
    "DSW": 3,
    "AAR": 7,
    "OXF": 3,
    "ASF": 6,
    "SAC": 6,
    "QUE": 9,
    "CHR": 6,
    "HVE": 15,
    "FEA": 1,
    "ANG": 3,
    "EQU": 2,
    "WIS": 3,
    "VIG": 3,
    "FAM": 3,
    "LEG": 4,
    "TER": 2,
    "FUR": 6,
    "KNO": 3,
    "ENT": 8,
    "RED": 3,
    "POW": 8,
    "DES": 12,
    "DOM": 10,
    "PLU": 2,
    "MER": 5,
    "QUA": 2,
    "SPI": 4,
    "NEP": 3,
    "SOL": 5,
    "CUB": 6,
}
HEALERS = {
    "DEF",
    "XEN",
    "MAN",
    "DSW",
    "OXF",
    "FEA",
    "TER",
    "KNO",
    "RED",
    "SCI",
}  # a Leviathan later makes the owner's die read 6


def label(action: dict[str, Any]) -> str:
    kind = action.get("type")
    ship = SHIPS.get(str(action.get("ship")))
    if kind == "species":
        return f"Play {str(action['species']).title()}"
    if kind == "reroll":
        return "Reroll the shared die"
    if kind == "keep":
        return "Keep the die"
    if kind == "build" and ship:
        number = f", number {action['trigger']}" if "trigger" in action else ""
        return f"Draw {ship.name} ({ship.cost}){number}"
    if kind == "upgrade" and ship:
        text = f"Upgrade to {ship.name} (+{ship.joining})"
        return text + (f", trigger {action['trigger']}" if "trigger" in action else "")
    if kind == "evolve":
        return f"Evolve a Xenite into {SHIPS[action['into']].name}"
    if kind == "carrier":
        what = action.get("make")
        return "Carrier: hold" if what == "hold" else f"Carrier: make {SHIPS[what].name}"
    if kind == "remove":
        return "Remove"
    if kind == "clear":
        return "Clear submission"
    if kind == "confirm":
        return "Lock in"
    if kind == "strike":
        source = SHIPS[str(action["source"]).split("-")[1]].name
        return f"{source}: target a {SHIPS[action['target']].name}"
    if kind == "unstrike":
        return "Clear targets"
    if kind == "charge" and ship:
        if action["option"] == "equality":
            return (
                f"{ship.name}: destroy your {SHIPS[action['own']].name} and their "
                f"{SHIPS[action['enemy']].name}"
            )
        option = next(o for o in ship.charge_options if o.option == action["option"])
        return f"{ship.name}: {option.label}"
    if kind == "withdraw":
        return "Withdraw"
    if kind == "solar":
        return solar_label(action)
    if kind == "hole":
        return f"Black Hole: also destroy a {SHIPS[action['target']].name}"
    if kind == "cube":
        return "Use your Cube die" if action.get("use") else "Keep the shared die"
    if kind == "resign":
        return "Resign"
    return str(kind)


def solar_label(action: dict[str, Any]) -> str:
    power = SOLAR[action["power"]]
    x = action.get("x") or (SHIPS[action["target"]].cost if power.variable == "target_cost" else 0)
    text = f"Cast {power.name}"
    if "x" in action:
        text += f" X={action['x']}"
    if "target" in action:
        text += f" on a {SHIPS[action['target']].name}"
    if "trigger" in action:
        text += f", number {action['trigger']}"
    return f"{text} ({energy.words(energy.cost_of(power, x))})"


def choose(view: dict[str, Any], actions: list[dict[str, Any]], seed: str, seat: int) -> dict:
    options = [a for a in actions if a["type"] != "resign"]
    if not options:
        raise IllegalAction("NOT_YOUR_TURN", "The bot has nothing to decide.")
    kinds = {a["type"] for a in options}
    if "species" in kinds:
        return rng(seed, "bot", seat, "species").choice(options)
    if "reroll" in kinds:
        die = view["dice"]["main"]
        return {"type": "reroll"} if die <= 3 else {"type": "keep"}
    if "cube" in kinds:
        return {"type": "cube", "use": ancient_bot.use_cube(view, seat)}
    if view["step"] == "drawing" and view["players"][seat]["species"] == "ancient":
        return ancient_bot.drawing(view, options, _value) or _drawing(view, options)
    if view["step"] == "drawing":
        return _drawing(view, options)
    if "copy" in kinds:
        # The copy of a chosen target: hit the enemy's most charged, give up your least.
        aim = view["me"]["aim"]
        pick = min if aim["role"] == "own" else max
        best = pick(aim["choices"], key=lambda c: c["charges"] or 0)
        return {"type": "copy", "ship": best["ship"]}
    if view["step"] == "first_strike":
        strikes = [a for a in options if a["type"] == "strike"]
        if strikes:
            return max(strikes, key=lambda a: SHIPS[a["target"]].cost)
        return {"type": "confirm"}
    charges = [a for a in options if a["type"] == "charge"]
    if charges:
        return _charge(view, seat, charges)
    if "hole" in kinds:
        return max((a for a in options if a["type"] == "hole"), key=lambda a: _hit(a["target"]))
    casts = [a for a in options if a["type"] == "solar"]
    if casts:
        return ancient_bot.best_cast(view, seat, casts, VALUE)
    return {"type": "confirm"}


def _hit(code: str) -> tuple[int, int]:
    """How much destroying an enemy ``code`` hurts them: its worth, then its cost."""
    return VALUE.get(code, 1), SHIPS[code].cost


def _charge(view: dict[str, Any], seat: int, charges: list[dict]) -> dict:
    me = view["players"][seat]
    first = charges[0]
    same = [a for a in charges if a["ship"] == first["ship"]]
    # Heal only when low: damage is what ends the match.
    want = "heal" if me["health"] <= 10 else "deal"
    for action in same:
        if action["option"] in (want, "equality"):
            return action
    return same[0]


def _value(code: str, health: int, owned: int = 0) -> float:
    """How much the bot likes owning one more ``code``: healers matter less when healthy,
    and every copy already owned makes the next one less attractive."""
    value = float(VALUE.get(code, 1))
    if code in HEALERS and health >= 25:
        value *= 0.4
    return value / (1 + owned / 2)


MIN_UPGRADE_VALUE = 1.0  # below this an upgrade only eats components (e.g. a tenth Swarm)


def _drawing(view: dict[str, Any], options: list[dict]) -> dict:
    me = view["me"]
    health = view["players"][view["viewer"]]["health"]
    by_type: dict[str, list[dict]] = {}
    for action in options:
        by_type.setdefault(action["type"], []).append(action)
    chosen = {c["ship"] for c in me["plan"]["carrier"]}
    for action in by_type.get("carrier", []):
        if action["make"] != "hold" and action["ship"] not in chosen:
            fig = {"type": "carrier", "ship": action["ship"], "make": "FIG"}
            return fig if fig in options else action
    preview = Counter()
    for group in me["plan"]["preview"]:
        preview[group["code"]] += group["count"]
    upgrades = [
        a
        for a in by_type.get("upgrade", [])
        if _value(a["ship"], health, preview[a["ship"]]) >= MIN_UPGRADE_VALUE
    ]
    if upgrades:
        best = max(
            upgrades,
            key=lambda a: (_value(a["ship"], health, preview[a["ship"]]), a.get("trigger") == 6),
        )
        if "trigger" in best:
            wanted = {"type": "upgrade", "ship": best["ship"], "trigger": FRIGATE_TRIGGER}
            best = wanted if wanted in options else best
        return best
    evolves = by_type.get("evolve", [])
    if evolves and preview["OXI"] + preview["AST"] < 4:
        into = "AST" if preview["AST"] <= preview["OXI"] else "OXI"
        return next((a for a in evolves if a["into"] == into), evolves[0])
    builds = {a["ship"] for a in by_type.get("build", [])}
    lines_left = me["plan"]["lines_left"]
    budget = lines_left + me["plan"]["joining_left"]
    wanted = _component_wanted(me["catalogue"], preview, budget, builds, health)
    if wanted:
        return {"type": "build", "ship": wanted}
    # Nothing to work towards: spend rather than waste lines above the saving cap.
    if lines_left >= 7:
        species = view["players"][view["viewer"]]["species"]
        affordable = [c for c in FALLBACK[species] if c in builds]
        if affordable:
            return {
                "type": "build",
                "ship": max(affordable, key=lambda c: _value(c, health, preview[c])),
            }
    return {"type": "confirm"}


def _component_wanted(
    catalogue: list[dict], preview: Counter, budget: int, builds: set[str], health: int
) -> str | None:
    """A buildable missing component of the most valuable upgrade within two turns' reach."""
    plans = []
    for ship in catalogue:
        if ship["kind"] != Kind.UPGRADED.value:
            continue
        if ship["max_count"] is not None and preview[ship["code"]] >= ship["max_count"]:
            continue
        need = Counter(component(c)[0] for c in ship["components"])
        missing: list[str] = []
        for code, n in need.items():
            short = max(0, n - preview[code])
            # Oxites and Asterites come from Xenites through an Evolver.
            missing += ["XEN" if code in ("OXI", "AST") else code] * short
        if not missing:
            continue
        cost = sum(SHIPS[c].cost for c in missing) + ship["joining"]
        if cost <= budget + 8:
            worth = _value(ship["code"], health, preview[ship["code"]])
            plans.append((worth / (1 + cost / 10), missing))
    for _score, missing in sorted(plans, key=lambda p: p[0], reverse=True):
        for code in sorted(set(missing), key=lambda c: SHIPS[c].cost, reverse=True):
            if code in builds:
                return code
    return None
