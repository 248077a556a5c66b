"""Sockets that always clean up, presence that cannot drift, caps, logout (issue 22 findings
1, 2, 6 and 9), against real consumers through the real ASGI stack."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.db import connection
from django.test import AsyncClient
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.engines import get_engine
from games.live import consumers, sockets, watching
from games.matches import presence, services
from games.matches.identity import Player
from games.models import LiveSocket, Match, Seat
from project.asgi import application

from .conftest import OWN_DOT, persona, until, ws_headers
from .test_consumers import drain, frame, log_count, online_match, where_moves_run  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def connect(code: str, player, app=application, client=None) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(app, f"/ws/m/{code}/", headers=ws_headers(player))
    if client is not None:
        comm.scope["client"] = client
    connected, _ = await comm.connect(timeout=5)
    assert connected
    return comm


@database_sync_to_async
def seat_presence(match: Match) -> dict[int, int]:
    return dict(Seat.objects.filter(match=match).values_list("index", "connections"))


@database_sync_to_async
def socket_rows(match: Match | None = None) -> int:
    rows = LiveSocket.objects.all()
    return rows.filter(match=match).count() if match is not None else rows.count()


async def closed_with(comm: WebsocketCommunicator) -> dict:
    """Read until the server closes the socket; the close message."""
    while True:
        out = await comm.receive_output(timeout=5)
        if out["type"] == "websocket.close":
            return out


async def assert_all_gone(match: Match) -> None:
    assert await seat_presence(match) == {0: 0, 1: 0}
    assert await socket_rows() == 0
    assert watching.watchers(match.pk) == ()
    assert sockets.held() == []


async def test_a_lone_surrogate_in_a_move_is_refused_without_killing_the_socket():
    """Finding 1: the engine's message quoted the move's type, a lone surrogate, and the send
    of that message failed, so the socket died without its cleanup."""
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    await until(alice, 'id="board"')
    await alice.send_to(text_data=json.dumps({"action": '{"type":"\\ud800"}', "step": match.step}))
    reply = await until(alice, 'id="flash"')
    assert 'id="flash"' in reply and "\ud800" not in reply
    reply.encode("utf-8")  # sendable
    assert await seat_presence(match) == {0: 1, 1: 0}
    move = get_engine("elemental-clash").legal_actions(match.state, 0)[0]
    await alice.send_to(text_data=frame(move, match.step))
    await until(alice, f'data-version="{match.version + 1}"')
    assert await log_count(match) == 1, "the same socket still plays"
    await alice.disconnect()
    await assert_all_gone(match)


async def test_a_handler_that_crashes_still_runs_every_cleanup(monkeypatch):
    """Whatever a handler raises, the socket closes and lets go of its group, watcher slot,
    re-check task and presence row. Many crashes in a row leave nothing behind."""
    match = await online_match()

    async def broken(self, text_data=None, bytes_data=None):
        raise RuntimeError("a bug in a handler")

    monkeypatch.setattr(consumers.MatchConsumer, "receive", broken)
    for _ in range(30):
        alice = await connect(match.code, persona("alice"))
        await until(alice, 'id="board"')
        assert await seat_presence(match) == {0: 1, 1: 0}
        await alice.send_to(text_data="{}")
        assert (await closed_with(alice))["code"] == 1011
        await alice.wait(timeout=5)  # the consumer has ended
    await assert_all_gone(match)


class ClosingHandshake:
    """Daphne (autobahn) raises on a send that reaches a socket whose close handshake has
    begun. This wraps the application so that, once ``closing`` is set, every send from it
    raises the same way: the race of finding 2, made to happen every time."""

    def __init__(self) -> None:
        self.closing = False

    async def __call__(self, scope, receive, send):
        async def guarded_send(message):
            if self.closing and message["type"] == "websocket.send":
                raise RuntimeError("Attempt to send on a closed protocol")
            await send(message)

        await application(scope, receive, guarded_send)


async def test_a_presence_broadcast_during_the_close_handshake_leaves_nobody_online():
    """Finding 2: a presence notice that reached a closing socket raised, skipped its
    cleanup, and the seat showed "online" for good. Run many times."""
    match = await online_match()
    for _ in range(25):
        race = ClosingHandshake()
        alice = await connect(match.code, persona("alice"), app=race)
        await until(alice, 'id="board"')
        bob = await connect(match.code, persona("bob"))
        await until(bob, 'id="board"')
        race.closing = True  # alice's tab is closing as bob's arrival is announced ...
        await bob.disconnect()  # ... and as bob leaves again
        await alice.wait(timeout=5)  # alice's consumer ended on the failed send
        await alice.disconnect()  # the close arrives after the crash: nothing left to do
        assert await seat_presence(match) == {0: 0, 1: 0}
    await assert_all_gone(match)


async def test_sockets_opened_and_closed_in_turn_return_presence_to_zero():
    match = await online_match()
    open_ = []
    for i in range(10):
        open_.append(await connect(match.code, persona("alice" if i % 2 else "bob")))
        if i % 3 == 2:
            await open_.pop(0).disconnect()
    assert (await seat_presence(match))[0] > 0
    for comm in open_:
        await comm.disconnect()
    await assert_all_gone(match)


@database_sync_to_async
def crashed_socket(match: Match, seat: int, seconds_ago: float) -> None:
    """A row whose socket died without any cleanup, as a killed process leaves it."""
    then = timezone.now() - timezone.timedelta(seconds=seconds_ago)
    LiveSocket.objects.create(
        channel_name=f"gone-{seat}-{seconds_ago}",
        kind=LiveSocket.Kind.MATCH,
        match=match,
        seat=seat,
        opened_at=then,
        seen_at=then,
    )
    Seat.objects.filter(match=match, index=seat).update(connections=1)


async def test_presence_of_a_socket_nobody_beats_expires(settings):
    settings.WS_SOCKET_EXPIRY_SECONDS = 5
    match = await online_match()
    await crashed_socket(match, 1, seconds_ago=60)
    alice = await connect(match.code, persona("alice"))
    await until(alice, 'id="board"')
    await sockets.beat_now()  # alice's row is beaten; the dead one expires
    assert await seat_presence(match) == {0: 1, 1: 0}
    assert 'id="seat-dot-1" class="dot off"' in await until(
        alice, 'id="seat-dot-1" class="dot off" title="away" hx'
    ), "alice sees bob gone"
    await alice.disconnect()
    await assert_all_gone(match)


async def test_a_worker_starting_recomputes_presence_from_the_rows():
    match = await online_match()
    await database_sync_to_async(Seat.objects.filter(match=match).update)(connections=7)
    await database_sync_to_async(presence.reset_on_start)()
    assert await seat_presence(match) == {0: 0, 1: 0}


async def test_a_worker_starting_recounts_only_the_seats_the_rows_contradict():
    """The reset runs on the first heartbeat of a busy hall: seats whose count the rows bear
    out are left alone (no statements per seat), so the writers' lock is not held long."""
    matches = [await online_match() for _ in range(3)]

    def reset_counting_statements():
        now = timezone.now()
        for number, match in enumerate(matches):
            LiveSocket.objects.create(
                channel_name=f"open-{number}",
                kind=LiveSocket.Kind.MATCH,
                match=match,
                seat=0,
                opened_at=now,
                seen_at=now,
            )
            Seat.objects.filter(match=match, index=0).update(connections=1)  # as the rows say
        # A count no row bears out:
        Seat.objects.filter(match=matches[0], index=1).update(connections=4)
        with CaptureQueriesContext(connection) as statements:
            presence.reset_on_start()
        return len(statements.captured_queries)

    statements = await database_sync_to_async(reset_counting_statements)()
    assert [await seat_presence(m) for m in matches] == [{0: 1, 1: 0}] * 3
    # expire (its read and delete), the two reads, the one wrong seat's recount: never
    # a recount per online seat.
    assert statements <= 12, statements


