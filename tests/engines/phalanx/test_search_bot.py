"""The level-2 Phalanx bot (core/search.py with phalanx/search.py)."""

import copy

from games.engines.phalanx import ENGINE


def reach(seed: str, moves: int) -> dict:
    state = ENGINE.setup({}, seed)
    for _ in range(moves):
        if not ENGINE.prompts(state).waiting:
            break
        seat = sorted(ENGINE.prompts(state).waiting)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, 1))
    return state


def test_level_two_plays_a_legal_move_and_is_deterministic():
    for moves in (0, 5, 14):
        state = reach(f"search-{moves}", moves)
        assert ENGINE.outcome(state) is None
        seat = sorted(ENGINE.prompts(state).waiting)[0]
        before = copy.deepcopy(state)
        move = ENGINE.bot_action(state, seat, 2)
        assert move in ENGINE.legal_actions(state, seat)
        assert ENGINE.bot_action(state, seat, 2) == move
        assert state == before  # the search works on samples, never on the state


def test_level_two_does_not_peek_at_hidden_cards():
    """Two states that differ only in what the seat cannot see (the opponent's hand swapped
    with their drawpile's top, the seat's own drawpile reversed) get the same move."""
    state = reach("search-hidden", 14)
    seat = sorted(ENGINE.prompts(state).waiting)[0]
    other = copy.deepcopy(state)
    theirs, mine = other["players"][1 - seat], other["players"][seat]
    n = min(len(theirs["hand"]), len(theirs["drawpile"]))
    theirs["hand"][:n], theirs["drawpile"][:n] = theirs["drawpile"][:n], theirs["hand"][:n]
    mine["drawpile"].reverse()
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    assert ENGINE.bot_action(other, seat, 2) == ENGINE.bot_action(state, seat, 2)
