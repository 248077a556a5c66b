"""The Drawing step's legal steps are found by resuming the plan's run part-way
(``drawing._Probe``); each answer must be the one a whole simulation of the longer plan gives
(SSR-7: a step is offered only when the submission still carries out)."""

from __future__ import annotations

import itertools
import random

import pytest

from games.engines.core import canonical_json
from games.engines.shapeships import drawing

from .support import E, give, start

SPECIES = ("human", "xenite", "centaur", "ancient")


def drawing_states(pair: tuple[str, str], seed: str, limit: int = 400):
    """Every (state, seat) of a seeded random match where a seat composes its Drawing."""
    rng = random.Random(seed)
    state = E.setup({"species": list(pair)}, seed)
    for _ in range(limit):
        if E.outcome(state) is not None:
            return
        waiting = sorted(E.prompts(state).waiting)
        if not waiting:
            state, _ = E.timeout(state)
            continue
        seat = rng.choice(waiting)
        if state["step"] == "drawing":
            yield state, seat
        actions = [a for a in E.legal_actions(state, seat) if a["type"] != "resign"]
        # Compose long plans: confirm only now and then, so entries pile up.
        steps = [a for a in actions if a["type"] != "confirm"]
        action = rng.choice(steps) if steps and rng.random() < 0.85 else rng.choice(actions)
        state, _ = E.apply(state, seat, action)


def assert_probe_matches(state: dict, seat: int) -> None:
    plan = state["commit"][seat]["data"]["plan"]
    before = canonical_json(state)
    probe = drawing._Probe(state, seat, plan)
    for candidate in drawing.plan_candidates(state, seat, plan):
        whole = drawing._carryable(state, seat, plan, candidate)
        assert probe.carryable(candidate) == whole, (candidate, plan)
    assert canonical_json(state) == before  # carrying a plan out never changes the state


@pytest.mark.parametrize("pair", list(itertools.product(SPECIES, SPECIES)))
def test_resumed_runs_answer_as_whole_simulations(pair):
    checked = 0
    for state, seat in drawing_states(pair, f"probe:{pair[0]}:{pair[1]}"):
        assert_probe_matches(state, seat)
        checked += 1
    assert checked > 20


def test_a_plan_that_no_longer_carries_out_is_simulated_whole():
    """A plan composed when the seat had more lines: nothing resumes from a failed run."""
    state = start("human", "human")
    give(state, 0, "FIG", 3)
    state["players"][0]["lines"] = 12
    plan = {
        **drawing.empty_plan(),
        "builds": [{"entry": "SSB0t1n1", "code": "DEF"}, {"entry": "SSB0t1n2", "code": "DEF"}],
    }
    state["players"][0]["lines"] = 1
    state["commit"][0]["data"]["plan"] = plan
    probe = drawing._Probe(state, 0, plan)
    assert probe.after_upgrades is None
    assert_probe_matches(state, 0)
