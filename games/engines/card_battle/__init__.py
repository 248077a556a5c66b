"""Card Battle: two 20-card decks fight it out automatically (slug ``card-battle``).

Rules: docs/rules/card-battle.md (IDs ``CB-*`` and rulings ``CBR-1..10``).

Match flow through the engine contract
--------------------------------------
- ``ENGINE.setup({}, seed)``: both seats must choose a deck (step ``choose_deck``, hidden and
  simultaneous, no time limit). ``legal_actions`` offers the ready-made decks as
  ``{"type": "choose_deck", "name": "Rush", "deck": {...}}``; the platform may offer saved
  decks as more actions of the same shape: ``apply`` validates any deck payload fully and
  raises ``IllegalAction("BAD_DECK", <every problem>)`` for a bad one.
- Until both are in, ``view`` shows the other seat only as ``chosen[<seat>] = True``. The
  second ``choose_deck`` resolves the whole battle inside ``apply``; the match is then over
  (``prompts(state).step == "over"``) and ``view(...)["playback"]`` holds the public battle
  log for the board's turn-by-turn playback.
- ``ENGINE.setup({"decks": {"1": {"name": ..., "deck": ...}}}, seed)`` pre-chooses a seat's
  deck (e.g. the bot's, picked by its challenger). ``rematch_config(state)`` gives the config
  of a rematch with sides swapped (with a fresh seed; when both decks carry over it resolves
  in ``setup``).

Pure helpers for the deck builder and the simulator
---------------------------------------------------
- Deck format: ``{"deck_type": "speedy"|"hardy"|"angry",
  "strategy": "target-mana"|"kill-shot"|"optimize-damage", "cards": [20 names]}``, names
  from ``CARD_TYPES`` (``"Goblin"``, ``"Skeleton"``, ``"Archer"``, ``"Wizard"``,
  ``"Knight"``), in draw order. An optional ``"name"`` key is tolerated.
- ``validate_deck(deck) -> list[str]``: every problem as a sentence, [] when legal.
- ``validate_deck_edit(old, new) -> list[str]``: as above, plus refusal of a changed deck
  type or strategy (CBR-9).
- ``CARD_TYPES`` (name -> hp, attack, speed, cost), ``DECK_TYPES`` and ``STRATEGIES``
  (key -> label, icon, colour, hex, and for types the boosted stat and bonus),
  ``READY_MADE_DECKS`` (Balanced, Rush, Tank, Glass Cannon), ``mana_curve(deck)``.
- ``simulate(deck_a, deck_b, seed)``: one battle, A in seat 0 (swap the arguments for a
  rematch with sides swapped); ``iter_simulations(a, b, n, seed)`` yields game by game (for a
  progress bar); ``win_rate(a, b, n=100, seed="sim")`` returns the summary.
"""

from .cards import CARD_TYPES, DECK_SIZE, DECK_TYPES, STRATEGIES, DeckType, Strategy
from .decks import READY_MADE_DECKS, mana_curve, validate_deck, validate_deck_edit
from .engine import CardBattleEngine
from .simulate import iter_simulations, simulate, win_rate
from .state import Step

ENGINE = CardBattleEngine()
# A rematch's config: the picked decks in swapped seats (CardBattleEngine.rematch_config).
rematch_config = ENGINE.rematch_config

__all__ = [
    "CARD_TYPES",
    "DECK_SIZE",
    "DECK_TYPES",
    "ENGINE",
    "READY_MADE_DECKS",
    "STRATEGIES",
    "CardBattleEngine",
    "DeckType",
    "Step",
    "Strategy",
    "iter_simulations",
    "mana_curve",
    "rematch_config",
    "simulate",
    "validate_deck",
    "validate_deck_edit",
    "win_rate",
]
