"""The arena socket: an open page keeps its player present, pairs them within a tick, tells
the page where the match is, and pauses them when it closes; pages and HTTP views escape
names and refuse what they must."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import AsyncClient
from django.utils import timezone

from games.matches.arenas import entry
from games.matches.identity import Player
from games.models import Arena, ArenaPlayer, Match
from project.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_ticks(settings):
    settings.ARENA_TICK_SECONDS = 0.1


@database_sync_to_async
def running_arena() -> Arena:
    return Arena.objects.create(
        game="phalanx", name="Evening <b>arena</b>", starts_at=timezone.now(), minutes=30
    )


async def signed_in(name: str) -> tuple[Player, bytes]:
    user = await database_sync_to_async(get_user_model().objects.create_user)(
        name, password="x-long-pass-1"
    )
    client = AsyncClient()
    await client.aforce_login(user)
    return Player(user.pk, "", name), f"sessionid={client.cookies['sessionid'].value}".encode()


async def arena_socket(arena: Arena, cookie: bytes, path: str = "") -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)]
    comm = WebsocketCommunicator(application, f"/ws/arena/{arena.pk}/{path}", headers=headers)
    assert (await comm.connect(timeout=5))[0]
    return comm


async def until(comm, needle: str, timeout: float = 10.0) -> str:
    async with asyncio.timeout(timeout):
        while True:
            text = await comm.receive_from(timeout=timeout)
            if needle in text:
                return text


async def test_two_open_pages_are_paired_and_told_where_their_match_is():
    arena = await running_arena()
    (ada, ada_cookie), (bo, bo_cookie) = await signed_in("ada"), await signed_in("bo")
    for p in (ada, bo):
        await database_sync_to_async(entry.join)(arena.pk, p)
    ada_page, bo_page = await arena_socket(arena, ada_cookie), await arena_socket(arena, bo_cookie)
    ada_sees = await until(ada_page, 'id="arena-go"')
    bo_sees = await until(bo_page, 'id="arena-go"')
    code = await database_sync_to_async(
        lambda: ArenaPlayer.objects.get(user_id=ada.user_id).match.code
    )()
    assert f"/m/{code}/" in ada_sees and f"/m/{code}/" in bo_sees
    # Names are people's words: escaped, never markup.
    assert "<b>arena" not in ada_sees
    # The strip on that match's page does not send the player to the page it is on.
    strip = await arena_socket(arena, ada_cookie, f"from/{code}/")
    first = await strip.receive_from(timeout=5)
    assert 'id="arena-strip-live"' in first and "arena-go" not in first
    await strip.disconnect()
    await ada_page.disconnect()
    await bo_page.disconnect()


async def test_closing_the_page_pauses_the_player_until_a_page_is_open_again():
    arena = await running_arena()
    (ada, ada_cookie), (bo, _) = await signed_in("ada"), await signed_in("bo")
    for p in (ada, bo):
        await database_sync_to_async(entry.join)(arena.pk, p)
    page = await arena_socket(arena, ada_cookie)
    await until(page, 'id="arena-live"')
    await page.disconnect()
    seen = await database_sync_to_async(
        lambda: ArenaPlayer.objects.get(user_id=ada.user_id).seen_at
    )()
    assert seen is None, "paused once its page closed"
    # bo's page is not open either: nobody is paired.
    assert await database_sync_to_async(Match.objects.count)() == 0


def test_join_view_refuses_guests_and_a_finished_arena_and_says_so_once_joined(client):
    arena = Arena.objects.create(
        game="phalanx", name="Noon", starts_at=timezone.now() + timedelta(hours=1), minutes=30
    )
    page = client.post(f"/a/{arena.pk}/join/", follow=True)
    assert "Sign up or log in" in page.content.decode()
    user = get_user_model().objects.create_user("cy", password="x-long-pass-1")
    client.force_login(user)
    page = client.post(f"/a/{arena.pk}/join/", follow=True)
    assert 'id="arena-me"' in page.content.decode()
    again = client.post(f"/a/{arena.pk}/join/", follow=True).content.decode()
    assert "already in this arena" in again
    assert ArenaPlayer.objects.filter(arena=arena).count() == 1
    over = Arena.objects.create(
        game="phalanx", name="Gone", starts_at=timezone.now() - timedelta(hours=2), minutes=30
    )
    refused = client.post(f"/a/{over.pk}/join/", follow=True).content.decode()
    assert "can no longer be joined" in refused
    assert client.get("/a/999999/").status_code == 404


def test_hall_and_lobby_list_the_next_and_running_arenas(client):
    soon = Arena.objects.create(
        game="phalanx",
        name="Soon <i>x</i>",
        starts_at=timezone.now() + timedelta(hours=1),
        minutes=30,
    )
    Arena.objects.create(
        game="gundam", name="Running", starts_at=timezone.now() - timedelta(minutes=5), minutes=30
    )
    Arena.objects.create(
        game="phalanx", name="Long over", starts_at=timezone.now() - timedelta(days=1), minutes=30
    )
    hall = client.get("/").content.decode()
    assert f"/a/{soon.pk}/" in hall and "Running" in hall and "running now" in hall
    assert "Long over" not in hall and "<i>x</i>" not in hall
    lobby = client.get("/g/phalanx/").content.decode()
    assert f"/a/{soon.pk}/" in lobby and "Running" not in lobby


def test_staff_cancel_an_arena_in_the_admin_and_inspect_its_recount(client):
    staff = get_user_model().objects.create_superuser("boss", "", "x-long-pass-1")
    client.force_login(staff)
    arena = Arena.objects.create(
        game="phalanx", name="Doomed", starts_at=timezone.now(), minutes=30
    )
    page = client.get(f"/admin/games/arena/{arena.pk}/change/").content.decode()
    assert "equal (0 players)" in page
    done = client.post(
        "/admin/games/arena/",
        {"action": "cancel", "_selected_action": [arena.pk], "index": 0},
        follow=True,
    )
    assert "1 arena(s) cancelled" in done.content.decode()
    arena.refresh_from_db()
    assert arena.cancelled_at is not None
    assert "Cancelled by the hall" in client.get(f"/a/{arena.pk}/").content.decode()
    past = timezone.now() - timedelta(days=1)
    refused = client.post(
        "/admin/games/arena/add/",
        {
            "name": "Late",
            "game": "phalanx",
            "starts_at_0": past.strftime("%Y-%m-%d"),
            "starts_at_1": past.strftime("%H:%M:%S"),
            "minutes": "500",
        },
    ).content.decode()
    assert "The start is in the past" in refused and "An arena lasts from" in refused
    assert Arena.objects.count() == 1
