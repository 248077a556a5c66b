"""The last committed version of each active match, kept in this process.

Two readers use it:
- renders: a move is followed by one render per connected socket, and each used to read the
  match back from the database (bench/: 1 ms a render for two queries and decoding the
  state). Sockets of this process render from memory, or send the copy to their render
  worker with the first request for the version; other daphne workers miss and read the
  database, as before.
- the next move (games/matches/services.py): under the row lock the writer reads only the version,
  and if it is the kept one starts from a copy instead of decoding the state and reading the
  seats again, with the log's next seq and state hash carried along (bench/: daphne 79% ->
  53% of a core at 200 matches, opponent p99 ~110 -> ~45 ms).

Invariants that keep this safe:
- An entry is stored only after its transaction committed, and is keyed by its version:
  a reader asking for version N or later never gets something older than N, nor anything
  that was not committed. Every write to a match row bumps its version (games/matches/services.py
  is the only writer; the admin is read-only).
- Entries are read-only. Templates and engines only read a state; a move works on a copy
  and replaces fields rather than changing them in place.
- An entry's state is its row read back, key order included: the row holds the state's
  canonical JSON, and the move puts the state it keeps in that order
  (games/matches/row_order.py), so a view built from either is the same. (PostgreSQL's
  jsonb gives keys back in its own order, shortest first: there a read-back still differs
  in order from the kept copy, as it always has.)
- Only matches in play are kept. A finished match grows a rematch link without a new
  version, so its renders always read the database.
- Presence changes seats without a new version: the socket that hears of one drops the
  entry, so the next render reads the seats again. One race is left: a move that loaded
  its seats before a presence change and commits after the drop keeps the old presence
  until the next presence change. Only the online dots of renders made from the kept copy
  (in daphne's threads, or in a render worker that was sent it: games/live/render_workers.py)
  can show it, and nothing is decided from them.
"""

from __future__ import annotations

import copy
import itertools
from collections import OrderedDict

from games.matches.lru import LRU
from games.models import Match

# Enough for every match in play on one worker: an entry evicted before its match's next
# move costs that move a full read. (50 entries, tried for a smaller heap, missed on almost
# every move at 200 matches.) Garbage collections walk these states: games/live/gc_tuning.py.
CAPACITY = 1000

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


def copy_at(match_id: int, version: int) -> Match | None:
    """A private copy of the kept match if it is exactly at ``version``, for the next move.

    The caller holds the row lock and has read ``version`` from the row under it. Every
    write to a match row goes through games.matches.services and bumps the version (the admin is
    read-only), so the copy is the row, field for field. The copy is shallow: a move
    replaces the state and the other fields instead of changing them in place, and never
    changes seats, so the kept entry is untouched."""
    kept = _kept.get(match_id)
    return copy.copy(kept) if kept is not None and kept.version == version else None


# Presence changes seen by this process, per match, for copies kept elsewhere (the render
# workers, games/live/render_workers.py): a copy made before its match's latest change is not
# reused. Per match: with one counter for the whole process, every arrival or departure
# anywhere made every worker drop every copy, so while many matches ended and new ones
# connected, nearly every move of every match read its match again under the write lock
# (bench/: the 60 s run's mid-run stall, docs/performance.md).
#
# Each change takes a number from one counter, so a match's generation only ever grows and a
# change always gives a number no copy has seen. A match whose entry was evicted reports the
# highest number ever evicted: never lower than its own last change, so a stale copy is
# never taken for a fresh one (a fresh one may be, harmlessly, taken for stale).
GENERATIONS_KEPT = 10_000
_changes = itertools.count(1)
_generations: OrderedDict[int, int] = OrderedDict()  # match id -> its latest change
_evicted = 0  # the highest generation evicted from _generations


def forget(match_id: int) -> None:
    """Drop the kept copy of a match whose seats changed (someone came or went)."""
    global _evicted
    # Only the event loop calls this and presence_generation: no lock needed.
    _kept.pop(match_id)
    _generations[match_id] = next(_changes)
    _generations.move_to_end(match_id)
    while len(_generations) > GENERATIONS_KEPT:
        _evicted = max(_evicted, _generations.popitem(last=False)[1])


def presence_generation(match_id: int) -> int:
    """A number that changes whenever this process hears that the match's seats changed."""
    return _generations.get(match_id, _evicted)


def drop(match_id: int) -> None:
    """Drop the kept copy of one match (a worker told that its seats changed)."""
    _kept.pop(match_id)


def clear() -> None:
    global _evicted
    _kept.clear()
    _generations.clear()
    _evicted = 0
