"""The ShapeShips engine: the contract methods, dispatching to the step modules."""

from __future__ import annotations

import json
from typing import Any

from games.engines.core import DRAW, WIN, Engine, IllegalAction, Outcome, Prompts, rng
from games.engines.core.clock import note_move

from . import aiming, battle, bot, clock, drawing, flow, solar
from .model import (
    BattleStep,
    BuildStep,
    Stage,
    new_commit,
    new_player,
    other,
)
from .ships import SHIPS, Species
from .view import build_view


class _NotPlain(Exception):
    """A value a JSON round trip would change (a tuple, an enum member, a non-str key)."""


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _plain_copy(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        copied = {}
        for key, item in value.items():
            if type(key) is not str:
                raise _NotPlain
            copied[key] = item if type(item) in _SCALARS else _plain_copy(item)
        return copied
    if kind is list:
        return [item if type(item) in _SCALARS else _plain_copy(item) for item in value]
    raise _NotPlain


def clone(state: dict[str, Any]) -> dict[str, Any]:
    """What a JSON round trip of ``state`` gives: a deep copy in which enum members, tuples
    and non-str keys have become plain JSON values. A state that is already plain (every one
    the engine returns) is copied directly, four to six times faster than the round trip."""
    try:
        return _plain_copy(state)
    except _NotPlain:
        return json.loads(json.dumps(state))


def _composing_copy(state: dict[str, Any], seat: int, kind: str) -> dict[str, Any]:
    """The state for a step of ``kind`` that changes only ``seat``'s commitment: one that
    composes it (a Drawing step, a strike, a charge or cast), or one that locks it in while
    the other seat still decides. Such a step changes the seat's commitment and may reset its
    run of timeouts, nothing else: nothing resolves while a seat still waits. Only the way to
    those is copied (the data itself whole for a strike, charge or cast, which change it in
    place; a Drawing step replaces the plan, a lock replaces the data or leaves it); the rest
    is shared with ``state``, which is safe because every other step starts from a whole
    ``clone``."""
    new = dict(state)
    new["commit"] = commits = list(state["commit"])
    commits[seat] = commit = dict(commits[seat])
    data = commit["data"]
    commit["data"] = dict(data) if kind in DRAW_STEPS or kind in LOCKING_STEPS else clone(data)
    if "timeouts" in state:
        new["timeouts"] = list(state["timeouts"])
    return new


SPECIES = tuple(s.value for s in Species)
WAIT_KIND = {
    "species_choice": "choose_species",
    BuildStep.DICE_ROLL.value: "reroll",
    BuildStep.DRAWING.value: "draw",
    BattleStep.FIRST_STRIKE.value: "first_strike",
    BattleStep.DECLARATION.value: "declare",
    BattleStep.RESPONSE.value: "respond",
}
# Steps whose targets may need the individual copy chosen (aiming.py).
AIM_STEPS = (BattleStep.FIRST_STRIKE, BattleStep.DECLARATION, BattleStep.RESPONSE)
DRAW_STEPS = ("build", "upgrade", "evolve", "carrier", "remove", "clear")
# Steps that only compose a seat's hidden commitment and never lock it in (see apply).
# Steps that lock a seat's commitment in (see apply: they resolve once no seat waits).
LOCKING_STEPS = frozenset(("species", "reroll", "keep", "cube", "confirm"))
COMPOSING_STEPS = frozenset(
    (*DRAW_STEPS, "strike", "copy", "cancel", "solar", "hole", "unstrike", "charge", "withdraw")
)


class ShapeShipsEngine(Engine):
    slug = "shapeships"
    name = "ShapeShips"
    seats = 2
    pitch = "Draw fleets of simple shapes in secret, upgrade them and strike simultaneously."
    hot_seat = False  # hidden simultaneous choices need two screens
    bot_levels = (1, 2)

    # --- setup ---------------------------------------------------------------------------
    def validate_config(self, config: dict[str, Any]) -> list[str]:
        if not isinstance(config, dict):
            return ["The match options must be a mapping."]
        errors = []
        unknown = set(config) - {"species"}
        if unknown:
            errors.append(f"Unknown options: {', '.join(sorted(unknown))}.")
        species = config.get("species")
        if species is not None:
            if not isinstance(species, list) or len(species) != 2:
                errors.append("species must be a list of two entries (a species or null).")
            else:
                for value in species:
                    if value is not None and value not in SPECIES:
                        errors.append(f"Unknown species {value!r}; choose from {SPECIES}.")
        return errors

    def setup(self, config: dict[str, Any], seed: str) -> dict[str, Any]:
        errors = self.validate_config(config)
        if errors:
            raise ValueError("; ".join(errors))
        state: dict[str, Any] = {
            "seed": str(seed),
            "config": clone(config),
            "stage": Stage.SPECIES_CHOICE.value,
            "phase": None,
            "step": "species_choice",
            "turn": 0,
            "serial": 0,
            "players": [new_player(), new_player()],
            "commit": new_commit(),
            "dice": {"count": 0, **flow.fresh_dice()},
            "turnstate": None,
            "summary": None,
            "log": [],
            "result": None,
        }
        flow.require(state, [0, 1])
        preset = config.get("species") or [None, None]
        for seat in (0, 1):
            if preset[seat]:
                state["commit"][seat]["data"] = {"species": preset[seat]}
                state["commit"][seat]["locked"] = True
        self._maybe_resolve(state)
        return clone(state)

    # --- prompts and actions -----------------------------------------------------------------
    def _step_name(self, state: dict[str, Any]) -> str:
        if state["stage"] == Stage.SPECIES_CHOICE:
            return "species_choice"
        name = f"turn{state['turn']}:{state['step']}"
        if state["step"] == BuildStep.DICE_ROLL:
            name += ":cube" if state["dice"]["cube_open"] else f":pass{state['dice']['pass']}"
        return name

    def _waiting(self, state: dict[str, Any]) -> list[int]:
        if state["stage"] == Stage.OVER:
            return []
        return [
            s
            for s in (0, 1)
            if state["commit"][s].get("required") and not state["commit"][s]["locked"]
        ]

    def prompts(self, state: dict[str, Any]) -> Prompts:
        if state["stage"] == Stage.OVER:
            return Prompts(step="over")
        kind = WAIT_KIND.get(state["step"], state["step"])
        if state["step"] == BuildStep.DICE_ROLL and state["dice"]["cube_open"]:
            kind = "cube"
        return Prompts(
            step=self._step_name(state),
            waiting={s: kind for s in self._waiting(state)},
            time_limit=clock.limit(state["step"]),  # SSX-CLOCK: the hall's limits
            simultaneous=True,
        )

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if state["stage"] == Stage.OVER or seat not in (0, 1):
            return []
        out: list[dict[str, Any]] = []
        if seat in self._waiting(state):
            data = state["commit"][seat]["data"]
            step = state["step"]
            if state["stage"] == Stage.SPECIES_CHOICE:
                out = [{"type": "species", "species": s} for s in SPECIES]
            elif step == BuildStep.DICE_ROLL and state["dice"]["cube_open"]:
                out = [{"type": "cube", "use": True}, {"type": "cube", "use": False}]
            elif step == BuildStep.DICE_ROLL:
                out = [{"type": "reroll"}, {"type": "keep"}]
            elif step == BuildStep.DRAWING:
                out = drawing.plan_actions(state, seat, data["plan"])
            elif data.get("aim") and step in AIM_STEPS:
                out = aiming.aim_actions(state, seat, data)
            elif data.get("hole") and step == BattleStep.DECLARATION:
                out = solar.hole_actions(state, seat, data)
            elif step == BattleStep.FIRST_STRIKE:
                out = battle.strike_actions(state, seat, data)
            elif step in (BattleStep.DECLARATION, BattleStep.RESPONSE):
                *choices, confirm = battle.charge_actions(state, seat, data)
                out = [*choices, *solar.cast_actions(state, seat, data), confirm]
        out.append({"type": "resign"})
        return out

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("MALFORMED", "An action is a mapping with a type.")
        if state["stage"] == Stage.OVER:
            raise IllegalAction("GAME_OVER", "The match is over.")
        if seat not in (0, 1):
            raise IllegalAction("BAD_SEAT", "There is no such seat.")
        kind = action["type"]
        alone = kind in LOCKING_STEPS and any(s != seat for s in self._waiting(state))
        if kind in COMPOSING_STEPS or alone:
            new = _composing_copy(state, seat, kind)
        else:  # it may resolve the step, which changes the whole state
            new = clone(state)
        if kind == "resign":
            if set(action) != {"type"}:
                raise IllegalAction("MALFORMED", "A resignation takes no other fields.")
            new["result"] = {
                "result": "win",
                "winner": other(seat),
                "reason": "resignation",
                "message": f"{flow.PLAYER[seat]} resigned.",
            }
            new["stage"] = Stage.OVER.value
            flow.log(new, new["result"]["message"])
            return new, [{"type": "resign", "seat": seat}]
        if seat not in self._waiting(state):
            raise IllegalAction("NOT_YOUR_TURN", "You have nothing to decide right now.")
        # The listed action equal to the one sent: values as the engine wrote them (a sent
        # ``true`` equals 1 in Python, but must not reach the state as a boolean).
        listed, plan = self._listed(state, seat, action)
        if listed is None:
            raise IllegalAction(*self._why_illegal(state, seat, action))
        action = listed
        note_move(new, seat)  # SSX-ABANDON: a move of its own breaks a seat's run of timeouts
        commit = new["commit"][seat]
        step = new["step"]
        events: list[dict[str, Any]] = [{"type": kind, "seat": seat}]
        if kind == "species":
            commit["data"] = {"species": action["species"]}
            commit["locked"] = True
        elif kind in ("reroll", "keep"):
            commit["data"] = {"reroll": kind == "reroll"}
            commit["locked"] = True
        elif kind == "cube":
            commit["data"] = {"cube": action["use"]}
            commit["locked"] = True
        elif kind == "confirm":
            commit["locked"] = True
        elif step == BuildStep.DRAWING and kind in DRAW_STEPS:
            commit["data"]["plan"] = plan  # the plan after the step, as _listed found it
        elif kind == "strike":
            move = {"source": action["source"], "target": action["target"]}
            if not aiming.start_aim(new, seat, commit["data"], move, {"enemy": action["target"]}):
                commit["data"]["strikes"].append(move)
        elif kind == "copy":
            finished = aiming.take_copy(commit["data"], action["ship"])
            if finished is not None and "source" in finished:
                commit["data"]["strikes"].append(finished)
            elif finished is not None and "hole" in finished:
                target = {"target": finished["hole"], "enemy_ship": finished["enemy_ship"]}
                solar.add_hole_target(new, seat, commit["data"], target)
            elif finished is not None:
                self._add_charge(new, seat, finished)
        elif kind == "cancel":
            solar.cancel(commit["data"])
        elif kind == "solar":
            solar.add_cast(new, seat, commit["data"], action)
        elif kind == "hole":
            solar.aim_hole(new, seat, commit["data"], action["target"])
        elif kind == "unstrike":
            commit["data"]["strikes"] = [
                s for s in commit["data"]["strikes"] if s["source"] != action["source"]
            ]
        elif kind == "charge":
            entry = {k: action[k] for k in ("ship", "option", "own", "enemy") if k in action}
            codes = {"enemy": entry["enemy"], "own": entry["own"]} if "own" in entry else {}
            if not aiming.start_aim(new, seat, commit["data"], entry, codes):
                self._add_charge(new, seat, entry)
        elif kind == "withdraw":
            for key in ("charges", "solar"):
                commit["data"][key] = [
                    d for d in commit["data"].get(key, []) if d["entry"] != action["entry"]
                ]
        else:  # pragma: no cover - legal_actions only offers the kinds above
            raise IllegalAction("UNKNOWN_ACTION", "That is not an action of this game.")
        events.extend(self._maybe_resolve(new))
        return new, events

    def _listed(
        self, state: dict[str, Any], seat: int, action: dict[str, Any]
    ) -> tuple[dict | None, dict | None]:
        """The entry of ``legal_actions(state, seat)`` equal to ``action`` (or None), and in
        the Drawing step the plan after it. There only the sent step is simulated, not every
        step the list would offer, and only once."""
        if state["step"] == BuildStep.DRAWING and state["stage"] != Stage.SPECIES_CHOICE:
            plan = state["commit"][seat]["data"]["plan"]
            return drawing.listed_step(state, seat, plan, action) or (None, None)
        legal = self.legal_actions(state, seat)
        return (legal[legal.index(action)] if action in legal else None), None

    @staticmethod
    def _add_charge(state: dict[str, Any], seat: int, entry: dict[str, Any]) -> None:
        data = state["commit"][seat]["data"]
        entry = {**entry, "entry": battle.charge_entry_id(seat, state, data)}
        data["next"] = data.get("next", 1) + 1
        data["charges"].append(entry)

    def _why_illegal(self, state, seat, action) -> tuple[str, str]:
        """A readable reason for a refused action (SSR-7 asks for the reason)."""
        if state["step"] == BuildStep.DRAWING and action.get("type") in DRAW_STEPS:
            try:
                drawing.with_action(state, seat, state["commit"][seat]["data"]["plan"], action)
            except drawing.PlanError as err:
                return "ILLEGAL_BUILD", str(err)
            except (ValueError, KeyError, TypeError):
                pass
            return "ILLEGAL_BUILD", "That is not a possible step of your submission."
        if action.get("type") == "solar":
            reason = solar.refusal(state, seat, state["commit"][seat]["data"], action)
            return "ILLEGAL_SPEND", reason or "That cast is not possible now."
        return "ILLEGAL", "That action is not possible now."

    def _maybe_resolve(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        """When every required seat has locked in, reveal and resolve (SSC-3)."""
        if self._waiting(state) or state["stage"] == Stage.OVER:
            return []
        step = state["step"]
        if state["stage"] == Stage.SPECIES_CHOICE:
            for seat in (0, 1):
                state["players"][seat]["species"] = state["commit"][seat]["data"]["species"]
            state["stage"] = Stage.PLAYING.value
            flow.log(
                state,
                "Species revealed: "
                f"{state['players'][0]['species']} vs {state['players'][1]['species']}.",
            )
            flow.start_turn(state)
        elif step == BuildStep.DICE_ROLL and state["dice"]["cube_open"]:
            flow.resolve_cube(state)
        elif step == BuildStep.DICE_ROLL:
            flow.resolve_rerolls(state)
        elif step == BuildStep.DRAWING:
            flow.reveal(state)
        elif step == BattleStep.FIRST_STRIKE:
            flow.resolve_first_strike(state)
        elif step in (BattleStep.DECLARATION, BattleStep.RESPONSE):
            flow.resolve_charges(state)
        return [{"type": "resolved", "step": step, "now": state["step"], "turn": state["turn"]}]

    def timeout(self, state: dict[str, Any]):
        """SSX-TIMER: every seat still deciding takes its default: a random species, keep the
        die, or lock in what it has chosen so far (its current composition is always
        carryable; its strikes and charges so far). The log says who ran out of time.
        SSX-ABANDON: a seat's third timeout in a row loses the match."""
        if state["stage"] == Stage.OVER:
            raise IllegalAction("GAME_OVER", "The match is over.")
        new = clone(state)
        late = self._waiting(state)
        for seat in late:
            commit = new["commit"][seat]
            if new["stage"] == Stage.SPECIES_CHOICE:
                commit["data"] = {"species": rng(new["seed"], "timeout", seat).choice(SPECIES)}
            elif new["step"] == BuildStep.DICE_ROLL and new["dice"]["cube_open"]:
                commit["data"] = {"cube": False}
            elif new["step"] == BuildStep.DICE_ROLL:
                commit["data"] = {"reroll": False}
            elif isinstance(commit["data"], dict):
                # A move still waiting for its copy, or a Black Hole still being aimed, is
                # dropped.
                commit["data"].pop("aim", None)
                commit["data"].pop("hole", None)
            commit["locked"] = True
            flow.log(
                new,
                f"{flow.PLAYER[seat]} ran out of time: {clock.DEFAULT_WORDS[state['step']]}.",
            )
        events: list[dict[str, Any]] = [{"type": "timeout", "step": state["step"], "seats": late}]
        result = clock.abandoned(new, late)
        if result is not None:
            new["result"] = result
            new["stage"] = Stage.OVER.value
            flow.log(new, result["message"])
            return new, [*events, {"type": "abandoned", "seats": late}]
        events.extend(self._maybe_resolve(new))
        return new, events

    # --- reading -------------------------------------------------------------------------------
    def view(self, state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        return build_view(state, viewer, self)

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        result = state.get("result")
        if not result:
            return None
        return Outcome(
            result=DRAW if result["result"] == "draw" else WIN,
            winner=result["winner"],
            reason=result["reason"],
            message=result["message"],
        )

    def action_label(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        if action.get("type") == "copy":
            ship = str(action.get("ship"))
            code = ship.split("-")[1] if ship.count("-") == 2 else ""
            name = SHIPS[code].name if code in SHIPS else ship
            return aiming.ship_label(state, ship, name)
        if action.get("type") == "cancel":
            return "Back"
        if action.get("type") == "cube" and state["stage"] == Stage.PLAYING:
            dice = state["dice"]
            if action.get("use") and dice["cube"][seat] is not None:
                return f"Use your Cube die ({dice['cube'][seat]})"
            return f"Keep the shared die ({dice['main']})"
        return bot.label(action)

    def bot_action(self, state: dict[str, Any], seat: int, level: int = 1) -> dict[str, Any]:
        if level >= 2:
            from .search import choose

            return choose(self, state, seat)
        return bot.choose(
            self.view(state, seat), self.legal_actions(state, seat), state["seed"], seat
        )
