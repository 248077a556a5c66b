"""Garbage-collector settings for the long-running serving processes (daphne, render workers).

Measured at 200 matches (bench/): with CPython's default thresholds (700, 10, 10) a full
collection ran every few seconds and paused the whole worker for 85-140 ms each time, which
was the p99 of the run. Every move leaves short-lived cyclic garbage (template contexts,
querysets, futures), and a full collection walks the whole heap (every socket, Django, the
compiled templates). So:

- ``gc.freeze()`` once the application is loaded: Django's and our modules' objects live as
  long as the process and are never walked again;
- a young generation of 20 000 objects instead of 700, and a full collection after 100
  middle ones instead of 10: young collections stay short (at most ~20 ms measured) and a
  full one comes every few minutes instead of every few seconds.

Cycles are still collected, in larger and rarer batches.
"""

import gc

YOUNG, MIDDLE, OLD = 20_000, 50, 100


def tune_for_serving() -> None:
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
