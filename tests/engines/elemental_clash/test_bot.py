"""The heuristic bot: always legal, never stalls, decides from its view, and prefers
clearly better cards in concrete situations."""

import copy

import pytest

from games.engines.elemental_clash import ENGINE

from .helpers import battle, hand_id, set_miner, set_wall


def bot_match(seed: str) -> tuple[dict, int]:
    state = ENGINE.setup({}, seed)
    steps = 0
    while ENGINE.outcome(state) is None:
        steps += 1
        assert steps < 150, "bot match did not end"
        waiting = ENGINE.prompts(state).waiting
        seat = min(waiting)
        action = ENGINE.bot_action(state, seat)
        assert action in ENGINE.legal_actions(state, seat)
        state, _ = ENGINE.apply(state, seat, action)
    return state, steps


@pytest.mark.parametrize("seed", [f"bot-{i}" for i in range(12)])
def test_bot_vs_bot_matches_always_end(seed):
    state, _ = bot_match(seed)
    assert state["stage"] == "over"
    assert all(not p["drafted"][i].get("auto") for p in state["players"] for i in range(6))


def test_bot_selects_then_locks():
    state = battle((["wall", "projectile"], ["deflection"]), energy=(5, 5))
    first = ENGINE.bot_action(state, 0)
    assert first["type"] == "select"
    state, _ = ENGINE.apply(state, 0, first)
    assert ENGINE.bot_action(state, 0) == {"type": "lock"}


def test_bot_takes_the_lethal_projectile():
    """Opponent at 3 HP without deflection miner: the projectile wins the game."""
    state = battle(
        (["projectile_miner", "wall", "deflection", "projectile"], ["wall"]),
        hp=(20, 3),
        energy=(5, 5),
    )
    assert ENGINE.bot_action(state, 0) == {
        "type": "select",
        "card": hand_id(state, 0, "projectile"),
    }


def test_bot_raises_a_wall_against_a_continuous_threat():
    """No wall, opponent can afford a continuous (7 energy): wall beats projectile/deflection."""
    state = battle((["projectile", "deflection", "wall"], ["wall"]), energy=(5, 7))
    assert ENGINE.bot_action(state, 0) == {"type": "select", "card": hand_id(state, 0, "wall")}


def test_bot_deflects_a_projectile_miner_about_to_pay():
    """The opponent's projectile miner pays this turn and it cannot afford attacks: deflect."""
    state = battle((["wall", "deflection"], ["wall"]), energy=(5, 2))
    set_miner(state, 1, "projectile_miner", countdown=1)
    assert ENGINE.bot_action(state, 0) == {
        "type": "select",
        "card": hand_id(state, 0, "deflection"),
    }


def test_bot_never_wastes_a_wall_or_miner():
    """With a wall and a miner standing it picks the only useful card even under threat."""
    state = battle((["wall", "repair_miner", "projectile"], ["wall"]), energy=(5, 9))
    set_wall(state, 0, 8)
    set_miner(state, 0, "projectile_miner")
    assert ENGINE.bot_action(state, 0) == {
        "type": "select",
        "card": hand_id(state, 0, "projectile"),
    }


def test_bot_drafts_the_projectile_miner_in_round_five():
    state = ENGINE.setup({}, "bot-draft")
    while state["draft"]["round"] < 5:
        for seat in (0, 1):
            state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    action = ENGINE.bot_action(state, 0)
    chosen = next(o for o in state["draft"]["options"][0] if o["id"] == action["card"])
    assert chosen["subtype"] == "projectile_miner"


def test_bot_ignores_hidden_state():
    """Changing the opponent's hidden hand and deck does not change the bot's choice."""
    state = battle((["projectile", "deflection", "wall"], ["continuous", "wall"]), energy=(5, 7))
    other = copy.deepcopy(state)
    other["players"][1]["hand"] = [
        dict(c, subtype="deflection") for c in other["players"][1]["hand"]
    ]
    other["players"][1]["deck"] = []
    assert ENGINE.bot_action(state, 0) == ENGINE.bot_action(other, 0)