async def test_one_session_cannot_open_more_sockets_than_the_cap(settings):
    """Finding 6: one session opened 300 sockets. Spectators count too."""
    settings.WS_MAX_SOCKETS_PER_SESSION = 3
    match = await online_match()
    headers = ws_headers(persona("carol"))  # one session for every socket below
    held = []
    for _ in range(3):
        comm = WebsocketCommunicator(application, f"/ws/m/{match.code}/", headers=headers)
        assert (await comm.connect(timeout=5))[0]
        held.append(comm)
    extra = WebsocketCommunicator(application, "/ws/lobby/elemental-clash/", headers=headers)
    assert (await extra.connect(timeout=5))[0]
    refusal = await extra.receive_from(timeout=5)
    assert "Too many open pages in this browser" in refusal
    close = await closed_with(extra)
    assert close["code"] == 4429 and "Too many" in close["reason"]
    assert await socket_rows() == 3
    await held.pop().disconnect()
    again = WebsocketCommunicator(application, f"/ws/m/{match.code}/", headers=headers)
    assert (await again.connect(timeout=5))[0]
    assert 'id="board"' in await until(again, 'id="board"'), "a freed place can be used again"
    for comm in [*held, again]:
        await comm.disconnect()
    assert await socket_rows() == 0


async def test_one_address_cannot_open_more_sockets_than_the_cap(settings):
    settings.WS_MAX_SOCKETS_PER_IP = 2
    match = await online_match()
    here = ("203.0.113.9", 50000)
    first = await connect(match.code, persona("carol"), client=here)
    second = await connect(match.code, persona("dave"), client=here)
    third = await connect(match.code, persona("erin"), client=here)
    assert "Too many open pages from this address" in await third.receive_from(timeout=5)
    assert (await closed_with(third))["code"] == 4429
    elsewhere = await connect(match.code, persona("frank"), client=("198.51.100.4", 1))
    assert 'id="board"' in await until(elsewhere, 'id="board"')
    for comm in (first, second, elsewhere):
        await comm.disconnect()


