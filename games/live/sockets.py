"""The sockets this process holds, and the beat that keeps their presence rows alive.

A consumer registers here once accepted and leaves in its cleanup. One task per process
beats the rows of the sockets still registered and deletes rows nobody beats any more
(games/matches/presence.py), so a consumer whose cleanup never ran (a crash past every
guard, a killed task) stops counting as present within ``WS_SOCKET_EXPIRY_SECONDS``. The
first beat of a process also recomputes every seat said to be online from the rows, so no
count survives a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from django.conf import settings

from games.live.threads import db_write
from games.matches import presence, services

log = logging.getLogger(__name__)

_held: dict[str, object] = {}  # channel name -> consumer
_beating: asyncio.Task | None = None


def hold(consumer) -> None:
    _held[consumer.channel_name] = consumer
    _ensure_beating()


def release(consumer) -> None:
    _held.pop(getattr(consumer, "channel_name", None), None)


def held() -> list:
    return list(_held.values())


def _ensure_beating() -> None:
    global _beating
    loop = asyncio.get_running_loop()
    # A task of a loop that has ended (one per test) never runs again: start one on this loop.
    if _beating is None or _beating.done() or _beating.get_loop() is not loop:
        _beating = loop.create_task(_beat_forever())


async def _beat_forever() -> None:
    first = True
    while True:
        try:
            # Sleep first: the beat must not queue ahead of the first socket's own work.
            await asyncio.sleep(settings.WS_HEARTBEAT_SECONDS)
            if first:
                await db_write(presence.reset_on_start)()
                first = False
            await db_write(presence.beat)(list(_held))
            await db_write(presence.expire)()
            await db_write(services.expire_challenges)()
        except asyncio.CancelledError:
            raise
        except Exception:  # the beat must outlive a database hiccup, or presence decays
            log.exception("socket heartbeat failed; trying again next beat")
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(settings.WS_HEARTBEAT_SECONDS)


async def beat_now() -> None:
    """One beat at once (tests and the soak benchmark's settle step)."""
    await db_write(presence.beat)(list(_held))
    await db_write(presence.expire)()
    await db_write(services.expire_challenges)()
