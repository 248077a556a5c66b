"""The Drawing step: prelude makers, one hidden submission per seat, and its resolution.

A submission ("plan") is composed in small steps (build, upgrade, evolve, carrier choice,
remove, clear, confirm) and is simulated after every step, so an illegal addition is refused
at once with the reason (SSR-7) and the viewer always sees the lines left. The public fleet
does not change until Reveal: prelude-made ships are part of the hidden result (SSR-8).

Resolution order of one plan (rules page, Drawing): prelude (Carrier choices, then Bug
Breeder, Queen and Zenith, twice with a Chronoswarm), basic builds (with "when built"
consequences), Evolver conversions, upgrades in the order added, then the 12-line cap.
"""

from __future__ import annotations

from typing import Any

from .model import SAVED_LINE_CAP, count
from .ships import SHIPS, Kind, ShipDef, Species, component, species_ships

CARRIER_MAKES = {"DEF": 1, "FIG": 2}  # ship made -> charges spent
ZENITH_MAKES = {2: ("XEN",), 3: ("ANT",), 4: ("XEN", "XEN")}
EVOLVE_INTO = ("OXI", "AST")


def empty_plan() -> dict[str, Any]:
    return {"carrier": {}, "builds": [], "evolve": [], "upgrades": [], "next": 1}


class PlanError(Exception):
    """Why a plan cannot be carried out (shown to the player, SSR-7)."""


class _Run:
    """A plan being carried out: the seat's fleet and lines as the stages leave them.

    Ships already in the fleet are shared with the state, never changed: a stage that spends
    a ship's charges replaces it with a copy first (``_own``), and new ships are new dicts,
    so a ``fork`` (shallow copies of the lists) can carry on without touching its parent."""

    __slots__ = ("turn", "fleet", "lines", "joining", "made", "consumed", "converted", "notes")

    def fork(self) -> _Run:
        run = _Run.__new__(_Run)
        run.turn, run.lines, run.joining = self.turn, self.lines, self.joining
        run.fleet, run.made = list(self.fleet), list(self.made)
        run.consumed, run.converted = list(self.consumed), list(self.converted)
        run.notes = list(self.notes)
        return run

    def make(self, code: str, how: str, counted: bool = True, queen: bool = False) -> dict:
        ship = {
            "id": None,
            "code": code,
            "charges": SHIPS[code].charges,
            "built_turn": self.turn,
            "trigger": None,
            "components": [],
            "used_charge": False,
        }
        self.fleet.append(ship)
        self.made.append({"ship": ship, "counted": counted, "queen": queen, "how": how})
        return ship


def _start(state: dict[str, Any], seat: int) -> _Run:
    player = state["players"][seat]
    run = _Run.__new__(_Run)
    run.turn = state["turn"]
    run.fleet = list(player["fleet"])
    run.lines, run.joining = player["lines"], player["joining"]
    run.made, run.consumed, run.converted, run.notes = [], [], [], []
    return run


def _own(run: _Run, starting: list[dict], owned: list[bool], index: int) -> dict:
    """The starting ship at ``index``, copied into the run the first time its charges
    change (the prelude is the only stage that changes a ship it did not make). The prelude
    only appends, so a starting ship's index is the same in ``run.fleet``."""
    if not owned[index]:
        owned[index] = True
        starting[index] = run.fleet[index] = dict(starting[index])
    return starting[index]


def _prelude(state: dict[str, Any], seat: int, run: _Run, plan: dict[str, Any]) -> None:
    """Carrier choices (interactive), then the automatic makers; a Chronoswarm owner runs
    the makers twice. Only the starting fleet makes ships here."""
    die = state["dice"]["effective"][seat]
    extra = state["dice"]["extra_used"][seat]
    starting = list(run.fleet)
    owned = [False] * len(starting)
    for ship_id, what in sorted(plan["carrier"].items()):
        index = next((i for i, s in enumerate(starting) if s["id"] == ship_id), None)
        if index is None or SHIPS[starting[index]["code"]].prelude != "carrier":
            raise PlanError("That Carrier is not in your fleet.")
        need = CARRIER_MAKES.get(what)
        if need is None:
            raise PlanError("A Carrier makes a Defender or a Fighter.")
        if starting[index]["charges"] < need:
            raise PlanError(f"A Carrier needs {need} charge(s) to make that ship.")
        _own(run, starting, owned, index)["charges"] -= need
        run.make(what, "Carrier")
        run.notes.append(f"Carrier made a {SHIPS[what].name}")
    passes = 2 if count(starting, "CHR") else 1
    for pass_no in range(passes):
        zenith_die = die if pass_no == 0 or not extra else extra[0]
        for index, ship in enumerate(starting):
            kind = SHIPS[ship["code"]].prelude
            if kind == "bug_breeder" and ship["charges"] > 0:
                _own(run, starting, owned, index)["charges"] -= 1
                run.make("XEN", "Bug Breeder")
                run.notes.append("Bug Breeder made a Xenite")
            elif kind == "queen":
                run.make("XEN", "Queen", queen=True)
                run.notes.append("Queen made a Xenite")
            elif kind == "zenith":
                for code in ZENITH_MAKES.get(zenith_die, ()):
                    run.make(code, "Zenith")
                    run.notes.append(f"Zenith made a {SHIPS[code].name} (die {zenith_die})")


