"""A small thread-safe least-recently-used map, for the per-process caches of the live path.

Sockets render in a pool of threads, so every read and write takes the lock; the critical
sections are a few dict operations.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class LRU:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._lock = threading.Lock()
        self._entries: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Any, replace: Callable[[Any], bool] | None = None) -> None:
        """Store ``value``; if ``key`` is held already, only when ``replace(old)`` says so
        (decided under the lock, so two racing writers cannot both win)."""
        with self._lock:
            old = self._entries.get(key)
            if old is not None and replace is not None and not replace(old):
                return
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)

    def pop(self, key: Hashable) -> None:
        with self._lock:
            self._entries.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
