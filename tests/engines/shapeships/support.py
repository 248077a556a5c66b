"""Scenario helpers: start a match at turn 1 Drawing and place ships by hand."""

from __future__ import annotations

from games.engines.core import clone
from games.engines.shapeships import ENGINE
from games.engines.shapeships.model import new_ship

E = ENGINE


def start(a: str = "human", b: str = "human", seed: str = "scenario") -> dict:
    """A match whose species were preset, resting at turn 1 Drawing."""
    state = E.setup({"species": [a, b]}, seed)
    assert state["step"] == "drawing"
    return state


def give(state, seat, code, n=1, charges=None, built_turn=0, trigger=None):
    """Put ``n`` ships in a fleet as if built on an earlier turn (mutates ``state``)."""
    for _ in range(n):
        ship = new_ship(state, seat, code, built_turn)
        if charges is not None:
            ship["charges"] = charges
        ship["trigger"] = trigger
        state["players"][seat]["fleet"].append(ship)
    return state


def codes(state, seat) -> list[str]:
    return sorted(s["code"] for s in state["players"][seat]["fleet"])


def play(state, seat, *actions):
    for action in actions:
        state, _ = E.apply(state, seat, action)
    return state


def confirm_waiting(state):
    """Every waiting seat locks in whatever it composed (one round of the current step)."""
    for seat in sorted(E.prompts(state).waiting):
        state, _ = E.apply(state, seat, {"type": "confirm"})
    return state


def finish_turn(state, turn=1):
    """Lock in empty choices until End of Turn Resolution of ``turn`` has run (no-op when it
    already has)."""
    while E.outcome(state) is None and (
        state["summary"] is None or state["summary"]["turn"] < turn
    ):
        state = confirm_waiting(state)
    return state


def pause_in_battle(state, seat=1):
    """Give ``seat`` an Interceptor so the Declaration step waits (a place to look at the
    board between Reveal and End of Turn)."""
    return give(state, seat, "INT", charges=1)


def edited(state, **players):
    """A copy with player fields replaced, e.g. ``edited(s, health=[10, 20])``."""
    new = clone(state)
    for key, values in players.items():
        for seat in (0, 1):
            new["players"][seat][key] = values[seat]
    return new
