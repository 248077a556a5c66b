"""The battle's d6: ``core.rng(seed, "d6", n).randint(1, 6)``, rolled with less around it.

A battle rolls about 70 dice and each one is a generator of its own, named by the seed and
the die's number (the record promises exactly that generator). Seeding it is the cost: the
name's SHA-512, then the Mersenne Twister's seeding in C. ``random.Random(name)`` adds a new
2.5 KB object and Python-level steps (``seed``'s type checks, ``randrange``'s argument
handling) worth about a tenth of a die, so ``roll_d6`` does the same steps directly:

- ``Random.seed`` turns a ``str`` into the integer ``int.from_bytes(b + sha512(b).digest())``
  (``b`` the UTF-8 bytes; seeding version 2) and seeds the C generator with it;
- ``randint(1, 6)`` is ``1 + _randbelow(6)``: draw 3 bits (``getrandbits(3)``) until they
  are below 6.

tests/engines/card_battle/test_dice.py holds it to ``core.rng`` over thousands of names, so a
Python whose ``random`` works otherwise fails there rather than changing battles.
"""

from __future__ import annotations

import _random
import threading
from hashlib import sha512
from random import Random

# The C seeding under random.Random's Python-level ``seed`` (which hashes a str first).
_seed_generator = _random.Random.seed


class _Generators(threading.local):
    """One generator per thread, reseeded before every roll: a roll seeds it and reads it
    at once, with nothing in between that could roll another die on the same thread."""

    def __init__(self) -> None:
        self.d6 = Random(0)  # the seed only fills it; every roll reseeds it


_GENERATORS = _Generators()


def roll_d6(name: str) -> int:
    """``random.Random(name).randint(1, 6)``: the first roll of the generator named ``name``."""
    generator = _GENERATORS.d6
    data = name.encode()
    _seed_generator(generator, int.from_bytes(data + sha512(data).digest()))
    bits = generator.getrandbits(3)
    while bits >= 6:
        bits = generator.getrandbits(3)
    return bits + 1
