"""Energy (E1-E5, ECR-5) and hand/deck (H1-H4, DK3, DK4, ECR-6, EC6)."""

import pytest

from games.engines.core import IllegalAction
from games.engines.elemental_clash import ENGINE

from .helpers import battle, drafted, hand_id, phase, play


def test_E1_ECR_5_turn_one_is_played_with_exactly_five_energy():
    """E1 / ECR-5: the battle starts at 5 energy and turn 1 adds nothing."""
    state = drafted()
    assert state["turn"] == 1
    assert [p["energy"] for p in state["players"]] == [5, 5]
    assert ENGINE.view(state, 0)["energy_phase"]["items"][0]["text"].startswith(
        "Turn 1: no energy gain"
    )


def test_E3_ECR_5_plus_two_at_the_start_of_turn_two_before_selection():
    """E3 / ECR-5: after turn 1 both seats gain 2, applied before SELECTION opens."""
    state = battle((["deflection", "wall"], ["wall", "deflection"]), energy=(5, 5))
    state = play(state, "deflection", "wall")
    # Turn 2 is at SELECTION: 5 - 1 + 2 = 6 and 5 - 2 + 2 = 5.
    assert state["turn"] == 2
    assert [p["energy"] for p in state["players"]] == [6, 5]
    items = state["energy_phase"]["items"]
    assert [(i["before"], i["after"]) for i in items] == [(4, 6), (3, 5)]


def test_E2_energy_is_capped_at_ten():
    """E2: 9 + 2 is capped to 10, and 10 stays 10."""
    state = battle((["deflection", "wall"], ["wall", "deflection"]), energy=(10, 10))
    state = play(state, "deflection", "wall")
    assert [p["energy"] for p in state["players"]] == [10, 10]  # 9 -> 10 and 8 -> 10
    assert all(0 <= p["energy"] <= 10 for p in state["players"])


def test_E4_cost_deducted_after_reveal_before_resolution():
    """E4: the DEDUCTION phase (after REVEAL, before RESOLUTION) takes exactly the cost."""
    state = battle((["continuous"], ["projectile"]), energy=(7, 3))
    state = play(state, "continuous", "projectile")
    items = phase(state, "deduction")
    assert [(i["seat"], i["before"], i["after"]) for i in items] == [(0, 7, 2), (1, 3, 0)]
    names = [p["phase"] for p in state["log"][-1]["phases"]]
    assert names.index("reveal") < names.index("deduction") < names.index("resolution")


def test_E5_S2_unaffordable_card_is_disabled_with_reason_and_refused():
    """E5 / S2: the view disables an unaffordable card with the reason; selecting it raises."""
    state = battle((["continuous", "wall"], ["wall"]), energy=(4, 5))
    hand = ENGINE.view(state, 0)["me"]["hand"]
    cont = next(c for c in hand if c["subtype"] == "continuous")
    assert cont["playable"] is False and cont["reason"] == "Costs 5 energy; you have 4."
    assert next(c for c in hand if c["subtype"] == "wall")["playable"] is True
    assert {"type": "select", "card": cont["id"]} not in ENGINE.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "select", "card": cont["id"]})
    assert err.value.code == "UNPLAYABLE"
    assert "Costs 5 energy; you have 4." in err.value.message


def test_H1_H4_DK1_hand_refills_to_four_at_cleanup_from_the_deck():
    """H1 / H4: after playing one card the hand is refilled to 4 in CLEANUP, in deck order."""
    state = battle(
        (
            ["wall", "deflection", "projectile", "continuous"],
            ["wall", "deflection", "projectile", "continuous"],
        ),
        decks=(["projectile_miner", "repair_miner"], ["continuous_miner", "wall"]),
    )
    next_card = state["players"][0]["deck"][0]["id"]
    state = play(state, "wall", "deflection")
    p0 = state["players"][0]
    assert len(p0["hand"]) == 4 and p0["hand"][-1]["id"] == next_card
    assert len(p0["deck"]) == 1
    assert [(i["drawn"], i["hand"], i["deck"]) for i in phase(state, "cleanup")] == [
        (1, 4, 1),
        (1, 4, 1),
    ]


def test_H2_all_hand_cards_visible_and_any_affordable_one_playable():
    """H2: the owner sees all four cards; the fourth (last) card can be played, no rotation."""
    state = battle((["wall", "deflection", "projectile", "continuous"], ["wall"]), energy=(5, 5))
    hand = ENGINE.view(state, 0)["me"]["hand"]
    assert len(hand) == 4 and all(c["playable"] for c in hand)
    state, _ = ENGINE.apply(state, 0, {"type": "select", "card": hand[3]["id"]})
    assert state["players"][0]["selection"] == hand[3]["id"]


def test_H3_DK3_DK4_played_card_leaves_game_and_empty_deck_leaves_hand_short():
    """H3 / DK4: a played card is gone for good; DK3: with an empty deck the hand shrinks."""
    state = battle((["wall", "deflection", "projectile", "continuous"], ["wall", "deflection"]))
    wall_id = hand_id(state, 0, "wall")
    state = play(state, "wall", "wall")
    p0 = state["players"][0]
    assert len(p0["hand"]) == 3 and p0["deck"] == []
    all_ids = [c["id"] for c in p0["hand"] + p0["deck"]]
    assert wall_id not in all_ids
    # DK3: still playable from the remaining hand.
    assert any(a["type"] == "select" for a in ENGINE.legal_actions(state, 0))


def test_ECR_6_EC6_empty_hand_makes_no_selection_and_the_other_seat_plays_alone():
    """ECR-6 / EC6 / DK3: an empty hand is not an error; that seat is not prompted and reveals nothing."""
    state = battle(([], ["projectile"]), energy=(5, 5))
    assert ENGINE.prompts(state).waiting == {1: "select_card"}
    assert ENGINE.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "lock"})
    assert err.value.code == "NOT_PROMPTED"
    state = play(state, None, "projectile")
    assert state["last_reveal"]["cards"][0] is None
    assert state["players"][0]["hp"] == 17


@pytest.mark.parametrize(
    ("hp", "result", "winner"), [((12, 9), "win", 0), ((4, 15), "win", 1), ((7, 7), "draw", None)]
)
def test_ECR_6_both_hands_empty_ends_by_exhaustion(hp, result, winner):
    """ECR-6: both hands empty at the start of a turn: higher HP wins, equal HP is a draw."""
    state = battle((["deflection"], ["deflection"]), hp=hp)
    state = play(state, "deflection", "deflection")
    out = ENGINE.outcome(state)
    assert out is not None and out.result == result and out.winner == winner
    assert out.reason == "exhaustion"
    assert ENGINE.prompts(state).step == "over"
    assert state["log"][-1]["turn"] == 1 and state["turn"] == 2
