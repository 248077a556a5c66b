"""Gundam Card Game (core mechanics, OG01 pool, blocking) as a pure Duelhall engine.

Public API
----------
``ENGINE``
    The engine object (slug ``gundam``). Match options (``validate_config``):
    ``first_player_draws`` (bool, default False), ``hand_limit`` (7 or 10, default 7),
    ``seventh_unit_trashes`` (bool, default False) and optional
    ``decks: {"0": {"name": str, "deck": <deck>}, "1": ...}`` to seat decks at setup.

``CARD_POOL: dict[str, dict]``
    Every card by number (``OG01-001`` … ``OG01-032`` and the resource ``OG01-R01``), each a
    dict with ``no, name, colour ("blue"/"red"/""), trait, type ("unit"/"pilot"/"command"/
    "base"/"resource"), level, cost, keywords ({"repair": 1, "first_strike": 1, ...}), text``;
    units/pilots/bases also ``ap, hp`` (a pilot's are bonuses); units ``link``; commands
    ``timing`` and ``effect``; bases ``ability``. ``KEYWORD_NAMES`` maps keyword keys to labels.

``STARTER_DECKS: dict[str, deck]``
    ``"Coalition Bulwark"`` and ``"Vanguard Rush"``.

A **deck** is ``{"main": [50 card numbers], "resource": [10 card numbers]}`` (numbers repeat
for copies; order is irrelevant).

``validate_deck(deck) -> list[str]``
    Every problem as a sentence (exactly 50 main cards, exactly 10 resource cards, at most 4
    copies per number, 1–2 colours, unknown numbers, cards in the wrong deck); ``[]`` if legal.

``level_curve(deck) -> dict[str, int]``
    Main-deck card counts per level, keys ``"0"`` … ``"6"`` (all present).

Deck choice in a match: each seat's first action is the hidden simultaneous
``{"type": "choose_deck", "name": str, "deck": <deck>}``; ``legal_actions`` offers the two
starter decks, and ``apply`` accepts any deck that passes ``validate_deck`` (saved decks).
"""

from .cards import CARD_POOL, KEYWORD_NAMES, STARTER_DECKS
from .decks import MAX_COPIES, level_curve, validate_deck
from .engine import GundamEngine

ENGINE = GundamEngine()

__all__ = [
    "CARD_POOL",
    "ENGINE",
    "KEYWORD_NAMES",
    "MAX_COPIES",
    "STARTER_DECKS",
    "GundamEngine",
    "level_curve",
    "validate_deck",
]
