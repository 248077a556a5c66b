"""What a view made, kept to be found again: by an object's identity or by a key that
names what it shows. Views are read, never changed, so one kept list or entry may stand in
many views.

``KeptByIdentity`` is for the parts of a state that are never changed once a move has returned them (log entries,
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


class KeptByContent:
    """What was made for a key that names everything it shows (a row by its cards' ids and
    hit points, say), kept by that key: every view that shows the same thing then holds the
    same object, which a board part digests once (games/templatetags/parts.py keeps a long
    list's digest by its identity). Keyed by content, not by the state's objects, which a
    move's rules may change in place in their copy. Empties itself at ``limit`` entries."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept: dict[tuple, Any] = {}

    def get(self, key: tuple, make: Callable[[], Any]) -> Any:
        """What ``make()`` made for ``key``, made once while kept."""
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= self.limit:
                self._kept.clear()
            found = self._kept[key] = make()
        return found
