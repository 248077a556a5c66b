"""The benchmark floor (games/live/echo.py): an echo to the sender and a relay to its pair."""

import pytest
from channels.testing import WebsocketCommunicator

from project.asgi import application

from .conftest import ws_headers

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def echo_on(settings):
    settings.ECHO_ENDPOINT = True


async def opened(path: str) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, path, headers=ws_headers(None))
    connected, _ = await socket.connect()
    assert connected
    return socket


@pytest.mark.asyncio
async def test_a_frame_comes_back_to_its_sender_and_reaches_only_its_pair():
    first, second = await opened("/ws/echo/pair-a/"), await opened("/ws/echo/pair-a/")
    stranger = await opened("/ws/echo/pair-b/")
    try:
        await first.send_to(text_data="move 1")
        assert await first.receive_from() == "move 1", "echoed to the sender"
        assert await second.receive_from() == "move 1", "relayed to the other socket"
        assert await first.receive_nothing(timeout=0.2), "not relayed back to the sender"
        assert await stranger.receive_nothing(timeout=0.2), "other pairs hear nothing"
    finally:
        for socket in (first, second, stranger):
            await socket.disconnect()


@pytest.mark.asyncio
async def test_an_unpaired_echo_only_echoes():
    socket = await opened("/ws/echo/")
    try:
        await socket.send_to(text_data="hello")
        assert await socket.receive_from() == "hello"
        assert await socket.receive_nothing(timeout=0.2)
    finally:
        await socket.disconnect()


@pytest.mark.asyncio
async def test_the_echo_is_off_unless_a_benchmark_turns_it_on(settings):
    settings.ECHO_ENDPOINT = False
    socket = WebsocketCommunicator(application, "/ws/echo/pair-a/", headers=ws_headers(None))
    connected, _ = await socket.connect()
    assert not connected
