"""What was made from an object, kept by that object's identity.

For the parts of a state that are never changed once a move has returned them (log entries,
a player a move did not touch): each move's new state shares them with the state before, so
what a view or a hash makes of them can be made once and found again by ``id``. The object
is held beside what was made of it, so its id cannot be reused by another while the entry
is kept; the store empties itself at ``limit`` entries, which bounds its memory.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class KeptByIdentity:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept: dict[int, tuple[Any, Any]] = {}

    def get(self, source: Any, make: Callable[[Any], Any]) -> Any:
        """``make(source)``, made once for each object kept."""
        found = self._kept.get(id(source))
        if found is not None and found[0] is source:
            return found[1]
        made = make(source)
        if len(self._kept) >= self.limit:
            self._kept.clear()
        self._kept[id(source)] = (source, made)
        return made
