"""Elemental Clash: a six-round hidden draft, then simultaneous secret card duels.

The platform uses ``ENGINE`` (see ``engine.py`` for the exact action dicts).
"""

from .engine import ElementalClash

ENGINE = ElementalClash()

__all__ = ["ENGINE", "ElementalClash"]
