"""The engine contract: deck choice, hidden picks, resolution, outcome (CB-MATCH-*, ...)."""

import json

import pytest

from games.engines import get_engine
from games.engines.card_battle import ENGINE, READY_MADE_DECKS, rematch_config
from games.engines.core import IllegalAction, canonical_json, state_hash

from .helpers import deck

SEED = "seed-CBSEED-7f3a"


def choose(name: str, d: dict | None = None) -> dict:
    return {"type": "choose_deck", "name": name, "deck": d or dict(READY_MADE_DECKS[name])}


def test_registered_by_slug():
    assert get_engine("card-battle") is ENGINE
    assert ENGINE.name == "Card Battle" and ENGINE.pitch and ENGINE.seats == 2


def test_setup_waits_for_both_decks_on_the_halls_clock():
    """CB-MATCH-01 / CB-TIME-01 / CB-TIME-02: both seats choose, simultaneously; the seed
    gives no time limit, the hall gives the deck choice three minutes."""
    state = ENGINE.setup({}, SEED)
    prompts = ENGINE.prompts(state)
    assert prompts.step == "choose_deck" and prompts.simultaneous
    assert prompts.waiting == {0: "choose_deck", 1: "choose_deck"}
    assert prompts.time_limit == 180
    assert ENGINE.outcome(state) is None
    names = [a["name"] for a in ENGINE.legal_actions(state, 0)]
    assert names == ["Balanced", "Rush", "Tank", "Glass Cannon"]


def test_first_choice_is_hidden_from_the_other_seat():
    """CB-MATCH-01: after seat 1 picks, seat 0 and spectators see only 'has chosen'."""
    state = ENGINE.setup({}, SEED)
    secret = deck(["Wizard"] * 20, "angry", "optimize-damage")
    state, events = ENGINE.apply(state, 1, choose("Zq Secret Deck", secret))
    assert events == [{"type": "deck_chosen", "seat": 1}]
    assert ENGINE.prompts(state).waiting == {0: "choose_deck"}
    assert ENGINE.legal_actions(state, 1) == []
    for viewer in (0, None):
        text = json.dumps(ENGINE.view(state, viewer))
        assert "Zq Secret Deck" not in text and "CBPICK1" not in text
        assert "optimize-damage" not in text
        assert ENGINE.view(state, viewer)["chosen"] == {"0": False, "1": True}
    own = ENGINE.view(state, 1)["my_pick"]
    assert own["name"] == "Zq Secret Deck" and own["strategy"] == "optimize-damage"


def test_second_choice_resolves_the_battle_and_ends_the_match():
    """CB-MATCH-02 / CB-SETUP-05 / CBR-10: the battle is resolved in apply; both deck orders and
    the whole log are then public; the result depends only on decks and seed."""
    state = ENGINE.setup({}, SEED)
    state, _ = ENGINE.apply(state, 0, choose("Tank"))
    state, events = ENGINE.apply(state, 1, choose("Rush"))
    assert events[-1]["type"] == "battle_resolved"
    assert ENGINE.prompts(state).step == "over" and ENGINE.prompts(state).waiting == {}
    outcome = ENGINE.outcome(state)
    assert outcome.result == "win" and outcome.winner == 0 and outcome.reason == "hp_zero"
    view = ENGINE.view(state, 1)
    assert view["players"][0]["cards"] == READY_MADE_DECKS["Tank"]["cards"]
    assert view["players"][1]["name"] == "Rush"
    assert view["playback"]["events"] == state["battle"]["log"]
    again = ENGINE.setup({}, SEED)
    again, _ = ENGINE.apply(again, 1, choose("Rush"))
    again, _ = ENGINE.apply(again, 0, choose("Tank"))
    assert state_hash(again["battle"]) == state_hash(state["battle"])


def test_saved_deck_payloads_are_fully_validated():
    """CB-MATCH-01 / CBR-9: a payload with 19 cards and a bad type is refused with both reasons."""
    state = ENGINE.setup({}, SEED)
    bad = {"deck_type": "sleepy", "strategy": "kill-shot", "cards": ["Goblin"] * 19}
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, choose("Mine", bad))
    assert err.value.code == "BAD_DECK"
    assert "'sleepy' is not valid" in err.value.message and "19 cards" in err.value.message
    assert state["picks"] == {"0": None, "1": None}


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "attack"}, "UNKNOWN_ACTION"),
        ("choose", "MALFORMED"),
        ({"type": "choose_deck", "name": "", "deck": READY_MADE_DECKS["Rush"]}, "BAD_NAME"),
        ({"type": "choose_deck", "name": "x" * 81, "deck": READY_MADE_DECKS["Rush"]}, "BAD_NAME"),
        (
            {"type": "choose_deck", "name": "R", "deck": READY_MADE_DECKS["Rush"], "x": 1},
            "MALFORMED",
        ),
    ],
)
def test_malformed_actions_are_refused(action, code):
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(ENGINE.setup({}, SEED), 0, action)
    assert err.value.code == code


