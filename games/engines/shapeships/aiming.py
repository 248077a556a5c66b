"""Choosing the individual enemy (or own) ship a strike, a Ship of Equality or a Black
Hole hits.

A target is chosen by ship type first, so ``legal_actions`` stays short. When the copies of
that type still free to be chosen differ (in charges left), the choice is not complete: the
seat's hidden commitment holds an ``aim`` and the only moves are ``{"type": "copy",
"ship": id}`` (one per distinct kind of copy: equal copies are interchangeable) or
``{"type": "cancel"}``. When every free copy is alike, the type is enough and the engine
takes any of them at resolution. A player can so hit the empty Carrier an Earth Ship needs,
or keep the one they want.
"""

from __future__ import annotations

from typing import Any

from .model import other

ROLE_SIDE = {"enemy": 1, "own": 0}  # whose fleet a role's copies come from (0: the chooser's)


def fleet_of(state: dict[str, Any], seat: int, role: str) -> list[dict]:
    return state["players"][other(seat) if ROLE_SIDE[role] else seat]["fleet"]


def copy_choices(fleet: list[dict], code: str, taken: set[str]) -> list[dict]:
    """One ship per distinct kind of free copy of ``code`` (most charges first; the newest
    stands for its kind)."""
    kinds: dict[Any, dict] = {}
    for ship in fleet:
        if ship["code"] != code or ship["id"] in taken:
            continue
        key = ship["charges"]
        if key not in kinds or ship["id"] > kinds[key]["id"]:
            kinds[key] = ship
    return sorted(kinds.values(), key=lambda s: (-(s["charges"] or 0), s["id"]))


def chosen_ids(data: dict[str, Any], role: str) -> set[str]:
    """Copies already named by this seat's commitment for ``role``."""
    if role == "enemy":
        ids = {s["enemy_ship"] for s in data.get("strikes", []) if s.get("enemy_ship")}
        ids |= {c["enemy_ship"] for c in data.get("charges", []) if c.get("enemy_ship")}
        # Black Hole targets: composed casts and the one being aimed (solar.py).
        holes = [c for c in data.get("solar", []) if c.get("targets")]
        holes += [data["hole"]] if data.get("hole") else []
        ids |= {t["enemy_ship"] for h in holes for t in h["targets"] if t.get("enemy_ship")}
        return ids
    return {c["own_ship"] for c in data.get("charges", []) if c.get("own_ship")}


def needs_copy(state: dict[str, Any], seat: int, data: dict[str, Any], role: str, code: str):
    """True when the free copies of ``code`` for ``role`` differ, so the player must pick."""
    fleet = fleet_of(state, seat, role)
    return len(copy_choices(fleet, code, chosen_ids(data, role))) > 1


def aim_actions(state: dict[str, Any], seat: int, data: dict[str, Any]) -> list[dict]:
    aim = data["aim"]
    role = aim["roles"][0]
    code = aim["codes"][role]
    fleet = fleet_of(state, seat, role)
    out = [
        {"type": "copy", "ship": s["id"]} for s in copy_choices(fleet, code, chosen_ids(data, role))
    ]
    return out + [{"type": "cancel"}]


def aim_view(state: dict[str, Any], seat: int, data: dict[str, Any]) -> dict | None:
    """What the chooser's own panel shows while a copy is being chosen."""
    aim = data.get("aim")
    if not aim:
        return None
    role = aim["roles"][0]
    code = aim["codes"][role]
    fleet = fleet_of(state, seat, role)
    return {
        "role": role,
        "code": code,
        "choices": [
            {"ship": s["id"], "charges": s["charges"]}
            for s in copy_choices(fleet, code, chosen_ids(data, role))
        ],
    }


def start_aim(state, seat, data, move: dict, codes: dict[str, str]) -> bool:
    """Open an aim for ``move`` if any of its roles needs a copy; False when none does."""
    roles = [
        r for r in ("enemy", "own") if r in codes and needs_copy(state, seat, data, r, codes[r])
    ]
    if not roles:
        return False
    data["aim"] = {"move": move, "codes": codes, "roles": roles, "chosen": {}}
    return True


def take_copy(data: dict[str, Any], ship_id: str) -> dict | None:
    """Record the chosen copy; the finished move (with ``<role>_ship`` ids) once every role
    has one, else None (the next role's choice follows)."""
    aim = data["aim"]
    role = aim["roles"].pop(0)
    aim["chosen"][role] = ship_id
    if aim["roles"]:
        return None
    del data["aim"]
    return {**aim["move"], **{f"{r}_ship": s for r, s in aim["chosen"].items()}}


def ship_label(state: dict[str, Any], ship_id: str, name: str) -> str:
    for player in state["players"]:
        for ship in player["fleet"]:
            if ship["id"] == ship_id:
                charges = ship["charges"]
                if charges is None:
                    return name
                return f"{name} ({charges} charge{'' if charges == 1 else 's'} left)"
    return name