def _build_checked(run: _Run, species: str, entry: dict[str, Any]) -> ShipDef:
    """What one basic build makes, or PlanError; changes nothing."""
    defn = SHIPS.get(entry["code"])
    if defn is None or defn.species != species or defn.kind != Kind.BASIC:
        raise PlanError("You can only draw Basic ships of your own species.")
    if not defn.buildable:
        raise PlanError(f"{defn.name} can only be made by an Evolver.")
    _check_max(run.fleet, defn.code)
    if run.lines < defn.cost:
        raise PlanError(f"{defn.name} costs {defn.cost} lines; you have {run.lines} left.")
    if defn.trigger:
        _number(entry, defn.name)
    return defn


def _build(run: _Run, species: str, entry: dict[str, Any]) -> None:
    """One basic build, with its "when built" consequences."""
    defn = _build_checked(run, species, entry)
    run.lines -= defn.cost
    ship = run.make(defn.code, "drawn")
    if defn.trigger:
        ship["trigger"] = _number(entry, defn.name)
    for code in defn.on_build_make:
        run.make(code, defn.name)
    run.joining += defn.on_build_joining


def _evolve(run: _Run, entries: list[dict[str, Any]]) -> None:
    """Every Evolver conversion (how many depends on the Evolvers after the builds)."""
    if len(entries) > sum(1 for s in run.fleet if SHIPS[s["code"]].evolver):
        raise PlanError("Each Evolver converts at most one Xenite per turn.")
    for entry in entries:
        if entry["into"] not in EVOLVE_INTO:
            raise PlanError("An Evolver makes an Oxite or an Asterite.")
        xenites = [s for s in run.fleet if s["code"] == "XEN"]
        if not xenites:
            raise PlanError("There is no Xenite left to evolve.")
        ship = xenites[-1]
        run.fleet.remove(ship)
        new = dict(ship, code=entry["into"], id=None, charges=None)
        run.fleet.append(new)
        run.converted.append({"from": ship, "to": new})


def _upgrade_checked(
    run: _Run, recipes: tuple[str, ...], entry: dict[str, Any]
) -> tuple[ShipDef, list[dict]]:
    """What one upgrade makes and consumes, or PlanError; changes nothing."""
    defn = SHIPS.get(entry["code"])
    if defn is None or defn.kind != Kind.UPGRADED or defn.species not in recipes:
        raise PlanError("You can only upgrade into Upgraded ships of your own species.")
    _check_max(run.fleet, defn.code)
    parts = _pick_components(run.fleet, defn.code)
    if parts is None:
        raise PlanError(f"{defn.name} needs {', '.join(defn.components)} in your fleet.")
    if run.joining + run.lines < defn.joining:
        raise PlanError(f"{defn.name} needs {defn.joining} joining lines.")
    if defn.trigger:
        _number(entry, defn.name)
    return defn, parts


def _upgrade(run: _Run, recipes: tuple[str, ...], entry: dict[str, Any]) -> None:
    defn, parts = _upgrade_checked(run, recipes, entry)
    from_joining = min(run.joining, defn.joining)
    run.joining -= from_joining
    run.lines -= defn.joining - from_joining
    for ship in parts:
        run.fleet.remove(ship)
        run.consumed.append(ship)
    ship = run.make(defn.code, "upgraded")
    ship["components"] = [p["code"] for p in parts]
    if defn.trigger:
        ship["trigger"] = _number(entry, defn.name)


