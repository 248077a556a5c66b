"""Deck payloads, their validation and the level curve (pure; the deck builder calls these).

A deck payload is ``{"main": [card numbers], "resource": [card numbers]}``: the main deck holds
exactly 50 Unit, Pilot, Command or Base cards (at most 4 copies of a number, 1 or 2 colours);
the resource deck exactly 10 Resource cards (any number of copies).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import CARD_POOL, RESOURCE

MAIN_SIZE = 50
RESOURCE_SIZE = 10
MAX_COPIES = 4
MAX_COLOURS = 2


def validate_deck(deck: Any) -> list[str]:
    """Every problem with ``deck`` as a sentence a person can read; ``[]`` when it is legal."""
    if not isinstance(deck, dict):
        return ['A deck must be an object like {"main": [...], "resource": [...]}.']
    errors: list[str] = []
    extra = sorted(set(deck) - {"main", "resource"})
    if extra:
        errors.append(f"Unknown deck field(s): {', '.join(map(str, extra))}.")
    # A deck not yet begun (the builder's new deck) has no lists: it reads as empty ones,
    # so the builder says how many cards each still needs, not how the payload is shaped.
    main = deck.get("main", [])
    resource = deck.get("resource", [])
    if not isinstance(main, list) or not all(isinstance(x, str) for x in main):
        errors.append("The main deck must be a list of card numbers.")
        main = None
    if not isinstance(resource, list) or not all(isinstance(x, str) for x in resource):
        errors.append("The resource deck must be a list of card numbers.")
        resource = None
    if main is not None:
        unknown = sorted({no for no in main if no not in CARD_POOL})
        if unknown:
            errors.append(f"Unknown card number(s) in the main deck: {', '.join(unknown)}.")
        known = [no for no in main if no in CARD_POOL]
        if len(main) != MAIN_SIZE:
            errors.append(f"The main deck has {len(main)} cards; it needs exactly {MAIN_SIZE}.")
        wrong = sorted({no for no in known if CARD_POOL[no]["type"] == RESOURCE})
        if wrong:
            errors.append(
                f"Resource cards belong in the resource deck, not the main deck: {', '.join(wrong)}."
            )
        for no, n in sorted(Counter(known).items()):
            if n > MAX_COPIES and CARD_POOL[no]["type"] != RESOURCE:
                errors.append(
                    f"{no} {CARD_POOL[no]['name']} appears {n} times; at most {MAX_COPIES} copies are allowed."
                )
        colours = sorted({CARD_POOL[no]["colour"] for no in known if CARD_POOL[no]["colour"]})
        if len(colours) > MAX_COLOURS:
            errors.append(
                f"The main deck uses {len(colours)} colours ({', '.join(colours)}); at most {MAX_COLOURS} are allowed."
            )
        if main and not colours and not unknown:
            errors.append("The main deck needs at least one coloured card.")
    if resource is not None:
        unknown = sorted({no for no in resource if no not in CARD_POOL})
        if unknown:
            errors.append(f"Unknown card number(s) in the resource deck: {', '.join(unknown)}.")
        if len(resource) != RESOURCE_SIZE:
            errors.append(
                f"The resource deck has {len(resource)} cards; it needs exactly {RESOURCE_SIZE}."
            )
        wrong = sorted(
            {no for no in resource if no in CARD_POOL and CARD_POOL[no]["type"] != RESOURCE}
        )
        if wrong:
            errors.append(f"Only Resource cards may be in the resource deck: {', '.join(wrong)}.")
    return errors


def level_curve(deck: Any) -> dict[str, int]:
    """How many known main-deck cards sit at each level: ``{"1": 8, "2": 15, ...}``.

    Keys are strings (JSON-safe) from "0" to the highest level in the pool, all present
    even when zero, so a chart can draw every bar. Unknown numbers are skipped.
    """
    top = max(c["level"] for c in CARD_POOL.values())
    curve = {str(lv): 0 for lv in range(0, top + 1)}
    main = deck.get("main", []) if isinstance(deck, dict) else []
    for no in main if isinstance(main, list) else []:
        info = CARD_POOL.get(no) if isinstance(no, str) else None
        if info is not None and info["type"] != RESOURCE:
            curve[str(info["level"])] += 1
    return curve


def deck_colours(deck: dict[str, Any]) -> list[str]:
    """The colours a deck uses, sorted (for labels in the builder)."""
    return sorted(
        {CARD_POOL[no]["colour"] for no in deck.get("main", []) if no in CARD_POOL} - {""}
    )
