"""Turn flow: entering steps, running automatic ones at once, resolving locked commitments.

Functions here mutate the state they are given; the engine always passes a clone. Each
``_enter_*`` either sets up the hidden commitments of an interactive step and returns, or
(when nobody can act, SSR-1) carries straight on to the next step.
"""

from __future__ import annotations

from typing import Any

from games.engines.core import rng

from . import battle, drawing, energy, solar
from .model import (
    STEP_PHASE,
    BattleStep,
    BuildStep,
    EndStep,
    Stage,
    count,
    distinct_types,
    log,
    new_commit,
    new_ship,
    new_turn,
    other,
)
from .powers import amount, lines_for, make_effect, queue, queue_once_effects
from .resolution import resolve_end_of_turn
from .ships import SHIPS, EffectKind, Timing

MAX_REROLL_PASSES = 3  # three Arks of Knowledge at most
PLAYER = ("Player 1", "Player 2")


def set_step(state: dict[str, Any], step: str) -> None:
    state["step"] = str(getattr(step, "value", step))  # plain JSON strings, never enum members
    state["phase"] = STEP_PHASE[step].value
    state["commit"] = new_commit()


def require(state: dict[str, Any], seats: list[int]) -> None:
    for seat in (0, 1):
        state["commit"][seat]["required"] = seat in seats


def roll(state: dict[str, Any]) -> int:
    state["dice"]["count"] += 1
    return rng(state["seed"], "die", state["dice"]["count"]).randint(1, 6)


def make_ship(state: dict[str, Any], seat: int, code: str, how: str) -> dict[str, Any]:
    """A ship made outside Drawing (Dreadnought, Zenith destroyed): joins at once."""
    ship = new_ship(state, seat, code, state["turn"])
    state["players"][seat]["fleet"].append(ship)
    state["turnstate"]["made"][seat] += 1
    state["turnstate"]["built"][seat].append(code)
    queue_once_effects(state, seat, ship)
    log(state, f"{PLAYER[seat]}: {how} made a {SHIPS[code].name}.")
    return ship


def remove_ship(state: dict[str, Any], seat: int, ship: dict, how: str) -> None:
    fleet = state["players"][seat]["fleet"]
    if not any(s is ship for s in fleet):
        return
    state["players"][seat]["fleet"] = [s for s in fleet if s is not ship]
    state["turnstate"]["lost"].append({"seat": seat, "ship": ship, "how": how})
    if how.startswith("destroyed"):
        for code in SHIPS[ship["code"]].on_destroyed_make:
            make_ship(state, seat, code, SHIPS[ship["code"]].name)


# --- turn start and the Build Phase --------------------------------------------------------
def start_turn(state: dict[str, Any]) -> None:
    state["turn"] += 1
    state["turnstate"] = new_turn()
    for player in state["players"]:
        for ship in player["fleet"]:
            ship["used_charge"] = False
    dice = state["dice"]
    dice.update(fresh_dice())
    set_step(state, BuildStep.DICE_ROLL)
    _arrive_copies(state)
    dice["main"] = roll(state)
    dice["history"].append(dice["main"])
    log(state, f"Turn {state['turn']}: the shared die shows {dice['main']}.")
    _enter_dice(state)


def fresh_dice() -> dict[str, Any]:
    """The turn-scoped part of ``state["dice"]`` (its roll counter persists)."""
    return {
        "main": None,
        "history": [],
        "extra": [],
        "extra_used": [[], []],
        "effective": [None, None],
        "pass": 1,
        "out": [False, False],
        "cube": [None, None],  # each Cube owner's own die, shown to both
        "cube_used": [False, False],
        "cube_open": False,  # the Cube owners are choosing their die
    }


def _arrive_copies(state: dict[str, Any]) -> None:
    """Simulacrum copies cast last turn join their caster's fleet now, as ships made this
    turn: their once-only and "when built" powers happen (SSX-COPY-ARRIVAL)."""
    for seat in (0, 1):
        player = state["players"][seat]
        copies, player["copies"] = player["copies"], []
        for copy in copies:
            defn = SHIPS[copy["code"]]
            if defn.max_count is not None and count(player["fleet"], defn.code) >= defn.max_count:
                log(state, f"{PLAYER[seat]}: a copied {defn.name} would exceed the maximum.")
                continue
            ship = make_ship(state, seat, defn.code, "Simulacrum")
            ship["trigger"] = copy["trigger"]
            for code in defn.on_build_make:
                make_ship(state, seat, code, defn.name)
            player["joining"] += defn.on_build_joining


