"""Small builders for concrete test positions (tests edit a fresh state directly)."""

from __future__ import annotations

import copy

import pytest

from games.engines.core import IllegalAction
from games.engines.gundam import ENGINE, STARTER_DECKS

BLUE = "Coalition Bulwark"
RED = "Vanguard Rush"


def config(**options):
    """Options plus both starter decks seated (blue for seat 0, red for seat 1)."""
    return {
        **options,
        "decks": {
            "0": {"name": BLUE, "deck": copy.deepcopy(STARTER_DECKS[BLUE])},
            "1": {"name": RED, "deck": copy.deepcopy(STARTER_DECKS[RED])},
        },
    }


def started(seed="test-seed", **options):
    return ENGINE.setup(config(**options), seed)


def act(state, seat, action):
    new, _events = ENGINE.apply(state, seat, action)
    return new


def rejects(state, seat, action, code):
    """The move is refused with ``code`` and the state is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, seat, action)
    assert err.value.code == code, err.value
    assert state == before
    return err.value


_counter = [0]


def _new_id(state, seat, no, tag):
    _counter[0] += 1
    cid = f"gdt{seat}-{tag}{_counter[0]:03d}"
    state["cards"][cid] = no
    return cid


def give(state, seat, no):
    """Put a fresh copy of card ``no`` into the seat's hand; returns its id."""
    cid = _new_id(state, seat, no, "h")
    state["players"][seat]["hand"].append(cid)
    return cid


def place(state, seat, no, **fields):
    """Put a Unit ``no`` into the seat's battle area (ready to attack unless told)."""
    cid = _new_id(state, seat, no, "u")
    unit = {
        "id": cid,
        "no": no,
        "rested": False,
        "can_attack": True,
        "damage": 0,
        "pilot": None,
        "pilot_no": None,
        "ap_bonus": 0,
        "entered": 0,
    }
    unit.update(fields)
    if unit["pilot_no"] and not unit["pilot"]:
        unit["pilot"] = _new_id(state, seat, unit["pilot_no"], "p")
    state["players"][seat]["battle"].append(unit)
    return cid


def resources(state, seat, n, ex=0, rested=0):
    """Give the seat exactly ``n`` regular and ``ex`` EX resources (first ``rested`` rested)."""
    res = []
    for i in range(n):
        res.append(
            {"id": _new_id(state, seat, "OG01-R01", "r"), "is_ex": False, "rested": i < rested}
        )
    for _ in range(ex):
        res.append({"id": f"gd{seat}-exres{_counter[0]}", "is_ex": True, "rested": False})
    state["players"][seat]["resources"] = res


def main_phase(state, seat=None, skip=True):
    """Move the current player into main (skipping the resource unless ``skip`` is False)."""
    seat = state["current"] if seat is None else seat
    return act(state, seat, {"type": "skip_resource" if skip else "play_resource"})


def unit(state, seat, cid):
    return next(u for u in state["players"][seat]["battle"] if u["id"] == cid)


def clear_board(state):
    for p in state["players"]:
        p["battle"] = []
        p["hand"] = []
    return state


def log_kinds(state):
    return [e["kind"] for e in state["log"]]
