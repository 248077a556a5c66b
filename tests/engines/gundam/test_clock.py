"""The hall's turn clock for Gundam: limits, timeout defaults and abandonment (GUN-X-CLOCK,
GUN-X-TIMEOUT, GUN-X-ABANDON)."""

import pytest

from games.engines.core import IllegalAction
from games.engines.gundam import ENGINE

from .helpers import act, clear_board, give, main_phase, place, resources, started


def texts(state):
    return [e["text"] for e in state["log"]]


def test_GUN_X_CLOCK_each_phase_of_a_turn_has_its_limit():
    """GUN-X-CLOCK: resource 30 s, main 150 s for the whole phase (a move inside it keeps the
    step, so the deadline), end 60 s."""
    s = started("clock")
    assert ENGINE.prompts(s).time_limit == 30 and ENGINE.prompts(s).waiting == {0: "resource"}
    s = main_phase(s)
    step = ENGINE.prompts(s).step
    assert ENGINE.prompts(s).time_limit == 150
    s = act(s, 0, {"type": "end_main"})
    assert ENGINE.prompts(s).time_limit == 60 and ENGINE.prompts(s).step != step


def test_GUN_X_TIMEOUT_resource_phase_places_the_resource_and_main_starts():
    """GUN-X-TIMEOUT: in the resource phase the resource is placed; the main phase follows
    with its own time, and the log says who ran out of time."""
    s = started("resource")
    before = len(s["players"][0]["resources"])
    s, _ = ENGINE.timeout(s)
    assert len(s["players"][0]["resources"]) == before + 1
    assert s["phase"] == "main" and s["current"] == 0
    assert "Player 1 ran out of time in the resource phase." in texts(s)


def test_GUN_X_TIMEOUT_resource_phase_skips_when_no_resource_can_be_placed():
    """GUN-X-TIMEOUT: with an empty resource deck the resource is skipped."""
    s = started("empty")
    s["players"][0]["rdeck"] = []
    s, _ = ENGINE.timeout(s)
    assert s["phase"] == "main" and "Player 1 skips the resource." in texts(s)


def test_GUN_X_TIMEOUT_main_phase_ends_the_turn_and_drops_a_half_built_move():
    """GUN-X-TIMEOUT: a main-phase timeout ends the turn (the pending selection is dropped)
    and the next player's turn begins."""
    s = main_phase(started("main"))
    unit = s["players"][0]["hand"][0]
    s["pending"] = {"seat": 0, "mode": "pair", "card": unit}
    turn = s["turn"]
    s, _ = ENGINE.timeout(s)
    assert s["pending"] is None and s["current"] == 1 and s["turn"] == turn + 1
    assert "Player 1 ran out of time: the turn ends." in texts(s)


def test_GUN_X_TIMEOUT_end_phase_discards_the_marked_cards_or_the_last_ones():
    """GUN-X-TIMEOUT with GDR-18: over the hand limit, the marked discard is used when it is
    complete, else the last cards in hand order go."""
    base = act(main_phase(started("end")), 0, {"type": "end_main"})
    while len(base["players"][0]["hand"]) < 9:
        give(base, 0, "OG01-016")
    hand = list(base["players"][0]["hand"])
    marked = act(base, 0, {"type": "toggle_discard", "card": hand[0]})
    marked = act(marked, 0, {"type": "toggle_discard", "card": hand[1]})
    s, _ = ENGINE.timeout(marked)
    assert set(hand[:2]) <= set(s["players"][0]["trash"])
    half = act(base, 0, {"type": "toggle_discard", "card": hand[0]})
    s, _ = ENGINE.timeout(half)
    assert set(hand[-2:]) <= set(s["players"][0]["trash"]) and hand[0] in s["players"][0]["hand"]


def test_GUN_X_ABANDON_three_timeouts_in_a_row_lose_the_match():
    """GUN-X-ABANDON: seat 0 lets resource, main and (next turn) resource run out while seat 1
    plays its turn: the third ends the match for seat 1."""
    s = started("abandon")
    s, _ = ENGINE.timeout(s)  # resource phase
    s, _ = ENGINE.timeout(s)  # main phase: the turn ends
    assert s["current"] == 1 and ENGINE.outcome(s) is None
    s = main_phase(s)  # seat 1 plays its turn
    s = act(s, 1, {"type": "end_main"})
    s = act(s, 1, {"type": "end_turn"})
    s, _ = ENGINE.timeout(s)
    result = ENGINE.outcome(s)
    assert (result.result, result.winner, result.reason) == ("win", 1, "abandoned")
    assert "ran out of time 3 times in a row" in result.message
    with pytest.raises(IllegalAction):
        ENGINE.timeout(s)


def test_GUN_X_ABANDON_a_move_breaks_the_run_and_block_timeouts_count():
    """GUN-X-ABANDON: two timeouts then a move: the count starts again; a block step that
    times out counts for the defender (GUN-X-BLOCK-TIMER)."""
    s = started("run")
    s, _ = ENGINE.timeout(s)
    s, _ = ENGINE.timeout(s)
    s = main_phase(s)
    s = act(s, 1, {"type": "end_main"})
    s = act(s, 1, {"type": "end_turn"})
    s = act(s, 0, {"type": "skip_resource"})
    assert s["timeouts"][0] == 0
    board = main_phase(clear_board(started("block-clock")))
    resources(board, 0, 3)
    board["players"][1]["base"] = None
    attacker = place(board, 0, "OG01-016")
    place(board, 1, "OG01-031")  # a Blocker: the attack waits for the defender
    paused = act(board, 0, {"type": "attack", "attacker": attacker, "target": "player"})
    assert ENGINE.prompts(paused).waiting == {1: "block"}
    timed, _ = ENGINE.timeout(paused)
    assert timed["timeouts"] == [0, 1]