def _reroll_seats(state: dict[str, Any]) -> list[int]:
    dice = state["dice"]
    if dice["pass"] > MAX_REROLL_PASSES:
        return []
    return [
        seat
        for seat in (0, 1)
        if not dice["out"][seat] and count(state["players"][seat]["fleet"], "KNO") >= dice["pass"]
    ]


def _enter_dice(state: dict[str, Any]) -> None:
    seats = _reroll_seats(state)
    if seats:
        set_step(state, BuildStep.DICE_ROLL)
        require(state, seats)
        return
    _finish_dice(state)


def resolve_rerolls(state: dict[str, Any]) -> None:
    dice = state["dice"]
    wants = [
        state["commit"][s]["data"].get("reroll", False)
        for s in (0, 1)
        if state["commit"][s]["required"]
    ]
    for seat in (0, 1):
        if state["commit"][seat]["required"] and not state["commit"][seat]["data"]["reroll"]:
            dice["out"][seat] = True
    if any(wants):
        dice["main"] = roll(state)
        dice["history"].append(dice["main"])
        log(state, f"Ark of Knowledge: the shared die is rerolled to {dice['main']}.")
    dice["pass"] += 1
    _enter_dice(state)


def _finish_dice(state: dict[str, Any]) -> None:
    """After the rerolls, each Cube owner rolls its own die (public); an owner whose die
    is not fixed by a Leviathan then chooses, in secret, which die is theirs."""
    dice = state["dice"]
    for seat in (0, 1):
        if any(SHIPS[s["code"]].dice == "cube" for s in state["players"][seat]["fleet"]):
            dice["cube"][seat] = roll(state)
            log(state, f"{PLAYER[seat]}'s Cube die shows {dice['cube'][seat]}.")
    seats = [
        s
        for s in (0, 1)
        if dice["cube"][s] is not None and not count(state["players"][s]["fleet"], "LEV")
    ]
    if seats:
        dice["cube_open"] = True
        set_step(state, BuildStep.DICE_ROLL)
        require(state, seats)
        return
    _settle_dice(state)


def resolve_cube(state: dict[str, Any]) -> None:
    dice = state["dice"]
    for seat in (0, 1):
        if state["commit"][seat]["required"]:
            used = bool(state["commit"][seat]["data"]["cube"])
            dice["cube_used"][seat] = used
            which = f"its Cube die ({dice['cube'][seat]})" if used else "the shared die"
            log(state, f"{PLAYER[seat]} uses {which}.")
    dice["cube_open"] = False
    _settle_dice(state)


def _settle_dice(state: dict[str, Any]) -> None:
    dice = state["dice"]
    fleets = [state["players"][s]["fleet"] for s in (0, 1)]
    swarm = min(3, max(count(f, "CHR") for f in fleets))
    dice["extra"] = [roll(state) for _ in range(swarm)]
    for seat in (0, 1):
        dice["extra_used"][seat] = dice["extra"][: min(count(fleets[seat], "CHR"), swarm)]
        # Leviathan: the owner's die reads 6 whatever the shared die or rerolls say; a Cube
        # die chosen replaces the shared die for its owner only.
        own = dice["cube"][seat] if dice["cube_used"][seat] else dice["main"]
        dice["effective"][seat] = 6 if count(fleets[seat], "LEV") else own
    if dice["extra"]:
        log(state, f"Chronoswarm dice: {', '.join(str(v) for v in dice['extra'])}.")
    _line_generation(state)


def _line_generation(state: dict[str, Any]) -> None:
    set_step(state, BuildStep.LINE_GENERATION)
    for seat in (0, 1):
        ordinary, joining, parts = lines_for(state, seat)
        player = state["players"][seat]
        player["lines"] += ordinary
        player["joining"] += joining
        player["convert"] = 0  # Convert's lines are for this one turn
        log(state, f"{PLAYER[seat]} gains {ordinary} lines ({'; '.join(parts)}).")
    set_step(state, BuildStep.DRAWING)
    require(state, [0, 1])
    for seat in (0, 1):
        state["commit"][seat]["data"] = {"plan": drawing.empty_plan()}


