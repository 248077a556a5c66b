"""Selection and lock-in (T1, S1-S5, ECR-7, ECR-8, EC1-EC5, ECD-1, ECD-2, ECR-13)."""

import pytest

from games.engines.core import IllegalAction
from games.engines.elemental_clash import ENGINE

from .helpers import battle, hand_id, phase, play, set_miner, set_wall

FOUR = ["wall", "deflection", "projectile", "continuous"]


def test_T1_simultaneous_hidden_selection_with_ten_second_timer():
    """T1: both seats are prompted together, 10 s, and neither sees the other's pick."""
    state = battle((FOUR, FOUR))
    p = ENGINE.prompts(state)
    assert p.waiting == {0: "select_card", 1: "select_card"}
    assert p.time_limit == 10 and p.simultaneous and p.step == "battle-t1"
    state, _ = ENGINE.apply(state, 0, {"type": "select", "card": hand_id(state, 0, "projectile")})
    other = ENGINE.view(state, 1)
    assert other["opp"]["has_chosen"] is True and other["opp"]["locked"] is False
    assert "selection" not in other["opp"] and "hand" not in other["opp"]
    assert "EC0-" not in str(other)


def test_S4_ECR_8_selection_changes_until_locked_then_resolves_when_both_locked():
    """S4 / ECR-8: change freely, lock, then no more changes; both locked resolves at once."""
    state = battle((FOUR, FOUR))
    proj, cont = hand_id(state, 0, "projectile"), hand_id(state, 0, "continuous")
    state, _ = ENGINE.apply(state, 0, {"type": "select", "card": proj})
    state, _ = ENGINE.apply(state, 0, {"type": "select", "card": cont})
    assert state["players"][0]["selection"] == cont
    assert {"type": "select", "card": proj} in ENGINE.legal_actions(state, 0)
    assert {"type": "lock"} in ENGINE.legal_actions(state, 0)
    state, _ = ENGINE.apply(state, 0, {"type": "lock"})
    assert ENGINE.prompts(state).waiting == {1: "select_card"}
    assert ENGINE.prompts(state).step == "battle-t1", "same step: the timer keeps running"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "select", "card": proj})
    assert err.value.code == "ALREADY_LOCKED"
    assert ENGINE.view(state, 1)["opp"]["locked"] is True
    state, _ = ENGINE.apply(state, 1, {"type": "select", "card": hand_id(state, 1, "wall")})
    assert state["turn"] == 1, "not resolved before seat 2 locks"
    state, _ = ENGINE.apply(state, 1, {"type": "lock"})
    assert state["turn"] == 2
    assert [c["subtype"] for c in state["last_reveal"]["cards"]] == ["continuous", "wall"]


def test_ECR_8_timeout_uses_an_unlocked_selection():
    """ECR-8: on timeout a seat that selected but never locked plays its selection."""
    state = battle((FOUR, FOUR))
    state, _ = ENGINE.apply(state, 0, {"type": "select", "card": hand_id(state, 0, "projectile")})
    state, _ = ENGINE.apply(state, 1, {"type": "select", "card": hand_id(state, 1, "deflection")})
    state, _ = ENGINE.timeout(state)
    assert [c["subtype"] for c in state["last_reveal"]["cards"]] == ["projectile", "deflection"]
    assert [c["auto"] for c in state["last_reveal"]["cards"]] == [False, False]


def test_S1_no_pass_and_lock_needs_a_selection():
    """S1: there is no pass action, and locking without choosing a playable card is refused."""
    state = battle((FOUR, FOUR))
    for bad in ({"type": "pass"}, {"type": "skip"}):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, 0, bad)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "lock"})
    assert err.value.code == "NOTHING_SELECTED"
    assert {"type": "lock"} not in ENGINE.legal_actions(state, 0)


def test_S3_EC1_timeout_auto_selects_a_random_affordable_card():
    """S3 / EC1: no selection at the deadline: a random affordable card, marked AUTO-SELECTED."""
    seen = set()
    for seed in ("auto-1", "auto-2", "auto-3", "auto-4", "auto-5", "auto-6", "auto-7", "auto-8"):
        state = battle((FOUR, FOUR), energy=(3, 3), seed=seed)
        after, events = ENGINE.timeout(state)
        for seat in (0, 1):
            shown = after["last_reveal"]["cards"][seat]
            assert shown["auto"] is True and shown["cost"] <= 3
            seen.add(shown["subtype"])
        assert {"type": "auto_select", "seat": 0} in events
        assert "AUTO-SELECTED" in phase(after, "selection")[0]["text"]
    assert seen <= {"wall", "deflection", "projectile"} and len(seen) > 1


def test_S3_EC5_ECR_7_nothing_affordable_cheapest_card_fails_and_stays_in_hand():
    """S3 / EC5 / ECR-7: with nothing affordable the cheapest card is revealed, has no effect,
    costs nothing and stays in hand."""
    state = battle((["continuous", "projectile"], ["continuous"]), energy=(2, 0))
    state, _ = ENGINE.timeout(state)
    assert state["last_reveal"]["cards"][0]["subtype"] == "projectile"  # cheapest of 5 and 3
    assert state["last_reveal"]["verdicts"] == ["unaffordable", "unaffordable"]
    assert phase(state, "deduction") == []
    assert phase(state, "resolution") == []
    p0 = state["players"][0]
    assert len(p0["hand"]) == 2 and p0["energy"] == 4  # 2 kept, +2 at turn 2
    assert [p["hp"] for p in state["players"]] == [20, 20]


