"""Attacks, walls, deflection and damage (A1-A10, W1-W10, D1-D5 defense, DM1-DM4,
EC7-EC9, EC13, EC15, ECR-1, ECR-2), each through a whole turn of the engine."""

from games.engines.elemental_clash import ENGINE

from .helpers import attacks, battle, phase, play, set_miner, set_wall


def only_attack(state):
    (item,) = attacks(state)
    return item


def test_A1_A9_EC7_both_continuous_attacks_hit_for_eight():
    """A1 / A9 / EC7: both continuous attacks resolve (seat 1's first): 20 -> 12 each; cost 5."""
    state = battle((["continuous"], ["continuous"]), energy=(5, 7))
    state = play(state, "continuous", "continuous")
    assert [p["hp"] for p in state["players"]] == [12, 12]
    assert [a["attacker"] for a in attacks(state)] == [0, 1]
    assert [i["cost"] for i in phase(state, "deduction")] == [5, 5]


def test_A5_A6_W9_projectile_three_damage_bypasses_wall():
    """A5 / A6 / W9: projectile does 3 to the base through a wall, which takes nothing; cost 3."""
    state = battle((["projectile"], ["continuous_miner"]), energy=(3, 5))
    set_wall(state, 1, 12)
    state = play(state, "projectile", "continuous_miner")
    item = only_attack(state)
    assert item["power"] == 3 and item["base_damage"] == 3 and item["wall_before"] is None
    assert state["players"][1]["hp"] == 17
    assert phase(state, "decay")[0]["before"] == 12, "the wall took no projectile damage"
    assert phase(state, "deduction")[0]["cost"] == 3


def test_A2_W8_continuous_hits_wall_first_and_overflows_when_it_breaks():
    """A2 / W8: a 12 HP wall absorbs all 8; a 5 HP wall breaks and 3 overflow to the base."""
    state = battle((["continuous"], ["deflection"]))
    set_wall(state, 1, 12)
    state = play(state, "continuous", "deflection")
    # (the deflection reduces to 6; see A3) -> wall 12 -> 6, base untouched
    item = only_attack(state)
    assert (item["wall_before"], item["wall_after"], item["base_damage"]) == (12, 6, 0)

    state = battle((["continuous"], ["projectile_miner"]))
    set_wall(state, 1, 5)
    state = play(state, "continuous", "projectile_miner")
    item = only_attack(state)
    assert (
        item["wall_absorbed"] == 5 and item["wall_destroyed"] is True and item["base_damage"] == 3
    )
    assert state["players"][1]["hp"] == 17 and state["players"][1]["wall"] is None


def test_A3_D5_defense_deflection_reduces_continuous_by_two():
    """A3 / D5-defense: deflection, no wall: 8 - 2 = 6 to the base."""
    state = battle((["continuous"], ["deflection"]))
    state = play(state, "continuous", "deflection")
    item = only_attack(state)
    assert item["deflection_reduction"] == 2 and item["base_damage"] == 6
    assert state["players"][1]["hp"] == 14


def test_A4_EC9_D5_defense_deflection_then_wall():
    """A4 / EC9 / D5-defense: 8 - 2 = 6 into a 12 HP wall: wall at 6, base 0."""
    state = battle((["continuous"], ["deflection"]))
    set_wall(state, 1, 12)
    state = play(state, "continuous", "deflection")
    item = only_attack(state)
    assert item["deflection_reduction"] == 2 and item["wall_absorbed"] == 6
    assert item["wall_after"] == 6 and item["base_damage"] == 0
    assert state["players"][1]["hp"] == 20


def test_A7_D4_defense_deflection_fully_blocks_projectile():
    """A7 / D4-defense: projectile vs deflection card: 0 damage, the deflection is used up."""
    state = battle((["projectile"], ["deflection"]))
    state = play(state, "projectile", "deflection")
    item = only_attack(state)
    assert item["blocked_by"] == "deflection" and item["base_damage"] == 0
    assert state["players"][1]["hp"] == 20