def _result(run: _Run) -> dict[str, Any]:
    # Saved lines are capped at 12, ordinary lines first, joining lines fill the rest.
    lines = min(run.lines, SAVED_LINE_CAP)
    return {
        "fleet": run.fleet,
        "lines": lines,
        "joining": min(run.joining, SAVED_LINE_CAP - lines),
        "made": run.made,
        "consumed": run.consumed,
        "converted": run.converted,
        "notes": run.notes,
    }


def run_plan(state: dict[str, Any], seat: int, plan: dict[str, Any]) -> dict[str, Any]:
    """Carry out ``plan`` on the seat's fleet and lines, leaving the state as it is; raises
    ``PlanError``.

    Returns ``{"fleet", "lines", "joining", "made", "consumed", "converted", "notes"}`` where
    ``made`` lists ``{"ship", "counted", "queen"}`` for every new ship (new ships carry
    ``id`` None until the caller assigns one). The fleet's unchanged ships are the state's
    own dicts: the caller copies before changing one.
    """
    species = state["players"][seat]["species"]
    run = _start(state, seat)
    _prelude(state, seat, run, plan)
    for entry in plan["builds"]:
        _build(run, species, entry)
    _evolve(run, plan["evolve"])
    recipes = upgrade_species(state, seat)
    for entry in plan["upgrades"]:
        _upgrade(run, recipes, entry)
    return _result(run)


def upgrade_species(state: dict[str, Any], seat: int) -> tuple[str, ...]:
    """Whose Upgraded ships ``seat`` may build: its own; an Ancient (no upgrades of its
    own) the opponent's, from the Basic ships it copied (SSG-SIMULACRUM)."""
    species = state["players"][seat]["species"]
    if species == Species.ANCIENT:
        return (state["players"][1 - seat]["species"],)
    return (species,)


def _number(entry: dict[str, Any], name: str) -> int:
    number = entry.get("trigger")
    if type(number) is not int or number not in range(1, 7):
        raise PlanError(f"Choose the {name}'s number from 1 to 6.")
    return number


def _check_max(fleet: list[dict], code: str) -> None:
    defn = SHIPS[code]
    if defn.max_count is not None and count(fleet, code) >= defn.max_count:
        raise PlanError(f"You may own at most {defn.max_count} {defn.name}.")


def _pick_components(fleet: list[dict], code: str) -> list[dict] | None:
    """The instances an upgrade consumes: the oldest fitting ones (depleted where needed)."""
    chosen: list[dict] = []
    for entry in SHIPS[code].components:
        want, depleted = component(entry)
        match = next(
            (
                s
                for s in fleet
                if s["code"] == want
                and all(s is not c for c in chosen)
                and (not depleted or not s["charges"])
            ),
            None,
        )
        if match is None:
            return None
        chosen.append(match)
    return chosen


def components_present(fleet: list[dict], code: str) -> bool:
    return _pick_components([dict(s) for s in fleet], code) is not None


def try_plan(state: dict[str, Any], seat: int, plan: dict[str, Any]) -> str | None:
    try:
        run_plan(state, seat, plan)
    except PlanError as err:
        return str(err)
    return None


def entry_id(seat: int, turn: int, plan: dict[str, Any]) -> str:
    """Distinctive, never-public ids of plan entries (leak tests search for ``SSB``)."""
    return f"SSB{seat}t{turn}n{plan['next']}"


def with_action(
    state: dict[str, Any], seat: int, plan: dict[str, Any], action: dict
) -> dict[str, Any]:
    """The plan after one composition step; raises PlanError/ValueError when malformed."""
    new = {
        "carrier": dict(plan["carrier"]),
        "builds": list(plan["builds"]),
        "evolve": list(plan["evolve"]),
        "upgrades": list(plan["upgrades"]),
        "next": plan["next"],
    }
    kind = action.get("type")
    eid = entry_id(seat, state["turn"], plan)
    if kind == "build":
        entry = {"entry": eid, "code": str(action.get("ship"))}
        if "trigger" in action:
            entry["trigger"] = action["trigger"]
        new["builds"].append(entry)
        new["next"] += 1
    elif kind == "upgrade":
        entry = {"entry": eid, "code": str(action.get("ship"))}
        if "trigger" in action:
            entry["trigger"] = action["trigger"]
        new["upgrades"].append(entry)
        new["next"] += 1
    elif kind == "evolve":
        new["evolve"].append({"entry": eid, "into": str(action.get("into"))})
        new["next"] += 1
    elif kind == "carrier":
        ship_id, what = str(action.get("ship")), action.get("make")
        if what == "hold":
            new["carrier"].pop(ship_id, None)
        else:
            new["carrier"][ship_id] = str(what)
    elif kind == "remove":
        target = action.get("entry")
        before = sum(len(new[key]) for key in ("builds", "evolve", "upgrades"))
        for key in ("builds", "evolve", "upgrades"):
            new[key] = [e for e in new[key] if e["entry"] != target]
        if sum(len(new[key]) for key in ("builds", "evolve", "upgrades")) == before:
            raise PlanError("There is no such entry in your submission.")
    elif kind == "clear":
        new = {**empty_plan(), "next": plan["next"]}
    else:
        raise ValueError(kind)
    error = try_plan(state, seat, new)
    if error:
        raise PlanError(error)
    return new


