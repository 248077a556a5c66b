"""Actions carry only the fields their engine reads.

The platform logs an action exactly as it was sent, and the log is the permanent record
of a match: a field the engine ignores would be kept for ever and, in a downloaded record,
could be added or changed without the hash chain noticing. So a field outside an action
type's known set is refused, never stored."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import IllegalAction


def refuse_unread_fields(action: dict[str, Any], fields: Mapping[str, frozenset[str]]) -> None:
    """Raise IllegalAction when ``action`` has a key its type does not take. ``fields`` maps
    each action type to the keys (besides ``type``) the engine reads; unknown types are left
    to the engine's own refusal."""
    allowed = fields.get(action.get("type"))
    if allowed is not None and any(key != "type" and key not in allowed for key in action):
        raise IllegalAction("MALFORMED", "That action has fields this game does not take.")