def test_A8_deflection_miner_blocks_projectile_and_survives():
    """A8 / M10: a deflection miner blocks the projectile (0 damage) and stays."""
    state = battle((["projectile"], ["wall"]))
    set_miner(state, 1, "deflection_miner")
    state = play(state, "projectile", "wall")
    item = only_attack(state)
    assert item["blocked_by"] == "deflection_miner" and item["base_damage"] == 0
    assert state["players"][1]["miner"]["subtype"] == "deflection_miner"


def test_A10_resolution_order_deflection_then_wall_then_base_then_miner():
    """A10: 8 -2 (deflection) = 6 into a 4 HP wall: 4 absorbed, 2 to base, miner killed."""
    state = battle((["continuous"], ["deflection"]))
    set_wall(state, 1, 4)
    set_miner(state, 1, "projectile_miner")
    state = play(state, "continuous", "deflection")
    item = only_attack(state)
    assert item["deflection_reduction"] == 2
    assert (item["wall_before"], item["wall_absorbed"], item["wall_destroyed"]) == (4, 4, True)
    assert item["base_damage"] == 2 and item["hp_after"] == 18
    assert item["miner_killed"] == "projectile_miner"
    assert state["players"][1]["miner"] is None and state["players"][1]["wall"] is None


def test_D1_defense_EC13_ECR_2_new_wall_blocks_then_decays_away():
    """D1-defense / EC13: a wall placed this turn blocks this turn's 8 (base 20).
    ECR-2: 12 - 8 = 4 HP between RESOLUTION and DECAY, then decay 4 -> 0 and it is gone."""
    state = battle((["wall"], ["continuous"]))
    state = play(state, "wall", "continuous")
    names = [p["phase"] for p in state["log"][-1]["phases"]]
    assert names.index("placement") < names.index("resolution")
    item = only_attack(state)
    assert item["wall_before"] == 12 and item["wall_after"] == 4  # after RESOLUTION
    assert item["base_damage"] == 0
    assert phase(state, "decay") == [
        {"seat": 0, "before": 4, "after": 0, "text": "Seat 1's wall decays 4 -> 0 HP."}
    ]
    assert [i["seat"] for i in phase(state, "death_check")] == [0]
    assert state["players"][0]["wall"] is None and state["players"][0]["hp"] == 20


def test_D2_defense_W1_W2_wall_needs_two_energy_and_no_wall():
    """D2-defense / W1 / W2: a wall costs 2, starts at 12 and a second one is not offered."""
    state = battle((["wall", "wall"], ["deflection"]), energy=(1, 5))
    assert ENGINE.legal_actions(state, 0) == [{"type": "lock"}]  # nothing playable at 1 energy
    state = battle((["wall", "wall"], ["deflection", "deflection"]), energy=(2, 5))
    state = play(state, "wall", "deflection")
    assert phase(state, "placement")[0]["text"].endswith("(12 HP).")
    assert state["players"][0]["wall"]["hp"] == 8  # 12 after placement, 8 after decay
    assert all(a["type"] != "select" for a in ENGINE.legal_actions(state, 0))


def test_D3_defense_deflection_lasts_one_turn():
    """D3-defense: the deflection is active this turn only; next turn a projectile hits."""
    state = battle((["deflection", "wall"], ["deflection", "projectile"]), energy=(5, 5))
    state = play(state, "deflection", "deflection")
    assert state["players"][0]["deflection"] is None  # cleared in CLEANUP
    state = play(state, "wall", "projectile")
    assert only_attack(state)["base_damage"] == 3


def test_W4_W5_W6_W7_wall_decays_12_8_4_then_destroyed_and_replaceable():
    """W4 / W5 / W6 / W7: an unattacked wall reads 8, 4, then is destroyed at 0 and a new wall
    becomes playable the next turn."""
    state = battle(
        (["wall", "deflection", "deflection", "wall"], ["deflection"] * 4), energy=(10, 10)
    )
    hp_after = []
    state = play(state, "wall", "deflection")
    hp_after.append(state["players"][0]["wall"]["hp"])
    assert hand_ids_playable(state, "wall") is False
    state = play(state, "deflection", "deflection")
    hp_after.append(state["players"][0]["wall"]["hp"])
    state = play(state, "deflection", "deflection")
    assert state["players"][0]["wall"] is None
    assert phase(state, "decay")[0] == {
        "seat": 0,
        "before": 4,
        "after": 0,
        "text": "Seat 1's wall decays 4 -> 0 HP.",
    }
    assert hp_after == [8, 4]
    assert hand_ids_playable(state, "wall") is True