def catalogue(state: dict[str, Any], seat: int) -> list[ShipDef]:
    """What ``seat`` may draw or upgrade into: its species' ships; for an Ancient that owns
    a copied foreign ship, also the opponent's Upgraded ships."""
    player = state["players"][seat]
    own = species_ships(player["species"])
    foreign = [s for s in player["fleet"] if SHIPS[s["code"]].species != player["species"]]
    if player["species"] != Species.ANCIENT or not foreign:
        return own
    theirs = [
        defn
        for species in upgrade_species(state, seat)
        for defn in species_ships(species)
        if defn.kind == Kind.UPGRADED
    ]
    return own + theirs


def plan_candidates(state: dict[str, Any], seat: int, plan: dict[str, Any]) -> list[dict]:
    """Every composition step worth trying on ``plan`` (each distinct), carryable or not."""
    candidates: list[dict] = []
    player = state["players"][seat]
    for ship in player["fleet"]:
        if SHIPS[ship["code"]].prelude == "carrier":
            if ship["id"] in plan["carrier"]:
                candidates.append({"type": "carrier", "ship": ship["id"], "make": "hold"})
            else:
                for what in CARRIER_MAKES:
                    candidates.append({"type": "carrier", "ship": ship["id"], "make": what})
    for defn in catalogue(state, seat):
        if defn.kind == Kind.BASIC and defn.buildable and defn.trigger:
            candidates.extend(
                {"type": "build", "ship": defn.code, "trigger": t} for t in range(1, 7)
            )
        elif defn.kind == Kind.BASIC and defn.buildable:
            candidates.append({"type": "build", "ship": defn.code})
        elif defn.kind == Kind.UPGRADED:
            if defn.trigger:
                candidates.extend(
                    {"type": "upgrade", "ship": defn.code, "trigger": t} for t in range(1, 7)
                )
            else:
                candidates.append({"type": "upgrade", "ship": defn.code})
    candidates.extend({"type": "evolve", "into": code} for code in EVOLVE_INTO)
    for key in ("builds", "evolve", "upgrades"):
        candidates.extend({"type": "remove", "entry": e["entry"]} for e in plan[key])
    return candidates


def _carryable(state: dict[str, Any], seat: int, plan: dict[str, Any], action: dict) -> bool:
    try:
        with_action(state, seat, plan, action)
    except (PlanError, ValueError):
        return False
    return True


class _Probe:
    """Whether composition steps keep ``plan`` carryable, without simulating the whole plan
    once per step.

    ``with_action`` appends a build, an evolve or an upgrade at the end of its list, and
    ``run_plan`` carries the lists out in stages (prelude, builds, evolves, upgrades), so
    the plan with one more entry shares every stage before that entry's with the plan
    itself. The plan is carried out once, keeping the run after its builds and after its
    upgrades; an added build or evolve resumes from the first, an added upgrade from the
    second. Any other step (and every step when the plan itself does not carry out) is
    simulated from the start, as ``with_action`` does."""

    def __init__(self, state: dict[str, Any], seat: int, plan: dict[str, Any]) -> None:
        self.state, self.seat, self.plan = state, seat, plan
        self.species = state["players"][seat]["species"]
        self.recipes = upgrade_species(state, seat)
        self.after_builds: _Run | None = None
        self.after_upgrades: _Run | None = None
        try:
            run = _start(state, seat)
            _prelude(state, seat, run, plan)
            for entry in plan["builds"]:
                _build(run, self.species, entry)
            after_builds = run.fork()
            _evolve(run, plan["evolve"])
            for entry in plan["upgrades"]:
                _upgrade(run, self.recipes, entry)
        except PlanError:
            return
        self.after_builds, self.after_upgrades = after_builds, run

    def carryable(self, action: dict) -> bool:
        kind = action.get("type")
        if self.after_upgrades is None or kind not in ("build", "evolve", "upgrade"):
            return _carryable(self.state, self.seat, self.plan, action)
        if kind == "evolve":
            entry = {"into": str(action.get("into"))}
        else:
            entry = {"code": str(action.get("ship"))}
            if "trigger" in action:
                entry["trigger"] = action["trigger"]
        try:
            if kind == "upgrade":  # the last stage: checking it is enough, no copy needed
                _upgrade_checked(self.after_upgrades, self.recipes, entry)
                return True
            if kind == "build":  # most refused builds are refused here, before any copy
                _build_checked(self.after_builds, self.species, entry)
            run = self.after_builds.fork()
            evolve = self.plan["evolve"]
            if kind == "build":
                _build(run, self.species, entry)
            else:
                evolve = [*evolve, entry]
            _evolve(run, evolve)
            for upgrade in self.plan["upgrades"]:
                _upgrade(run, self.recipes, upgrade)
        except PlanError:
            return False
        return True


