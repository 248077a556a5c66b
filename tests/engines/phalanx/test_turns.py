"""Turns, pass, forfeit, reinforcement, victory and the no-progress draw."""

import json

import pytest

from games.engines.core import IllegalAction
from games.engines.phalanx import ENGINE
from games.engines.phalanx.state import depleted

from .helpers import EMPTY, c, check_invariants, combat_state

FULL0 = [
    [c(0, "KS"), c(0, "5C"), c(0, "AS"), c(0, "2H")],
    [c(0, "8D"), c(0, "9D"), c(0, "6H"), c(0, "7C")],
]


def test_pass_ends_the_turn_and_increments_the_turn_number():
    """PXR-7 / PHX-TURNS-002: only the active seat may pass, only in combat; the turn number
    grows by 1 and the other seat becomes active."""
    state = combat_state([FULL0, [[c(1, "9C")] + [None] * 3, EMPTY]], active=0, turn=4)
    assert {"type": "pass"} in ENGINE.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 1, {"type": "pass"})
    assert err.value.code == "NOT_YOUR_TURN"
    after, events = ENGINE.apply(state, 0, {"type": "pass"})
    assert after["turn"] == 5 and after["active"] == 1 and after["phase"] == "combat"
    assert events[0] == {"type": "pass", "seat": 0}
    after2, _ = ENGINE.apply(after, 1, {"type": "attack", "attacker": "PX1-9C", "column": 0})
    assert after2["turn"] == 6  # an attack also increments the turn (PHX-TURNS-001)


def test_combat_offers_only_attack_pass_and_forfeit():
    """PHX-TURNS-001 / PXR-7: on a combat turn the active seat must attack, pass or forfeit."""
    state = combat_state([FULL0, [[c(1, "9C")] + [None] * 3, EMPTY]], active=0)
    kinds = {a["type"] for a in ENGINE.legal_actions(state, 0)}
    assert kinds == {"attack", "pass", "forfeit"}
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "reinforce", "card": "PX0-3C"})
    assert err.value.code == "WRONG_PHASE"


def test_forfeit_ends_the_match_and_records_the_turn():
    """PHX-VICTORY-002 / PXR-8: the active seat forfeits in combat; the opponent wins and the
    outcome records 'forfeit' with the turn number. The other seat cannot forfeit for it."""
    state = combat_state([FULL0, [[c(1, "9C")] + [None] * 3, EMPTY]], active=0, turn=7)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 1, {"type": "forfeit"})
    assert err.value.code == "NOT_YOUR_TURN"
    after, _ = ENGINE.apply(state, 0, {"type": "forfeit"})
    outcome = ENGINE.outcome(after)
    assert (outcome.result, outcome.winner, outcome.reason) == ("win", 1, "forfeit")
    assert after["outcome"]["turn"] == 7
    assert after["txlog"][-1]["details"] == {"turn": 7}
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(after, 1, {"type": "pass"})
    assert err.value.code == "GAME_OVER"


def reinforce_state(hand, drawpile, back="PX1-7H", front="PX1-3C"):
    grids = [
        [[c(0, "5S"), None, None, None], EMPTY],
        [[front, c(1, "9C"), None, None], [back, c(1, "10C"), None, None]],
    ]
    return combat_state(grids, hands=([], hand), drawpiles=([], drawpile), active=0, turn=9)


