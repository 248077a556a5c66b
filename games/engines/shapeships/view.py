"""What each viewer may see (SSR-8): public board, plus the viewer's own hidden composition.

Public: species once both chose, health, lines as of Drawing entry, fleets as of the last
Reveal (grouped by ship), dice, revealed strikes/charges/casts, queued public effects, the
last End of Turn summary and the log. Hidden: the other seat's current commitment (only "has
chosen" shows), the seed, and any pending plan or its entry ids.

Keys for the Ancients (Energy, Solar Powers, Cube, Quantum Mystic, Simulacrum):
- ``players[s]["energy"]``: ``{"red", "green", "blue"}`` made at this turn's Reveal (zeros
  before it); public, since fleets and dice are. ``players[s]["convert"]``: lines Convert
  adds at the next Line Generation. ``players[s]["copies"]``: ``[{"code", "name",
  "trigger"}]`` Simulacrum copies arriving at the start of the next turn.
- ``players[s]["fleet"][i]["triggers"]``: the numbers of a group's Frigates or Quantum
  Mystics. ``dice["cube"]``: each seat's Cube die (None without a Cube), shown to both;
  ``dice["cube_used"]``: whether it replaced the shared die; ``dice["cube_open"]``: the Cube
  owners are choosing (legal actions ``{"type": "cube", "use": bool}``).
- ``this_turn["cast"][s]``: revealed casts ``{"power", "name", "cost", "effects": [{"kind",
  "amount"}], "x"?, "target"?, "targets"?}`` and ``this_turn["cast_words"][s]`` the same in
  words.
- ``me["energy_left"]``: the viewer's Energy not yet spent by the casts composed so far;
  ``me["solar"]``: those casts ``{"entry", "power", "name", "cost", "x"?, "target"?,
  "targets"?}`` (withdraw with ``{"type": "withdraw", "entry"}``); ``me["hole"]``: a Black
  Hole still being aimed (``{"targets": [names]}``; its moves are ``hole``/``cancel``);
  ``me["solar_powers"]``: the nine powers ``{"code", "name", "text", "cost", "variable",
  "affordable"}`` (cost the fixed part, variable "target_cost"/"siphon" or None);
  ``me["cube"]``: the viewer's pending Cube choice.
- ``me["plan"]["builds"][i]["trigger"]``: a Quantum Mystic's chosen number.
"""

from __future__ import annotations

from typing import Any

from . import aiming, battle, drawing, energy, solar
from .model import STEP_AUTOMATIC, BuildStep, Kind, Stage, count, no_energy
from .resolution import max_health
from .ships import SHIPS, SOLAR, SOLAR_LIST, Species
from .tally import grouped_effects


def ship_info(code: str) -> dict[str, Any]:
    defn = SHIPS[code]
    return {
        "code": code,
        "name": defn.name,
        "kind": defn.kind.value,
        "cost": defn.cost,
        "joining": defn.joining,
        "components": list(defn.components),
        "charges_max": defn.charges,
        "max_count": defn.max_count,
        "text": defn.text,
    }


def group_fleet(fleet: list[dict], turn: int, with_ids: bool) -> list[dict[str, Any]]:
    """Ships grouped by code in catalogue order, with counts, charges and triggers."""
    groups: dict[str, dict[str, Any]] = {}
    for ship in fleet:
        group = groups.setdefault(
            ship["code"],
            {
                **ship_info(ship["code"]),
                "count": 0,
                "charges": [],
                "triggers": [],
                "new": 0,
                "ids": [],
            },
        )
        group["count"] += 1
        if ship["charges"] is not None:
            group["charges"].append(ship["charges"])
        if ship["trigger"] is not None:
            group["triggers"].append(ship["trigger"])
        if ship["built_turn"] == turn:
            group["new"] += 1
        if with_ids:
            group["ids"].append(ship["id"])
    order = {code: i for i, code in enumerate(SHIPS)}
    return sorted(groups.values(), key=lambda g: order[g["code"]])


def _public_player(state: dict[str, Any], seat: int, viewer: int | None) -> dict[str, Any]:
    player = state["players"][seat]
    both_chosen = state["stage"] != Stage.SPECIES_CHOICE
    commit = state["commit"][seat]
    return {
        "seat": seat,
        "species": player["species"] if both_chosen or viewer == seat else None,
        "health": player["health"],
        "max_health": max_health(state, seat),
        "lines": player["lines"],
        "joining": player["joining"],
        "fleet": group_fleet(player["fleet"], state["turn"], with_ids=viewer == seat),
        "fleet_size": len(player["fleet"]),
        "required": bool(commit.get("required")),
        "has_chosen": bool(commit.get("locked")),
        "energy": dict(state["turnstate"]["energy"][seat]) if state["turnstate"] else no_energy(),
        "convert": player["convert"],
        "copies": [
            {"code": c["code"], "name": SHIPS[c["code"]].name, "trigger": c["trigger"]}
            for c in player["copies"]
        ],
    }


