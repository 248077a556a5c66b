"""The level-2 Elemental Clash bot (core/search.py with elemental_clash/search.py)."""

import copy
import random
from collections import Counter

from games.engines.elemental_clash import ENGINE, search
from games.engines.elemental_clash.constants import MINERS

from .helpers import battle, drafted


def test_level_two_selects_then_locks_and_never_changes_the_state():
    state = battle((["wall", "projectile", "continuous", "deflection"], ["wall", "projectile"]))
    before = copy.deepcopy(state)
    move = ENGINE.bot_action(state, 0, 2)
    assert move in ENGINE.legal_actions(state, 0) and move["type"] == "select"
    assert ENGINE.bot_action(state, 0, 2) == move  # the same state, the same move
    assert state == before
    selected, _ = ENGINE.apply(state, 0, move)
    assert ENGINE.bot_action(selected, 0, 2) == {"type": "lock"}


def test_level_two_does_not_peek_at_the_opponents_cards_or_choice():
    """Two states that differ only in what seat 1 holds and has selected (hidden from seat
    0) give seat 0 the same move."""
    a = battle((["wall", "projectile", "continuous"], ["wall", "projectile", "deflection"]))
    b = copy.deepcopy(a)
    for card, subtype in zip(
        b["players"][1]["hand"], ("continuous", "wall", "projectile"), strict=True
    ):
        card["subtype"] = subtype
    a, _ = ENGINE.apply(a, 1, {"type": "select", "card": a["players"][1]["hand"][0]["id"]})
    b, _ = ENGINE.apply(b, 1, {"type": "select", "card": b["players"][1]["hand"][2]["id"]})
    seen_a, seen_b = ENGINE.view(a, 0), ENGINE.view(b, 0)
    assert (seen_a["me"], seen_a["opp"]) == (seen_b["me"], seen_b["opp"])
    assert ENGINE.bot_action(a, 0, 2) == ENGINE.bot_action(b, 0, 2)


def test_the_draft_is_left_to_the_level_one_picks():
    state = ENGINE.setup({}, "search-draft")
    assert ENGINE.bot_action(state, 0, 2) == ENGINE.bot_action(state, 0, 1)


def play_turns(state, turns):
    """Level-1 bots select and lock for ``turns`` battle turns."""
    for _ in range(turns):
        turn = state["turn"]
        while state["turn"] == turn and ENGINE.outcome(state) is None:
            seat = sorted(ENGINE.prompts(state).waiting)[0]
            state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, 1))
    return state


def test_the_opponents_played_cards_are_read_from_the_turn_log():
    state = play_turns(drafted(), 2)
    revealed = [
        item["card"]["subtype"]
        for entry in state["log"]
        for phase in entry["phases"]
        if phase["phase"] == "reveal"
        for item in phase["items"]
        if item["seat"] == 1
    ]
    assert len(revealed) == 2 and search.played(state, 1) == revealed
    assert len(state["players"][1]["hand"]) + len(state["players"][1]["deck"]) == 4


def test_a_sample_deals_the_opponent_a_draft_that_fits_what_they_played():
    """D2-draft: every seat drafted one wall, deflection, continuous and projectile, then a
    miner and a wildcard; a sample's unseen cards plus the played ones are such a deck."""
    state = play_turns(drafted(), 2)
    shown = search.played(state, 1)
    for n in range(20):
        world = search.sample(state, 0, random.Random(n))
        theirs = world["players"][1]
        deck = Counter(c["subtype"] for c in theirs["hand"] + theirs["deck"]) + Counter(shown)
        for sure in ("wall", "deflection", "continuous", "projectile"):
            deck[sure] -= 1
        rest = list(deck.elements())
        assert min(deck.values()) >= 0 and len(rest) == 2, deck
        assert any(st in MINERS for st in rest)
        assert theirs["selection"] is None and not theirs["locked"]
        assert world["players"][0]["hand"] == state["players"][0]["hand"]


def test_two_walls_played_mean_the_wildcard_was_a_wall():
    for n in range(10):
        subtypes = search.unseen_subtypes(["wall", "wall"], 4, random.Random(n))
        assert "wall" not in subtypes
        assert sorted(st for st in subtypes if st not in MINERS) == [
            "continuous",
            "deflection",
            "projectile",
        ]
