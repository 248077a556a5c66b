"""The transaction log and its SHA-256 hash chain (PHX-TXLOG-001..003, PXR-12).

Every action appends ``{seq, seat, action, turn, phase, details, stateHashBefore,
stateHashAfter}`` to ``state["txlog"]``. The hashes are SHA-256 over the canonical JSON of the
state *without* ``txlog`` (so the log does not hash itself), which makes a chain:
``stateHashAfter[n] == stateHashBefore[n + 1]``. ``replay`` rebuilds a match from its config,
seed and ordered actions and re-checks every link, naming the first broken one.
"""

from __future__ import annotations

from typing import Any

from .hashing import game_hash


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
