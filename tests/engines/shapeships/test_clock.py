"""The hall's clock for ShapeShips: limits, timeout defaults and abandonment (SSX-CLOCK,
SSX-TIMER, SSX-ABANDON)."""

import pytest

from games.engines.core import IllegalAction, canonical_json

from .support import E, give, play, start


def test_SSX_CLOCK_each_interactive_step_has_the_halls_limit():
    """SSX-CLOCK: species 60 s, Drawing 120 s, First Strike 45 s, Declaration 60 s,
    Response 45 s; one deadline for both seats of a simultaneous step."""
    s = E.setup({}, "clock")
    assert E.prompts(s).time_limit == 60 and E.prompts(s).simultaneous
    s = start("human", "centaur")
    assert E.prompts(s).time_limit == 120
    give(s, 0, "GUA", charges=2)
    give(s, 1, "FIG")
    for seat in (0, 1):
        s = play(s, seat, {"type": "confirm"})
    assert s["step"] == "first_strike" and E.prompts(s).time_limit == 45
    s = start("human", "centaur")
    give(s, 0, "INT", charges=1)
    give(s, 1, "WIS", charges=2)
    for seat in (0, 1):
        s = play(s, seat, {"type": "confirm"})
    assert s["step"] == "declaration" and E.prompts(s).time_limit == 60
    s = play(s, 0, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    assert s["step"] == "response" and E.prompts(s).time_limit == 45


def test_SSX_TIMER_species_and_drawing_defaults_and_the_log_says_who_was_late():
    """SSX-TIMER: a random species; then an unlocked drawing is locked in as it stands (here
    seat 0 had drawn its species' first ship, seat 1 nothing); the log names each late seat."""
    s = E.setup({}, "timer")
    s, events = E.timeout(s)
    assert all(p["species"] for p in s["players"]) and s["step"] == "drawing"
    assert events[0]["seats"] == [0, 1]
    texts = [e["text"] for e in s["log"]]
    assert "Player 1 ran out of time: a species was picked for them." in texts
    first = next(a for a in E.legal_actions(s, 0) if a["type"] == "build")
    s = play(s, 0, first)
    s, _ = E.timeout(s)
    assert s["summary"]["turn"] == 1
    assert [ship["code"] for ship in s["players"][0]["fleet"]] == [first["ship"]]
    assert s["players"][1]["fleet"] == []
    texts = [e["text"] for e in s["log"]]
    assert "Player 2 ran out of time: what they had drawn was locked in." in texts


def test_SSX_TIMER_a_seat_that_locked_in_is_not_late():
    """SSX-TIMER: only the seats still deciding take a default and are named."""
    s = start()
    s = play(s, 0, {"type": "confirm"})
    s, events = E.timeout(s)
    assert events[0]["seats"] == [1]
    texts = canonical_json(s["log"])
    assert "Player 2 ran out of time" in texts and "Player 1 ran out of time" not in texts


def test_SSX_TIMER_declared_charges_so_far_are_locked_in():
    """SSX-TIMER: a charge declared but not locked in stands when Declaration times out."""
    s = start("human", "centaur")
    give(s, 0, "INT", charges=1)
    give(s, 1, "WIS", charges=2)
    for seat in (0, 1):
        s = play(s, seat, {"type": "confirm"})
    s = play(s, 0, {"type": "charge", "ship": "INT", "option": "deal"})
    s, _ = E.timeout(s)
    assert s["step"] == "response", "the declared Interceptor opened the response"
    assert E.view(s, 1)["this_turn"]["declared"][0][0]["name"] == "Interceptor"


def test_SSX_ABANDON_three_timeouts_in_a_row_lose_the_match():
    """SSX-ABANDON: seat 1 lets three steps run out while seat 0 plays; seat 0 wins by
    abandonment."""
    s = start(seed="abandon")
    for n in range(3):
        s = play(s, 0, {"type": "confirm"})
        s, events = E.timeout(s)
        if n < 2:
            assert E.outcome(s) is None
    result = E.outcome(s)
    assert (result.result, result.winner, result.reason) == ("win", 0, "abandoned")
    assert {"type": "abandoned", "seats": [1]} in events
    assert E.legal_actions(s, 0) == [] and E.prompts(s).step == "over"
    with pytest.raises(IllegalAction):
        E.timeout(s)


def test_SSX_ABANDON_a_move_breaks_the_run():
    """SSX-ABANDON: after two timeouts of both seats, seat 0 moves; at the third timeout only
    seat 1 has three in a row, so seat 0 wins."""
    s = start(seed="both")
    s, _ = E.timeout(s)
    s, _ = E.timeout(s)
    s = play(s, 0, {"type": "build", "ship": "FIG"})  # seat 0 is back (not yet locked in)
    s, _ = E.timeout(s)
    result = E.outcome(s)
    assert (result.winner, result.reason) == (0, "abandoned")
    assert s["timeouts"] == [1, 3]


def test_SSX_ABANDON_both_seats_gone_together_is_a_draw():
    """SSX-ABANDON: both seats run out of time for the third time at once: a draw."""
    s = E.setup({}, "empty-table")
    for _ in range(3):
        s, _ = E.timeout(s)
    result = E.outcome(s)
    assert (result.result, result.winner, result.reason) == ("draw", None, "abandoned")
