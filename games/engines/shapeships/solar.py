"""Solar Power casts (SSR-10, SSR-2): composed in Declaration beside the charges, hidden
until both seats lock in and revealed with them; never cast in the Response, and a cast
alone opens no Response. The same power may be cast several times while Energy lasts; a
cast the Energy left cannot pay for is refused with the reason (SSR-7).

Moves (``legal_actions`` lists exactly the affordable ones):
- ``{"type": "solar", "power": P}``: Life, Star Birth, Asteroid, Supernova, Convert, Vortex;
- ``{"type": "solar", "power": "SSIP", "x": X}``: Siphon for X red and X green, X >= 4;
- ``{"type": "solar", "power": "SSIM", "target": code}`` (with ``"trigger": n`` for a
  Quantum Mystic, whose copy needs its number): Simulacrum, X blue for a ship of cost X;
- ``{"type": "solar", "power": "SBLA", "target": code}``: a Black Hole and its first
  target; while a second is possible, only ``{"type": "hole", "target": code}`` or
  ``{"type": "cancel"}`` follow. Targets are chosen by type, then by copy when the copies
  differ (SSX-COPY, aiming.py). With no enemy ship it could destroy, it is cast as
  ``{"type": "solar", "power": "SBLA"}`` (it still deals 1 per Core).

A composed cast is ``{"entry", "power", "cost", ...}`` in the seat's hidden
``data["solar"]``; a Black Hole still being aimed is ``data["hole"]``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import aiming, battle, energy
from .model import BattleStep, count, is_basic, log, other, targetable
from .powers import amount, queue, solar_effect
from .ships import SHIPS, SIPHON_MIN, SOLAR, SOLAR_LIST, SolarDef, Species

PLAYER = ("Player 1", "Player 2")


def can_cast(state: dict[str, Any], seat: int) -> bool:
    """Any Energy at all buys something: every colour has a power costing 1 of it."""
    return any(state["turnstate"]["energy"][seat].values())


def _enemy(state: dict[str, Any], seat: int) -> list[dict]:
    return state["players"][other(seat)]["fleet"]


def _all_hole_targets(data: dict[str, Any]) -> list[dict]:
    casts = [c for c in data.get("solar", []) if c.get("targets")]
    if data.get("hole"):
        casts.append(data["hole"])
    return [t for c in casts for t in c["targets"]]


def hole_targets(state: dict[str, Any], seat: int, data: dict[str, Any]) -> dict[str, int]:
    """Enemy ship types a Black Hole may still name (Basic, never Cores) and how many."""
    named = Counter(t["target"] for t in _all_hole_targets(data))
    counts = Counter(s["code"] for s in _enemy(state, seat) if targetable(s["code"]))
    return {code: n - named[code] for code, n in sorted(counts.items()) if n > named[code]}


def _copies_coming(state: dict[str, Any], seat: int, data: dict[str, Any], code: str) -> int:
    pending = [c["code"] for c in state["players"][seat]["copies"]]
    pending += [c["target"] for c in data.get("solar", []) if c["power"] == "SSIM"]
    return pending.count(code)


def _candidates(
    state: dict[str, Any],
    seat: int,
    data: dict[str, Any],
    holes: dict[str, int],
    have: dict[str, int],
) -> list[dict]:
    enemy_basics = sorted({s["code"] for s in _enemy(state, seat) if is_basic(s["code"])})
    out: list[dict] = []
    for power in SOLAR_LIST:
        move = {"type": "solar", "power": power.code}
        if power.variable == "siphon":
            top = min(have["red"], have["green"])
            out.extend({**move, "x": x} for x in range(SIPHON_MIN, top + 1))
        elif power.mechanic == "copy":
            for code in enemy_basics:
                if SHIPS[code].trigger:
                    out.extend({**move, "target": code, "trigger": t} for t in range(1, 7))
                else:
                    out.append({**move, "target": code})
        elif power.mechanic == "black_hole":
            if holes:
                out.extend({**move, "target": code} for code in holes)
            else:
                out.append(move)
        else:
            out.append(move)
    return out


def _no_cast_now(state: dict[str, Any], seat: int, data: dict[str, Any]) -> str | None:
    """Why no cast at all is possible now (the first checks of ``refusal``, which do not
    read the cast), or None."""
    if state["step"] != BattleStep.DECLARATION:
        return "Solar Powers are cast only in the Declaration step, never in the Response."
    if state["players"][seat]["species"] != Species.ANCIENT:
        return "Only Ancients cast Solar Powers."
    if data.get("aim") or data.get("hole"):
        return "Finish aiming your Black Hole first (or go back)."
    return None


def refusal(
    state: dict[str, Any],
    seat: int,
    data: dict[str, Any],
    action: dict,
    holes: dict[str, int] | None = None,
) -> str | None:
    """Why ``action`` cannot be cast now (for the player, SSR-7), or None when it can.
    ``holes``: ``hole_targets(state, seat, data)`` when the caller has it already."""
    reason = _no_cast_now(state, seat, data)
    if reason is not None:
        return reason
    reason, power, cost = _priced(state, seat, data, action, holes)
    if reason is not None:
        return reason
    have = energy.left(state, seat, data)
    if not energy.affords(have, cost):
        return (
            f"{power.name} costs {energy.words(cost)} Energy; you have {energy.words(have)} left."
        )
    return None


def _priced(
    state: dict[str, Any],
    seat: int,
    data: dict[str, Any],
    action: dict,
    holes: dict[str, int] | None,
) -> tuple[str | None, SolarDef | None, dict[str, int] | None]:
    """``refusal``'s checks after ``_no_cast_now`` and before the Energy: why the cast cannot
    be chosen (reason, None, None), or what it costs (None, power, cost). Apart so that
    ``cast_actions`` words no refusal it only counts."""
    code = action.get("power")
    power = SOLAR.get(code) if isinstance(code, str) else None
    if power is None:
        return "There is no such Solar Power.", None, None
    allowed: set[str] = set()
    x = 0
    if power.variable == "siphon":
        allowed = {"x"}
        x = action.get("x")
        if type(x) is not int or x < SIPHON_MIN:
            reason = f"Siphon needs an X of at least {SIPHON_MIN} (X red and X green Energy)."
            return reason, None, None
    elif power.mechanic == "copy":
        target = action.get("target")
        if not isinstance(target, str) or target not in SHIPS or not is_basic(target):
            return "Simulacrum copies a Basic ship of your opponent's: name one.", None, None
        if not count(_enemy(state, seat), target):
            return f"Your opponent has no {SHIPS[target].name} to copy.", None, None
        defn = SHIPS[target]
        allowed = {"target", "trigger"} if defn.trigger else {"target"}
        if defn.trigger and action.get("trigger") not in range(1, 7):
            return f"Choose the copied {defn.name}'s number from 1 to 6.", None, None
        owned = count(state["players"][seat]["fleet"], target)
        owned += _copies_coming(state, seat, data, target)
        if defn.max_count is not None and owned >= defn.max_count:
            reason = (
                f"You may own at most {defn.max_count} {defn.name}, counting copies on their way."
            )
            return reason, None, None
        x = defn.cost
    elif power.mechanic == "black_hole" and (
        holes := hole_targets(state, seat, data) if holes is None else holes
    ):
        allowed = {"target"}
        if action.get("target") not in holes:
            return "A Black Hole destroys enemy Basic ships, never Cores: choose one.", None, None
    if set(action) - {"type", "power"} - allowed:
        return f"{power.name} takes no such choice.", None, None
    return None, power, energy.cost_of(power, x)


def cast_actions(state: dict[str, Any], seat: int, data: dict[str, Any]) -> list[dict]:
    """The casts affordable now, then a withdraw per composed cast."""
    if state["step"] != BattleStep.DECLARATION:
        return []
    out = []
    if _no_cast_now(state, seat, data) is None:  # else every candidate would be refused
        # The same for every candidate of this step.
        holes = hole_targets(state, seat, data)
        have = energy.left(state, seat, data)
        # A Simulacrum's six numbers of one ship share every check but the number's, which
        # each candidate passes (1-6): one verdict per power, target and X.
        verdicts: dict[tuple, bool] = {}
        for action in _candidates(state, seat, data, holes, have):
            key = (action["power"], action.get("target"), action.get("x"))
            castable = verdicts.get(key)
            if castable is None:
                reason, _, cost = _priced(state, seat, data, action, holes)
                castable = reason is None and energy.affords(have, cost)
                verdicts[key] = castable
            if castable:
                out.append(action)
    out.extend({"type": "withdraw", "entry": c["entry"]} for c in data.get("solar", []))
    return out


def hole_actions(state: dict[str, Any], seat: int, data: dict[str, Any]) -> list[dict]:
    """A Black Hole's second target, or back (dropping the Black Hole)."""
    targets = [{"type": "hole", "target": code} for code in hole_targets(state, seat, data)]
    return [*targets, {"type": "cancel"}]


