"""A socket acts only while the session it opened with exists (issue 38, E7): signing in as
another account in the same browser, or the session row being deleted, ends it instead of
leaving it moving for the old identity."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import AsyncClient

from games.engines import get_engine
from games.matches import services
from games.matches.identity import Player
from games.models import Match
from project.asgi import application

from .conftest import persona, until

pytestmark = pytest.mark.django_db(transaction=True)
EC = "elemental-clash"


@database_sync_to_async
def ada_in_a_match() -> tuple[Player, Match]:
    user = get_user_model().objects.create_user("ada", password="x-long-pass-1")
    ada = Player(user_id=user.pk, guest_id="", name="ada")
    match = services.create_match(EC, ada)
    services.join_match(match.pk, persona("bob"))
    return ada, Match.objects.get(pk=match.pk)


@database_sync_to_async
def log_count(match: Match) -> int:
    return match.actions.count()


def move_frame(match: Match) -> str:
    move = get_engine(EC).legal_actions(match.state, 0)[0]
    return json.dumps({"action": json.dumps(move), "step": match.step, "HEADERS": {}})


async def adas_socket(client: AsyncClient, match: Match) -> WebsocketCommunicator:
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)]
    comm = WebsocketCommunicator(application, f"/ws/m/{match.code}/", headers=headers)
    assert (await comm.connect(timeout=5))[0]
    await until(comm, 'id="board"')
    return comm


async def ends_without_moving(comm: WebsocketCommunicator, match: Match) -> None:
    await comm.send_to(text_data=move_frame(match))
    while True:
        out = await comm.receive_output(timeout=5)
        if out["type"] == "websocket.close":
            break
    assert out["code"] == 4401
    await asyncio.sleep(0.2)
    assert await log_count(match) == 0, "no move was made for the old identity"


async def test_signing_in_as_another_account_stops_the_old_sockets_moves():
    ada, match = await ada_in_a_match()
    other = await database_sync_to_async(get_user_model().objects.create_user)(
        "mallory", password="x-long-pass-2"
    )
    client = AsyncClient()
    await client.aforce_login(
        await database_sync_to_async(get_user_model().objects.get)(pk=ada.user_id)
    )
    comm = await adas_socket(client, match)
    await client.aforce_login(other)  # the same browser signs in as someone else
    await ends_without_moving(comm, match)


async def test_a_deleted_session_row_stops_its_sockets_moves():
    ada, match = await ada_in_a_match()
    client = AsyncClient()
    await client.aforce_login(
        await database_sync_to_async(get_user_model().objects.get)(pk=ada.user_id)
    )
    comm = await adas_socket(client, match)
    key = client.cookies["sessionid"].value
    await database_sync_to_async(Session.objects.filter(session_key=key).delete)()
    await ends_without_moving(comm, match)
