"""The default set-up's in-memory channel layer (games/live/layers.py)."""

import asyncio

import pytest

from games.live import layers
from games.live.layers import SweepingInMemoryChannelLayer

pytestmark = pytest.mark.asyncio


async def test_messages_and_groups_work_as_in_channels():
    layer = SweepingInMemoryChannelLayer()
    channel = await layer.new_channel()
    await layer.group_add("match-1", channel)
    await layer.group_send("match-1", {"type": "match.changed", "version": 3})
    assert await asyncio.wait_for(layer.receive(channel), 1) == {
        "type": "match.changed",
        "version": 3,
    }


async def test_the_expiry_sweep_runs_at_most_once_a_second(monkeypatch):
    layer = SweepingInMemoryChannelLayer()
    sweeps = []
    monkeypatch.setattr(
        layers.InMemoryChannelLayer, "_clean_expired", lambda self: sweeps.append(1)
    )
    for _ in range(50):
        layer._clean_expired()
    assert len(sweeps) == 1
    layer._next_sweep = 0.0  # as if a second had passed
    layer._clean_expired()
    assert len(sweeps) == 2


async def test_expired_messages_still_expire_and_take_their_channel_out_of_groups():
    layer = SweepingInMemoryChannelLayer(expiry=0.01)
    stale, live = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("match-1", stale)
    await layer.group_add("match-1", live)
    await layer.send(stale, {"type": "never.read"})
    await asyncio.sleep(0.05)
    layer._next_sweep = 0.0
    await layer.group_send("match-1", {"type": "match.changed", "version": 1})
    receiving = asyncio.ensure_future(layer.receive(live))  # a receive sweeps first
    assert (await asyncio.wait_for(receiving, 1))["version"] == 1
    assert stale not in layer.groups["match-1"], "the socket that stopped reading is dropped"
