"""Battle Phase decisions: first-strike targets and charge declarations/responses.

Both are hidden simultaneous commitments (SSC-3, SSR-8) composed in small steps and resolved
together against the board as it stood when the step began. Targets are chosen by ship type
(code), then by copy when the copies differ (aiming.py); a target given by type alone (all
its free copies alike) takes the most charged, then the newest, of those left.
"""

from __future__ import annotations

from typing import Any

from .model import count, other, targetable
from .ships import SHIPS

BUILD_TURN_STRIKES = ("build_turn_destroy", "build_turn_steal2")
STRIKE_CAPACITY = {
    "guardian": 1,
    "build_turn_destroy": 1,
    "build_turn_steal2": 2,
    "third_spiral": 1,
}


# --- First Strike ------------------------------------------------------------------------
def strike_sources(state: dict[str, Any], seat: int) -> list[dict]:
    """Ships of ``seat`` that may act in First Strike this turn."""
    out = []
    fleet = state["players"][seat]["fleet"]
    for ship in fleet:
        kind = SHIPS[ship["code"]].first_strike
        guardian_ready = kind == "guardian" and ship["charges"] and not ship["used_charge"]
        built_now = kind in BUILD_TURN_STRIKES and ship["built_turn"] == state["turn"]
        if guardian_ready or built_now:
            out.append(ship)
    # SSX-SPIRAL: owning three Spirals, one of them built this turn, is "the third Spiral
    # built": the newest such Spiral strikes once.
    spirals = [s for s in fleet if SHIPS[s["code"]].first_strike == "third_spiral"]
    fresh = [s for s in spirals if s["built_turn"] == state["turn"]]
    if len(spirals) >= 3 and fresh:
        out.append(max(fresh, key=lambda s: s["id"]))
    return out


def enemy_targets(state: dict[str, Any], seat: int) -> dict[str, int]:
    """Basic enemy ship codes (never Cores) and how many of each can be targeted."""
    fleet = state["players"][other(seat)]["fleet"]
    return {
        code: count(fleet, code) for code in sorted({s["code"] for s in fleet}) if targetable(code)
    }


def can_strike(state: dict[str, Any], seat: int) -> bool:
    return bool(strike_sources(state, seat)) and bool(enemy_targets(state, seat))


def strike_actions(state: dict[str, Any], seat: int, data: dict[str, Any]) -> list[dict]:
    chosen = data.get("strikes", [])
    targets = enemy_targets(state, seat)
    out: list[dict] = []
    for ship in strike_sources(state, seat):
        mine = [s for s in chosen if s["source"] == ship["id"]]
        if len(mine) < STRIKE_CAPACITY[SHIPS[ship["code"]].first_strike]:
            for code, available in targets.items():
                if sum(1 for s in chosen if s["target"] == code) < available:
                    out.append({"type": "strike", "source": ship["id"], "target": code})
        if mine:
            out.append({"type": "unstrike", "source": ship["id"]})
    out.append({"type": "confirm"})
    return out


def pick_instance(
    fleet: list[dict], code: str, taken: list[dict], chosen: str | None = None
) -> dict | None:
    if chosen is not None:
        return next((s for s in fleet if s["id"] == chosen and s not in taken), None)
    options = [s for s in fleet if s["code"] == code and all(s is not t for t in taken)]
    if not options:
        return None
    # Most charges first (the target that hurts most), then the newest.
    return max(options, key=lambda s: (s["charges"] or 0, s["id"]))


def resolve_strikes(state: dict[str, Any], commits: list[dict]) -> list[tuple]:
    """Decide every destroy/steal from the pre-strike board; returns (seat, how, ship)."""
    plan: list[tuple] = []
    for seat in (0, 1):
        enemy = state["players"][other(seat)]["fleet"]
        own = {s["id"]: s for s in state["players"][seat]["fleet"]}
        strikes = commits[seat]["data"].get("strikes", [])
        named = {s["enemy_ship"] for s in strikes if s.get("enemy_ship")}
        # Copies a player named are reserved before any strike by type takes one.
        taken: list[dict] = [s for s in enemy if s["id"] in named]
        for strike in sorted(strikes, key=lambda s: not s.get("enemy_ship")):
            source = own[strike["source"]]
            chosen = strike.get("enemy_ship")
            if chosen is not None:
                taken = [s for s in taken if s["id"] != chosen]
            target = pick_instance(enemy, strike["target"], taken, chosen)
            if target is None:
                continue
            taken.append(target)
            how = (
                "stolen"
                if SHIPS[source["code"]].first_strike == "build_turn_steal2"
                else ("destroyed")
            )
            plan.append((seat, how, source, target))
    return plan


# --- Charges -------------------------------------------------------------------------------
def chargeable(state: dict[str, Any], seat: int) -> dict[str, int]:
    """Codes of ships that can spend a charge now, with how many ships can."""
    out: dict[str, int] = {}
    for ship in state["players"][seat]["fleet"]:
        defn = SHIPS[ship["code"]]
        if defn.charge_options and ship["charges"] and not ship["used_charge"]:
            if defn.charge_options[0].option == "equality" and not equality_pairs(state, seat):
                continue
            out[ship["code"]] = out.get(ship["code"], 0) + 1
    return out


def equality_pairs(state: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """(own code, enemy code) Basic pairs of equal cost, neither a Ship of Equality nor a
    Core (Cores are never destroyed)."""
    own = {s["code"] for s in state["players"][seat]["fleet"] if targetable(s["code"])}
    enemy = {s["code"] for s in state["players"][other(seat)]["fleet"] if targetable(s["code"])}
    own.discard("EQU")
    enemy.discard("EQU")
    return sorted((a, b) for a in own for b in enemy if SHIPS[a].cost == SHIPS[b].cost)


def can_charge(state: dict[str, Any], seat: int) -> bool:
    return bool(chargeable(state, seat))


def charge_actions(state: dict[str, Any], seat: int, data: dict[str, Any]) -> list[dict]:
    declared = data.get("charges", [])
    out: list[dict] = []
    own_fleet = state["players"][seat]["fleet"]
    enemy_fleet = state["players"][other(seat)]["fleet"]
    for code, ships in chargeable(state, seat).items():
        if sum(1 for d in declared if d["ship"] == code) >= ships:
            continue
        for option in SHIPS[code].charge_options:
            if option.option != "equality":
                out.append({"type": "charge", "ship": code, "option": option.option})
                continue
            for mine, theirs in equality_pairs(state, seat):
                used_own = sum(1 for d in declared if d.get("own") == mine)
                used_enemy = sum(1 for d in declared if d.get("enemy") == theirs)
                if used_own < count(own_fleet, mine) and used_enemy < count(enemy_fleet, theirs):
                    out.append(
                        {
                            "type": "charge",
                            "ship": code,
                            "option": "equality",
                            "own": mine,
                            "enemy": theirs,
                        }
                    )
    out.extend({"type": "withdraw", "entry": d["entry"]} for d in declared)
    out.append({"type": "confirm"})
    return out


def charge_entry_id(seat: int, state: dict[str, Any], data: dict[str, Any]) -> str:
    """Distinctive never-public ids of declared charges (leak tests search for ``SSD``)."""
    return f"SSD{seat}t{state['turn']}{state['step'][:3]}n{data.get('next', 1)}"