def test_ECR_7_EC2_illegal_manual_selections_are_refused_with_reasons():
    """ECR-7 / EC2: not in hand, unaffordable, wall while a wall stands, miner while a miner
    stands: each raises with a readable reason and leaves the seat free to choose again."""
    state = battle((["wall", "projectile_miner", "continuous", "deflection"], FOUR), energy=(4, 5))
    set_wall(state, 0, 8)
    set_miner(state, 0, "repair_miner")
    cases = {
        "EC1-c01": ("NOT_IN_HAND", "not in your hand"),
        hand_id(state, 0, "continuous"): ("UNPLAYABLE", "Costs 5 energy; you have 4."),
        hand_id(state, 0, "wall"): ("UNPLAYABLE", "already have a wall"),
        hand_id(state, 0, "projectile_miner"): ("UNPLAYABLE", "already have a miner"),
    }
    for cid, (code, text) in cases.items():
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(state, 0, {"type": "select", "card": cid})
        assert err.value.code == code and text in err.value.message
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "select", "card": hand_id(state, 0, "deflection")}
    ]
    reasons = {c["subtype"]: c["reason"] for c in ENGINE.view(state, 0)["me"]["hand"]}
    assert reasons["wall"] == "You already have a wall standing (one wall at a time)."
    assert reasons["projectile_miner"] == "You already have a miner (one miner at a time)."
    assert reasons["deflection"] == ""


def test_EC3_W3_auto_selected_wall_while_wall_stands_is_wasted():
    """EC3 / W3: a wall reaching play while a wall stands costs its energy and does nothing."""
    state = battle((["wall"], ["deflection"]), energy=(5, 5))
    set_wall(state, 0, 8)
    # ECD-2: seat 1 has no legal selection, so it may lock in and take the auto-select.
    assert ENGINE.legal_actions(state, 0) == [{"type": "lock"}]
    state, _ = ENGINE.apply(state, 0, {"type": "lock"})
    state = play(state, None, "deflection")
    assert state["last_reveal"]["verdicts"][0] == "wasted_wall"
    assert phase(state, "deduction")[0]["after"] == 3
    assert state["players"][0]["hand"] == []
    assert state["log"][-1]["phases"][6]["items"] == []  # nothing to resolve
    assert phase(state, "decay")[0]["before"] == 8, "the old wall is untouched (not replaced)"


def test_EC4_M3_auto_selected_miner_while_miner_stands_is_wasted():
    """EC4 / M3: a miner reaching play while a miner stands costs energy and does nothing."""
    state = battle((["continuous_miner"], ["deflection"]), energy=(5, 5))
    set_miner(state, 0, "deflection_miner")
    state, _ = ENGINE.timeout(state)
    assert state["last_reveal"]["verdicts"][0] == "wasted_miner"
    assert state["players"][0]["energy"] == 0 + 2
    assert state["players"][0]["miner"]["subtype"] == "deflection_miner"


def test_ECD_1_auto_select_prefers_a_playable_card_over_a_wasted_one():
    """ECD-1: with a wall standing, the timeout picks the playable deflection, never the wall."""
    for seed in ("ecd-a", "ecd-b", "ecd-c", "ecd-d", "ecd-e"):
        state = battle((["wall", "deflection"], ["deflection"]), seed=seed)
        set_wall(state, 0, 12)
        state, _ = ENGINE.timeout(state)
        assert state["last_reveal"]["cards"][0]["subtype"] == "deflection"


def test_S5_ECR_13_hot_seat_and_untimed_mode():
    """S5 / ECR-13: hot-seat is allowed; one seat's view never shows the other's selection,
    and an untimed match has no time limits (draft and battle)."""
    assert ENGINE.hot_seat is True
    state = battle((FOUR, FOUR), config={"untimed": True})
    assert ENGINE.prompts(state).time_limit is None
    assert ENGINE.prompts(ENGINE.setup({"untimed": True}, "u")).time_limit is None
    assert ENGINE.prompts(ENGINE.setup({}, "u")).time_limit == 12
    pick = hand_id(state, 0, "continuous")
    state, _ = ENGINE.apply(state, 0, {"type": "select", "card": pick})
    state, _ = ENGINE.apply(state, 0, {"type": "lock"})
    assert pick not in str(ENGINE.view(state, 1))
    assert pick not in str(ENGINE.view(state, None))
    assert ENGINE.view(state, 0)["me"]["selection"] == pick


def test_action_labels():
    state = ENGINE.setup({}, "labels")
    opt = state["draft"]["options"][0][0]
    label = ENGINE.action_label(state, 0, {"type": "pick", "card": opt["id"]})
    assert label == f"Pick {opt['element'].capitalize()} Wall"
    state = battle((["projectile"], ["wall"]))
    state["players"][0]["hand"][0]["element"] = "water"
    assert (
        ENGINE.action_label(state, 0, {"type": "select", "card": "EC0-c01"})
        == "Play Water Projectile (3)"
    )
    assert ENGINE.action_label(state, 0, {"type": "lock"}) == "Lock in"