def test_back_card_advances_and_defender_reinforces_the_back_slot():
    """PHX-REINFORCE-001: 5♠ destroys 3♣ (2 over into 7♥, now 5 HP) and 7♥ advances at once.
    PHX-REINFORCE-002: the defender has cards and the column has a hole, so seat 1 must
    reinforce column 0. PHX-REINFORCE-003: the card goes to the back slot; the column is then
    full. PHX-REINFORCE-004 / PXR-9: seat 1 draws back to 4 and takes the next turn; the turn
    number increments when the reinforcement ends."""
    hand = [c(1, "2S"), c(1, "4D"), c(1, "JH"), c(1, "KC")]
    state = reinforce_state(hand, [c(1, "6S"), c(1, "6D")])
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-5S", "column": 0})
    grid = state["players"][1]["grid"]
    assert grid[0][0] == {"id": "PX1-7H", "hp": 5} and grid[1][0] is None
    assert state["phase"] == "reinforce" and state["active"] == 1 and state["turn"] == 9
    assert state["reinforce"] == {"seat": 1, "column": 0, "attacker": 0}
    assert ENGINE.prompts(state).waiting == {1: "reinforce"}
    assert ENGINE.legal_actions(state, 0) == []
    assert ENGINE.legal_actions(state, 1) == [{"type": "reinforce", "card": h} for h in hand] + [
        {"type": "forfeit"}
    ]
    assert ENGINE.view(state, 1)["reinforce"]["label"] == 1
    state, _ = ENGINE.apply(state, 1, {"type": "reinforce", "card": "PX1-2S"})
    assert grid != state["players"][1]["grid"]
    assert state["players"][1]["grid"][1][0] == {"id": "PX1-2S", "hp": 2}
    assert state["players"][1]["hand"] == [c(1, "4D"), c(1, "JH"), c(1, "KC"), c(1, "6S")]
    assert state["players"][1]["drawpile"] == [c(1, "6D")]
    assert state["phase"] == "combat" and state["active"] == 1 and state["turn"] == 10
    assert state["txlog"][-1]["details"] == {"column": 0, "row": 1, "drew": 1}
    check_invariants(state)


def test_an_emptied_column_takes_two_cards_front_first():
    """PXR-9 / PHX-REINFORCE-003: when both cards fall, the first reinforcement goes in the
    back slot and advances to the empty front; the second fills the back; then draw to 4."""
    hand = [c(1, "2S"), c(1, "4D"), c(1, "JH"), c(1, "KC")]
    state = reinforce_state(hand, [c(1, "6S"), c(1, "6D"), c(1, "8S")], back=c(1, "2C"))
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-5S", "column": 0})
    assert state["players"][1]["grid"][0][0] is None and state["players"][1]["grid"][1][0] is None
    state, _ = ENGINE.apply(state, 1, {"type": "reinforce", "card": "PX1-KC"})
    assert state["players"][1]["grid"][0][0] == {"id": "PX1-KC", "hp": 11}
    assert state["players"][1]["grid"][1][0] is None
    assert state["phase"] == "reinforce" and state["txlog"][-1]["details"]["row"] == 0
    state, _ = ENGINE.apply(state, 1, {"type": "reinforce", "card": "PX1-4D"})
    assert state["players"][1]["grid"][1][0] == {"id": "PX1-4D", "hp": 4}
    assert len(state["players"][1]["hand"]) == 4 and state["players"][1]["drawpile"] == [c(1, "8S")]
    assert state["phase"] == "combat" and state["active"] == 1
    check_invariants(state)


def test_reinforcement_ends_when_the_hand_runs_out():
    """PHX-REINFORCE-003 / -004: with one card in hand and an empty drawpile, the column gets
    its front card only; the reinforcement ends and nothing is drawn."""
    state = reinforce_state([c(1, "QD")], [], back=c(1, "2C"))
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-5S", "column": 0})
    state, _ = ENGINE.apply(state, 1, {"type": "reinforce", "card": "PX1-QD"})
    grid = state["players"][1]["grid"]
    assert grid[0][0] == {"id": "PX1-QD", "hp": 11} and grid[1][0] is None
    assert state["phase"] == "combat" and state["players"][1]["hand"] == []
    check_invariants(state)


