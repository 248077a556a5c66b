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


async def adas_signed_in_socket() -> tuple[AsyncClient, WebsocketCommunicator, Match]:
    ada, match = await ada_in_a_match()
    client = AsyncClient()
    await client.aforce_login(
        await database_sync_to_async(get_user_model().objects.get)(pk=ada.user_id)
    )
    return client, await adas_socket(client, match), match


# A move for a step the match has left: refused with a flash, after the session check.
STALE_FRAME = json.dumps({"action": json.dumps({"type": "pick"}), "step": "old", "HEADERS": {}})


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
    client, comm, match = await adas_signed_in_socket()
    key = client.cookies["sessionid"].value
    await database_sync_to_async(Session.objects.filter(session_key=key).delete)()
    await ends_without_moving(comm, match)


async def test_a_socket_asks_the_database_about_its_session_at_most_every_recheck(monkeypatch):
    """A query and a thread hop before every move were 15% of daphne's busy samples: in
    between rechecks the socket relies on the deletes its process saw."""
    from games.live import sessions

    asked = []
    real = sessions.session_expiry

    def counted(key):
        asked.append(key)
        return real(key)

    monkeypatch.setattr(sessions, "session_expiry", counted)
    _, comm, match = await adas_signed_in_socket()
    for _ in range(5):
        await comm.send_to(text_data=STALE_FRAME)
        await until(comm, "flash")  # each is answered: refused as stale
    assert len(asked) == 1, asked
    await comm.disconnect()


async def test_a_row_deleted_where_this_process_cannot_see_is_found_at_the_next_recheck(
    monkeypatch,
):
    """Another process's delete (a scale-out worker, a shell) sends this process no signal:
    the socket's next look at the database after RECHECK_SECONDS ends it."""
    from django.db import connection

    from games.live import sessions

    monkeypatch.setattr(sessions, "RECHECK_SECONDS", 0.3)
    client, comm, match = await adas_signed_in_socket()
    await comm.send_to(text_data=STALE_FRAME)
    await until(comm, "flash")  # the socket has asked once: alive

    @database_sync_to_async
    def delete_without_signals(key: str) -> None:
        with connection.cursor() as cursor:  # as another process would: no signal here
            cursor.execute("DELETE FROM django_session WHERE session_key = %s", [key])

    await delete_without_signals(client.cookies["sessionid"].value)
    await asyncio.sleep(0.4)
    await ends_without_moving(comm, match)
