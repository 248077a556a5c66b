"""The engine registry: slug -> engine object.

Each game package exposes ``ENGINE``. Engines are imported on first use so that one game's
import cost (card pools, ship tables) is paid only by the processes that need it.
"""

from functools import cache
from importlib import import_module

from .core import Engine

GAME_MODULES: dict[str, str] = {
    "elemental-clash": "games.engines.elemental_clash",
    "phalanx": "games.engines.phalanx",
    "card-battle": "games.engines.card_battle",
    "gundam": "games.engines.gundam",
    "shapeships": "games.engines.shapeships",
}


@cache
def get_engine(slug: str) -> Engine:
    """The engine for ``slug``; KeyError for an unknown game."""
    engine = import_module(GAME_MODULES[slug]).ENGINE
    if engine.slug != slug:
        raise RuntimeError(f"{GAME_MODULES[slug]} registers {engine.slug!r}, expected {slug!r}")
    return engine


def all_engines() -> dict[str, Engine]:
    """Every registered engine, in hall order."""
    return {slug: get_engine(slug) for slug in GAME_MODULES}


def __getattr__(name: str):
    # ``ENGINES`` (the name ARCHITECTURE.md gives) is built on first access.
    if name == "ENGINES":
        return all_engines()
    raise AttributeError(name)
