"""Set-up, options and deployment (PHX-CARDS-*, PHX-DEPLOY-*, PHX-LP-001, PXR-1, PXR-2)."""

import pytest

from games.engines import get_engine
from games.engines.core import IllegalAction
from games.engines.phalanx import DAMAGE_MODES, ENGINE
from games.engines.phalanx.cards import RANK_VALUES, deck, value_of

from .helpers import check_invariants, deploy_all, waiting_seat


def test_engine_is_registered_with_identity():
    assert get_engine("phalanx") is ENGINE
    assert ENGINE.slug == "phalanx" and ENGINE.name == "Phalanx" and ENGINE.seats == 2
    assert ENGINE.pitch and ENGINE.hot_seat is True


def test_each_seat_has_a_standard_52_card_deck():
    """PHX-CARDS-001: four suits x thirteen ranks, one deck per seat, distinct ids."""
    for seat in (0, 1):
        cards = deck(seat)
        assert len(cards) == 52 == len(set(cards))
        assert {x[-1] for x in cards} == {"S", "H", "D", "C"}
        assert all(x.startswith(f"PX{seat}-") for x in cards)
    assert "PX0-QS" in deck(0) and "PX1-10H" in deck(1)
    assert not set(deck(0)) & set(deck(1))


def test_card_values_ace_one_pips_face_value_faces_eleven():
    """PHX-CARDS-002: A=1, 2..10 face value, J/Q/K=11; a card starts at HP = value."""
    assert RANK_VALUES == {
        "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
        "8": 8, "9": 9, "10": 10, "J": 11, "Q": 11, "K": 11,
    }  # fmt: skip
    assert sum(value_of(x) for x in deck(0)) == 4 * (55 + 33)
    state = deploy_all(ENGINE.setup({}, "values"))
    for row in state["players"][0]["grid"]:
        for s in row:
            assert s["hp"] == value_of(s["id"])


def test_setup_shuffles_and_draws_twelve():
    """PHX-DEPLOY-001: shuffled drawpile, 12 drawn into the hand, 40 stay in the drawpile."""
    state = ENGINE.setup({}, "deal-1")
    for seat in (0, 1):
        player = state["players"][seat]
        assert len(player["hand"]) == 12 and len(player["drawpile"]) == 40
        assert player["hand"] + player["drawpile"] != deck(seat)  # shuffled, not fixed order
        assert player["grid"] == [[None] * 4, [None] * 4]
    other = ENGINE.setup({}, "deal-2")
    assert other["players"][0]["hand"] != state["players"][0]["hand"]
    assert ENGINE.setup({}, "deal-1") == state  # determinism: same seed, same deal
    check_invariants(state)


def test_players_start_with_20_lp():
    """PHX-LP-001: both seats begin at 20 LP."""
    state = ENGINE.setup({}, "lp")
    assert [p["lp"] for p in state["players"]] == [20, 20]
    assert [p["lp"] for p in ENGINE.view(state, None)["players"]] == [20, 20]


def test_seeded_coin_flip_picks_the_first_deployer_and_turn_zero():
    """PXR-1: a seeded coin flip; both seats get to deploy first across seeds; turn 0."""
    firsts = set()
    for n in range(20):
        state = ENGINE.setup({}, f"coin-{n}")
        assert state["turn"] == 0 and state["phase"] == "deploy"
        assert waiting_seat(state) == state["first_deployer"]
        assert ENGINE.setup({}, f"coin-{n}")["first_deployer"] == state["first_deployer"]
        firsts.add(state["first_deployer"])
    assert firsts == {0, 1}


def test_deployment_alternates_and_fills_slots_in_fixed_order():
    """PHX-DEPLOY-002: seats alternate one card at a time; slots fill front row left to right,
    then back row. PXR-2: the seat chooses the card, the slot is fixed."""
    state = ENGINE.setup({}, "order")
    first = state["first_deployer"]
    order = []
    for n in range(16):
        seat = waiting_seat(state)
        assert seat == (first if n % 2 == 0 else 1 - first)
        legal = ENGINE.legal_actions(state, seat)
        assert len(legal) == 12 - n // 2  # choose any hand card (PXD-3)
        choice = legal[-1]  # not the first card: the choice is the seat's
        state, events = ENGINE.apply(state, seat, choice)
        order.append((seat, events[0]["row"], events[0]["column"]))
        placed = state["players"][seat]["grid"][events[0]["row"]][events[0]["column"]]
        assert placed["id"] == choice["card"]
        check_invariants(state)
    for seat in (0, 1):
        slots = [(row, col) for s, row, col in order if s == seat]
        assert slots == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]


def test_deploying_eight_of_twelve_leaves_four_in_hand_and_starts_turn_one():
    """PHX-RESOURCES-001 / PXD-3: after choosing 8 of 12, each seat holds the 4 it did not
    deploy. PHX-TURNS-001 / PXR-1: the seat that deployed second attacks first, on turn 1."""
    state = ENGINE.setup({}, "eight")
    hands_before = [list(p["hand"]) for p in state["players"]]
    state = deploy_all(state, pick=lambda legal: legal[-1])
    for seat in (0, 1):
        player = state["players"][seat]
        on_field = {s["id"] for row in player["grid"] for s in row}
        assert len(on_field) == 8 and len(player["hand"]) == 4
        assert set(player["hand"]) | on_field == set(hands_before[seat])
        assert len(player["drawpile"]) == 40
    assert state["phase"] == "combat" and state["turn"] == 1
    assert state["active"] == 1 - state["first_deployer"]
    assert waiting_seat(state) == 1 - state["first_deployer"]


def test_deploy_rejects_cards_not_in_hand_and_the_wrong_seat():
    state = ENGINE.setup({}, "bad-deploy")
    seat = waiting_seat(state)
    other = 1 - seat
    foreign = state["players"][other]["hand"][0]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, seat, {"type": "deploy", "card": foreign})
    assert err.value.code == "NOT_IN_HAND"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, other, {"type": "deploy", "card": foreign})
    assert err.value.code == "NOT_YOUR_TURN"
    for bad in ({"type": "attack", "attacker": "PX0-QS", "column": 0}, {"type": "pass"}):
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(state, seat, bad)
        assert err.value.code == "WRONG_PHASE"
    # PXR-8: no forfeit during deployment
    assert {"type": "forfeit"} not in ENGINE.legal_actions(state, seat)


def test_damage_mode_option_is_validated_and_defaults_to_cumulative():
    """PHX-DAMAGE-001 / PXD-9: ``damage_mode`` is 'cumulative' (default) or 'per-turn';
    anything else, or an unknown option, is a readable error."""
    assert DAMAGE_MODES == ("cumulative", "per-turn")
    assert ENGINE.validate_config({}) == []
    assert ENGINE.validate_config({"damage_mode": "per-turn"}) == []
    assert ENGINE.validate_config({"damage_mode": "cumulative"}) == []
    assert ENGINE.validate_config({"damage_mode": "daily"}) == [
        "damage_mode must be 'cumulative' or 'per-turn'."
    ]
    assert ENGINE.validate_config({"decks": []}) == [
        "Unknown Phalanx option 'decks'; the only option is 'damage_mode'."
    ]
    assert ENGINE.validate_config([]) == ["The match options must be a JSON object."]
    assert ENGINE.setup({}, "opt")["options"] == {"damage_mode": "cumulative"}
    assert ENGINE.setup({"damage_mode": "per-turn"}, "opt")["options"] == {
        "damage_mode": "per-turn"
    }
    with pytest.raises(ValueError):
        ENGINE.setup({"damage_mode": "daily"}, "opt")
