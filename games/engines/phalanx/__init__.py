"""Phalanx (ruleset 0.2.0-draft): a pure rules engine for the Duelhall platform.

``ENGINE`` is the contract object. ``replay(config, actions, seed)`` rebuilds a match from its
ordered actions and re-checks the transaction-log hash chain (PHX-TXLOG-003);
``check_entry`` re-checks one combat-log entry (PHX-COMBATLOG-002).
"""

from __future__ import annotations

from .cards import DamageMode
from .combat import check_entry, resolve_column
from .engine import PhalanxEngine
from .txlog import TxLogBroken, first_broken_link, game_hash
from .txlog import replay as _replay

ENGINE = PhalanxEngine()

# The values of the one match option, ``{"damage_mode": ...}`` (default first).
DAMAGE_MODES = tuple(mode.value for mode in DamageMode)


def replay(config: dict, actions: list[dict], seed: str) -> dict:
    """Rebuild a match from ``config``, ordered ``actions`` ({seat, action}, or recorded
    transaction-log entries whose hashes are then checked) and ``seed``; raises
    ``TxLogBroken`` naming the first broken link. Returns the final state."""
    return _replay(ENGINE, config, actions, seed)


__all__ = [
    "DAMAGE_MODES",
    "ENGINE",
    "PhalanxEngine",
    "TxLogBroken",
    "check_entry",
    "first_broken_link",
    "game_hash",
    "replay",
    "resolve_column",
]
