"""Turn structure (T2-T4) and victory (V1-V3, EC11)."""

import pytest

from games.engines.core import IllegalAction
from games.engines.elemental_clash import ENGINE
from games.engines.elemental_clash.constants import ANTI_WAR_MESSAGES

from .helpers import battle, phase, play

ORDER = [
    "energy",
    "selection",
    "reveal",
    "validation",
    "deduction",
    "placement",
    "resolution",
    "payouts",
    "decay",
    "death_check",
    "victory_check",
    "cleanup",
    "advance",
]


def test_T2_T3_every_turn_logs_the_13_phases_in_order_even_when_empty():
    """T2 / T3: the log of a quiet turn and of a busy turn both list all 13 phases in order."""
    state = battle((["deflection", "continuous"], ["deflection", "projectile"]), energy=(10, 10))
    state = play(state, "deflection", "deflection")
    state = play(state, "continuous", "projectile")
    for entry in state["log"]:
        assert [p["phase"] for p in entry["phases"]] == ORDER
    assert phase(state, "placement", turn=2) == [] and phase(state, "decay", turn=2) == []


def test_T4_turn_counter_starts_at_1_and_advances_in_phase_13():
    """T4: turn 1 first; ADVANCE ends it and the prompt step becomes battle-t2."""
    state = battle((["deflection", "wall"], ["deflection", "wall"]))
    assert state["turn"] == 1 and ENGINE.prompts(state).step == "battle-t1"
    state = play(state, "deflection", "deflection")
    assert state["log"][0]["turn"] == 1 and phase(state, "advance")[0]["text"] == "Turn 1 ends."
    assert state["turn"] == 2 and ENGINE.prompts(state).step == "battle-t2"


def test_V1_V3_seat_two_wins_when_only_seat_one_falls():
    """V1 / V3: seat 1 at 3 HP takes a projectile: seat 2 wins; the match is over."""
    state = battle((["wall"], ["projectile"]), hp=(3, 20))
    state = play(state, "wall", "projectile")
    out = ENGINE.outcome(state)
    assert (out.result, out.winner, out.reason) == ("win", 1, "base_destroyed")
    assert ENGINE.prompts(state).step == "over" and ENGINE.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "lock"})
    assert err.value.code == "GAME_OVER"


def test_V1_V3_seat_one_wins_at_exactly_zero():
    """V1 / V3: 0 HP counts as destroyed (<= 0): seat 1 wins."""
    state = battle((["continuous", "wall"], ["wall", "wall"]), hp=(20, 8))
    state = play(state, "continuous", "wall")
    assert ENGINE.outcome(state) is None, "the new wall absorbed all 8: nobody falls"
    state = battle((["continuous"], ["projectile_miner"]), hp=(20, 8))
    state = play(state, "continuous", "projectile_miner")
    assert state["players"][1]["hp"] == 0
    out = ENGINE.outcome(state)
    assert (out.result, out.winner) == ("win", 0)


def test_V2_EC11_double_loss_with_an_anti_war_message():
    """V2 / EC11 / V3: both at 8 HP, both play continuous: both at 0, both lose, no winner,
    and the message is one of the seed's anti-war lines (seeded, reproducible)."""
    messages = set()
    for seed in ("war-1", "war-2", "war-3", "war-4", "war-5", "war-6", "war-7", "war-8"):
        state = battle((["continuous"], ["continuous"]), hp=(8, 8), seed=seed)
        state = play(state, "continuous", "continuous")
        out = ENGINE.outcome(state)
        assert out.result == "double_loss" and out.winner is None and out.reason == "double_ko"
        assert out.message in ANTI_WAR_MESSAGES
        messages.add(out.message)
        again = play(
            battle((["continuous"], ["continuous"]), hp=(8, 8), seed=seed),
            "continuous",
            "continuous",
        )
        assert ENGINE.outcome(again).message == out.message
    assert len(messages) > 1, "the message is chosen at random from the list"
