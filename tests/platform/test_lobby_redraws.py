"""A lobby page hears only of changes to the list it shows, coalesced (issue 38, E8: every
match creation, bot and hot-seat ones too, re-rendered every open lobby page)."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from games.live import consumers
from games.matches import services
from games.matches.broadcast import lobby_group
from games.models import Match
from project.asgi import application

from .conftest import EC, persona, ws_headers

pytestmark = pytest.mark.django_db(transaction=True)


async def lobby() -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/lobby/{EC}/", headers=ws_headers(persona("x")))
    assert (await comm.connect(timeout=5))[0]
    await comm.receive_from(timeout=5)  # the open challenges
    return comm


async def frames_within(comm: WebsocketCommunicator, seconds: float) -> list[str]:
    """Everything the page is sent in the next ``seconds`` (waiting never ends the socket,
    as a receive that times out would)."""
    await asyncio.sleep(seconds)
    got = []
    while not await comm.receive_nothing(timeout=0.05):
        got.append(await comm.receive_from())
    return got


async def test_bot_and_hot_seat_matches_wake_no_lobby_page():
    comm = await lobby()
    alice = persona("alice")
    await database_sync_to_async(services.create_match)(EC, alice, mode=Match.Mode.BOT)
    await database_sync_to_async(services.create_match)(EC, alice, mode=Match.Mode.HOTSEAT)
    assert await frames_within(comm, 1.0) == []
    await comm.disconnect()


@database_sync_to_async
def three_challenges() -> list[str]:
    return [services.create_match(EC, persona(f"host{i}")).code for i in range(3)]


async def test_a_burst_of_changes_is_one_redraw_showing_them_all(monkeypatch):
    # A wide window, so a loaded machine creating the three challenges stays in one burst.
    monkeypatch.setattr(consumers, "LOBBY_COALESCE_SECONDS", 1.0)
    comm = await lobby()
    layer = get_channel_layer()
    for _ in range(20):
        await layer.group_send(lobby_group(EC), {"type": "lobby.changed"})
    codes = await three_challenges()
    frames = await frames_within(comm, 3.0)
    assert 1 <= len(frames) <= 2, f"{len(frames)} redraws for one burst"
    assert all(code in frames[-1] for code in codes)
    await comm.disconnect()
