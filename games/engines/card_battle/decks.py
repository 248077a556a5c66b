"""Deck data: the format, validation, the ready-made decks and the mana curve.

A deck is a plain dict::

    {"deck_type": "hardy", "strategy": "kill-shot", "cards": ["Goblin", ..., "Knight"]}

with exactly 20 card names from ``CARD_TYPES`` in draw order (CB-DECK-01..04, CBR-9). An
optional ``"name"`` string is tolerated (the builder may keep it there); no other keys are.
"""

from __future__ import annotations

from typing import Any

from .cards import CARD_NAMES, CARD_TYPES, DECK_SIZE, DECK_TYPES, STRATEGIES

ALLOWED_KEYS = {"deck_type", "strategy", "cards", "name"}
MAX_NAME_LENGTH = 80


def _choices(options: Any) -> str:
    """The choices by the names players see (never the internal keys)."""
    return ", ".join(options[o]["label"] for o in options)


def _label(options: Any, key: Any) -> str:
    return options[key]["label"] if isinstance(key, str) and key in options else str(key)


def validate_deck(deck: Any) -> list[str]:
    """Every problem with ``deck`` as a sentence a person can read; [] for a legal deck.

    Checks (CB-DECK-01..04, CBR-9): a dict; deck type present and one of speedy/hardy/angry;
    strategy present and one of target-mana/kill-shot/optimize-damage; ``cards`` a list of
    exactly 20 known card names; no unknown keys.
    """
    if not isinstance(deck, dict):
        return ["The deck must be an object with deck_type, strategy and cards."]
    errors: list[str] = []
    unknown = sorted(str(k) for k in deck if k not in ALLOWED_KEYS)
    if unknown:
        errors.append(f"Unknown deck field(s): {', '.join(unknown)}.")
    if "name" in deck and not isinstance(deck["name"], str):
        errors.append("The deck name must be text.")

    deck_type = deck.get("deck_type")
    if deck_type is None or deck_type == "":
        errors.append(f"The deck type is missing: choose one of {_choices(DECK_TYPES)}.")
    elif not isinstance(deck_type, str) or deck_type not in DECK_TYPES:
        errors.append(
            f"The deck type {deck_type!r} is not valid: choose one of {_choices(DECK_TYPES)}."
        )

    strategy = deck.get("strategy")
    if strategy is None or strategy == "":
        errors.append(f"The target strategy is missing: choose one of {_choices(STRATEGIES)}.")
    elif not isinstance(strategy, str) or strategy not in STRATEGIES:
        errors.append(
            f"The target strategy {strategy!r} is not valid: choose one of {_choices(STRATEGIES)}."
        )

    cards = deck.get("cards")
    if cards is None:
        errors.append(f"The deck has no card list: it needs exactly {DECK_SIZE} cards.")
    elif not isinstance(cards, list):
        errors.append("The card list must be a list of card names.")
    else:
        if len(cards) != DECK_SIZE:
            errors.append(f"The deck has {len(cards)} cards; it needs exactly {DECK_SIZE}.")
        for position, card in enumerate(cards, start=1):
            if not isinstance(card, str) or card not in CARD_TYPES:
                errors.append(
                    f"Card {position} ({card!r}) is not a card of this game: "
                    f"use {', '.join(CARD_NAMES)}."
                )
    return errors


def validate_deck_edit(old_deck: dict[str, Any], new_deck: Any) -> list[str]:
    """Problems with saving ``new_deck`` over the saved ``old_deck`` (CBR-9).

    The card list and order may change; the deck type and target strategy may not (a player
    who wants another type or strategy saves a new deck). Includes every ``validate_deck`` error.
    """
    errors = validate_deck(new_deck)
    if not isinstance(new_deck, dict):
        return errors
    if new_deck.get("deck_type") != old_deck.get("deck_type"):
        errors.append(
            f"The deck type cannot be changed after creation (it is "
            f"{_label(DECK_TYPES, old_deck.get('deck_type'))}); save a new deck instead."
        )
    if new_deck.get("strategy") != old_deck.get("strategy"):
        errors.append(
            f"The target strategy cannot be changed after creation (it is "
            f"{_label(STRATEGIES, old_deck.get('strategy'))}); save a new deck instead."
        )
    return errors


def normalise_deck(deck: dict[str, Any]) -> dict[str, Any]:
    """A validated deck reduced to its three rule-bearing fields (fresh lists, no name)."""
    return {
        "deck_type": deck["deck_type"],
        "strategy": deck["strategy"],
        "cards": list(deck["cards"]),
    }


def _repeat(pattern: list[str]) -> list[str]:
    out = (pattern * (DECK_SIZE // len(pattern) + 1))[:DECK_SIZE]
    return out


# The seed's four example decks (CB-DECK-05). The seed gives their mix, type and strategy;
# the exact order is ours: each is built to draw something on turn 1 where its cards allow.
READY_MADE_DECKS: dict[str, dict[str, Any]] = {
    # "Mix of all types with Hardy + Kill Shot": a curve from cheap to Knight and back.
    "Balanced": {
        "deck_type": "hardy",
        "strategy": "kill-shot",
        "cards": [
            "Goblin",
            "Skeleton",
            "Goblin",
            "Archer",
            "Skeleton",
            "Wizard",
            "Goblin",
            "Archer",
            "Skeleton",
            "Wizard",
            "Knight",
            "Archer",
            "Goblin",
            "Skeleton",
            "Wizard",
            "Archer",
            "Knight",
            "Skeleton",
            "Goblin",
            "Wizard",
        ],
    },  # fmt: skip
    # "All fast cards (Goblin/Skeleton) with Speedy + Optimize Damage".
    "Rush": {
        "deck_type": "speedy",
        "strategy": "optimize-damage",
        "cards": _repeat(["Goblin", "Skeleton", "Goblin", "Skeleton", "Skeleton"]),
    },
    # "All high-HP cards (Knight/Archer) with Hardy + Target Mana".
    "Tank": {
        "deck_type": "hardy",
        "strategy": "target-mana",
        "cards": ["Archer", "Archer", "Archer", "Archer"] + _repeat(["Knight", "Archer"])[:16],
    },
    # "High attack cards (Wizard) with Angry + Kill Shot".
    "Glass Cannon": {
        "deck_type": "angry",
        "strategy": "kill-shot",
        "cards": ["Wizard"] * DECK_SIZE,
    },
}


def mana_curve(deck: dict[str, Any]) -> dict[str, Any]:
    """The deck's mana curve for the builder's chart.

    Returns ``{"by_cost": [{"cost", "name", "count"}, ...] (cheapest first, every card type,
    zero counts included), "total": total mana, "average": mean cost rounded to 2 places,
    "count": number of known cards}``. Unknown names are ignored, so a half-built deck works.
    """
    cards = [c for c in deck.get("cards", []) or [] if isinstance(c, str) and c in CARD_TYPES]
    by_cost = [
        {"cost": CARD_TYPES[name]["cost"], "name": name, "count": cards.count(name)}
        for name in sorted(CARD_TYPES, key=lambda n: CARD_TYPES[n]["cost"])
    ]
    total = sum(CARD_TYPES[c]["cost"] for c in cards)
    return {
        "by_cost": by_cost,
        "total": total,
        "average": round(total / len(cards), 2) if cards else 0.0,
        "count": len(cards),
    }