def _new_entry(state: dict[str, Any], seat: int, data: dict[str, Any]) -> str:
    entry = battle.charge_entry_id(seat, state, data)
    data["next"] = data.get("next", 1) + 1
    return entry


def add_cast(state: dict[str, Any], seat: int, data: dict[str, Any], action: dict) -> None:
    """Compose a legal cast into the seat's hidden commitment."""
    power = SOLAR[action["power"]]
    cast: dict[str, Any] = {"power": power.code}
    x = 0
    if power.variable == "siphon":
        x = cast["x"] = action["x"]
    elif power.mechanic == "copy":
        cast["target"] = action["target"]
        cast["trigger"] = action.get("trigger")
        x = SHIPS[action["target"]].cost
    cast["cost"] = energy.cost_of(power, x)
    if power.mechanic == "black_hole":
        cast["targets"] = []
        data["hole"] = cast
        if "target" in action:
            aim_hole(state, seat, data, action["target"])
        else:
            _finish_hole(state, seat, data)
        return
    data.setdefault("solar", []).append({**cast, "entry": _new_entry(state, seat, data)})


def aim_hole(state: dict[str, Any], seat: int, data: dict[str, Any], code: str) -> None:
    """Name a Black Hole target by type; its copy is asked for when the copies differ."""
    if not aiming.start_aim(state, seat, data, {"hole": code}, {"enemy": code}):
        add_hole_target(state, seat, data, {"target": code})


