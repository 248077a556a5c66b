"""A lobby frame whose fields are not text is refused with words and the socket plays on
(issue 38, E5: a list as an option value raised TypeError, the consumer died and its
connection stayed open outside the socket caps)."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.live import queue
from games.models import LiveSocket
from project.asgi import application

from .conftest import persona, ws_headers

pytestmark = pytest.mark.django_db(transaction=True)
PX = "phalanx"  # its lobby offers a match option (damage_mode)


async def lobby() -> WebsocketCommunicator:
    comm = WebsocketCommunicator(
        application, f"/ws/lobby/{PX}/", headers=ws_headers(persona("ada"))
    )
    connected, _ = await comm.connect(timeout=5)
    assert connected
    await comm.receive_from(timeout=5)  # the open challenges
    return comm


@database_sync_to_async
def open_rows() -> int:
    return LiveSocket.objects.count()


@pytest.mark.parametrize(
    "fields",
    [
        {"queue": "join", "play_now_damage_mode": ["standard", "x"]},
        {"queue": "join", "play_now_damage_mode": {"a": 1}},
        {"queue": ["join"]},
        {"queue": "join", "rated": {"on": True}},
        {"queue": "join", "play_now_damage_mode": 7},
    ],
)
async def test_a_field_that_is_not_text_is_refused_and_the_socket_plays_on(fields, caplog):
    comm = await lobby()
    await comm.send_to(text_data=json.dumps({**fields, "HEADERS": {}}))
    refusal = await comm.receive_from(timeout=5)
    assert "every field of a form is text" in refusal
    assert await open_rows() == 1, "still counted against the caps"
    await comm.send_to(text_data=json.dumps({"queue": "join", "HEADERS": {}}))
    assert "Looking for an opponent" in await comm.receive_from(timeout=5)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    await comm.disconnect()


async def test_a_handler_that_fails_closes_its_socket_and_frees_its_place(monkeypatch):
    async def broken(self, data):
        raise TypeError("a bug")

    monkeypatch.setattr(queue.QueueSeat, "handle", broken)
    comm = await lobby()
    await comm.send_to(text_data=json.dumps({"queue": "join", "HEADERS": {}}))
    closed = await comm.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed.get("code") == 1011
    assert await open_rows() == 0
