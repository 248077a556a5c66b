"""The layout-aware writer of the state's tail (phalanx/tail.py) gives the general encoder's
text on played states, and states outside the engine's layout fall back to the general one."""

import random

import pytest

from games.engines.core import state_hash
from games.engines.phalanx import ENGINE, game_hash
from games.engines.phalanx.hashing import _general_opening_and_closing
from games.engines.phalanx.tail import NOT_STANDARD, standard_opening_and_closing

from .helpers import c, combat_state


def played_states(seed: str, config: dict, timeouts: float = 0.0) -> list[dict]:
    """Every state of one seeded random match, timeouts taken at the given rate."""
    rng = random.Random(seed)
    state = ENGINE.setup(config, seed)
    states = [state]
    while ENGINE.outcome(state) is None:
        if rng.random() < timeouts:
            state, _ = ENGINE.timeout(state)
        else:
            (seat,) = ENGINE.prompts(state).waiting
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        states.append(state)
    return states


def from_scratch(state: dict) -> str:
    return state_hash({k: v for k, v in state.items() if k != "txlog"})


@pytest.mark.parametrize(
    ("seed", "config", "timeouts"),
    [
        ("tail-1", {}, 0.0),
        ("tail-2", {"damage_mode": "per-turn"}, 0.0),
        ('tail-3 "quoted" séed\n', {}, 0.2),  # a seed that JSON escapes; PXC-3's counts
    ],
)
def test_played_states_are_written_as_the_general_encoder_writes_them(seed, config, timeouts):
    for state in played_states(seed, config, timeouts):
        assert standard_opening_and_closing(state) == _general_opening_and_closing(state)


def odd_states() -> list[dict]:
    """Valid JSON states the engine would not build: each must take the general way."""
    base = combat_state(
        [
            [[c(0, "KS"), None, None, None], [None] * 4],
            [[c(1, "2H"), None, None, None], [None] * 4],
        ],
        hands=([c(0, "3D")], []),
    )
    odd = []

    def variant(change):
        state = {**base, "players": [dict(p) for p in base["players"]]}
        change(state)
        odd.append(state)

    variant(lambda s: s["players"][0].update(lp=True))
    variant(lambda s: s["players"][0].update(lp=20.0))
    variant(lambda s: s["players"][0].update(hand=["not a card", 'a "quoted" card']))
    variant(lambda s: s["players"][0].update(hand=("PX0-3D",)))
    variant(lambda s: s["players"][0].update(grid=[[{"id": c(0, "KS"), "hp": True}] + [None] * 3]))
    variant(lambda s: s["players"][0].update(grid=[[{"id": c(0, "KS"), "hp": 12}]]))
    variant(lambda s: s["players"][0].update(grid=[[{"id": c(0, "KS"), "hp": 5, "x": 1}]]))
    variant(lambda s: s["players"][0].update(grid=[[{"id": "PX7-KS", "hp": 5}]]))
    variant(lambda s: s["players"][0].update(extra=1))
    variant(lambda s: s["players"][0].pop("discard"))
    variant(lambda s: s.update(seed=12345))
    variant(lambda s: s.update(active=True))
    variant(lambda s: s.update(phase="elsewhere"))
    variant(lambda s: s.update(options={"damage_mode": "per-turn", "more": 1}))
    variant(lambda s: s.update(extra=None))
    variant(lambda s: s.pop("reinforce"))
    variant(lambda s: (s.pop("txlog"), s.update(extra=[])))
    return odd


@pytest.mark.parametrize("state", odd_states())
def test_states_outside_the_layout_hash_as_the_general_encoder_writes_them(state):
    with pytest.raises(NOT_STANDARD):
        standard_opening_and_closing(state)
    assert game_hash(state) == from_scratch(state)
