"""A game's lobby room: signed-up players talk to everyone on that lobby page, with the
limits of match chat (counted across every room) and blocks."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.matches import blocks, lobby_chat, reports
from games.models import ChatLine
from project.asgi import application

from .conftest import EC, persona, until, ws_headers
from .test_chat import account, account_headers, quiet, say

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def lobby(player, game: str = EC) -> WebsocketCommunicator:
    if player.user_id is not None:
        headers = await account_headers(player)
    else:
        headers = ws_headers(player)
    comm = WebsocketCommunicator(application, f"/ws/lobby/{game}/", headers=headers)
    assert (await comm.connect(timeout=5))[0]
    await comm.receive_from(timeout=5)  # the open challenges
    return comm


async def test_signed_up_players_talk_in_their_games_lobby_and_guests_read():
    ann, ben = await database_sync_to_async(lambda: [account("ann_l"), account("ben_l")])()
    a, b, g = await lobby(ann), await lobby(ben), await lobby(persona("gus"))
    elsewhere = await lobby(ben, "phalanx")
    await a.send_to(text_data=say("anyone for a best of three?"))
    for comm in (a, b, g):
        frame = await until(comm, "best of three")
        assert 'id="chat-lobby" hx-swap-oob="beforeend"' in frame
    assert "best of three" not in await quiet(elsewhere), "one room per game"
    await g.send_to(text_data=say("me!"))
    assert "Sign up or log in to talk in the lobby" in await until(g, "Sign up or log in")
    assert "me!" not in await quiet(a)
    for comm in (a, b, g, elsewhere):
        await comm.disconnect()


async def test_the_rate_limit_counts_every_room_and_blocks_hide_lines():
    ann, ben, cat = await database_sync_to_async(
        lambda: [account("ann_k"), account("ben_k"), account("cat_k")]
    )()
    await database_sync_to_async(blocks.block)(ann.user_id, ben.user_id)
    a, b, c = await lobby(ann), await lobby(ben), await lobby(cat)
    for n in range(5):
        await b.send_to(text_data=say(f"ben {n}"))
        await until(c, f"ben {n}<")
    await b.send_to(text_data=json.dumps({"chat_quick": "gg", "HEADERS": {}}))
    assert "At most 5 lines in 10 seconds" in await until(b, "At most 5")
    assert "ben " not in await quiet(a), "ann blocked ben"
    assert await database_sync_to_async(ChatLine.objects.filter(lobby=EC).count)() == 5
    for comm in (a, b, c):
        await comm.disconnect()


async def test_a_lobby_line_is_reported_with_the_lobby_lines_around_it():
    ann, ben = await database_sync_to_async(lambda: [account("ann_q"), account("ben_q")])()

    def report():
        lobby_chat.say(EC, ann, "hello all")
        lobby_chat.say("phalanx", ann, "another lobby")
        line = lobby_chat.say(EC, ben, "rude")
        return reports.report_line(line, ann.user_id)

    made = await database_sync_to_async(report)()
    assert [x["text"] for x in made.context] == ["hello all", "rude"]
    assert made.match_id is None
