"""The in-memory channel layer of the default set-up, with its expiry sweep rate-limited.

Channels' InMemoryChannelLayer walks every channel and every group membership on every
``receive``, and each socket re-enters ``receive`` after each message: O(sockets) work per
message, so O(sockets^2) per second under load (bench/: 4% of the worker's CPU at 400
sockets). Messages expire after a minute and group memberships after a day, so sweeping at
most once a second expires them just as well.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer

SWEEP_EVERY_SECONDS = 1.0


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._next_sweep = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now < self._next_sweep:
            return
        self._next_sweep = now + SWEEP_EVERY_SECONDS
        super()._clean_expired()
