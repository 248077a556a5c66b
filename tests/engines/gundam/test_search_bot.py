"""The level-2 Gundam bot (core/search.py with gundam/search.py): it searches from what its
seat could know, plays legal moves, and gives the same move for the same state."""

import copy
import random
from collections import Counter

from games.engines.gundam import ENGINE, STARTER_DECKS, search
from games.engines.gundam.cards import CARD_POOL, card

from .helpers import BLUE, RED, started


def midgame(seed="search-mid", seat=0, turns=4):
    """Level-1 bots play until ``seat`` is in its main phase on turn ``turns`` or later."""
    state = started(seed)
    while not (
        state["turn"] >= turns
        and state["current"] == seat
        and state["phase"] == "main"
        and state["pending"] is None
    ):
        mover = next(iter(ENGINE.prompts(state).waiting))
        state, _ = ENGINE.apply(state, mover, ENGINE.bot_action(state, mover, 1))
    assert ENGINE.outcome(state) is None
    return state


def unseen(state, seat):
    p = state["players"][seat]
    return p["hand"] + p["shields"] + p["deck"]


def test_level_two_plays_a_legal_move_the_same_each_time_and_changes_nothing():
    state = midgame()
    before = copy.deepcopy(state)
    move = ENGINE.bot_action(state, 0, 2)
    assert move in ENGINE.legal_actions(state, 0)
    assert ENGINE.bot_action(state, 0, 2) == move
    assert state == before


def test_level_two_does_not_peek_at_hidden_cards():
    """Two states that differ only in what seat 0 cannot see (the opponent's hand, shields,
    deck and deck list, the order of its own deck and shields) give seat 0 the same move."""
    a = midgame()
    b = copy.deepcopy(a)
    theirs = unseen(b, 1)
    numbers = [b["cards"][cid] for cid in theirs]
    for cid, no in zip(theirs, numbers[7:] + numbers[:7], strict=True):
        b["cards"][cid] = no
    mine = b["players"][0]
    mine["deck"], mine["shields"] = (
        mine["shields"] + mine["deck"][::-1][: len(mine["deck"]) - len(mine["shields"])],
        mine["deck"][::-1][len(mine["deck"]) - len(mine["shields"]) :],
    )
    b["choices"]["1"] = {"name": BLUE, "deck": copy.deepcopy(STARTER_DECKS[BLUE])}
    assert sorted(unseen(a, 0)) == sorted(unseen(b, 0))
    assert [a["cards"][c] for c in a["players"][1]["hand"]] != [
        b["cards"][c] for c in b["players"][1]["hand"]
    ], "the opponent's hand really differs"
    assert ENGINE.view(a, 0) == ENGINE.view(b, 0)
    assert ENGINE.bot_action(a, 0, 2) == ENGINE.bot_action(b, 0, 2)


def test_a_sample_keeps_what_is_public_and_deals_the_ready_made_deck_that_fits():
    """The opponent (red) has shown red cards: the only ready-made deck holding them is
    Vanguard Rush, so their unseen cards are that list minus what they showed."""
    state = midgame()
    world = search.sample(state, 0, random.Random(1))
    assert ENGINE.view(world, 0)["players"] == ENGINE.view(state, 0)["players"]
    assert world["seed"] != state["seed"] and world["choices"]["1"] is None
    mine, real = world["players"][0], state["players"][0]
    assert world["players"][0]["hand"] == real["hand"]
    assert sorted(mine["deck"] + mine["shields"]) == sorted(real["deck"] + real["shields"])
    shown = search._shown(state["players"][1], state["cards"])
    assert shown, "the opponent has played cards by turn 4"
    dealt = Counter(world["cards"][c] for c in unseen(world, 1))
    assert dealt + Counter(shown) == Counter(STARTER_DECKS[RED]["main"])
    assert sorted(unseen(world, 1)) == sorted(unseen(state, 1)), "the same ids, other cards"


def test_a_built_deck_no_ready_made_list_explains_is_drawn_from_the_colours_shown():
    state = midgame()
    opp = state["players"][1]
    blue = next(no for no, info in sorted(CARD_POOL.items()) if info["colour"] == "blue")
    state["cards"][opp["trash"][0] if opp["trash"] else opp["battle"][0]["id"]] = blue
    world = search.sample(state, 0, random.Random(2))
    dealt = Counter(world["cards"][c] for c in unseen(world, 1))
    assert sum(dealt.values()) == len(unseen(state, 1))
    assert {card(no)["colour"] for no in dealt} <= {"blue", "red"}
    shown = Counter(search._shown(state["players"][1], state["cards"]))
    assert all(n + shown[no] <= 4 for no, n in dealt.items()), "at most four of a number"


def test_level_two_completes_a_select_with_a_target_and_picks_decks_as_level_one():
    state = midgame()
    select = next(a for a in ENGINE.legal_actions(state, 0) if a["type"] == "select")
    selected, _ = ENGINE.apply(state, 0, select)
    move = ENGINE.bot_action(selected, 0, 2)
    assert move["type"] == "target" and move in ENGINE.legal_actions(selected, 0)
    fresh = ENGINE.setup({}, "search-decks")
    assert ENGINE.bot_action(fresh, 1, 2) == ENGINE.bot_action(fresh, 1, 1)


def test_the_search_weighs_every_target_of_a_select():
    state = midgame()
    lines = search._lines(ENGINE, state, 0)
    assert all(line[0] in ENGINE.legal_actions(state, 0) for line in lines)
    selects = [line for line in lines if line[0]["type"] == "select"]
    assert selects and all(len(line) == 2 and line[1]["type"] == "target" for line in selects)
    kinds = {line[0]["type"] for line in lines}
    assert not kinds & {"cancel", "toggle_attacker", "toggle_discard"}
