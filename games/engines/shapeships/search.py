"""ShapeShips' level-2 bot: the core search (core/search.py) over whole submissions.

A decision here is composed of several moves (a drawing is built step by step, then locked
in; so are first strikes and charge declarations), and a playout of a turn costs tens of
milliseconds, so the search weighs few, complete candidates: the level-1 bot's own way to
finish the current submission, and variations of it, each taking another of the moves
offered at one point of that way and letting the level-1 bot finish from there. Every
candidate is played out in sampled worlds to the end of the turn's End of Turn Resolution
(the opponent answering as the level-1 bot would), then scored by health and by what each
side dealt and healed in that resolution, a measure of its fleet that any species earns
alike (automatic powers, charges, Solar Powers all end there).

Hidden from a seat: the opponent's commitment in the current step (a drawing submission,
strikes, declarations or responses, or a choice about dice) and the seed. A sample clears
the opponent's commitment back to how every step starts one (empty lists, counters at 1,
an empty drawing plan, no choice made) and unlocks it, so the opponent decides again in
the playout, and replaces the seed. Nothing of this names a species: ships and their powers
come from the engine's tables.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.search import search_action
from . import bot, drawing
from .model import Stage
from .powers import auto_effects
from .resolution import max_health
from .ships import SHIPS

SAMPLES = 2
# The species: each is played out by level-1 bots for SPECIES_TURNS turns in
# SPECIES_SAMPLES worlds (the opponent choosing its own species in each).
SPECIES_SAMPLES = 4
SPECIES_TURNS = 8
MAX_LINES = 10  # candidates per decision (the level-1 way and its variations)
MAX_DEPTH = 80  # moves of a playout; the end of the turn comes first
# Moves that undo or abandon part of a submission: a variation adds, it never takes back.
_UNDO = ("resign", "remove", "clear", "unstrike", "withdraw", "cancel")


def _blank(data: Any) -> Any:
    """A commitment as its step starts it: lists empty, counters at 1, a drawing plan empty,
    choices (a species, a reroll, a target being aimed) not yet made."""
    if not isinstance(data, dict):
        return {}
    fresh: dict[str, Any] = {}
    for key, value in data.items():
        if key == "plan":
            fresh[key] = drawing.empty_plan()
        elif key == "next":
            fresh[key] = 1
        elif isinstance(value, list):
            fresh[key] = []
    return fresh


def _clone(state: dict[str, Any]) -> dict[str, Any]:
    from .engine import clone  # the engine's fast JSON copy (engine imports this module late)

    return clone(state)


def sample(state: dict[str, Any], seat: int, r: random.Random) -> dict[str, Any]:
    world = _clone(state)
    world["seed"] = f"sample-{r.getrandbits(64):016x}"
    theirs = world["commit"][1 - seat]
    theirs["data"] = _blank(theirs["data"])
    theirs["locked"] = False
    return world


def _rate(state: dict[str, Any], seat: int) -> float:
    """What the seat's fleet does every turn by itself: damage dealt, healing (worth half:
    it stops at the maximum), damage to itself."""
    rate = 0.0
    for ship in state["players"][seat]["fleet"]:
        for effect in auto_effects(state, seat, ship):
            if effect["kind"] == "damage":
                rate += effect["amount"]
            elif effect["kind"] == "heal":
                rate += effect["amount"] / 2
            elif effect["kind"] == "self_damage":
                rate -= effect["amount"]
    return rate


def _output(state: dict[str, Any], seat: int) -> float:
    """What the seat's fleet did in the last End of Turn Resolution: damage dealt, healing
    (worth half). Whatever made it (automatic powers, charges, anything a species spends),
    the summary holds it; before the first one, the automatic powers stand in."""
    summary = state.get("summary")
    if not summary:
        return _rate(state, seat)
    return summary["damage"][1 - seat] + summary["healing"][seat] / 2


def _standing(state: dict[str, Any], seat: int) -> float:
    p = state["players"][seat]
    stored = sum(
        (ship["charges"] or 0) * max((o.n for o in SHIPS[ship["code"]].charge_options), default=0)
        for ship in p["fleet"]
    )
    built = sum(SHIPS[ship["code"]].cost for ship in p["fleet"])
    return (
        min(p["health"], max_health(state, seat))
        + 2 * _output(state, seat)
        + stored / 2
        + built / 10
        + p["lines"] / 4
    )


def evaluate(state: dict[str, Any], seat: int) -> float:
    lead = _standing(state, seat) - _standing(state, 1 - seat)
    return max(0.0, min(1.0, 0.5 + lead / 60))


def _finish(engine, world: dict[str, Any], seat: int, step: str) -> list[dict[str, Any]] | None:
    """The level-1 bot's moves that complete the seat's submission in ``world`` (None if it
    cannot: a bot that would loop)."""
    line = []
    for _ in range(40):
        prompts = engine.prompts(world)
        if prompts.step != step or seat not in prompts.waiting:
            return line
        move = engine.bot_action(world, seat, 1)
        line.append(move)
        world, _ = engine.apply(world, seat, move)
    return None


def _lines(engine, state: dict[str, Any], seat: int) -> list[list[dict[str, Any]]]:
    """The level-1 way to finish the submission, then variations of it, at most MAX_LINES."""
    step = engine.prompts(state).step
    world = _clone(state)
    world["commit"][1 - seat]["data"] = _blank(world["commit"][1 - seat]["data"])
    world["commit"][1 - seat]["locked"] = False  # never resolve with their real choice
    base = _finish(engine, world, seat, step)
    if not base:
        return []
    lines, at = [base], world
    for k, chosen in enumerate(base):
        for move in engine.legal_actions(at, seat):
            if len(lines) >= MAX_LINES:
                return lines
            if move["type"] in _UNDO or move == chosen:
                continue
            after, _ = engine.apply(at, seat, move)
            rest = _finish(engine, after, seat, step)
            if rest is not None and [*base[:k], move, *rest] not in lines:
                lines.append([*base[:k], move, *rest])
        at, _ = engine.apply(at, seat, chosen)
    return lines


def choose(engine, state: dict[str, Any], seat: int) -> dict[str, Any]:
    legal = engine.legal_actions(state, seat)
    if state["stage"] == Stage.SPECIES_CHOICE.value:
        return search_action(
            engine,
            state,
            seat,
            sample,
            evaluate,
            samples=SPECIES_SAMPLES,
            depth=SPECIES_TURNS * 20,
            key="species",
            lines=[[a] for a in legal if a["type"] == "species"],
            until=lambda s: s["turn"] > SPECIES_TURNS,
        )
    if state["stage"] != Stage.PLAYING.value:
        return bot.choose(engine.view(state, seat), legal, state["seed"], seat)
    lines = _lines(engine, state, seat)
    if not lines:
        return bot.choose(engine.view(state, seat), legal, state["seed"], seat)
    turn = state["turn"]
    return search_action(
        engine,
        state,
        seat,
        sample,
        evaluate,
        samples=SAMPLES,
        depth=MAX_DEPTH,
        key=engine.prompts(state).step,
        lines=lines,
        until=lambda s: s["turn"] > turn,
    )
