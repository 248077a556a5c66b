"""Canonical JSON and the SHA-256 state hash every log entry carries."""

import hashlib
import json
import pickle
from typing import Any


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same value gives the same text everywhere."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: Any) -> str:
    """SHA-256 hex digest of the canonical JSON of ``state``."""
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()


def clone(state: Any) -> Any:
    """A deep copy, so an engine can build its result without touching its input.

    A pickle round trip copies exactly what ``copy.deepcopy`` does for the plain values a
    state is made of, about four times faster (bench/: 117 against 457 us for an
    Elemental Clash state), and every move pays for one."""
    return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
