"""Match chat through the real ASGI stack: who hears which room, the limits, blocks and mutes.

The leak rule is checked on the frames themselves: a spectator's words must never be in
anything a player's socket receives while the match runs."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import AsyncClient

from games.engines import get_engine
from games.engines.core import canonical_json
from games.matches import blocks, chat, reports, services
from games.matches.identity import Player
from games.models import ChatLine, Match, Report
from project.asgi import application

from .conftest import EC, persona, until, ws_headers

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def account(name: str) -> Player:
    user = get_user_model().objects.create_user(name, password="pw-" + name)
    return Player(user_id=user.pk, guest_id="", name=name)


async def account_headers(player: Player) -> list[tuple[bytes, bytes]]:
    """A signed-in session for the account, as the browser holds after logging in."""
    user = await database_sync_to_async(get_user_model().objects.get)(pk=player.user_id)
    client = AsyncClient()
    await client.aforce_login(user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    return [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)]


async def connect(code: str, player: Player | None) -> WebsocketCommunicator:
    if player is not None and player.user_id is not None:
        headers = await account_headers(player)
    else:
        headers = ws_headers(player)
    comm = WebsocketCommunicator(application, f"/ws/m/{code}/", headers=headers)
    connected, _ = await comm.connect(timeout=5)
    assert connected
    await until(comm, 'id="chat-players"')  # the snapshot, then the chat as stored
    return comm


async def quiet(comm: WebsocketCommunicator, timeout: float = 0.5) -> str:
    out = []
    while not await comm.receive_nothing(timeout=timeout):
        out.append(await comm.receive_from(timeout=timeout))
    return "".join(out)


def say(text: str) -> str:
    return json.dumps({"chat": text, "HEADERS": {}})


@database_sync_to_async
def match_between(host: Player, guest: Player) -> Match:
    match = services.create_match(EC, host)
    services.join_match(match.pk, guest)
    return Match.objects.get(pk=match.pk)


@database_sync_to_async
def make_accounts(*names: str) -> list[Player]:
    return [account(n) for n in names]


async def test_players_talk_and_spectators_read_them():
    alice, bob = persona("alice"), persona("bob")
    (dave,) = await make_accounts("dave")
    match = await match_between(alice, bob)
    a, b, d = [await connect(match.code, p) for p in (alice, bob, dave)]
    await a.send_to(text_data=say("good luck, bob"))
    for comm in (a, b, d):
        frame = await until(comm, "good luck, bob")
        assert 'hx-swap-oob="beforeend"' in frame and 'id="chat-players"' in frame
    assert await database_sync_to_async(ChatLine.objects.filter(match=match).count)() == 1
    for comm in (a, b, d):
        await comm.disconnect()


async def test_a_spectators_line_never_reaches_a_players_socket_while_the_match_runs():
    alice, bob = persona("alice"), persona("bob")
    dave, erin = await make_accounts("dave", "erin")
    match = await match_between(alice, bob)
    a, b = await connect(match.code, alice), await connect(match.code, bob)
    d, e = await connect(match.code, dave), await connect(match.code, erin)
    await d.send_to(text_data=say("her hand holds two fire cards"))
    for comm in (d, e):
        frame = await until(comm, "her hand holds two fire cards")
        assert 'id="chat-spectators"' in frame
    # Every frame a player's socket gets from here on, a move's included, is checked.
    action = get_engine(EC).legal_actions(match.state, 0)[0]
    await a.send_to(
        text_data=json.dumps({"action": canonical_json(action), "step": match.step, "HEADERS": {}})
    )
    got_a, got_b = await until(a, 'id="match-status"'), await until(b, 'id="match-status"')
    await a.send_to(text_data=say("ready?"))
    got_a += await until(a, "ready?")
    got_b += await until(b, "ready?")
    got_a += await quiet(a)
    got_b += await quiet(b)
    assert await database_sync_to_async(match.actions.count)() == 1, "the move was made"
    assert "fire cards" not in got_a and "fire cards" not in got_b
    # A player's page, reloaded, does not show it either; a spectator's does.
    lines_for_player = await database_sync_to_async(
        lambda: chat.lines_for(Match.objects.get(pk=match.pk), alice)
    )()
    assert lines_for_player["spectators"] == []
    # Once the match is over the spectators' room opens to the players, at once.
    await database_sync_to_async(services.resign)(match.pk, alice)
    for comm in (a, b):
        opened = await until(comm, "fire cards")
        assert 'id="chat-spectators-room" hx-swap-oob="true"' in opened
        assert 'id="chat-spectators-room" hidden' not in opened
    await d.send_to(text_data=say("what a finish"))
    assert "what a finish" in await until(a, "what a finish")
    everything = await until(b, "what a finish")
    assert "fire cards" in everything, "the players' page now shows the whole room"
    for comm in (a, b, d, e):
        await comm.disconnect()


async def test_a_guest_spectator_reads_but_may_not_write():
    alice, bob, carol = persona("alice"), persona("bob"), persona("carol")
    match = await match_between(alice, bob)
    a, c = await connect(match.code, alice), await connect(match.code, carol)
    await c.send_to(text_data=say("hello players"))
    assert "Sign in to write in the spectators" in await until(c, "Sign in")
    assert "hello players" not in await quiet(a)
    for comm in (a, c):
        await comm.disconnect()


async def test_limits_are_refused_in_words():
    alice, bob = persona("alice"), persona("bob")
    match = await match_between(alice, bob)
    a = await connect(match.code, alice)
    await a.send_to(text_data=say("x" * 301))
    assert "at most 300 characters; yours has 301" in await until(a, "at most 300")
    await a.send_to(text_data=json.dumps({"chat_quick": "lol", "HEADERS": {}}))
    assert "not one of those offered" in await until(a, "not one of those")
    await a.send_to(text_data=json.dumps({"chat": ["not", "text"], "HEADERS": {}}))
    assert "not understood" in await until(a, "not understood")
    for n in range(5):
        await a.send_to(text_data=say(f"line {n}"))
        await until(a, f"line {n}<")
    await a.send_to(text_data=say("line six"))
    refusal = await until(a, "At most 5 lines in 10 seconds")
    assert "line six" not in refusal + await quiet(a)
    assert await database_sync_to_async(ChatLine.objects.count)() == 5
    await a.disconnect()


async def test_markup_in_a_line_arrives_as_text():
    alice, bob = persona("alice"), persona("bob")
    match = await match_between(alice, bob)
    a, b = await connect(match.code, alice), await connect(match.code, bob)
    await a.send_to(text_data=say('<script>alert(1)</script><img src=x onerror="alert(2)">'))
    frame = await until(b, "alert(2)")
    assert "<script>" not in frame and "<img" not in frame
    assert (
        "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;"
        in (frame)
    )
    for comm in (a, b):
        await comm.disconnect()


async def test_a_block_hides_lines_both_ways():
    alice, bob, dave = await make_accounts("alice_a", "bob_a", "dave_a")
    match = await match_between(alice, bob)
    await database_sync_to_async(blocks.block)(alice.user_id, bob.user_id)
    a, b, d = [await connect(match.code, p) for p in (alice, bob, dave)]
    await b.send_to(text_data=say("from bob"))
    await until(d, "from bob")
    await a.send_to(text_data=say("from alice"))
    await until(d, "from alice")
    assert "from bob" not in await quiet(a)
    assert "from alice" not in await quiet(b)
    for comm in (a, b, d):
        await comm.disconnect()


async def test_a_mute_silences_the_account_at_once_on_its_open_sockets():
    alice, bob = await make_accounts("alice_m", "bob_m")
    match = await match_between(alice, bob)
    a, b = await connect(match.code, alice), await connect(match.code, bob)
    await b.send_to(text_data=say("rude words"))
    await until(a, "rude words")

    def report_and_mute():
        line = ChatLine.objects.get(text="rude words")
        report = reports.report_line(line, alice.user_id)
        reports.mute(report, hours=24)
        return Report.objects.get(pk=report.pk)

    report = await database_sync_to_async(report_and_mute)()
    assert report.status == Report.Status.MUTED
    assert "Staff muted you until" in await until(b, "Staff muted you")
    await b.send_to(text_data=say("more rude words"))
    assert "your messages reach no one" in await until(b, "reach no one")
    assert "more rude words" not in await quiet(a)
    for comm in (a, b):
        await comm.disconnect()
