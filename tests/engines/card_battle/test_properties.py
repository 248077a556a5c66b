"""Seeded hypothesis playouts: any two legal decks give a match that ends, deterministically,
replayable hash by hash, with the battle's invariants holding at every logged step, and no
hidden thing (the seed, an unrevealed pick) in any view."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.card_battle import CARD_TYPES, DECK_TYPES, ENGINE, STRATEGIES
from games.engines.card_battle.battle import resolve
from games.engines.core import LoggedAction, replay, state_hash

decks = st.fixed_dictionaries(
    {
        "deck_type": st.sampled_from(sorted(DECK_TYPES)),
        "strategy": st.sampled_from(sorted(STRATEGIES)),
        "cards": st.lists(st.sampled_from(sorted(CARD_TYPES)), min_size=20, max_size=20),
    }
)
seeds = st.text(alphabet="abcdef0123456789", min_size=4, max_size=12).map(lambda s: f"hs-{s}")


def check_battle_invariants(battle: dict) -> None:
    """Walk the public log and check the rules' invariants at every event."""
    fields: list[list[str]] = [[], []]
    hp = [200, 200]
    last_turn = 0
    for event in battle["log"]:
        kind = event["kind"]
        assert event["turn"] >= last_turn  # turns never go back
        last_turn = event["turn"]
        if kind == "draw":
            seat = event["seat"]
            assert event["slot"] == len(fields[seat]) < 5  # leftmost free slot, max 5 (CB-PLACE-01)
            assert event["card"]["active"] == (not fields[seat])  # CBR-3
            assert event["mana_left"] >= 0  # never overspend (CB-DRAW-02)
            fields[seat].append(event["card"]["uid"])
        elif kind == "attack":
            assert event["attacker"] in fields[event["seat"]]
            if event["target"] is None:
                # Only when the enemy has no active card (CB-TARGET-05); HP drops by the attack.
                assert hp[event["target_seat"]] == event["hp_before"]
                hp[event["target_seat"]] = event["hp_after"]
                assert event["hp_after"] == event["hp_before"] - event["damage"]
            else:
                assert event["target"] in fields[event["target_seat"]]
        elif kind == "death":
            fields[event["seat"]].remove(event["uid"])
        elif kind == "slide":
            assert event["order"] == fields[event["seat"]]
        elif kind == "end":
            assert event is battle["log"][-1]
    assert [f for f in fields] == [[c["uid"] for c in f] for f in battle["fields"]]
    assert hp == battle["hp"]
    assert min(hp) > 0 or battle["result"]["reason"] == "hp_zero"
    assert sum(1 for h in hp if h <= 0) <= 1  # both can never fall (CBR-8)
    for turn in battle["turns"]:
        assert all(0 <= s <= turn["mana"] for s in turn["spent"])


@settings(max_examples=40)
@given(
    deck_a=decks, deck_b=decks, seed=seeds, first=st.integers(0, 1), forced_timeout=st.booleans()
)
def test_any_two_legal_decks_give_a_match_that_ends_and_replays(
    deck_a, deck_b, seed, first, forced_timeout
):
    """CB-MATCH-02 / CB-END-01 / CB-LOG-01: the match ends after both choices (or one choice
    and a forced timeout, CB-TIME-01), within 100 turns, identically on replay, and no view
    leaks the seed or a hidden pick."""
    state = ENGINE.setup({}, seed)
    entries = []
    order = [first, 1 - first]
    payloads = {0: deck_a, 1: deck_b}
    for step, seat in enumerate(order):
        other = 1 - seat
        if forced_timeout and step == 1:
            before = state_hash(state)
            state, _ = ENGINE.timeout(state)
            entries.append(LoggedAction(None, "timeout", None, before, state_hash(state)))
            assert state["picks"][str(seat)]["name"] == "Balanced"
            break
        for viewer in (other, None):
            text = json.dumps(ENGINE.view(state, viewer))
            assert seed not in text
            assert f"CBPICK{seat}" not in text
        action = {"type": "choose_deck", "name": f"Deck-{seat}-zq", "deck": payloads[seat]}
        before = state_hash(state)
        state, _ = ENGINE.apply(state, seat, action)
        entries.append(LoggedAction(seat, "action", action, before, state_hash(state)))
        if state["step"] != "over":
            assert f"Deck-{seat}-zq" not in json.dumps(ENGINE.view(state, other))
    assert ENGINE.prompts(state).step == "over"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.result in ("win", "draw")
    battle = state["battle"]
    assert battle["turn"] <= 100
    check_battle_invariants(battle)
    for viewer in (0, 1, None):
        assert seed not in json.dumps(ENGINE.view(state, viewer))
    assert state_hash(replay(ENGINE, {}, seed, entries)) == state_hash(state)


@settings(max_examples=25)
@given(deck_a=decks, deck_b=decks, seed=seeds)
def test_battles_are_deterministic_for_a_seed(deck_a, deck_b, seed):
    """CBR-5 / CB-MATCH-02: the same decks and seed give a byte-identical battle."""
    one = resolve([deck_a, deck_b], seed)
    two = resolve([deck_a, deck_b], seed)
    assert state_hash(one) == state_hash(two)
    rolls = [r for e in one["log"] if e["kind"] == "roll" for r in e["rolls"]]
    assert len(rolls) == one["rolls"]
    assert all(1 <= r["roll"] <= 6 for r in rolls)
