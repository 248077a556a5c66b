"""Deck data, validation and edits (CB-CARD-01, CB-DECK-*, CBR-9, CB-SETUP-01)."""

from games.engines.card_battle import (
    CARD_TYPES,
    DECK_TYPES,
    READY_MADE_DECKS,
    STRATEGIES,
    mana_curve,
    validate_deck,
    validate_deck_edit,
)

from .helpers import deck


def test_card_table_matches_the_seed():
    """CB-CARD-01 / CBR-1: HP, attack, speed and cost of the five cards; Knight costs 10."""
    assert CARD_TYPES == {
        "Goblin": {"hp": 15, "attack": 10, "speed": 20, "cost": 1},
        "Skeleton": {"hp": 25, "attack": 25, "speed": 10, "cost": 2},
        "Archer": {"hp": 45, "attack": 35, "speed": 25, "cost": 4},
        "Wizard": {"hp": 60, "attack": 50, "speed": 15, "cost": 6},
        "Knight": {"hp": 120, "attack": 50, "speed": 5, "cost": 10},
    }


def test_deck_type_and_strategy_colours():
    """CB-TYPE-01..03 and CB-TARGET-01..03 badges: yellow/blue/red; purple/red/green."""
    assert [DECK_TYPES[k]["colour"] for k in ("speedy", "hardy", "angry")] == ["yellow", "blue", "red"]  # fmt: skip
    assert [STRATEGIES[k]["colour"] for k in ("target-mana", "kill-shot", "optimize-damage")] == [
        "purple",
        "red",
        "green",
    ]


def test_a_legal_deck_has_no_errors():
    """CB-SETUP-01 / CB-DECK-02: 20 Goblins (duplicates allowed) is a legal deck."""
    assert validate_deck(deck(["Goblin"] * 20)) == []


def test_19_and_21_cards_are_refused():
    """CB-DECK-01 / CBR-9: exactly 20 cards."""
    short = {"deck_type": "hardy", "strategy": "kill-shot", "cards": ["Goblin"] * 19}
    long = {"deck_type": "hardy", "strategy": "kill-shot", "cards": ["Goblin"] * 21}
    assert validate_deck(short) == ["The deck has 19 cards; it needs exactly 20."]
    assert validate_deck(long) == ["The deck has 21 cards; it needs exactly 20."]


def test_an_unknown_card_is_refused_by_position():
    """CB-DECK-02: card 3 'Dragon' is not a card of this game (names are case-sensitive)."""
    cards = ["Goblin", "Goblin", "Dragon"] + ["Goblin"] * 16 + ["goblin"]
    errors = validate_deck({"deck_type": "hardy", "strategy": "kill-shot", "cards": cards})
    assert len(errors) == 2
    assert errors[0].startswith("Card 3 ('Dragon') is not a card of this game")
    assert errors[1].startswith("Card 20 ('goblin')")


def test_missing_or_invalid_deck_type():
    """CB-DECK-03: missing and invalid deck types are refused with the choices listed."""
    cards = ["Goblin"] * 20
    missing = validate_deck({"strategy": "kill-shot", "cards": cards})
    invalid = validate_deck({"deck_type": "sneaky", "strategy": "kill-shot", "cards": cards})
    assert missing == ["The deck type is missing: choose one of Speedy, Hardy, Angry."]
    assert invalid == ["The deck type 'sneaky' is not valid: choose one of Speedy, Hardy, Angry."]


def test_missing_or_invalid_strategy():
    """CB-DECK-04: missing and invalid target strategies are refused."""
    cards = ["Goblin"] * 20
    missing = validate_deck({"deck_type": "hardy", "cards": cards})
    invalid = validate_deck({"deck_type": "hardy", "strategy": "random", "cards": cards})
    assert missing[0].startswith("The target strategy is missing")
    assert invalid[0].startswith("The target strategy 'random' is not valid")


