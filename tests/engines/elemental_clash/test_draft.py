"""The draft: rounds, categories, options, timers, auto-pick (section 4, ECR-9) and the deck
it produces (DK1, DK2), plus the card data (C1-C3)."""

import pytest

from games.engines.core import IllegalAction
from games.engines.elemental_clash import ENGINE
from games.engines.elemental_clash.cards import cost, name
from games.engines.elemental_clash.constants import COST, MINERS, Subtype

from .helpers import SEED, drafted


def test_setup_with_empty_config_opens_round_one_for_both_seats():
    state = ENGINE.setup({}, SEED)
    p = ENGINE.prompts(state)
    assert p.step == "draft-r1"
    assert p.waiting == {0: "draft_pick", 1: "draft_pick"}
    assert p.simultaneous is True
    assert ENGINE.validate_config({}) == []
    assert ENGINE.validate_config({"untimed": "yes"}) == [
        "The option 'untimed' must be true or false."
    ]
    assert ENGINE.validate_config({"colour": 1}) == ["Unknown option: colour."]


def test_D1_draft_exactly_six_rounds_in_order_then_battle():
    """D1-draft: six rounds, each advancing by one, none skipped; after the sixth the battle starts."""
    state = ENGINE.setup({}, SEED)
    rounds = []
    while state["stage"] == "draft":
        rounds.append(state["draft"]["round"])
        for seat in (0, 1):
            state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1])
    assert rounds == [1, 2, 3, 4, 5, 6]
    assert state["stage"] == "battle"
    assert [len(p["drafted"]) for p in state["players"]] == [6, 6]


def test_D2_draft_and_ECR_9_round_categories_and_option_shapes():
    """D2-draft / ECR-9: rounds 1-4 one subtype in 4 different elements, round 5 the four miner
    types, round 6 four different subtypes; each seat gets its own options."""
    expected = ["wall", "deflection", "continuous", "projectile"]
    differs = False
    for seed in ("s-a", "s-b", "s-c"):
        state = ENGINE.setup({}, seed)
        for rnd in range(1, 7):
            view = ENGINE.view(state, 0)["draft"]
            assert view["round"] == rnd
            for seat in (0, 1):
                opts = state["draft"]["options"][seat]
                subtypes = [o["subtype"] for o in opts]
                if rnd <= 4:
                    assert view["category"] == expected[rnd - 1]
                    assert subtypes == [expected[rnd - 1]] * 4
                    assert len({o["element"] for o in opts}) == 4
                elif rnd == 5:
                    assert view["category"] == "miner"
                    assert sorted(subtypes) == sorted(MINERS)
                else:
                    assert view["category"] == "wildcard"
                    assert len(set(subtypes)) == 4
            if state["draft"]["options"][0] != [
                {**o, "id": o["id"].replace("EC1", "EC0")} for o in state["draft"]["options"][1]
            ]:
                differs = True
            for seat in (0, 1):
                state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    assert differs, "each seat has its own options"


def test_D2_draft_completed_deck_has_every_required_type():
    """D2-draft (validateCompletedDraft): wall, deflection, continuous, projectile and a miner."""
    state = drafted("deck-check")
    for p in state["players"]:
        subtypes = [c["subtype"] for c in p["drafted"]]
        assert subtypes[:4] == ["wall", "deflection", "continuous", "projectile"]
        assert subtypes[4] in MINERS


def test_D3_draft_four_options_exactly_one_pick_and_no_pass():
    """D3-draft: 4 options; one pick per round; passing or a second pick is refused."""
    state = ENGINE.setup({}, SEED)
    legal = ENGINE.legal_actions(state, 0)
    assert len(legal) == 4 and all(a["type"] == "pick" for a in legal)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "pass"})
    assert err.value.code == "UNKNOWN_TYPE"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "pick", "card": "EC1-r1o1"})
    assert err.value.code == "NOT_AN_OPTION"
    state, _ = ENGINE.apply(state, 0, legal[2])
    assert ENGINE.legal_actions(state, 0) == []
    assert ENGINE.prompts(state).waiting == {1: "draft_pick"}
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, legal[1])
    assert err.value.code == "ALREADY_PICKED"
    # The round is still 1 until seat 2 picks; seat 2 sees only "picked".
    assert state["draft"]["round"] == 1
    assert ENGINE.view(state, 1)["draft"]["picked"] == [True, False]


def test_D4_draft_timers_12_then_15_seconds():
    """D4-draft: 12 s for rounds 1-4, 15 s for rounds 5-6."""
    state = ENGINE.setup({}, SEED)
    limits = []
    while state["stage"] == "draft":
        limits.append(ENGINE.prompts(state).time_limit)
        state, _ = ENGINE.timeout(state)
    assert limits == [12, 12, 12, 12, 15, 15]


def test_D5_draft_timeout_auto_picks_from_own_options_and_marks_it():
    """D5-draft: the timeout picks a random one of the seat's own 4 options; AUTO-SELECTED shows."""
    state = ENGINE.setup({}, SEED)
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    seat1_options = [(o["subtype"], o["element"]) for o in state["draft"]["options"][1]]
    after, events = ENGINE.timeout(state)
    assert after["draft"]["round"] == 2
    picked = after["players"][1]["drafted"][0]
    assert (picked["subtype"], picked["element"]) in seat1_options
    assert picked["auto"] is True and after["players"][0]["drafted"][0]["auto"] is False
    assert {"type": "auto_pick", "seat": 1} in events
    assert after["draft"]["auto"] == [[], [1]]
    assert ENGINE.view(after, 1)["me"]["drafted"][0]["auto"] is True
    # Random but seeded: the same state gives the same pick; different seeds differ somewhere.
    assert ENGINE.timeout(state)[0] == after
    picks = set()
    for seed in ("x1", "x2", "x3", "x4", "x5", "x6"):
        s = ENGINE.timeout(ENGINE.setup({}, seed))[0]
        picks.add(s["players"][0]["drafted"][0]["element"])
    assert len(picks) > 1


def test_C1_C2_C3_cost_and_behaviour_depend_on_subtype_only():
    """C1: elements are cosmetic; C2: subtype defines behaviour; C3: cost fixed by subtype."""
    assert COST == {
        "continuous": 5,
        "projectile": 3,
        "wall": 2,
        "deflection": 1,
        "deflection_miner": 2,
        "projectile_miner": 3,
        "continuous_miner": 5,
        "repair_miner": 3,
    }
    for element in ("fire", "water", "earth", "air", "ice", "lightning"):
        c = {"id": "x", "subtype": Subtype.WALL, "element": element}
        assert cost(c) == 2
        assert name(c) == f"{element.capitalize()} Wall"


def test_DK1_DK2_deck_of_six_shuffled_once_four_to_hand():
    """DK1: 6 drafted cards, 4 in hand and 2 in the deck. DK2: a seeded shuffle at battle start."""
    state = drafted("dk-seed-1")
    orders = set()
    for p in state["players"]:
        assert len(p["hand"]) == 4 and len(p["deck"]) == 2
        assert sorted(c["id"] for c in p["hand"] + p["deck"]) == sorted(
            c["id"] for c in p["drafted"]
        )
    for seed in ("dk-seed-1", "dk-seed-2", "dk-seed-3", "dk-seed-4"):
        s = drafted(seed)
        orders.add(tuple(c["subtype"] for c in s["players"][0]["hand"] + s["players"][0]["deck"]))
    assert len(orders) > 1, "the shuffle depends on the seed"
    assert drafted("dk-seed-1") == state, "and is reproducible"
