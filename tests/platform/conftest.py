"""Personas and helpers for platform tests: alice and bob play, carol watches."""

import asyncio

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

from games.matches.identity import Player

EC = "elemental-clash"


def persona(name: str) -> Player:
    return Player(user_id=None, guest_id=f"guest-{name}", name=name)


@pytest.fixture
def alice() -> Player:
    return persona("alice")


@pytest.fixture
def bob() -> Player:
    return persona("bob")


@pytest.fixture
def carol() -> Player:
    return persona("carol")


def session_cookie_for(player: Player) -> bytes:
    """A real session row carrying the persona's guest identity, as the browser would have."""
    store = SessionStore()
    store["guest_id"] = player.guest_id
    store["guest_name"] = player.name
    store.create()
    return f"sessionid={store.session_key}".encode()


def ws_headers(player: Player | None) -> list[tuple[bytes, bytes]]:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if player is not None:
        headers.append((b"cookie", session_cookie_for(player)))
    return headers


async def until(comm: WebsocketCommunicator, needle: str, timeout: float = 15) -> str:
    """Everything received until ``needle`` shows up (a loaded machine may be slow)."""
    got = []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while needle not in "".join(got):
        left = deadline - loop.time()
        assert left > 0, f"{needle!r} never came; got {''.join(got)[-500:]!r}"
        out = await comm.receive_output(timeout=left)
        assert out["type"] == "websocket.send", f"closed while waiting for {needle!r}: {out}"
        got.append(out.get("text", ""))
    return "".join(got)


OWN_DOT = 'hx-swap-oob="true"></span>'  # a presence change's single dot