def plan_actions(state: dict[str, Any], seat: int, plan: dict[str, Any]) -> list[dict]:
    """Every composition step that keeps the plan carryable, plus confirm.

    A ship's number (1-6) only has to be one of six, so whether the plan carries out is the
    same for all six: it is simulated once per ship, not once per number."""
    out = []
    probe = _Probe(state, seat, plan)
    by_ship: dict[tuple[str, Any], bool] = {}
    for action in plan_candidates(state, seat, plan):
        if "trigger" in action:
            key = (action["type"], action["ship"])
            if key not in by_ship:
                by_ship[key] = probe.carryable(action)
            carryable = by_ship[key]
        else:
            carryable = probe.carryable(action)
        if carryable:
            out.append(action)
    if plan["builds"] or plan["evolve"] or plan["upgrades"] or plan["carrier"]:
        out.append({"type": "clear"})
    out.append({"type": "confirm"})
    return out


def listed_step(
    state: dict[str, Any], seat: int, plan: dict[str, Any], action: dict
) -> tuple[dict, dict[str, Any] | None] | None:
    """The entry of ``plan_actions`` equal to ``action`` (as the engine wrote it) and the
    plan after it (None for confirm, which leaves the plan), or None when there is no such
    entry; found without simulating every other candidate, and the plan after a step
    simulated once, for the check and the move alike."""
    if action == {"type": "confirm"}:
        return {"type": "confirm"}, None
    if action == {"type": "clear"}:
        filled = plan["builds"] or plan["evolve"] or plan["upgrades"] or plan["carrier"]
        return ({"type": "clear"}, with_action(state, seat, plan, action)) if filled else None
    for candidate in plan_candidates(state, seat, plan):  # distinct: at most one is equal
        if candidate == action:
            try:
                return candidate, with_action(state, seat, plan, candidate)
            except (PlanError, ValueError):
                return None
    return None


def commit_plan(
    state: dict[str, Any], seat: int, plan: dict[str, Any], new_id
) -> tuple[list[str], list[dict[str, Any]]]:
    """Carry out a locked plan on the (cloned, mutable) state at Reveal.

    Returns (log lines, made items); the caller queues once-only effects of made ships.
    """
    result = run_plan(state, seat, plan)
    player = state["players"][seat]
    turn = state["turnstate"]
    for item in result["made"]:
        item["ship"]["id"] = new_id(seat, item["ship"]["code"])
    for item in result["converted"]:
        item["to"]["id"] = new_id(seat, item["to"]["code"])
    player["fleet"] = result["fleet"]
    player["lines"] = result["lines"]
    player["joining"] = result["joining"]
    for ship in result["consumed"]:
        turn["lost"].append({"seat": seat, "ship": ship, "how": "consumed"})
    lines = list(result["notes"])
    for item in result["made"]:
        if item["counted"]:
            turn["made"][seat] += 1
        if item["queen"]:
            turn["queen_made"][seat] += 1
        turn["built"][seat].append(item["ship"]["code"])
    for item in result["converted"]:
        lines.append(f"Evolver turned a Xenite into an {SHIPS[item['to']['code']].name}")
    return lines, result["made"]


def upgrade_ready(fleet: list[dict], code: str) -> bool:
    """Whether the components of ``code`` are in ``fleet`` now (lines aside)."""
    return components_present(fleet, code)