def _turn_public(state: dict[str, Any]) -> dict[str, Any]:
    turn = state.get("turnstate")
    if not turn:
        return {}
    public_effects = [
        {k: e[k] for k in ("source_name", "owner", "target", "timing", "kind", "amount")}
        for e in turn["effects"]
    ]
    return {
        "effects": public_effects,
        "effect_rows": grouped_effects(public_effects),
        "built": [[SHIPS[c].name for c in turn["built"][s]] for s in (0, 1)],
        "strikes": turn["strikes"],
        "declared": turn["declared"],
        "responded": turn["responded"],
        "made": turn["made"],
        "response_open": turn["response_open"],
        "cast": turn["cast"],
        "cast_words": [solar.cast_words(turn["cast"][s]) for s in (0, 1)],
    }


def _public_summary(summary: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last End of Turn breakdown, every line of the sum, without instance ids."""
    if summary is None:
        return None
    out = {k: v for k, v in summary.items() if k != "effects"}
    out["effects"] = [{k: v for k, v in e.items() if k != "source_id"} for e in summary["effects"]]
    out["rows"] = grouped_effects(out["effects"])
    return out


def _copy_name(state: dict[str, Any], entry: dict[str, Any], key: str, id_key: str) -> str | None:
    """A target's name, with its charges left when the player named the copy."""
    if not entry.get(key):
        return None
    name = SHIPS[entry[key]].name
    ship_id = entry.get(id_key)
    return aiming.ship_label(state, ship_id, name) if ship_id else name


def own_panel(state: dict[str, Any], seat: int, engine) -> dict[str, Any]:
    """The viewer's private panel: catalogue with flags and the current composition."""
    player = state["players"][seat]
    commit = state["commit"][seat]
    data = commit.get("data", {})
    panel: dict[str, Any] = {"locked": bool(commit.get("locked")), "catalogue": []}
    if not player["species"]:
        panel["species_choice"] = data.get("species")
        return panel
    in_drawing = state["step"] == BuildStep.DRAWING and state["stage"] == Stage.PLAYING
    plan = data.get("plan") if in_drawing else None
    preview_fleet = player["fleet"]
    addable: set[str] = set()
    if plan is not None:
        result = drawing.run_plan(state, seat, plan)
        preview_fleet = result["fleet"]
        panel["plan"] = {
            "builds": [
                {"entry": e["entry"], "name": SHIPS[e["code"]].name, "trigger": e.get("trigger")}
                for e in plan["builds"]
            ],
            "upgrades": [
                {"entry": e["entry"], "name": SHIPS[e["code"]].name, "trigger": e.get("trigger")}
                for e in plan["upgrades"]
            ],
            "evolve": [
                {"entry": e["entry"], "name": SHIPS[e["into"]].name} for e in plan["evolve"]
            ],
            "carrier": [
                {"ship": k, "name": SHIPS[v].name} for k, v in sorted(plan["carrier"].items())
            ],
            "lines_left": result["lines"],
            "joining_left": result["joining"],
            "prelude": result["notes"],
            "preview": group_fleet(preview_fleet, state["turn"], with_ids=False),
        }
        if not commit.get("locked"):
            for action in engine.legal_actions(state, seat):
                if action["type"] in ("build", "upgrade"):
                    addable.add(action["ship"])
    for defn in drawing.catalogue(state, seat):
        entry = ship_info(defn.code)
        entry["owned"] = count(player["fleet"], defn.code)
        entry["buildable"] = defn.buildable
        entry["affordable"] = defn.code in addable
        entry["upgrade_possible"] = defn.kind == Kind.UPGRADED and drawing.upgrade_ready(
            preview_fleet, defn.code
        )
        panel["catalogue"].append(entry)
    if state["step"] in ("first_strike",):
        panel["strikes"] = [
            {"source": s["source"], "target": _copy_name(state, s, "target", "enemy_ship")}
            for s in data.get("strikes", [])
        ]
        panel["strike_sources"] = [
            {"id": s["id"], "name": SHIPS[s["code"]].name}
            for s in battle.strike_sources(state, seat)
        ]
    if state["step"] in ("declaration", "response"):
        panel["charges"] = [
            {
                "entry": d["entry"],
                "name": SHIPS[d["ship"]].name,
                "option": d["option"],
                "own": _copy_name(state, d, "own", "own_ship"),
                "enemy": _copy_name(state, d, "enemy", "enemy_ship"),
            }
            for d in data.get("charges", [])
        ]
    aim = aiming.aim_view(state, seat, data) if state["stage"] == Stage.PLAYING else None
    if aim is not None:
        name = SHIPS[aim["code"]].name
        panel["aim"] = {
            **aim,
            "name": name,
            "question": f"Which {'of your' if aim['role'] == 'own' else 'enemy'} {name}?",
        }
    if state["step"] == BuildStep.DICE_ROLL:
        panel["reroll"] = data.get("reroll")
        panel["cube"] = data.get("cube")
    if player["species"] == Species.ANCIENT and state["turnstate"]:
        panel.update(_solar_panel(state, seat, data, engine))
    return panel


def _solar_panel(state: dict[str, Any], seat: int, data: dict[str, Any], engine) -> dict:
    """The viewer's Energy left, composed casts and which Solar Powers it can afford now."""
    declaring = state["step"] == "declaration" and state["stage"] == Stage.PLAYING
    casts = data.get("solar", []) if declaring else []
    offered = set()
    if declaring and not state["commit"][seat].get("locked"):
        offered = {a["power"] for a in engine.legal_actions(state, seat) if a["type"] == "solar"}
    left = energy.left(state, seat, data) if declaring else dict(state["turnstate"]["energy"][seat])
    hole = data.get("hole") if declaring else None
    return {
        "energy_left": left,
        "solar": [_cast_view(c) for c in casts],
        "hole": {"targets": [SHIPS[t["target"]].name for t in hole["targets"]]} if hole else None,
        "solar_powers": [
            {
                "code": p.code,
                "name": p.name,
                "text": p.text,
                "cost": energy.cost_of(p),
                "variable": p.variable,
                "affordable": p.code in offered,
            }
            for p in SOLAR_LIST
        ],
    }


def _cast_view(cast: dict[str, Any]) -> dict[str, Any]:
    out = {
        "entry": cast["entry"],
        "power": cast["power"],
        "name": SOLAR[cast["power"]].name,
        "cost": cast["cost"],
    }
    if "x" in cast:
        out["x"] = cast["x"]
    if "target" in cast:
        out["target"] = SHIPS[cast["target"]].name
        out["trigger"] = cast.get("trigger")
    if "targets" in cast:
        out["targets"] = [SHIPS[t["target"]].name for t in cast["targets"]]
    return out


PHASE_LABEL = {
    "build_phase": "Build Phase",
    "battle_phase": "Battle Phase",
    "end_of_turn_resolution": "End of Turn Resolution",
}
STEP_LABEL = {
    "species_choice": "Choose your species",
    "dice_roll": "Dice Roll",
    "line_generation": "Line Generation",
    "drawing": "Drawing",
    "reveal": "Reveal",
    "first_strike": "First Strike",
    "declaration": "Declaration",
    "response": "Charge response",
    "end_of_turn_resolution": "End of Turn Resolution",
}


def build_view(state: dict[str, Any], viewer: int | None, engine) -> dict[str, Any]:
    dice = state["dice"]
    players = [_public_player(state, s, viewer) for s in (0, 1)]
    near = viewer if viewer in (0, 1) else 0
    view: dict[str, Any] = {
        "stage": state["stage"],
        "phase": state["phase"],
        "step": state["step"],
        "step_automatic": STEP_AUTOMATIC.get(state["step"], False),
        "turn": state["turn"],
        "viewer": viewer,
        "players": players,
        # Board order: the opponent first (top), the viewer (or seat 0 for spectators) last.
        "order": [players[1 - near], players[near]],
        "phase_label": PHASE_LABEL.get(state["phase"] or "", "Before the first turn"),
        "step_label": STEP_LABEL.get(state["step"], state["step"]),
        "over": state["stage"] == Stage.OVER,
        "dice": {
            "main": dice["main"],
            "history": list(dice["history"]),
            "extra": list(dice["extra"]),
            "extra_used": [list(v) for v in dice["extra_used"]],
            "effective": list(dice["effective"]),
            "reroll_pass": dice["pass"],
            "cube": list(dice["cube"]),
            "cube_used": list(dice["cube_used"]),
            "cube_open": dice["cube_open"],
        },
        "this_turn": _turn_public(state),
        "summary": _public_summary(state["summary"]),
        "log": list(state["log"][-40:]),
        "result": state["result"],
    }
    if viewer in (0, 1):
        view["me"] = own_panel(state, viewer, engine)
    return view