async def test_spectators_arriving_send_nothing_to_the_other_sockets():
    """Finding 6: every arrival re-rendered every socket's status bar (N²). Spectators do
    not change presence, so the players' sockets hear nothing of them."""
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    await until(alice, OWN_DOT)  # her board, then the dot of her own arrival
    watchers = [await connect(match.code, persona(f"watcher{i}")) for i in range(15)]
    for comm in watchers:
        await until(comm, 'id="board"')
    assert await drain(alice) == ""
    for comm in watchers:
        await comm.disconnect()
    await alice.disconnect()


async def test_logging_out_closes_the_sockets_of_that_session_and_they_cannot_move():
    """Finding 9: a socket opened before logout could still make moves."""
    user = await database_sync_to_async(User.objects.create_user)("ada", password="x-long-pass-1")
    client = AsyncClient()
    await client.aforce_login(user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    ada = Player(user_id=user.pk, guest_id="", name="ada")
    match = await database_sync_to_async(services.create_match)("elemental-clash", ada)
    await database_sync_to_async(services.join_match)(match.pk, persona("bob"))
    match = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)]
    comm = WebsocketCommunicator(application, f"/ws/m/{match.code}/", headers=headers)
    assert (await comm.connect(timeout=5))[0]
    await until(comm, 'id="board"')
    await client.post("/accounts/logout/")
    close = await closed_with(comm)
    assert close["code"] == 4401
    await comm.wait(timeout=5)
    move = get_engine("elemental-clash").legal_actions(match.state, 0)[0]
    await comm.send_to(text_data=frame(move, match.step))
    await asyncio.sleep(0.3)
    assert await log_count(match) == 0, "no move was made after logout"
    assert await seat_presence(match) == {0: 0, 1: 0}


@database_sync_to_async
def phalanx_match() -> Match:
    match = services.create_match("phalanx", persona("alice"))
    services.join_match(match.pk, persona("bob"))
    return Match.objects.get(pk=match.pk)


@pytest.mark.usefixtures("where_moves_run")  # moves made in daphne, then in a worker
async def test_a_refusal_never_sends_back_what_the_client_wrote():
    """Phalanx's engine quotes an unknown action type; the socket says it in fixed words."""
    match = await phalanx_match()
    alice = await connect(match.code, persona("alice"))
    await until(alice, 'id="board"')
    for kind in ("zq-unknown-zq", "zq\u202e\u0007zq"):
        move = json.dumps({"type": kind})
        await alice.send_to(text_data=json.dumps({"action": move, "step": match.step}))
        reply = await until(alice, 'id="flash"')
        assert "zq" not in reply
        assert "That move is not one this game knows." in reply
    await alice.disconnect()
