"""The answers the engine works out once and shares (for playout speed) agree with the rules
worked out afresh: a hand's playable cards, and the prompts of a step."""

import itertools
import random

import pytest

from games.engines.core import Prompts
from games.engines.elemental_clash import ENGINE
from games.engines.elemental_clash.constants import ELEMENTS, SUBTYPES, TURN_TIMER
from games.engines.elemental_clash.draft import time_limit
from games.engines.elemental_clash.selection import playable_cards, unplayable_reason

from .helpers import card

WALL = {"element": "fire", "hp": 8, "turn_placed": 1}
MINER = {
    "subtype": "repair_miner",
    "element": "ice",
    "countdown": 1,
    "interval": 2,
    "turn_placed": 1,
}


@pytest.mark.parametrize("wall", [None, WALL])
@pytest.mark.parametrize("miner", [None, MINER])
def test_playable_cards_are_the_cards_with_no_unplayable_reason(wall, miner):
    """playable_cards answers per (energy, wall, miner) and subtype: every card of every
    element must get the answer unplayable_reason gives it."""
    kinds = itertools.product(SUBTYPES, ELEMENTS)
    hand = [card(0, n, subtype, element) for n, (subtype, element) in enumerate(kinds, 1)]
    for energy in range(0, 11):
        player = {"energy": energy, "wall": wall, "miner": miner, "hand": hand}
        expected = [c for c in hand if not unplayable_reason(player, c)]
        assert playable_cards(player) == expected


def fresh_prompts(state: dict) -> Prompts:
    """The prompts of ``state`` built from the rules, as the engine did before sharing them."""
    if state["stage"] == "over":
        return Prompts(step="over")
    untimed = state["config"]["untimed"]
    if state["stage"] == "draft":
        d = state["draft"]
        return Prompts(
            step=f"draft-r{d['round']}",
            waiting={s: "draft_pick" for s in (0, 1) if d["picks"][s] is None},
            time_limit=None if untimed else time_limit(d["round"]),
            simultaneous=True,
        )
    return Prompts(
        step=f"battle-t{state['turn']}",
        waiting={
            p["seat"]: "select_card" for p in state["players"] if p["hand"] and not p["locked"]
        },
        time_limit=None if untimed else TURN_TIMER,
        simultaneous=True,
    )


@pytest.mark.parametrize("untimed", [False, True])
def test_shared_prompts_equal_prompts_built_afresh(untimed):
    for n in range(15):
        rng = random.Random(n)
        state = ENGINE.setup({"untimed": untimed}, f"shared-prompts-{n}")
        while True:
            prompts = ENGINE.prompts(state)
            assert prompts == fresh_prompts(state)
            if ENGINE.outcome(state) is not None:
                break
            if rng.random() < 0.1:
                state, _ = ENGINE.timeout(state)
                continue
            seat = rng.choice(sorted(prompts.waiting))
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
