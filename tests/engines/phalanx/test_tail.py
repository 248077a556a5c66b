"""The layout-aware writers of the state's tail (phalanx/tail.py) and of its combat-log entries
(phalanx/entry_text.py) give the general encoder's text on played states, and states outside
the engine's layout fall back to the general one."""

import random

import pytest

from games.engines.core import canonical_json, state_hash
from games.engines.phalanx import ENGINE, game_hash
from games.engines.phalanx.entry_text import entry_text
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


@pytest.mark.parametrize(
    ("seed", "config"), [("entries-1", {}), ("entries-2", {"damage_mode": "per-turn"})]
)
def test_played_combat_entries_are_written_as_the_general_encoder_writes_them(seed, config):
    rng = random.Random(seed)
    state = ENGINE.setup(config, seed)
    while ENGINE.outcome(state) is None:  # no forfeits: a whole match of attacks
        (seat,) = ENGINE.prompts(state).waiting
        legal = [a for a in ENGINE.legal_actions(state, seat) if a["type"] != "forfeit"]
        state, _ = ENGINE.apply(state, seat, rng.choice(legal))
    entries = state["combat_log"]
    assert len(entries) > 10
    for entry in entries:
        assert entry_text(entry) == canonical_json(entry)


def odd_entries() -> list[dict]:
    """Valid JSON entries ``rules.attack`` would not write: each must take the general way."""
    state = combat_state(
        [
            [[c(0, "QC"), None, None, None], [None] * 4],
            [[c(1, "2D"), None, None, None], [c(1, "AH"), None, None, None]],
        ],
        hands=([], []),
    )
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": c(0, "QC"), "column": 0})
    (base,) = state["combat_log"]
    odd = []

    def variant(change):
        entry = {**base, "steps": [dict(step) for step in base["steps"]]}
        change(entry)
        odd.append(entry)

    variant(lambda e: e.update(turnNumber=True))
    variant(lambda e: e.update(baseDamage=12.0))
    variant(lambda e: e.update(hpReset=0))
    variant(lambda e: e.update(extra=None))
    variant(lambda e: e.pop("advanced"))
    variant(lambda e: e.update(advanced={"id": c(1, "AH"), "rank": "A", "suit": "S"}))
    variant(lambda e: e.update(attackerCard={"id": "PX7-QC", "rank": "Q", "suit": "C"}))
    variant(lambda e: e.update(destroyed=({"id": c(1, "2D"), "rank": "2", "suit": "D"},)))
    variant(lambda e: e["steps"][0].update(destroyed=1))
    variant(lambda e: e["steps"][0].update(hpAfter=0.0))
    variant(lambda e: e["steps"][0].update(bonuses=["notABonus"]))
    variant(lambda e: e["steps"][-1].update(target="elsewhere"))
    variant(lambda e: e["steps"][-1].update(lpAfter=False))
    variant(lambda e: e["steps"][-1].pop("bonuses"))
    variant(lambda e: e["steps"].append({"target": "playerLp"}))
    return odd


@pytest.mark.parametrize("entry", odd_entries())
def test_entries_outside_the_layout_are_written_by_the_general_encoder(entry):
    with pytest.raises(NOT_STANDARD):
        entry_text(entry)
    state = {**ENGINE.setup({}, "odd-entry"), "combat_log": [entry]}
    assert game_hash(state) == from_scratch(state)
