"""The transaction log and its SHA-256 hash chain (PHX-TXLOG-001..003, PXR-12).

Every action appends ``{seq, seat, action, turn, phase, details, stateHashBefore,
stateHashAfter}`` to ``state["txlog"]``. The hashes are SHA-256 over the canonical JSON of the
state *without* ``txlog`` (so the log does not hash itself), which makes a chain:
``stateHashAfter[n] == stateHashBefore[n + 1]``. ``replay`` rebuilds a match from its config,
seed and ordered actions and re-checks every link, naming the first broken one.
"""

from __future__ import annotations

import hashlib
from typing import Any

from games.engines.core import canonical_json

# Canonical JSON of combat-log entries by identity, kept with the entry so that its id is not
# reused while cached. Sound because an entry is never changed once appended: ``work_copy``
# already shares the entries between a state and the states made from it, so changing one
# would change an input state too. The log is most of the hashed state (6.6 of 8 KB over a
# match), and each move appends at most one entry, so a move encodes only what it changed.
_ENTRY_JSON: dict[int, tuple[dict, str]] = {}
_ENTRY_JSON_LIMIT = 20_000  # entries (~0.5 KB of text each); emptied when reached


def _entry_json(entry: dict) -> str:
    cached = _ENTRY_JSON.get(id(entry))
    if cached is not None and cached[0] is entry:
        return cached[1]
    if len(_ENTRY_JSON) >= _ENTRY_JSON_LIMIT:
        _ENTRY_JSON.clear()
    text = canonical_json(entry)
    _ENTRY_JSON[id(entry)] = (entry, text)
    return text


def game_hash(state: dict) -> str:
    """The PHX-TXLOG-002 hash: SHA-256 of the canonical JSON of the state minus its
    transaction log. The keys around the combat log are encoded in two pieces (each sorted,
    as ``canonical_json`` sorts them) and the log's entries come from their cache."""
    head, tail = {}, {}
    for key, value in state.items():
        if key < "combat_log":
            head[key] = value
        elif key > "combat_log" and key != "txlog":
            tail[key] = value
    log = ",".join([_entry_json(entry) for entry in state["combat_log"]])
    parts = [canonical_json(head)[1:-1], f'"combat_log":[{log}]', canonical_json(tail)[1:-1]]
    text = "{" + ",".join([p for p in parts if p]) + "}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def hash_before(state: dict) -> str:
    """The hash of ``state`` as the next entry's ``stateHashBefore``: the last entry's
    ``stateHashAfter`` when there is one, since that hash was taken of this very state (the
    entry is the last thing ``apply``/``timeout`` write, and engines never change a state
    they return), which saves hashing every state twice."""
    txlog = state["txlog"]
    return txlog[-1]["stateHashAfter"] if txlog else game_hash(state)


def append_entry(
    state: dict,
    before: str,
    seat: int,
    action: dict,
    phase: str,
    turn: int,
    details: dict,
    timeout: bool = False,
) -> None:
    """Append the entry for one applied action; ``state`` is the state after the action.
    ``timeout``: the action is the default the clock took for ``seat`` (PXC-2)."""
    entry = {
        "seq": len(state["txlog"]),
        "seat": seat,
        "action": dict(action),
        "phase": phase,
        "turn": turn,
        "details": details,
        "stateHashBefore": before,
        "stateHashAfter": game_hash(state),
    }
    if timeout:
        entry["timeout"] = True
    state["txlog"].append(entry)


class TxLogBroken(Exception):
    """A replay found a link that does not hold.

    ``index`` is the first broken entry, ``field`` the failing field (``seq``,
    ``stateHashBefore``, ``stateHashAfter`` or ``action``), ``expected`` what the log records
    and ``got`` what the replay computed.
    """

    def __init__(self, index: int, field: str, expected: Any, got: Any) -> None:
        super().__init__(
            f"transaction log entry {index}: {field} is {expected!r}, replay gives {got!r}"
        )
        self.index = index
        self.field = field
        self.expected = expected
        self.got = got


def first_broken_link(txlog: list[dict]) -> int | None:
    """The index of the first entry whose ``seq`` or ``stateHashBefore`` does not follow
    the previous entry, or None when the recorded chain is whole (no engine needed)."""
    for index, entry in enumerate(txlog):
        if entry.get("seq") != index:
            return index
        if index and entry.get("stateHashBefore") != txlog[index - 1].get("stateHashAfter"):
            return index
    return None


def replay(engine: Any, config: dict, actions: list[dict], seed: str) -> dict:
    """PHX-TXLOG-003: rebuild the match from ``config``, ``seed`` and ordered ``actions``.

    ``actions`` are dicts with ``seat`` and ``action`` (for example the entries of a recorded
    ``state["txlog"]``). Where an entry also records ``seq``/``stateHashBefore``/
    ``stateHashAfter``, each is checked against the replay, in chain order; the first
    mismatch raises ``TxLogBroken`` naming that entry. Returns the final state, whose own
    transaction log then forms an unbroken chain.
    """
    state = engine.setup(config, seed)
    for index, entry in enumerate(actions):
        if "seq" in entry and entry["seq"] != index:
            raise TxLogBroken(index, "seq", entry["seq"], index)
        before = game_hash(state)
        if "stateHashBefore" in entry and entry["stateHashBefore"] != before:
            raise TxLogBroken(index, "stateHashBefore", entry["stateHashBefore"], before)
        if entry.get("timeout"):  # the clock's default (PXC-2), not a move the seat sent
            state, _events = engine.timeout(state)
        else:
            state, _events = engine.apply(state, entry["seat"], entry["action"])
        rebuilt = state["txlog"][-1]
        if rebuilt["stateHashBefore"] != before:  # the engine's own link must hold too
            raise TxLogBroken(index, "stateHashBefore", before, rebuilt["stateHashBefore"])
        after = game_hash(state)
        if "stateHashAfter" in entry and entry["stateHashAfter"] != after:
            raise TxLogBroken(index, "stateHashAfter", entry["stateHashAfter"], after)
    return state
