"""Socket caps behind the proxy (issue 38, E2): the cap per address counts the client's
address, never nginx's, a forged header from an untrusted peer buys nothing, and a player's
own seat socket is never refused (a refusal made a present player count as away)."""

import pytest
from channels.testing import WebsocketCommunicator

from project.asgi import application

from .conftest import persona, until, ws_headers
from .test_socket_hygiene import closed_with, online_match, seat_presence

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

NGINX = ("127.0.0.1", 50000)


async def open_socket(code: str, player, peer, forwarded_for: str | None = None):
    headers = ws_headers(player)
    if forwarded_for is not None:
        headers.append((b"x-forwarded-for", forwarded_for.encode()))
    comm = WebsocketCommunicator(application, f"/ws/m/{code}/", headers=headers)
    comm.scope["client"] = peer
    connected, _ = await comm.connect(timeout=5)
    assert connected
    return comm


async def refused(comm) -> bool:
    return (await closed_with(comm))["code"] == 4429


async def test_behind_a_trusted_proxy_each_client_has_its_own_cap(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    settings.WS_MAX_SOCKETS_PER_IP = 2
    match = await online_match()
    hog = [
        await open_socket(match.code, persona(f"hog{i}"), NGINX, "203.0.113.1") for i in range(2)
    ]
    for comm in hog:
        await until(comm, 'id="board"')
    third = await open_socket(match.code, persona("hog2"), NGINX, "203.0.113.1")
    assert await refused(third), "the same client past its cap"
    # Through the same nginx, another client is not locked out by the first one's sockets.
    other = await open_socket(match.code, persona("carol"), NGINX, "6.6.6.6, 198.51.100.4")
    assert 'id="board"' in await until(other, 'id="board"')
    for comm in (*hog, other):
        await comm.disconnect()


async def test_a_forged_header_from_an_untrusted_peer_does_not_escape_the_cap(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    settings.WS_MAX_SOCKETS_PER_IP = 2
    match = await online_match()
    direct = ("198.51.100.9", 40000)
    first = await open_socket(match.code, persona("m0"), direct, "192.0.2.1")
    second = await open_socket(match.code, persona("m1"), direct, "192.0.2.2")
    for comm in (first, second):
        await until(comm, 'id="board"')
    third = await open_socket(match.code, persona("m2"), direct, "192.0.2.3")
    assert await refused(third)
    for comm in (first, second):
        await comm.disconnect()


async def test_a_players_seat_socket_is_admitted_when_others_fill_the_address_cap(settings):
    """The attack of E2: sockets from the victim's address (behind the proxy: any address)
    fill the cap; the victim's match page must still hold its seat, or the attacker claims
    the win by abandonment while the victim's page is open."""
    settings.WS_MAX_SOCKETS_PER_IP = 2
    match = await online_match()
    shared = ("203.0.113.9", 50000)
    hog = [await open_socket(match.code, persona(f"hog{i}"), shared) for i in range(2)]
    for comm in hog:
        await until(comm, 'id="board"')
    alice = await open_socket(match.code, persona("alice"), shared)
    assert 'id="board"' in await until(alice, 'id="board"')
    assert (await seat_presence(match))[0] == 1, "alice is present"
    # Past her first, her sockets obey the cap like anyone's.
    again = await open_socket(match.code, persona("alice"), shared)
    assert await refused(again)
    assert (await seat_presence(match))[0] == 1
    for comm in (*hog, alice):
        await comm.disconnect()