def test_no_reinforcement_without_cards_in_hand():
    """PHX-REINFORCE-002: a destroyed card with an empty hand skips the reinforcement."""
    state = reinforce_state([], [])
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-5S", "column": 0})
    assert state["phase"] == "combat" and state["active"] == 1 and state["turn"] == 10
    assert state["players"][1]["grid"][0][0] == {"id": "PX1-7H", "hp": 5}


def test_reinforce_refuses_other_cards_and_the_attacker():
    state = reinforce_state([c(1, "2S")], [])
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-5S", "column": 0})
    for seat, action, code in (
        (1, {"type": "reinforce", "card": "PX1-KS"}, "NOT_IN_HAND"),
        (1, {"type": "reinforce", "card": "nonsense"}, "NOT_IN_HAND"),
        (1, {"type": "pass"}, "WRONG_PHASE"),
        (0, {"type": "forfeit"}, "NOT_YOUR_TURN"),
        (1, {"type": "reinforce"}, "BAD_ACTION"),
        (1, {"type": "dance"}, "UNKNOWN_ACTION"),
        (1, "reinforce", "BAD_ACTION"),
        (5, {"type": "forfeit"}, "BAD_SEAT"),
    ):
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(state, seat, action)
        assert err.value.code == code


def test_defender_may_forfeit_during_reinforcement():
    """PHX-VICTORY-002 / PXR-8: forfeit is allowed in the reinforcement phase."""
    state = reinforce_state([c(1, "2S")], [])
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-5S", "column": 0})
    state, _ = ENGINE.apply(state, 1, {"type": "forfeit"})
    assert state["outcome"]["winner"] == 0 and state["outcome"]["reason"] == "forfeit"
    assert state["outcome"]["turn"] == 9


def test_lp_zero_ends_the_match_at_once():
    """PHX-LP-002 / PXR-10: K♠ into an empty column of a seat at 15 LP: 22 damage, LP clamps at
    0, the attacker wins with reason lp_depleted; no reinforcement is asked for."""
    grids = [[[c(0, "KS"), None, None, None], EMPTY], [[None, c(1, "2C"), None, None], EMPTY]]
    state = combat_state(grids, hands=([], [c(1, "3C")]), lp=(20, 15))
    state, events = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-KS", "column": 0})
    assert state["players"][1]["lp"] == 0
    outcome = ENGINE.outcome(state)
    assert (outcome.result, outcome.winner, outcome.reason) == ("win", 0, "lp_depleted")
    assert state["phase"] == "over" and ENGINE.prompts(state).step == "over"
    assert events[-1] == {"type": "win", "winner": 0}


def test_card_depletion_wins():
    """PHX-VICTORY-001 / PHX-REINFORCE-005 / PXR-10: 3♥ destroys the defender's last card
    (2♣; no hand, no drawpile): the defender has no cards anywhere and loses with 19 LP."""
    grids = [[[c(0, "3H"), None, None, None], EMPTY], [[c(1, "2C"), None, None, None], EMPTY]]
    state = combat_state(grids)
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-3H", "column": 0})
    assert state["players"][1]["lp"] == 19
    outcome = ENGINE.outcome(state)
    assert (outcome.winner, outcome.reason) == (0, "cards_depleted")
    check_invariants(state)


def test_cards_in_hand_or_drawpile_keep_a_seat_alive():
    """PHX-REINFORCE-005: an empty battlefield is not enough to lose while the hand or the
    drawpile still holds a card."""
    grids = [[[c(0, "3H"), None, None, None], EMPTY], [[c(1, "2C"), None, None, None], EMPTY]]
    state = combat_state(grids, hands=([], [c(1, "9S")]))
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-3H", "column": 0})
    assert ENGINE.outcome(state) is None and state["phase"] == "reinforce"
    player = {"grid": [EMPTY, EMPTY], "hand": [], "drawpile": ["PX1-9S"]}
    assert not depleted(player)
    assert depleted({"grid": [EMPTY, EMPTY], "hand": [], "drawpile": []})


