"""Helpers shared by every engine. Standard library only: engines know nothing of Django."""

from .contract import (
    DOUBLE_LOSS,
    DRAW,
    WIN,
    Action,
    Engine,
    Event,
    LoggedAction,
    Outcome,
    Prompts,
    ReplayMismatch,
    State,
    replay,
    step,
)
from .errors import IllegalAction
from .fields import refuse_unread_fields
from .hashing import canonical_json, clone, state_hash
from .rng import rng, shuffled

__all__ = [
    "DOUBLE_LOSS",
    "DRAW",
    "WIN",
    "Action",
    "Engine",
    "Event",
    "IllegalAction",
    "LoggedAction",
    "Outcome",
    "Prompts",
    "ReplayMismatch",
    "State",
    "canonical_json",
    "clone",
    "refuse_unread_fields",
    "replay",
    "rng",
    "shuffled",
    "state_hash",
    "step",
]