def hand_ids_playable(state, subtype):
    card = next(c for c in ENGINE.view(state, 0)["me"]["hand"] if c["subtype"] == subtype)
    return card["playable"]


def test_W10_attack_damage_and_decay_stack_in_one_turn():
    """W10: 12 HP wall hit by 6 (deflected continuous) then decays 4: 2 HP left."""
    state = battle((["deflection"], ["continuous"]))
    set_wall(state, 0, 12)
    state = play(state, "deflection", "continuous")
    assert only_attack(state)["wall_after"] == 6
    assert state["players"][0]["wall"]["hp"] == 2


def test_ECR_1_EC8_EC15_DM2_exact_wall_kill_no_overflow():
    """ECR-1 / EC8 / DM2: a 6 HP wall hit by 6 (8 - 2 deflected) is destroyed at once with
    0 overflow. EC15 ("survives at 0 HP") is overruled: an exact hit never leaves a 0 HP wall."""
    state = battle((["continuous"], ["deflection"]))
    set_wall(state, 1, 6)
    set_miner(state, 1, "repair_miner")
    state = play(state, "continuous", "deflection")
    item = only_attack(state)
    assert (
        item["wall_absorbed"] == 6 and item["wall_destroyed"] is True and item["base_damage"] == 0
    )
    assert state["players"][1]["miner"] is not None, "no base damage, miner lives"
    assert phase(state, "decay") == [], "the wall was already gone before DECAY"
    # EC15 literally: 8 damage into an 8 HP wall (4 HP + 4 taken is the same boundary).
    state = battle((["continuous"], ["projectile_miner"]))
    set_wall(state, 1, 8)
    state = play(state, "continuous", "projectile_miner")
    item = only_attack(state)
    assert (item["wall_after"], item["wall_destroyed"], item["base_damage"]) == (0, True, 0)


def test_DM1_DM3_overflow_is_damage_minus_wall_hp_and_hp_goes_negative():
    """DM3: 8 into a 3 HP wall overflows 5. DM1: base HP 2 - 5 = -3 (may go below 0)."""
    state = battle((["continuous"], ["deflection_miner"]), hp=(20, 2))
    set_wall(state, 1, 3)
    state = play(state, "continuous", "deflection_miner")
    item = only_attack(state)
    assert item["base_damage"] == 5 and state["players"][1]["hp"] == -3
    assert ENGINE.outcome(state).winner == 0


def test_DM4_M8_one_damage_kills_the_miner():
    """DM4 / M8: 8 - 2 into a 5 HP wall: 1 overflow, the miner dies."""
    state = battle((["continuous"], ["deflection"]))
    set_wall(state, 1, 5)
    set_miner(state, 1, "continuous_miner")
    state = play(state, "continuous", "deflection")
    item = only_attack(state)
    assert item["base_damage"] == 1 and item["miner_killed"] == "continuous_miner"
    assert state["players"][1]["miner"] is None and state["players"][1]["hp"] == 19


def test_C1_elements_do_not_change_the_outcome():
    """C1: the same turn with every element gives the same numbers."""
    results = set()
    for element in ("fire", "water", "earth", "air", "ice", "lightning"):
        state = battle((["continuous"], ["deflection"]))
        for p in state["players"]:
            for c in p["hand"]:
                c["element"] = element
        set_wall(state, 1, 12, element=element)
        state = play(state, "continuous", "deflection")
        item = only_attack(state)
        results.add((item["wall_after"], item["base_damage"], state["players"][1]["hp"]))
    assert results == {(6, 0, 20)}