# --- Battle Phase ----------------------------------------------------------------------------
def reveal(state: dict[str, Any]) -> None:
    """Both submissions become public together; then Reveal powers (rules page, Reveal)."""
    plans = [state["commit"][s]["data"]["plan"] for s in (0, 1)]
    set_step(state, BattleStep.REVEAL)
    turn = state["turnstate"]

    def new_id(seat: int, code: str) -> str:
        return new_ship(state, seat, code, state["turn"])["id"]

    for seat in (0, 1):
        notes, made = drawing.commit_plan(state, seat, plans[seat], new_id)
        for note in notes:
            log(state, f"{PLAYER[seat]}: {note}.")
        for item in made:
            queue_once_effects(state, seat, item["ship"])
        built = [SHIPS[c].name for c in turn["built"][seat]]
        log(state, f"{PLAYER[seat]} reveals: {', '.join(built) if built else 'nothing new'}.")
    for seat in (0, 1):
        fleet = state["players"][seat]["fleet"]
        for ship in fleet:
            if (
                SHIPS[ship["code"]].reveal == "set_max_built"
                and ship["built_turn"] == state["turn"]
            ):
                queue(
                    state,
                    make_effect(
                        state,
                        seat,
                        ship,
                        Timing.ONCE,
                        EffectKind.SET_MAX,
                        0,
                        "health set to maximum first",
                    ),
                )
        made_before = turn["made"][seat]
        dreadnoughts = [s for s in fleet if SHIPS[s["code"]].reveal == "dreadnought"]
        for ship in dreadnoughts:
            fighters = made_before - (1 if ship["built_turn"] == state["turn"] else 0)
            for _ in range(max(0, fighters)):
                make_ship(state, seat, "FIG", "Dreadnought")
    for seat in (0, 1):
        made = turn["energy"][seat] = energy.generate(state, seat)
        if any(made.values()):
            log(state, f"{PLAYER[seat]} makes Energy: {energy.words(made)}.")
    _enter_first_strike(state)


def _enter_first_strike(state: dict[str, Any]) -> None:
    seats = [s for s in (0, 1) if battle.can_strike(state, s)]
    if not seats:
        _enter_declaration(state)
        return
    set_step(state, BattleStep.FIRST_STRIKE)
    require(state, seats)
    for seat in (0, 1):
        state["commit"][seat]["data"] = {"strikes": []}


def resolve_first_strike(state: dict[str, Any]) -> None:
    turn = state["turnstate"]
    plan = battle.resolve_strikes(state, state["commit"])
    for seat, how, source, target in plan:
        if SHIPS[source["code"]].first_strike == "guardian" and not source["used_charge"]:
            source["charges"] -= 1
            source["used_charge"] = True
        turn["strikes"][seat].append(
            {"source": SHIPS[source["code"]].name, "target": SHIPS[target["code"]].name, "how": how}
        )
    for seat, how, source, target in plan:
        victim = other(seat)
        if how == "stolen":
            remove_ship(state, victim, target, "stolen")
            state["players"][seat]["fleet"].append(target)
            log(
                state,
                f"{PLAYER[seat]}'s {SHIPS[source['code']].name} steals a "
                f"{SHIPS[target['code']].name}.",
            )
        else:
            log(
                state,
                f"{PLAYER[seat]}'s {SHIPS[source['code']].name} destroys a "
                f"{SHIPS[target['code']].name}.",
            )
            remove_ship(state, victim, target, "destroyed (first strike)")
    _enter_declaration(state)


def _enter_declaration(state: dict[str, Any]) -> None:
    for seat in (0, 1):
        # Ship of Family counts types when the Charges step starts.
        state["turnstate"]["family_types"][seat] = distinct_types(state["players"][seat]["fleet"])
    seats = [s for s in (0, 1) if battle.can_charge(state, s) or solar.can_cast(state, s)]
    if not seats:
        end_of_turn(state)
        return
    set_step(state, BattleStep.DECLARATION)
    require(state, seats)
    for seat in (0, 1):
        state["commit"][seat]["data"] = {"charges": [], "solar": [], "next": 1}


