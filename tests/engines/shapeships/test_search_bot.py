"""The level-2 ShapeShips bot (core/search.py with shapeships/search.py): it weighs whole
submissions (the level-1 one and variations of it), never reads the opponent's hidden
commitment, plays legal moves and gives the same move for the same state."""

import copy
import random

import pytest

from games.engines.shapeships import search
from games.engines.shapeships.engine import SPECIES

from .support import E, give, start


def level_one_until(state, done, limit=600):
    """Level-1 bots move (the lowest waiting seat first) until ``done(state)``."""
    for _ in range(limit):
        if done(state):
            return state
        seat = sorted(E.prompts(state).waiting)[0]
        state, _ = E.apply(state, seat, E.bot_action(state, seat, 1))
    raise AssertionError("the position was not reached")


def drawing_of(species="xenite", turn=3, seed="search-draw"):
    """Seat 0 about to compose its drawing on ``turn``, both fleets built by level 1."""
    state = start(species, species, seed)
    return level_one_until(
        state,
        lambda s: s["turn"] >= turn and s["step"] == "drawing" and 0 in E.prompts(s).waiting,
    )


def test_level_two_plays_a_legal_move_the_same_each_time_and_changes_nothing():
    state = drawing_of()
    before = copy.deepcopy(state)
    move = E.bot_action(state, 0, 2)
    assert move in E.legal_actions(state, 0) and move["type"] != "resign"
    assert E.bot_action(state, 0, 2) == move
    assert state == before


def test_level_two_does_not_read_the_opponents_locked_submission():
    """The same board with seat 1's drawing locked in (builds chosen) or not yet begun:
    seat 0 sees the same and moves the same."""
    a = drawing_of()
    b = copy.deepcopy(a)
    while 1 in E.prompts(b).waiting:
        b, _ = E.apply(b, 1, E.bot_action(b, 1, 1))
    assert b["commit"][1]["locked"] and b["commit"][1]["data"] != a["commit"][1]["data"]
    seen_a, seen_b = E.view(a, 0), E.view(b, 0)
    for seen in (seen_a, seen_b):
        for p in seen["players"]:
            p.pop("has_chosen")  # that the opponent has chosen is public; what, is not
    assert seen_a == seen_b
    assert E.bot_action(a, 0, 2) == E.bot_action(b, 0, 2)


def test_a_sample_clears_the_opponents_commitment_and_the_seed_only():
    state = drawing_of()
    while 1 in E.prompts(state).waiting:
        state, _ = E.apply(state, 1, E.bot_action(state, 1, 1))
    state, _ = E.apply(state, 0, E.legal_actions(state, 0)[0])
    world = search.sample(state, 0, random.Random(3))
    assert world["seed"] != state["seed"]
    assert world["commit"][1] == {
        "required": True,
        "locked": False,
        "data": {"plan": {"carrier": {}, "builds": [], "evolve": [], "upgrades": [], "next": 1}},
    }
    assert world["commit"][0] == state["commit"][0], "the seat's own submission stays"
    assert {k: v for k, v in world.items() if k not in ("seed", "commit")} == {
        k: v for k, v in state.items() if k not in ("seed", "commit")
    }


def test_every_kind_of_commitment_is_cleared_to_how_its_step_starts_it():
    assert search._blank({"species": "xenite"}) == {}
    assert search._blank({"reroll": True}) == {}
    assert search._blank({"strikes": [{"source": "SS1-GUA-004", "target": "FIG"}]}) == {
        "strikes": []
    }
    declared = {"charges": [{"ship": "INT", "option": "deal", "entry": "c1"}], "next": 2}
    assert search._blank(declared) == {"charges": [], "next": 1}
    aiming = {"strikes": [], "aim": {"role": "enemy", "choices": []}}
    assert search._blank(aiming) == {"strikes": []}, "a target being aimed is dropped"


def test_the_candidates_are_the_level_one_submission_and_variations_of_it():
    state = drawing_of()
    lines = search._lines(E, state, 0)
    assert 1 < len(lines) <= search.MAX_LINES
    assert lines[0][0] == E.bot_action(state, 0, 1), "the level-1 way comes first"
    assert all(line[-1] == {"type": "confirm"} for line in lines), "each one is locked in"
    assert all(line[0] in E.legal_actions(state, 0) for line in lines)
    assert len({repr(line) for line in lines}) == len(lines)
    undo = {"remove", "clear", "unstrike", "withdraw", "cancel", "resign"}
    assert not any(move["type"] in undo for line in lines for move in line)


def test_the_species_is_chosen_by_playing_each_one_out():
    state = E.setup({}, "search-species")
    move = E.bot_action(state, 0, 2)
    assert move["type"] == "species" and move in E.legal_actions(state, 0)
    # The opponent's species is hidden until both chose: its lock-in changes nothing.
    chosen, _ = E.apply(state, 1, {"type": "species", "species": SPECIES[-1]})
    assert E.bot_action(chosen, 0, 2) == move


def test_battle_decisions_are_searched_too():
    """First strike: a Guardian may destroy one of two enemy ships; level 2 names one."""
    state = start("human", "human", "search-strike")
    give(state, 0, "GUA", charges=2)
    give(state, 1, "DEF")
    give(state, 1, "STA")
    state = level_one_until(state, lambda s: s["step"] == "first_strike")
    lines = search._lines(E, state, 0)
    assert [{"type": "confirm"}] in lines and len(lines) >= 3, "each target, or none"
    move = E.bot_action(state, 0, 2)
    assert move in E.legal_actions(state, 0) and move["type"] in ("strike", "confirm")


@pytest.mark.parametrize("species", SPECIES)
def test_level_two_plays_every_species_through_turns_of_a_match(species):
    """Nothing in the search names a species: it plays each one (legal moves only)."""
    state = start(species, species, f"search-{species}")
    for _ in range(60):
        if E.outcome(state) is not None or state["turn"] > 3:
            break
        for seat in sorted(E.prompts(state).waiting):
            level = 2 if seat == 0 else 1
            move = E.bot_action(state, seat, level)
            assert move in E.legal_actions(state, seat) and move["type"] != "resign"
            state, _ = E.apply(state, seat, move)
    assert state["turn"] > 3 or E.outcome(state) is not None


def test_the_evaluation_counts_what_each_side_dealt_in_the_last_resolution():
    """Damage dealt at End of Turn Resolution, however it was made, counts for the dealer:
    the same board is worth more to the seat that dealt more."""
    state = drawing_of()
    dealt = copy.deepcopy(state)
    dealt["summary"] = {**state["summary"], "damage": [0, 9], "healing": [0, 0]}
    taken = copy.deepcopy(state)
    taken["summary"] = {**state["summary"], "damage": [9, 0], "healing": [0, 0]}
    assert search.evaluate(dealt, 0) > search.evaluate(taken, 0)
    assert search.evaluate(dealt, 1) < search.evaluate(taken, 1)
