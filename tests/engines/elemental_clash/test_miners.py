"""Miners (M1-M10, ECR-3, ECR-4, ECR-10, ECR-11, ECR-12, EC10, EC12, EC14, ECR-14)."""

from games.engines.elemental_clash import ENGINE
from games.engines.elemental_clash.constants import COST, MINER_INTERVAL

from .helpers import attacks, battle, phase, play, set_miner, set_wall

FILLER = ["deflection"] * 6


def payouts_by_turn(state):
    """turn -> list of payout kinds in that turn's PAYOUTS phase."""
    return {
        t["turn"]: [i["kind"] for i in t["phases"][7]["items"] if i["kind"] != "countdown"]
        for t in state["log"]
    }


def run_turns(state, n, sub0="deflection", sub1="deflection"):
    for _ in range(n):
        state = play(state, sub0, sub1)
    return state


def test_M2_M4_miner_costs_and_intervals():
    """M2: costs 2/3/5/3. M4: intervals projectile 2, continuous 3, repair 2, deflection reactive."""
    assert [
        COST[m]
        for m in ("deflection_miner", "projectile_miner", "continuous_miner", "repair_miner")
    ] == [2, 3, 5, 3]
    assert MINER_INTERVAL == {
        "deflection_miner": None,
        "projectile_miner": 2,
        "continuous_miner": 3,
        "repair_miner": 2,
    }


