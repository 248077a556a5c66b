"""ShapeShips: Human, Xenite and Centaur fleets, hidden simultaneous drawing and battle.

``ENGINE`` is the contract object the platform registers under slug ``shapeships``.

Modules, one idea each:
- ``ships``: the 47 ship definitions as data (powers name formulas, timings and mechanics);
- ``model``: named phases/steps (three major phases), state pieces, fleet queries;
- ``powers``: amount formulas, line generation, effect records and the effect queue;
- ``drawing``: the composed Drawing submission, its simulation and its commit at Reveal;
- ``battle``: first-strike targets and charge declarations/responses;
- ``flow``: entering steps, automatic steps, resolving locked commitments;
- ``resolution``: End of Turn Resolution, the only place health changes, and victory;
- ``view``: what each viewer may see; ``bot``: the heuristic bot and action labels;
- ``engine``: the contract methods.
"""

from .engine import ShapeShipsEngine

ENGINE = ShapeShipsEngine()

__all__ = ["ENGINE", "ShapeShipsEngine"]