def resolve_charges(state: dict[str, Any]) -> None:
    """Reveal both seats' charges together and queue their effects (SSC-3, SSR-2)."""
    step = state["step"]
    key = "declared" if step == BattleStep.DECLARATION else "responded"
    turn = state["turnstate"]
    if step == BattleStep.DECLARATION:
        solar.resolve_casts(state)
    destroy: list[tuple[int, dict]] = []
    for seat in (0, 1):
        fleet = state["players"][seat]["fleet"]
        enemy = state["players"][other(seat)]["fleet"]
        taken_own: list[dict] = []
        taken_enemy: list[dict] = []
        entries = state["commit"][seat]["data"].get("charges", [])
        named_own = {e["own_ship"] for e in entries if e.get("own_ship")}
        named_enemy = {e["enemy_ship"] for e in entries if e.get("enemy_ship")}
        for entry in entries:
            ships = [
                s
                for s in fleet
                if s["code"] == entry["ship"] and s["charges"] and not s["used_charge"]
            ]
            if not ships:
                continue
            # Spend the least-charged ship first: it empties sooner for an upgrade.
            ship = min(ships, key=lambda s: (s["charges"], s["id"]))
            ship["charges"] -= 1
            ship["used_charge"] = True
            public = {
                "ship": entry["ship"],
                "name": SHIPS[entry["ship"]].name,
                "option": entry["option"],
            }
            if entry["option"] == "equality":
                mine = [
                    s
                    for s in fleet
                    if s["code"] == entry["own"] and all(s is not t for t in taken_own)
                ]
                theirs = [
                    s
                    for s in enemy
                    if s["code"] == entry["enemy"] and all(s is not t for t in taken_enemy)
                ]
                if mine and theirs:
                    # A copy the player named (aiming.py) is taken as named; by type alone,
                    # all free copies were alike: your least charged, their most charged.
                    own_ship = _named(mine, entry.get("own_ship")) or min(
                        _unnamed(mine, named_own), key=lambda s: ((s["charges"] or 0), s["id"])
                    )
                    enemy_ship = _named(theirs, entry.get("enemy_ship")) or max(
                        _unnamed(theirs, named_enemy),
                        key=lambda s: ((s["charges"] or 0), s["id"]),
                    )
                    taken_own.append(own_ship)
                    taken_enemy.append(enemy_ship)
                    destroy.append((seat, own_ship))
                    destroy.append((other(seat), enemy_ship))
                public.update(own=SHIPS[entry["own"]].name, enemy=SHIPS[entry["enemy"]].name)
            else:
                option = next(
                    o for o in SHIPS[entry["ship"]].charge_options if o.option == entry["option"]
                )
                value = amount(state, seat, ship, option.amount, option.n, None)
                queue(state, make_effect(state, seat, ship, Timing.CHARGE, option.kind, value))
                public["amount"] = value
            turn[key][seat].append(public)
    for seat in (0, 1):
        for entry in turn[key][seat]:
            text = f"{entry['name']}: {entry['option']}"
            if "amount" in entry:
                text += f" {entry['amount']}"
            if "own" in entry:
                text += f" (your {entry['own']} and their {entry['enemy']})"
            log(state, f"{PLAYER[seat]} charges {text}.")
    for seat, ship in destroy:
        remove_ship(state, seat, ship, "destroyed (Ship of Equality)")
    # Only a charge opens the Response: a Solar Power cast alone does not (SSR-10).
    declared_any = bool(turn[key][0] or turn[key][1])
    if key == "declared" and declared_any:
        seats = [s for s in (0, 1) if battle.can_charge(state, s)]
        if seats:
            # SSR-2: exactly one simultaneous response, never a second one.
            turn["response_open"] = True
            set_step(state, BattleStep.RESPONSE)
            require(state, seats)
            for seat in (0, 1):
                state["commit"][seat]["data"] = {"charges": [], "next": 1}
            return
    end_of_turn(state)


def _named(ships: list[dict], ship_id: str | None) -> dict | None:
    return next((s for s in ships if s["id"] == ship_id), None) if ship_id else None


def _unnamed(ships: list[dict], named: set[str]) -> list[dict]:
    """Copies no other declaration named (all of them if every one is named)."""
    return [s for s in ships if s["id"] not in named] or ships


# --- End of Turn Resolution -----------------------------------------------------------------
def end_of_turn(state: dict[str, Any]) -> None:
    set_step(state, EndStep.END_OF_TURN_RESOLUTION)
    # Step 1: the turn's Black Holes destroy their targets before anything is counted.
    for victim, ship in solar.black_hole_victims(state):
        log(state, f"{PLAYER[other(victim)]}'s Black Hole destroys a {SHIPS[ship['code']].name}.")
        remove_ship(state, victim, ship, "destroyed (Black Hole)")
    summary = resolve_end_of_turn(state)
    log(
        state, f"End of turn {state['turn']}: health {summary['after'][0]} / {summary['after'][1]}."
    )
    if state["result"]:
        state["stage"] = Stage.OVER.value
        log(state, state["result"]["message"])
        return
    start_turn(state)
