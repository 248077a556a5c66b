"""The PHX-TXLOG-002 hash of a state, without re-reading what earlier moves already hashed.

The hash is SHA-256 over the canonical JSON of the state minus its transaction log (PXR-12).
Sorted, that text is ``{"active":A,"combat_log":[E1,...,En],"deployed":...}``: the combat log,
most of the state (6.6 of 8 KB over a match), sits right after the active seat. Two facts make
most of it free to hash again:

- a combat-log entry is never changed once appended (``state.work_copy`` shares the entries
  between a state and the states made from it, so changing one would change an input state);
- the log only grows by appending, so an entry object fixes every entry before it.

So the canonical JSON of each entry is kept by identity, and so is the SHA-256 state after
``{"active":A,"combat_log":[E1,...,Ek`` (per active seat A and last entry Ek): a move's hash
copies the state of the longest such prefix, feeds the entries added since, then the rest of
the state (the players and a few numbers, ~1.5 KB). The bytes hashed are exactly those of the
canonical JSON; ``tests/engines/phalanx/test_txlog.py`` compares with a from-scratch hash.

An entry's text is written by ``entry_text.py`` for the layout ``rules.attack`` builds, and
the rest of the state by ``tail.py`` for the layout the engine builds (its card
lists joined as plain text, its grid slots from a table), and by the general encoder for
anything else.
"""

from __future__ import annotations

import hashlib
from typing import Any

from games.engines.core import canonical_json

from .entry_text import entry_text
from .tail import NOT_STANDARD, standard_opening_and_closing

# Both caches keep the entry itself beside its id, so the id is not reused while cached, and
# are emptied when they reach their limit (entries are ~0.5 KB of text each).
_LIMIT = 20_000
_ENTRY_BYTES: dict[int, tuple[dict, bytes]] = {}
_PREFIXES: dict[tuple[str, int], tuple[dict, int, Any]] = {}
# How far back a move looks for a hashed prefix of its log: a turn adds at most a couple of
# entries, and the active seat's last prefix is at most a turn or two old.
_LOOK_BACK = 8


def _entry_bytes(entry: dict) -> bytes:
    cached = _ENTRY_BYTES.get(id(entry))
    if cached is not None and cached[0] is entry:
        return cached[1]
    if len(_ENTRY_BYTES) >= _LIMIT:
        _ENTRY_BYTES.clear()
    try:
        text = entry_text(entry)
    except NOT_STANDARD:  # not laid out as ``rules.attack`` lays entries out
        text = canonical_json(entry)
    data = text.encode("utf-8")
    _ENTRY_BYTES[id(entry)] = (entry, data)
    return data


def _hashed_prefix(opening: str, log: list[dict]) -> tuple[Any, int]:
    """A SHA-256 object that has read ``opening`` and the first k entries, and k."""
    for k in range(len(log), max(0, len(log) - _LOOK_BACK), -1):
        entry = log[k - 1]
        cached = _PREFIXES.get((opening, id(entry)))
        if cached is not None and cached[0] is entry and cached[1] == k:
            return cached[2].copy(), k
    return hashlib.sha256(opening.encode("utf-8")), 0


def _general_opening_and_closing(state: dict) -> tuple[str, str]:
    """The canonical JSON of ``state`` without ``txlog`` around its combat log's entries:
    ``{...,"combat_log":[`` and ``],...}``, for any keys and values."""
    head, tail = {}, {}
    for key, value in state.items():
        if key < "combat_log":
            head[key] = value
        elif key > "combat_log" and key != "txlog":
            tail[key] = value
    head_text = canonical_json(head)[1:-1]
    opening = "{" + (head_text + "," if head_text else "") + '"combat_log":['
    tail_text = canonical_json(tail)[1:-1]
    return opening, "]" + ("," + tail_text if tail_text else "") + "}"


def game_hash(state: dict) -> str:
    """SHA-256 hex digest of the canonical JSON of ``state`` without ``txlog``."""
    try:
        opening, closing = standard_opening_and_closing(state)
    except NOT_STANDARD:  # not laid out as the engine lays states out: the general encoder
        opening, closing = _general_opening_and_closing(state)
    log = state["combat_log"]
    digest, done = _hashed_prefix(opening, log)
    for k in range(done, len(log)):
        if k:
            digest.update(b",")
        digest.update(_entry_bytes(log[k]))
    if len(log) > done:
        if len(_PREFIXES) >= _LIMIT:
            _PREFIXES.clear()
        _PREFIXES[(opening, id(log[-1]))] = (log[-1], len(log), digest.copy())
    digest.update(closing.encode("utf-8"))
    return digest.hexdigest()
