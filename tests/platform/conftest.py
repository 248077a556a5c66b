"""Personas and helpers for platform tests: alice and bob play, carol watches."""

import pytest
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
