"""What each viewer sees (ECD-4, ECR-8, T1)."""

from games.engines.core import canonical_json
from games.engines.elemental_clash import ENGINE

from .helpers import battle, hand_id, play


def test_ECD_4_reveal_and_log_name_cards_but_never_carry_ids():
    """ECD-4: an unaffordable auto-selected card stays in hand after its reveal; the reveal
    and the log show its name, not its id, so the opponent still cannot see the id."""
    state = battle(
        (["continuous", "wall"], ["deflection"]), decks=(["projectile", "wall"], []), energy=(0, 5)
    )
    state, _ = ENGINE.timeout(state)
    # Nothing affordable at 0 energy: the cheapest card (the wall, EC0-c02) is revealed and stays.
    assert state["last_reveal"]["cards"][0]["name"] == "Fire Wall"
    assert state["last_reveal"]["verdicts"][0] == "unaffordable"
    assert [c["id"] for c in state["players"][0]["hand"]][:2] == ["EC0-c01", "EC0-c02"]
    text = canonical_json({"log": state["log"], "reveal": state["last_reveal"]})
    assert "EC0-" not in text and "EC1-" not in text
    own = ENGINE.view(state, 0)["me"]
    assert own["deck_names"] == sorted(own["deck_names"])


def test_ECD_4_owner_sees_deck_contents_sorted_not_in_draw_order():
    """ECD-4: the deck is shown to its owner as sorted names; the draw order stays hidden."""
    state = battle((["wall"], ["wall"]), decks=(["wall", "deflection"], ["projectile"]))
    state["players"][0]["deck"][0]["element"] = "water"
    view = ENGINE.view(state, 0)["me"]
    assert view["deck_names"] == ["Fire Deflection", "Water Wall"]
    assert "EC0-c02" not in canonical_json(view) and "EC0-c03" not in canonical_json(view)


def test_spectator_sees_public_state_only():
    """T1 / ECR-8: the spectator sees HP, energy and "has chosen"/"locked", never hands."""
    state = battle((["wall", "projectile"], ["wall"]))
    state, _ = ENGINE.apply(state, 0, {"type": "select", "card": hand_id(state, 0, "projectile")})
    state, _ = ENGINE.apply(state, 0, {"type": "lock"})
    view = ENGINE.view(state, None)
    assert view["me"] is None and view["opp"] is None
    s0 = view["seats"][0]
    assert (s0["has_chosen"], s0["locked"], s0["hand_count"], s0["energy"]) == (True, True, 2, 5)
    assert "hand" not in s0 and "selection" not in s0
    state = play(state, None, "wall")
    assert ENGINE.view(state, None)["last_reveal"]["cards"][0]["name"] == "Fire Projectile"
