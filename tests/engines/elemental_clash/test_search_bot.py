"""The level-2 Elemental Clash bot (core/search.py with elemental_clash/search.py)."""

import copy

from games.engines.elemental_clash import ENGINE

from .helpers import battle


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