def add_hole_target(state: dict[str, Any], seat: int, data: dict[str, Any], target: dict) -> None:
    data["hole"]["targets"].append(target)
    if len(data["hole"]["targets"]) >= 2 or not hole_targets(state, seat, data):
        _finish_hole(state, seat, data)


def _finish_hole(state: dict[str, Any], seat: int, data: dict[str, Any]) -> None:
    hole = data.pop("hole")
    data.setdefault("solar", []).append({**hole, "entry": _new_entry(state, seat, data)})


def cancel(data: dict[str, Any]) -> None:
    """Back: drop the copy being chosen; a Black Hole with no target yet (or whose second
    target is being chosen without a copy question) goes with it."""
    aim = data.pop("aim", None)
    if data.get("hole") and (aim is None or not data["hole"]["targets"]):
        del data["hole"]


# --- Reveal and resolution ------------------------------------------------------------------
def resolve_casts(state: dict[str, Any]) -> None:
    """Both seats' casts become public together; their effects are queued (SSC-2), worked
    out on the board as it stood when Declaration began (SSX-SOLAR-AMOUNT)."""
    turn = state["turnstate"]
    for seat in (0, 1):
        player = state["players"][seat]
        for cast in state["commit"][seat]["data"].get("solar", []):
            power = SOLAR[cast["power"]]
            public: dict[str, Any] = {
                "power": power.code,
                "name": power.name,
                "cost": cast["cost"],
                "effects": [],
            }
            for p in power.powers:
                value = amount(state, seat, {}, p.amount, p.n or cast.get("x", 0), p.cap)
                queue(state, solar_effect(state, seat, power, p.kind, value))
                public["effects"].append({"kind": p.kind.value, "amount": value})
            if "x" in cast:
                public["x"] = cast["x"]
            if power.mechanic == "convert":
                player["convert"] += 1
            elif power.mechanic == "copy":
                player["copies"].append({"code": cast["target"], "trigger": cast["trigger"]})
                public["target"] = SHIPS[cast["target"]].name
            elif power.mechanic == "black_hole":
                turn["holes"].append({"seat": seat, "targets": cast["targets"]})
                public["targets"] = [SHIPS[t["target"]].name for t in cast["targets"]]
            turn["cast"][seat].append(public)
        if turn["cast"][seat]:
            log(state, f"{PLAYER[seat]} casts {', '.join(cast_words(turn['cast'][seat]))}.")


def cast_words(casts: list[dict]) -> list[str]:
    """Revealed casts as a player reads them: "Supernova (deal 9)", "Simulacrum (Fighter)"."""
    out = []
    for cast in casts:
        bits = [f"{e['kind']} {e['amount']}" for e in cast["effects"]]
        if "target" in cast:
            bits.append(f"copies a {cast['target']}")
        if "targets" in cast:
            bits.append("destroys " + (" and ".join(cast["targets"]) or "nothing"))
        name = cast["name"] + (f" X={cast['x']}" if "x" in cast else "")
        out.append(f"{name} ({', '.join(bits)})" if bits else name)
    return out


def black_hole_victims(state: dict[str, Any]) -> list[tuple[int, dict]]:
    """End of Turn Resolution step 1: the ships the turn's Black Holes destroy, on the board
    as it now stands. A named copy already gone is replaced by another of its type."""
    out: list[tuple[int, dict]] = []
    for hole in state["turnstate"]["holes"]:
        victim = other(hole["seat"])
        fleet = state["players"][victim]["fleet"]
        named = {t.get("enemy_ship") for t in hole["targets"]} - {None}
        taken = [s for s in fleet if s["id"] in named] + [s for _, s in out]
        for target in sorted(hole["targets"], key=lambda t: not t.get("enemy_ship")):
            chosen = target.get("enemy_ship")
            if chosen is not None:
                taken = [s for s in taken if s["id"] != chosen]
            ship = battle.pick_instance(fleet, target["target"], taken, chosen)
            if ship is None and chosen is not None:
                ship = battle.pick_instance(fleet, target["target"], taken)
            if ship is not None:
                taken.append(ship)
                out.append((victim, ship))
    return out
