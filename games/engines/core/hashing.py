"""Canonical JSON and the SHA-256 state hash every log entry carries."""

import copy
import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same value gives the same text everywhere."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: Any) -> str:
    """SHA-256 hex digest of the canonical JSON of ``state``."""
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()


def clone(state: Any) -> Any:
    """A deep copy, so an engine can build its result without touching its input."""
    return copy.deepcopy(state)
