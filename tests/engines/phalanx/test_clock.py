"""The hall's clock for Phalanx: limits, timeout defaults and abandonment (PXC-1..3)."""

import pytest

from games.engines.core import IllegalAction, LoggedAction, state_hash
from games.engines.core import replay as core_replay
from games.engines.phalanx import ENGINE, replay

from .helpers import c, check_invariants, combat_state, deploy_all


def test_PXC_1_each_decision_has_its_own_limit():
    """PXC-1: 30 s per deployment card, 60 s per combat turn, 30 s per reinforcement card."""
    state = ENGINE.setup({}, "clock")
    assert ENGINE.prompts(state).time_limit == 30
    state = deploy_all(state)
    assert ENGINE.prompts(state).time_limit == 60
    grids = (
        [[c(0, "KS"), None, None, None], [None] * 4],
        [[c(1, "2C"), None, None, None], [c(1, "3C"), None, None, None]],
    )
    fight = combat_state(grids, hands=((), (c(1, "5H"), c(1, "6H"))), active=0)
    after, _ = ENGINE.apply(fight, 0, {"type": "attack", "attacker": c(0, "KS"), "column": 0})
    assert after["phase"] == "reinforce"
    assert ENGINE.prompts(after).time_limit == 30
    assert ENGINE.prompts(after).waiting == {1: "reinforce"}


def test_PXC_2_combat_timeout_passes_and_is_logged_as_a_timeout():
    """PXC-2: the active seat passes; the transaction log marks the entry as a timeout and the
    view tells everyone who ran out of time and what was done."""
    state = deploy_all(ENGINE.setup({}, "pass"))
    seat, turn = state["active"], state["turn"]
    after, events = ENGINE.timeout(state)
    assert after["active"] == 1 - seat and after["turn"] == turn + 1
    entry = after["txlog"][-1]
    assert entry["timeout"] is True and entry["action"] == {"type": "pass"}
    assert entry["seat"] == seat
    assert events[0] == {"type": "timeout", "seat": seat, "phase": "combat"}
    for viewer in (0, 1, None):
        view = ENGINE.view(after, viewer)
        assert view["timed_out"] == [{"seat": seat, "did": "passed", "in_a_row": 1}]
        assert view["timeouts"][seat] == 1
    after, _ = ENGINE.apply(after, 1 - seat, {"type": "pass"})
    assert ENGINE.view(after, None)["timed_out"][0]["did"] == "passed", "shown until it moves"
    after, _ = ENGINE.apply(after, seat, {"type": "pass"})
    assert ENGINE.view(after, None)["timed_out"] == []
    check_invariants(after)


def test_PXC_2_deploy_timeout_places_a_seeded_hand_card_in_the_next_slot():
    """PXC-2: deployment is compulsory; a hand card drawn with the seed goes to the next
    slot (PXR-2's fixed order), the same card on every replay."""
    state = ENGINE.setup({}, "deploy-clock")
    seat = state["active"]
    hand = list(state["players"][seat]["hand"])
    after, _ = ENGINE.timeout(state)
    placed = after["players"][seat]["grid"][0][0]
    assert placed is not None and placed["id"] in hand
    assert placed["id"] not in after["players"][seat]["hand"]
    assert after["active"] == 1 - seat
    again, _ = ENGINE.timeout(state)
    assert state_hash(again) == state_hash(after)
    assert ENGINE.view(after, None)["timed_out"][0]["did"].startswith("deployed ")


def test_PXC_2_reinforce_timeout_fills_the_column_from_the_hand():
    """PXC-2: reinforcement is compulsory (PHX-REINFORCE-002); the clock reinforces with a
    seeded hand card."""
    grids = (
        [[c(0, "KS"), None, None, None], [None] * 4],
        [[c(1, "2C"), None, None, None], [c(1, "3C"), None, None, None]],
    )
    fight = combat_state(grids, hands=((), (c(1, "5H"),)), active=0)
    state, _ = ENGINE.apply(fight, 0, {"type": "attack", "attacker": c(0, "KS"), "column": 0})
    assert state["phase"] == "reinforce"
    after, _ = ENGINE.timeout(state)
    column = [after["players"][1]["grid"][row][0] for row in (0, 1)]
    assert c(1, "5H") in [s["id"] for s in column if s]
    assert after["txlog"][-1]["timeout"] is True
    assert after["txlog"][-1]["action"] == {"type": "reinforce", "card": c(1, "5H")}


def test_PXC_3_three_timeouts_in_a_row_lose_by_abandonment():
    """PXC-3: the third timeout in a row of one seat ends the match; the other seat wins with
    the reason ``abandoned``."""
    state = deploy_all(ENGINE.setup({}, "gone"))
    absent = state["active"]
    for expected in (1, 2):
        state, _ = ENGINE.timeout(state)  # the absent seat passes
        assert ENGINE.view(state, None)["timeouts"][absent] == expected
        move = ENGINE.legal_actions(state, 1 - absent)[0]
        state, _ = ENGINE.apply(state, 1 - absent, move)  # the other seat plays on
        assert ENGINE.outcome(state) is None
    state, events = ENGINE.timeout(state)
    result = ENGINE.outcome(state)
    assert result.result == "win" and result.winner == 1 - absent
    assert result.reason == "abandoned"
    assert {"type": "abandoned", "seat": absent} in events
    assert ENGINE.prompts(state).step == "over"
    with pytest.raises(IllegalAction):
        ENGINE.timeout(state)


def test_PXC_3_a_move_of_ones_own_breaks_the_run():
    """PXC-3: two timeouts, a move, two more timeouts: nobody has abandoned."""
    state = deploy_all(ENGINE.setup({}, "back"))
    seat = state["active"]
    for _ in range(2):
        state, _ = ENGINE.timeout(state)
        state, _ = ENGINE.timeout(state)  # both seats run out once each round
    assert ENGINE.view(state, None)["timeouts"][seat] == 2
    state, _ = ENGINE.apply(state, seat, {"type": "pass"})
    assert ENGINE.view(state, None)["timeouts"][seat] == 0
    state, _ = ENGINE.timeout(state)  # the other seat's third: it abandons
    assert ENGINE.outcome(state).winner == seat
    assert ENGINE.outcome(state).reason == "abandoned"


def test_PXC_2_timeouts_replay_from_the_transaction_log_and_the_platform_log():
    """PHX-TXLOG-003 with timeouts: the txlog replay re-runs the clock's default for a
    timeout entry, and the platform's hash-chained log replays to the same state."""
    state = ENGINE.setup({}, "replay-clock")
    entries = []
    for n in range(30):
        before = state_hash(state)
        if n % 3 == 0:
            state, _ = ENGINE.timeout(state)
            entries.append(LoggedAction(None, "timeout", None, before, state_hash(state)))
        else:
            seat = next(iter(ENGINE.prompts(state).waiting))
            action = ENGINE.legal_actions(state, seat)[0]
            if action["type"] == "forfeit":
                action = {"type": "pass"}
            state, _ = ENGINE.apply(state, seat, action)
            entries.append(LoggedAction(seat, "action", action, before, state_hash(state)))
        if ENGINE.outcome(state):
            break
    rebuilt = replay({}, state["txlog"], "replay-clock")
    assert state_hash(rebuilt) == state_hash(state)
    assert state_hash(core_replay(ENGINE, {}, "replay-clock", entries)) == state_hash(state)
