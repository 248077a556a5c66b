"""A lobby page and an arena page name the live region they were served with (the open
challenges, the arena's table) in their socket's address (games/live/held.py): the socket
does not send those bytes again as the page opens, nor later when a change leaves them as
they were; anything else goes. Real consumers through the ASGI stack; the pages are the
views' own answers."""

import asyncio
import html
import re

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from games.live import consumers
from games.matches import services
from games.matches.arenas import entry
from games.matches.broadcast import lobby_group
from games.models import Arena
from project.asgi import application

from .conftest import EC, persona, session_cookie_for
from .test_arena_socket import signed_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

SOCKET = re.compile(r'ws-connect="(/ws/(?:lobby|arena)/[^"]+)"')
HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.fixture(autouse=True)
def quick(settings, monkeypatch):
    settings.ARENA_TICK_SECONDS = 0.1
    monkeypatch.setattr(consumers, "LOBBY_COALESCE_SECONDS", 0.1)


def address_in(page: str) -> str:
    return html.unescape(SOCKET.search(page)[1])


async def served(path: str, cookie: bytes) -> str:
    """The page at ``path`` as the browser with ``cookie`` is served it."""

    def get() -> str:
        client = Client()
        name, key = cookie.decode().split("=", 1)
        client.cookies[name] = key
        answer = client.get(path)
        assert answer.status_code == 200
        return answer.content.decode()

    return await database_sync_to_async(get)()


async def opened(address: str, cookie: bytes) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, address, headers=[*HEADERS, (b"cookie", cookie)])
    assert (await comm.connect(timeout=5))[0]
    return comm


async def frames_within(comm: WebsocketCommunicator, seconds: float) -> list[str]:
    await asyncio.sleep(seconds)
    got = []
    while not await comm.receive_nothing(timeout=0.05):
        got.append(await comm.receive_from())
    return got


@database_sync_to_async
def challenge_by(name: str) -> str:
    return services.create_match(EC, persona(name)).code


async def guest_lobby() -> tuple[str, bytes]:
    """A guest's lobby page (one who has a session: the socket opens with the page)."""
    cookie = await database_sync_to_async(session_cookie_for)(persona("x"))
    return await served(f"/g/{EC}/", cookie), cookie


async def test_a_lobby_socket_does_not_draw_again_the_challenges_its_page_shows():
    code = await challenge_by("host0")
    page, cookie = await guest_lobby()
    assert code in page
    address = address_in(page)
    assert "?held=" in address
    comm = await opened(address, cookie)
    assert await frames_within(comm, 1.0) == [], "the page shows these very challenges"

    # A new challenge changes the list: it is drawn, with the one the page had.
    newer = await challenge_by("host1")
    frames = await frames_within(comm, 1.5)
    assert len(frames) == 1 and code in frames[0] and newer in frames[0]
    await comm.disconnect()


async def test_a_lobby_change_that_leaves_the_list_as_it_was_draws_nothing():
    await challenge_by("host0")
    page, cookie = await guest_lobby()
    comm = await opened(address_in(page), cookie)
    await get_channel_layer().group_send(lobby_group(EC), {"type": "lobby.changed"})
    assert await frames_within(comm, 1.0) == []
    await comm.disconnect()


async def test_a_lobby_page_served_before_a_change_gets_the_list_as_it_is_now():
    page, cookie = await guest_lobby()
    code = await challenge_by("host0")
    comm = await opened(address_in(page), cookie)
    frames = await frames_within(comm, 1.0)
    assert len(frames) == 1 and code in frames[0]
    await comm.disconnect()


@pytest.mark.parametrize("held", ["", "?held=", "?held=0123", "?held=" + "g" * 32, "?held=<b>"])
async def test_a_lobby_socket_that_names_nothing_it_may_trust_gets_the_list(held):
    code = await challenge_by("host0")
    _, cookie = await guest_lobby()
    comm = await opened(f"/ws/lobby/{EC}/{held}", cookie)
    frames = await frames_within(comm, 1.0)
    assert len(frames) == 1 and code in frames[0]
    await comm.disconnect()


async def test_an_arena_socket_does_not_swap_the_table_its_page_shows_until_it_changes():
    arena = await database_sync_to_async(Arena.objects.create)(
        game="phalanx", name="Night arena", starts_at=timezone.now(), minutes=30
    )
    (ada, ada_cookie), (bo, bo_cookie) = await signed_in("ada"), await signed_in("bo")
    await database_sync_to_async(entry.join)(arena.pk, ada)
    page = await served(f"/a/{arena.pk}/", ada_cookie)
    address = address_in(page)
    assert "?held=" in address and 'id="arena-live"' in page
    ada_page = await opened(address, ada_cookie)
    # Several ticks go by (each beats, tries to pair, reads the phase): nothing to swap.
    assert await frames_within(ada_page, 1.0) == []

    # bo joins with his page open: they are paired, and ada's page is told where to go.
    await database_sync_to_async(entry.join)(arena.pk, bo)
    bo_page = await opened(f"/ws/arena/{arena.pk}/", bo_cookie)
    frames = await frames_within(ada_page, 2.0)
    assert frames and 'id="arena-go"' in frames[-1]
    await ada_page.disconnect(), await bo_page.disconnect()
