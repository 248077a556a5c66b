"""The last committed version of each active match, kept in this process for its renders.

A move is followed by one render per connected socket, and each render used to read the
match back from the database: at 200 matches that was as much time as the templates
(bench/: 1 ms a render for two queries and decoding the state). The service that committed
the move hands its match here after the commit, so the sockets of this process render from
memory. Sockets of other workers miss and read the database, as before.

Invariants that keep this safe:
- An entry is stored only after its transaction committed, and is keyed by its version:
  a reader asking for version N or later never gets something older than N, nor anything
  that was not committed.
- Entries are read-only. Templates and engines only read a state; nobody writes to it.
- Only matches in play are kept. A finished match grows a rematch link without a new
  version, so its renders always read the database.
- Presence changes seats without a new version: the socket that hears of one drops the
  entry, so the next render reads the seats again.
"""

from __future__ import annotations

from .lru import LRU
from .models import Match

# Entries are wanted for milliseconds after a move, and every state kept is more heap for
# the garbage collector to walk (games/gc_tuning.py): a few dozen are plenty.
CAPACITY = 50

_kept = LRU(CAPACITY)


def remember(match: Match) -> None:
    """Keep ``match`` (committed, seats prefetched) unless a newer version is already kept."""
    if match.status != Match.Status.ACTIVE:
        _kept.pop(match.pk)
        return
    _kept.put(match.pk, match, replace=lambda kept: kept.version < match.version)


def recall(match_id: int, at_least: int) -> Match | None:
    """The kept match if it is at version ``at_least`` or later, else None."""
    kept = _kept.get(match_id)
    return kept if kept is not None and kept.version >= at_least else None


# Counts presence changes seen by this process, for copies kept elsewhere (the render
# workers, games/render_workers.py): a copy made before the latest change is not reused.
_presence_generation = 0


def forget(match_id: int) -> None:
    """Drop the kept copy of a match whose seats changed (someone came or went)."""
    global _presence_generation
    _presence_generation += 1  # only the event loop calls this: no lock needed
    _kept.pop(match_id)


def presence_generation() -> int:
    return _presence_generation


def clear() -> None:
    _kept.clear()
