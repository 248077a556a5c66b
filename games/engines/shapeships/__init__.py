"""ShapeShips: Human, Xenite, Centaur and Ancient fleets, hidden simultaneous drawing and
battle.

``ENGINE`` is the contract object the platform registers under slug ``shapeships``.

Modules, one idea each:
- ``ships``: the 54 ship and 9 Solar Power definitions as data (powers name formulas,
  timings and mechanics);
- ``model``: named phases/steps (three major phases), state pieces, fleet queries;
- ``powers``: amount formulas, line generation, effect records and the effect queue;
- ``drawing``: the composed Drawing submission, its simulation and its commit at Reveal;
- ``battle``: first-strike targets and charge declarations/responses;
- ``energy``: the Ancients' Energy, made at Reveal, what casts cost and what is left;
- ``solar``: Solar Power casts in Declaration, their reveal, Black Holes at End of Turn;
- ``flow``: entering steps, automatic steps, resolving locked commitments;
- ``resolution``: End of Turn Resolution, the only place health changes, and victory;
- ``view``: what each viewer may see; ``bot``: the heuristic bot and action labels
  (``ancient_bot``: how it plays Ancients); ``search``: the level-2 bot;
- ``engine``: the contract methods.
"""

from .engine import ShapeShipsEngine

ENGINE = ShapeShipsEngine()

__all__ = ["ENGINE", "ShapeShipsEngine"]