def test_wrong_seat_double_choice_and_finished_game_are_refused():
    state = ENGINE.setup({}, SEED)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 2, choose("Rush"))
    assert err.value.code == "BAD_SEAT"
    state, _ = ENGINE.apply(state, 0, choose("Rush"))
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, choose("Tank"))
    assert err.value.code == "ALREADY_CHOSEN"
    state, _ = ENGINE.apply(state, 1, choose("Tank"))
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 1, choose("Tank"))
    assert err.value.code == "GAME_OVER"
    assert ENGINE.legal_actions(state, 0) == []


def test_apply_never_mutates_its_input():
    state = ENGINE.setup({}, SEED)
    before = canonical_json(state)
    one, _ = ENGINE.apply(state, 0, choose("Balanced"))
    assert canonical_json(state) == before
    before_one = canonical_json(one)
    ENGINE.apply(one, 1, choose("Glass Cannon"))
    assert canonical_json(one) == before_one


def test_a_forced_timeout_gives_waiting_seats_the_balanced_deck():
    """CB-TIME-02: when the deck choice's time runs out, the seat still choosing gets the
    Balanced deck and the match ends."""
    state = ENGINE.setup({}, SEED)
    state, _ = ENGINE.apply(state, 0, choose("Rush"))
    done, events = ENGINE.timeout(state)
    assert events[0] == {"type": "deck_auto_chosen", "seat": 1, "name": "Balanced"}
    assert done["picks"]["1"]["name"] == "Balanced"
    assert ENGINE.outcome(done) is not None


def test_config_predefines_a_deck_and_a_swapped_rematch_resolves_in_setup():
    """CB-MATCH-02: a pre-chosen bot deck waits for the person; the swapped rematch with the
    same seed resolves at once in setup, with the seats exchanged."""
    config = {"decks": {"1": {"name": "Tank", "deck": READY_MADE_DECKS["Tank"]}}}
    assert ENGINE.validate_config(config) == []
    state = ENGINE.setup(config, SEED)
    assert ENGINE.prompts(state).waiting == {0: "choose_deck"}
    state, _ = ENGINE.apply(state, 0, choose("Glass Cannon"))
    rematch = ENGINE.setup(rematch_config(state), SEED)
    assert ENGINE.prompts(rematch).step == "over"
    assert rematch["picks"]["0"]["name"] == "Tank"
    assert ENGINE.outcome(state).winner == 1 and ENGINE.outcome(rematch).winner == 0


def test_a_rematch_of_a_match_given_up_before_a_pick_lets_that_side_choose_again():
    """CB-MATCH-02: only decks that were picked carry over, swapped; the other side chooses."""
    config = {"decks": {"1": {"name": "Tank", "deck": READY_MADE_DECKS["Tank"]}}}
    state = ENGINE.setup(config, SEED)  # seat 0 resigns before choosing
    again = rematch_config(state)
    assert again == {"decks": {"0": {"name": "Tank", "deck": READY_MADE_DECKS["Tank"]}}}
    assert ENGINE.prompts(ENGINE.setup(again, SEED)).waiting == {1: "choose_deck"}
    assert rematch_config(ENGINE.setup({}, SEED)) == {}


def test_validate_config_lists_problems():
    assert ENGINE.validate_config({}) == []
    assert ENGINE.validate_config({"speed": 3}) == ["Unknown option 'speed'."]
    errors = ENGINE.validate_config({"decks": {"2": {}, "0": {"name": "x", "deck": {}}}})
    assert any("unknown seat '2'" in e for e in errors)
    assert any(e.startswith("Seat 1's deck: ") for e in errors)
    assert ENGINE.validate_config({"deck": deck([])}) == []
    assert ENGINE.validate_config({"deck": {"cards": []}})


def test_action_labels():
    state = ENGINE.setup({}, SEED)
    labels = [ENGINE.action_label(state, 0, a) for a in ENGINE.legal_actions(state, 0)]
    assert labels[0] == "Play Balanced (Hardy · Kill Shot)"
    assert labels[1] == "Play Rush (Speedy · Optimize Damage)"


def test_state_is_plain_json_at_every_step():
    """The state survives a JSON round trip unchanged (no tuples, sets or int keys)."""
    state = ENGINE.setup({}, SEED)
    for seat, name in ((0, "Balanced"), (1, "Tank")):
        state, _ = ENGINE.apply(state, seat, choose(name))
        assert json.loads(canonical_json(state)) == state