def test_attacking_seat_wins_even_when_it_has_nothing_in_reserve():
    """PHX-VICTORY-001 / PXR-10: if both sides look depleted the attacker wins; the attacker
    here has only its attacking card left, and still wins."""
    grids = [[[c(0, "3H"), None, None, None], EMPTY], [[c(1, "2C"), None, None, None], EMPTY]]
    state = combat_state(grids, active=0)
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-3H", "column": 0})
    assert ENGINE.outcome(state).winner == 0


def test_forty_quiet_turns_draw_the_match():
    """PXR-11 / PXD-7: a pass or an attack that neither destroys a card nor costs LP is a
    quiet turn (2♣ into K♥: 11 -> 9 HP); the 40th quiet turn in a row draws the match."""
    grids = [[[c(0, "2C"), None, None, None], EMPTY], [[c(1, "KH"), None, None, None], EMPTY]]
    state = combat_state(grids, active=0, quiet=38)
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-2C", "column": 0})
    assert state["players"][1]["grid"][0][0]["hp"] == 9
    assert state["quiet_turns"] == 39 and ENGINE.outcome(state) is None
    state, events = ENGINE.apply(state, 1, {"type": "pass"})
    outcome = ENGINE.outcome(state)
    assert (outcome.result, outcome.winner, outcome.reason) == ("draw", None, "no_progress")
    assert events[-1] == {"type": "draw", "reason": "no_progress"}


def test_progress_resets_the_quiet_counter():
    """PXR-11 / PXD-7: an attack that costs LP (3♠ into an empty column: 6 LP) resets the count."""
    grids = [[[c(0, "3S"), None, None, None], EMPTY], [[None, c(1, "KH"), None, None], EMPTY]]
    state = combat_state(grids, active=0, quiet=39)
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-3S", "column": 0})
    assert state["players"][1]["lp"] == 14 and state["quiet_turns"] == 0
    assert ENGINE.outcome(state) is None


@pytest.mark.parametrize("mode", ["cumulative", "per-turn"])
def test_endless_passing_is_drawn_at_turn_41(mode):
    """PXR-11: in both damage modes, two seats that only pass from turn 1 are drawn after
    40 turns (the turn number is then 41, PHX-TURNS-002)."""
    from .helpers import deploy_all

    state = deploy_all(ENGINE.setup({"damage_mode": mode}, "passers"))
    passes = 0
    while ENGINE.outcome(state) is None:
        seat = state["active"]
        state, _ = ENGINE.apply(state, seat, {"type": "pass"})
        passes += 1
    assert passes == 40 and state["turn"] == 41
    assert ENGINE.outcome(state).reason == "no_progress"


def test_apply_never_mutates_its_input():
    """Contract: apply returns a new state and leaves the input byte-identical, for every
    kind of action including a rejected one."""
    hand = [c(1, "2S"), c(1, "4D"), c(1, "JH"), c(1, "KC")]
    state = reinforce_state(hand, [c(1, "6S")], back=c(1, "2C"))
    for seat, action in (
        (0, {"type": "attack", "attacker": "PX0-5S", "column": 0}),
        (1, {"type": "reinforce", "card": "PX1-KC"}),
        (1, {"type": "reinforce", "card": "PX1-2S"}),
        (1, {"type": "pass"}),
        (0, {"type": "pass"}),
        (1, {"type": "attack", "attacker": "PX1-KC", "column": 0}),
    ):
        frozen = json.dumps(state, sort_keys=True)
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, 1 - seat, action)
        new, _ = ENGINE.apply(state, seat, action)
        assert json.dumps(state, sort_keys=True) == frozen
        assert new is not state
        state = new
    deploy = ENGINE.setup({}, "mutation")
    frozen = json.dumps(deploy, sort_keys=True)
    seat = deploy["active"]
    ENGINE.apply(deploy, seat, ENGINE.legal_actions(deploy, seat)[0])
    assert json.dumps(deploy, sort_keys=True) == frozen