def test_M1_one_miner_at_a_time():
    """M1: once a miner stands, no other miner card is offered."""
    state = battle(
        (["projectile_miner", "repair_miner", "deflection"], FILLER[:3]), energy=(10, 10)
    )
    state = play(state, "projectile_miner", "deflection")
    assert state["players"][0]["miner"]["subtype"] == "projectile_miner"
    offered = [a["card"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "select"]
    assert offered == ["EC0-c03"]  # only the deflection


def test_ECR_3_M6_projectile_miner_placed_turn_1_pays_on_turns_2_and_4():
    """ECR-3 / M6: countdown 2 -> 1 on the placement turn, pays on N+1 and N+3, resets to 2."""
    state = battle((["projectile_miner"] + FILLER[:4], FILLER[:5]), energy=(10, 10))
    state = play(state, "projectile_miner", "deflection")
    assert state["players"][0]["miner"]["countdown"] == 1
    state = run_turns(state, 3)
    pays = payouts_by_turn(state)
    assert pays == {1: [], 2: ["payout_attack"], 3: [], 4: ["payout_attack"]}
    assert state["players"][0]["miner"]["countdown"] == 2


def test_ECR_3_continuous_miner_placed_turn_1_pays_on_turn_3():
    """ECR-3: a continuous miner placed on turn N pays first on N+2 (countdown 3, 2, 1, 0)."""
    state = battle((["continuous_miner"] + FILLER[:3], FILLER[:4]), energy=(10, 10))
    state = play(state, "continuous_miner", "deflection")
    countdowns = [state["players"][0]["miner"]["countdown"]]
    state = run_turns(state, 2)
    pays = payouts_by_turn(state)
    assert countdowns == [2]
    assert pays == {1: [], 2: [], 3: ["payout_attack"]}
    item = phase(state, "payouts")[0]
    # M7 / ECR-4: an 8-damage continuous, reduced by this turn's deflection card (D3-defense).
    assert item["source"] == "continuous_miner" and item["power"] == 8
    assert item["deflection_reduction"] == 2 and item["base_damage"] == 6


def test_M5_M7_ECR_4_projectile_payout_after_attacks_meets_used_up_deflection():
    """M5: payouts come after RESOLUTION. ECR-4 / D4-defense: the deflection that blocked the
    card projectile is used up, so the payout projectile (M7: 3 damage) hits."""
    state = battle((["projectile"], ["deflection"]), energy=(5, 5))
    set_miner(state, 0, "projectile_miner", countdown=1)
    state = play(state, "projectile", "deflection")
    (card_attack,) = attacks(state)
    assert card_attack["blocked_by"] == "deflection"
    (payout,) = phase(state, "payouts")
    assert payout["kind"] == "payout_attack" and payout["source"] == "projectile_miner"
    assert payout["blocked_by"] is None and payout["base_damage"] == 3
    assert state["players"][1]["hp"] == 17


def test_ECR_4_unused_deflection_blocks_a_projectile_payout():
    """ECR-4: a deflection card still active (not used up) blocks the payout projectile."""
    state = battle((["wall"], ["deflection"]))
    set_miner(state, 0, "projectile_miner", countdown=1)
    state = play(state, "wall", "deflection")
    (payout,) = phase(state, "payouts")
    assert payout["blocked_by"] == "deflection" and payout["base_damage"] == 0


def test_EC10_ECR_4_M8_payout_damage_kills_the_enemy_miner_and_meets_walls():
    """EC10 / ECR-4 / M8: a continuous payout goes through this turn's deflection
    (8 - 2) into the wall (12 -> 6) with no base damage; a projectile payout hits the base and kills the enemy's miner."""
    state = battle((["wall"], ["deflection"]))
    set_miner(state, 0, "continuous_miner", countdown=1)
    set_wall(state, 1, 12)
    set_miner(state, 1, "repair_miner", countdown=2)
    state = play(state, "wall", "deflection")
    payout = next(i for i in phase(state, "payouts") if i["kind"] == "payout_attack")
    assert (payout["wall_before"], payout["wall_after"], payout["base_damage"]) == (12, 6, 0)
    assert state["players"][1]["miner"] is not None

    state = battle((["wall"], ["wall"]))
    set_miner(state, 0, "projectile_miner", countdown=1)
    set_miner(state, 1, "continuous_miner", countdown=3)
    state = play(state, "wall", "wall")
    payout = next(i for i in phase(state, "payouts") if i["kind"] == "payout_attack")
    assert payout["base_damage"] == 3 and payout["miner_killed"] == "continuous_miner"
    assert state["players"][1]["miner"] is None


def test_ECR_10_deflection_miner_blocks_payouts_but_not_continuous():
    """ECR-10: the deflection miner blocks a projectile payout too, and does not reduce a
    continuous card (8 full damage)."""
    state = battle((["continuous"], ["wall"]))
    set_miner(state, 0, "projectile_miner", countdown=1)
    set_miner(state, 1, "deflection_miner")
    state = play(state, "continuous", "wall")
    (card_attack,) = attacks(state)
    assert card_attack["deflection_reduction"] == 0 and card_attack["wall_absorbed"] == 8
    (payout,) = phase(state, "payouts")
    assert payout["blocked_by"] == "deflection_miner" and payout["base_damage"] == 0
    # A continuous hit with no wall kills the deflection miner (it does not protect itself).
    state = battle((["continuous"], ["deflection"]))
    set_miner(state, 1, "deflection_miner")
    state = play(state, "continuous", "deflection")
    assert attacks(state)[0]["base_damage"] == 6 and state["players"][1]["miner"] is None


def test_M10_deflection_miner_reactive_no_countdown_never_pays():
    """M10 / M4: reactive: no countdown entries and no payouts, and it survives blocking."""
    state = battle(
        (["deflection_miner", "deflection", "deflection"], ["projectile", "projectile", "wall"]),
        energy=(10, 10),
    )
    state = play(state, "deflection_miner", "projectile")
    state = play(state, "deflection", "projectile")
    assert all(phase(state, "payouts", t) == [] for t in (1, 2))
    assert [a["blocked_by"] for a in attacks(state, 1) + attacks(state, 2)] == [
        "deflection_miner",
        "deflection_miner",
    ]
    assert state["players"][0]["miner"]["countdown"] is None
    assert state["players"][0]["hp"] == 20


def test_M9_ECR_11_EC14_miner_placed_and_hit_same_turn_dies_without_paying():
    """M9 / ECR-11 / EC14: placed in PLACEMENT, killed in RESOLUTION, no PAYOUTS entry."""
    state = battle((["projectile_miner"], ["projectile"]))
    state = play(state, "projectile_miner", "projectile")
    assert attacks(state)[0]["miner_killed"] == "projectile_miner"
    assert phase(state, "payouts") == []
    assert state["players"][0]["miner"] is None


def test_M9_miner_hit_before_its_due_payout_never_pays():
    """M9: a miner due this turn but hit in RESOLUTION dies before PAYOUTS."""
    state = battle((["wall"], ["projectile"]))
    set_miner(state, 0, "continuous_miner", countdown=1)
    state = play(state, "wall", "projectile")
    assert phase(state, "payouts") == []
    assert state["players"][1]["hp"] == 20


def test_ECR_12_repair_payout_restores_to_12_then_decay_to_8():
    """ECR-12 / M7: payouts before decay: a 4 HP wall is repaired to 12, then decays to 8."""
    state = battle((["deflection"], ["deflection"]))
    set_wall(state, 0, 4)
    set_miner(state, 0, "repair_miner", countdown=1)
    state = play(state, "deflection", "deflection")
    (repair,) = phase(state, "payouts")
    assert (repair["kind"], repair["before"], repair["after"]) == ("repair", 4, 12)
    assert phase(state, "decay")[0]["before"] == 12 and state["players"][0]["wall"]["hp"] == 8
    assert state["players"][0]["miner"]["countdown"] == 2


def test_EC12_repair_miner_without_wall_does_nothing_and_resets():
    """EC12: the payout finds no wall: nothing happens, the miner stays, countdown back to 2."""
    state = battle((["deflection"], ["deflection"]))
    set_miner(state, 0, "repair_miner", countdown=1)
    state = play(state, "deflection", "deflection")
    (repair,) = phase(state, "payouts")
    assert repair["before"] is None and "no wall" in repair["text"]
    assert state["players"][0]["wall"] is None
    assert state["players"][0]["miner"] == {
        "subtype": "repair_miner",
        "element": "air",
        "countdown": 2,
        "interval": 2,
        "turn_placed": 1,
    }


def test_ECR_14_a_miner_killed_by_the_earlier_payout_does_not_pay():
    """ECR-14: both seats have a due Projectile Miner and no wall: Seat 1's shot takes Seat 2
    to 17 and kills Seat 2's miner, which does not fire; Seat 1 stays at 20 with its miner."""
    # No energy: both lock in with nothing playable (ECD-2), so no card has an effect.
    state = battle((["wall"], ["wall"]), energy=(0, 0))
    set_miner(state, 0, "projectile_miner", countdown=1)
    set_miner(state, 1, "projectile_miner", countdown=1)
    for seat in (0, 1):
        state, _ = ENGINE.apply(state, seat, {"type": "lock"})
    assert phase(state, "placement") == [] and attacks(state) == []
    items = phase(state, "payouts")
    pays = [i for i in items if i["kind"] == "payout_attack"]
    assert [p["attacker"] for p in pays] == [0]
    assert pays[0]["base_damage"] == 3 and pays[0]["miner_killed"] == "projectile_miner"
    (skipped,) = [i for i in items if i["kind"] == "killed_before_payout"]
    assert skipped["seat"] == 1 and "does not pay" in skipped["text"]
    assert [p["hp"] for p in state["players"]] == [20, 17]
    assert state["players"][1]["miner"] is None
    assert state["players"][0]["miner"]["countdown"] == state["players"][0]["miner"]["interval"]


def test_ECR_14_a_due_repair_miner_killed_by_a_payout_does_not_restore_its_wall():
    """ECR-14: Seat 2's due Repair Miner is killed by Seat 1's projectile payout (which
    ignores the wall) before it pays: the 4 HP wall is not restored and decays away."""
    state = battle((["wall"], ["wall"]), energy=(0, 0))
    set_miner(state, 0, "projectile_miner", countdown=1)
    set_miner(state, 1, "repair_miner", countdown=1)
    set_wall(state, 1, 4)
    for seat in (0, 1):
        state, _ = ENGINE.apply(state, seat, {"type": "lock"})
    items = phase(state, "payouts")
    assert [i["kind"] for i in items] == ["payout_attack", "killed_before_payout"]
    assert not any(i["kind"] == "repair" for i in items)
    assert phase(state, "decay")[0]["before"] == 4
    assert state["players"][1]["wall"] is None and state["players"][1]["hp"] == 17