def test_every_problem_is_listed_at_once():
    """CBR-9: 19 cards with an unknown one, no type, a bad strategy and an extra field give
    five separate sentences."""
    bad = {"strategy": 7, "cards": ["Goblin"] * 18 + ["Orc"], "colour": "x"}
    errors = validate_deck(bad)
    assert len(errors) == 5
    assert errors[0] == "Unknown deck field(s): colour."
    assert "19 cards" in errors[3] and "'Orc'" in errors[4]


def test_non_dict_and_non_list_inputs_are_refused():
    """CBR-9: garbage is refused with a sentence, never an exception."""
    assert validate_deck(None) == ["The deck must be an object with deck_type, strategy and cards."]
    assert validate_deck({"deck_type": "hardy", "strategy": "kill-shot", "cards": "Goblin"}) == [
        "The card list must be a list of card names."
    ]


def test_editing_cards_is_fine_but_type_and_strategy_are_fixed():
    """CB-DECK-06 / CBR-9: reordering cards is allowed; changing the type or strategy is not."""
    old = deck(["Knight", "Archer"], "hardy", "target-mana")
    reordered = deck(["Archer", "Knight"], "hardy", "target-mana")
    assert validate_deck_edit(old, reordered) == []
    retyped = deck(["Archer", "Knight"], "angry", "target-mana")
    assert validate_deck_edit(old, retyped) == [
        "The deck type cannot be changed after creation (it is Hardy); save a new deck instead."
    ]
    restrat = deck(["Archer", "Knight"], "hardy", "kill-shot")
    assert "target strategy cannot be changed" in validate_deck_edit(old, restrat)[0]


def test_ready_made_decks_follow_the_seed_examples():
    """CB-DECK-05: Balanced mixes all five (Hardy, Kill Shot); Rush is Goblins and Skeletons
    (Speedy, Optimize Damage); Tank Knights and Archers (Hardy, Target Mana); Glass Cannon
    Wizards (Angry, Kill Shot). All are legal."""
    r = READY_MADE_DECKS
    assert list(r) == ["Balanced", "Rush", "Tank", "Glass Cannon"]
    assert all(validate_deck(d) == [] for d in r.values())
    assert set(r["Balanced"]["cards"]) == set(CARD_TYPES)
    assert (r["Balanced"]["deck_type"], r["Balanced"]["strategy"]) == ("hardy", "kill-shot")
    assert set(r["Rush"]["cards"]) == {"Goblin", "Skeleton"}
    assert (r["Rush"]["deck_type"], r["Rush"]["strategy"]) == ("speedy", "optimize-damage")
    assert set(r["Tank"]["cards"]) == {"Knight", "Archer"}
    assert (r["Tank"]["deck_type"], r["Tank"]["strategy"]) == ("hardy", "target-mana")
    assert set(r["Glass Cannon"]["cards"]) == {"Wizard"}
    assert (r["Glass Cannon"]["deck_type"], r["Glass Cannon"]["strategy"]) == ("angry", "kill-shot")


def test_mana_curve_counts_by_cost():
    """CB-DRAW-02: the builder's curve: Tank has 4 + 8 Archers and 8 Knights: 128 mana."""
    curve = mana_curve(READY_MADE_DECKS["Tank"])
    assert [(b["cost"], b["count"]) for b in curve["by_cost"]] == [
        (1, 0),
        (2, 0),
        (4, 12),
        (6, 0),
        (10, 8),
    ]
    assert curve["total"] == 128 and curve["average"] == 6.4 and curve["count"] == 20
    assert mana_curve({"cards": ["Goblin", "Nope"]})["count"] == 1


def test_no_error_names_a_choice_by_its_internal_key():
    """Players read labels ("Speedy", "Target Mana"), never the keys the data uses."""
    keys = ["speedy", "hardy", "angry", "target-mana", "kill-shot", "optimize-damage"]
    errors = validate_deck({"cards": []}) + validate_deck({"deck_type": "x", "strategy": "y"})
    old = {"deck_type": "speedy", "strategy": "kill-shot", "cards": []}
    errors += validate_deck_edit(
        old, {"deck_type": "hardy", "strategy": "target-mana", "cards": []}
    )
    assert errors
    for error in errors:
        assert not any(key in error for key in keys), error
