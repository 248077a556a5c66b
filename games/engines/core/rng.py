"""Seeded randomness whose position lives in the state.

Python's ``random.Random`` seeded with a ``str`` hashes it with SHA-512 (seeding version 2),
which is stable across machines and Python versions, so ``rng(seed, "draw", 7)`` is the same
generator on every machine forever. Engines keep a counter in their state and derive a fresh
generator per random event; replaying the log therefore needs no hidden generator position.
"""

import random


def rng(seed: str | int, *keys: object) -> random.Random:
    """A generator for one random event, named by the match seed and ``keys``."""
    return random.Random(":".join([str(seed), *(str(k) for k in keys)]))


def shuffled(seed: str | int, items: list, *keys: object) -> list:
    """A new list with ``items`` in a seeded order (the input is not changed)."""
    out = list(items)
    rng(seed, "shuffle", *keys).shuffle(out)
    return out
