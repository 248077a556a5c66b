"""What a match socket sends of the chat when it opens: the lists only when the page may
lack some of them. A page says the newest line it shows in its socket's address
(``?chat=``, games/live/chat.py); pairs opening their next matches together made these
lists, resent to pages that had them, a tenth of daphne's work."""

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import AsyncClient

from games.matches import chat, services
from games.models import Match
from project.asgi import application

from .conftest import EC, persona, session_cookie_for, until, ws_headers

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

LISTS = 'id="chat-players"'


@database_sync_to_async
def match_with_a_line(text: str) -> tuple[Match, int]:
    alice, bob = persona("alice"), persona("bob")
    match = services.create_match(EC, alice)
    services.join_match(match.pk, bob)
    line = chat.say(match.pk, alice, text, None)
    return Match.objects.get(pk=match.pk), line.pk


async def opening(code: str, query: str) -> str:
    """Everything a socket of alice's sends when it opens, until it has been quiet a while."""
    comm = WebsocketCommunicator(
        application, f"/ws/m/{code}/{query}", headers=ws_headers(persona("alice"))
    )
    connected, _ = await comm.connect(timeout=10)
    assert connected
    got = [await until(comm, 'id="board"')]
    while not await comm.receive_nothing(timeout=1):
        got.append(await comm.receive_from(timeout=5))
    await comm.disconnect()
    return "".join(got)


async def test_a_page_that_shows_the_newest_line_is_not_sent_the_lists_again():
    match, newest = await match_with_a_line("good luck")
    sent = await opening(match.code, f"?chat={newest}")
    assert 'id="board"' in sent
    assert LISTS not in sent and "good luck" not in sent


async def test_a_page_behind_the_chat_gets_both_lists_with_the_line_it_missed():
    match, newest = await match_with_a_line("you missed this")
    sent = await opening(match.code, f"?chat={newest - 1}")
    assert LISTS in sent and 'id="chat-spectators"' in sent
    assert "you missed this" in sent


@pytest.mark.parametrize("query", ["", "?chat=", "?chat=-1", "?chat=1e3", "?chat=%D9%A3"])
async def test_a_page_that_does_not_say_what_it_shows_gets_the_lists(query):
    match, _ = await match_with_a_line("hello")
    sent = await opening(match.code, query)
    assert LISTS in sent and "hello" in sent


async def test_a_socket_opening_on_an_ended_match_sends_the_lists_whatever_the_page_says():
    """At the end a player's page gains the spectators' room: a page rendered while the
    match ran holds neither that room nor its lines."""
    match, newest = await match_with_a_line("gg")
    await database_sync_to_async(services.resign)(match.pk, persona("bob"))
    sent = await opening(match.code, f"?chat={newest}")
    assert LISTS in sent and "gg" in sent


async def test_the_match_page_opens_its_socket_saying_the_newest_line_it_shows():
    match, newest = await match_with_a_line("first")
    client = AsyncClient()
    client.cookies.load(session_cookie_for(persona("alice")).decode())
    page = (await client.get(f"/m/{match.code}/")).content.decode()
    address = re.search(r'ws-connect="(/ws/m/[^"]+)"', page)
    assert address is not None
    assert parse_qs(urlsplit(html.unescape(address.group(1))).query)["chat"] == [str(newest)]


async def test_a_line_said_as_the_opening_reads_the_lists_reaches_the_page_once(monkeypatch):
    """The socket joins its match's group before it reads the lists: a line said in between
    is in the lists it sends and comes from the group as well, and must not be appended a
    second time."""
    from games.live import chat as live_chat

    match, newest = await match_with_a_line("hello")
    read_lists = live_chat.lists_if_behind

    def said_meanwhile(opened_on, player, shown):
        chat.say(match.pk, persona("bob"), "said just now", None)
        return read_lists(opened_on, player, shown)

    monkeypatch.setattr(live_chat, "lists_if_behind", said_meanwhile)
    sent = await opening(match.code, f"?chat={newest}")
    assert LISTS in sent
    assert sent.count("said just now") == 1, sent[-800:]
