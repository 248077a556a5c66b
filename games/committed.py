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

import threading
from collections import OrderedDict

from .models import Match

CAPACITY = 1000  # entries are wanted for milliseconds after a move; this is plenty

_lock = threading.Lock()
_entries: OrderedDict[int, Match] = OrderedDict()


def remember(match: Match) -> None:
    """Keep ``match`` (committed, seats prefetched) unless a newer version is already kept."""
    with _lock:
        if match.status != Match.Status.ACTIVE:
            _entries.pop(match.pk, None)
            return
        kept = _entries.get(match.pk)
        if kept is not None and kept.version >= match.version:
            return
        _entries[match.pk] = match
        _entries.move_to_end(match.pk)
        while len(_entries) > CAPACITY:
            _entries.popitem(last=False)


def recall(match_id: int, at_least: int) -> Match | None:
    """The kept match if it is at version ``at_least`` or later, else None."""
    with _lock:
        kept = _entries.get(match_id)
    return kept if kept is not None and kept.version >= at_least else None


def forget(match_id: int) -> None:
    with _lock:
        _entries.pop(match_id, None)


def clear() -> None:
    with _lock:
        _entries.clear()
