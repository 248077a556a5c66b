"""A match page names the board it was served with in its socket's address
(games/live/held.py): the socket's first frame is not sent when it is those very bytes; it
is sent whole when the match moved on since, when the address names nothing, and when it
names something else or something malformed. Real consumers through the ASGI stack."""

import html
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.engines import get_engine
from games.live import held
from games.live.rendering import Viewer, render_fragments
from games.matches import services
from games.models import Match
from project.asgi import application
from tests.pages import apply_frame, board_of, is_board_frame

from .conftest import EC, persona, session_cookie_for, ws_headers
from .test_consumers import drain, frame, reply

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ALICE, BOB = persona("alice"), persona("bob")
SOCKET = re.compile(r'ws-connect="(/ws/m/[^"]+)"')


@database_sync_to_async
def started_match() -> Match:
    match = services.create_match(EC, ALICE, timed=False)
    services.join_match(match.pk, BOB)
    return Match.objects.get(pk=match.pk)


@database_sync_to_async
def page_of(match: Match, player) -> str:
    client = Client()
    name, key = session_cookie_for(player).decode().split("=", 1)
    client.cookies[name] = key
    answer = client.get(f"/m/{match.code}/")
    assert answer.status_code == 200
    return answer.content.decode()


@database_sync_to_async
def reloaded_board(match: Match, player, seat: int) -> str:
    return board_of(render_fragments(Match.objects.get(pk=match.pk), Viewer(player, seat)))


def socket_address(page: str) -> str:
    return html.unescape(SOCKET.search(page)[1])


async def open_socket(address: str, player) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, address, headers=ws_headers(player))
    connected, _ = await comm.connect(timeout=5)
    assert connected
    return comm


async def test_the_first_frame_is_not_sent_when_the_page_shows_it_and_the_next_build_on_it():
    match = await started_match()
    page = await page_of(match, ALICE)
    address = socket_address(page)
    assert "held=" in address
    alice = await open_socket(address, ALICE)
    assert not is_board_frame(await drain(alice, 1.0)), "the page already shows this board"

    # The socket knows what the page holds: bob's pick brings a frame that, applied to the
    # page as served, gives what a reload shows.
    bob = await open_socket(f"/ws/m/{match.code}/", BOB)
    await drain(bob)
    await bob.send_to(text_data=frame(get_engine(EC).legal_actions(match.state, 1)[0], match.step))
    after_pick = await reply(alice)
    assert is_board_frame(after_pick)
    assert apply_frame(board_of(page), after_pick) == await reloaded_board(match, ALICE, 0)
    await alice.disconnect(), await bob.disconnect()


async def test_a_page_served_before_a_move_is_sent_the_board_whole():
    match = await started_match()
    page = await page_of(match, ALICE)
    await database_sync_to_async(services.submit)(
        match.pk, BOB, 1, get_engine(EC).legal_actions(match.state, 1)[0], match.step
    )
    alice = await open_socket(socket_address(page), ALICE)
    first = await reply(alice)
    assert '<div id="board"' in first, "the whole board, as without a name"
    assert board_of(first) == await reloaded_board(match, ALICE, 0)
    await alice.disconnect()


@pytest.mark.parametrize(
    "query",
    ["", "?held=", "?held=" + "0" * 32, "?held=" + "g" * 32, "?held=%00%ff", "?held=a&held=<b>"],
    ids=["none", "empty", "another-board", "not-hex", "bytes", "markup"],
)
async def test_a_socket_that_names_nothing_or_something_else_gets_the_whole_board(query):
    match = await started_match()
    page = await page_of(match, ALICE)
    alice = await open_socket(f"/ws/m/{match.code}/{query}", ALICE)
    first = await reply(alice)
    assert board_of(first) == board_of(page)
    await alice.disconnect()


async def test_the_name_is_the_frame_the_page_holds_for_each_viewer():
    """Each seat's page names its own board: one seat's name opens nothing on the other's."""
    match = await started_match()
    alices_page, bobs_page = await page_of(match, ALICE), await page_of(match, BOB)
    alices_name = held.named(socket_address(alices_page).split("?", 1)[1].encode())
    assert alices_name and alices_name != held.named(
        socket_address(bobs_page).split("?", 1)[1].encode()
    )
    bob = await open_socket(f"/ws/m/{match.code}/?held={alices_name}", BOB)
    assert board_of(await reply(bob)) == board_of(bobs_page)
    await bob.disconnect()
