"""What each viewer sees (PXR-13, PXD-8) and the button labels."""

import json

from games.engines.phalanx import ENGINE

from .helpers import EMPTY, c, combat_state


def test_view_shows_own_hand_only_and_counts_for_the_rest():
    """PXR-13: seat 0 sees its own hand; seat 1's hand is a count; drawpiles are counts for
    everyone (even the owner never sees the order); the seed and state hashes never appear."""
    grids = [[[c(0, "QS"), None, None, None], EMPTY], [[c(1, "3C"), None, None, None], EMPTY]]
    state = combat_state(
        grids,
        hands=([c(0, "4D"), c(0, "KH")], [c(1, "6C")]),
        drawpiles=([c(0, "9S"), c(0, "2S")], [c(1, "JD")]),
        seed="view-secret-seed",
    )
    state, _ = ENGINE.apply(state, 0, {"type": "pass"})
    mine = ENGINE.view(state, 0)
    assert [x["id"] for x in mine["players"][0]["hand"]] == ["PX0-4D", "PX0-KH"]
    assert mine["players"][1]["hand"] == [] and mine["players"][1]["hand_count"] == 1
    assert mine["players"][0]["drawpile_count"] == 2 and mine["players"][1]["drawpile_count"] == 1
    assert mine["bottom"]["seat"] == 0 and mine["top"]["seat"] == 1
    assert ENGINE.view(state, 1)["bottom"]["seat"] == 1
    for viewer in (0, 1, None):
        text = json.dumps(ENGINE.view(state, viewer))
        assert "view-secret-seed" not in text and "PX0-9S" not in text and "PX1-JD" not in text
        assert "stateHash" not in text  # PXD-8
        assert '"type": "pass"' in text  # the actions of the transaction log are public
    spectator = json.dumps(ENGINE.view(state, None))
    assert "PX0-4D" not in spectator and "PX1-6C" not in spectator
    assert "PX0-QS" in spectator and "PX1-3C" in spectator  # the battlefield is public


def test_action_labels_name_the_target_column_and_preview_the_hit():
    grids = [
        [[c(0, "KH"), c(0, "2C"), None, None], EMPTY],
        [[c(1, "AS"), c(1, "9D"), None, None], [c(1, "5C"), None, None, None]],
    ]
    state = combat_state(grids, hands=([], [c(1, "7H")]))
    label = ENGINE.action_label
    assert label(state, 0, {"type": "attack", "attacker": "PX0-KH", "column": 0}) == (
        "K♥ attacks column 1: destroys 5♣, A♠ 1→1 HP, 5 LP"
    )
    assert label(state, 0, {"type": "attack", "attacker": "PX0-2C", "column": 1}) == (
        "2♣ attacks column 2: 9♦ 9→8 HP, 0 LP"
    )
    assert label(state, 0, {"type": "pass"}) == "Pass"
    assert label(state, 0, {"type": "forfeit"}) == "Forfeit"
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-KH", "column": 0})
    assert label(state, 1, {"type": "reinforce", "card": "PX1-7H"}) == (
        "Reinforce column 1 with 7♥"
    )
    fresh = ENGINE.setup({}, "labels")
    seat = fresh["active"]
    first = ENGINE.legal_actions(fresh, seat)[0]
    assert label(fresh, seat, first).endswith(" to front 1")


def test_lp_timeline_follows_the_attacks_that_cost_lp():
    """PHX-LP-001 start at 20/20; each LP-costing attack adds a point (for a replay chart)."""
    grids = [
        [[c(0, "3S"), None, None, None], EMPTY],
        [[None, c(1, "4H"), None, None], [None, c(1, "2C"), None, None]],
    ]
    state = combat_state(grids, turn=2)
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-3S", "column": 0})
    state, _ = ENGINE.apply(state, 1, {"type": "attack", "attacker": "PX1-4H", "column": 1})
    state, _ = ENGINE.apply(state, 0, {"type": "pass"})
    state, _ = ENGINE.apply(state, 1, {"type": "attack", "attacker": "PX1-4H", "column": 1})
    # 3♠ into the empty column 1: 3 x2 = 6; 4♥ twice into seat 0's empty column 2: 4 each
    assert ENGINE.view(state, None)["lp_timeline"] == [
        {"turn": 0, "lp": [20, 20]},
        {"turn": 2, "lp": [20, 14]},
        {"turn": 3, "lp": [16, 14]},
        {"turn": 5, "lp": [12, 14]},
    ]
