"""Play now: the lobby socket queues, pairs compatible players into one match, offers the bot."""

import asyncio
import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from games.matches import pairing
from games.matches.identity import Player
from games.models import Match, QueueEntry, Rating
from project.asgi import application

from .conftest import EC, persona, ws_headers

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_queue(settings):
    settings.QUEUE_TICK_SECONDS = 0.1
    settings.QUEUE_BOT_OFFER_SECONDS = 0.6


async def lobby(player) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/lobby/{EC}/", headers=ws_headers(player))
    connected, _ = await comm.connect(timeout=5)
    assert connected
    await comm.receive_from(timeout=5)  # the open challenges
    return comm


async def send(comm, **fields):
    await comm.send_to(text_data=json.dumps({**fields, "HEADERS": {}}))


async def until(comm, needle: str, timeout: float = 5.0) -> str:
    seen = []
    async with asyncio.timeout(timeout):
        while True:
            text = await comm.receive_from(timeout=timeout)
            seen.append(text)
            if needle in text:
                return text


def code_in(html: str) -> str:
    return html.split('data-go="/m/', 1)[1].split("/", 1)[0]


@database_sync_to_async
def seats_of(code: str) -> list[str]:
    match = Match.objects.prefetch_related("seats").get(code=code)
    return sorted(s.guest_id for s in match.seats.all()), match.status, match.rated


@database_sync_to_async
def queued() -> int:
    return QueueEntry.objects.filter(match__isnull=True).count()


async def test_two_players_are_paired_into_one_started_match():
    ada, bo = await lobby(persona("ada")), await lobby(persona("bo"))
    await send(ada, queue="join")
    await until(ada, "Looking for an opponent")
    await send(bo, queue="join")
    first, second = await until(ada, "data-go="), await until(bo, "data-go=")
    assert code_in(first) == code_in(second)
    guests, status, rated = await seats_of(code_in(first))
    assert guests == ["guest-ada", "guest-bo"] and status == Match.Status.ACTIVE and not rated
    await ada.disconnect()
    await bo.disconnect()


async def test_leaving_the_page_leaves_the_queue():
    ada = await lobby(persona("ada"))
    await send(ada, queue="join")
    await until(ada, "Looking for an opponent")
    assert await queued() == 1
    await ada.disconnect()
    assert await queued() == 0


async def test_the_leave_button_leaves_the_queue():
    ada = await lobby(persona("ada"))
    await send(ada, queue="join")
    await until(ada, "Looking for an opponent")
    await send(ada, queue="leave")
    await until(ada, "You left the queue")
    assert await queued() == 0
    await ada.disconnect()


async def test_a_lone_player_is_offered_the_bot_and_can_take_it():
    ada = await lobby(persona("ada"))
    await send(ada, queue="join")
    await until(ada, "Play the bot instead", timeout=5)
    await send(ada, queue="bot")
    html = await until(ada, "data-go=")
    match = await database_sync_to_async(Match.objects.get)(code=code_in(html))
    assert match.mode == Match.Mode.BOT and match.status == Match.Status.ACTIVE
    assert await queued() == 0
    await ada.disconnect()


async def test_a_failed_tick_does_not_end_the_wait(monkeypatch, caplog):
    """The queue's wait is a task of its own: ticks that raise (the database locked past
    its timeout, say) are logged once and the next tick goes on, so the bot is still offered."""
    from django.db import OperationalError

    ticks = []
    tick = pairing.tick

    def fails_first(entry_id):
        ticks.append(entry_id)
        if len(ticks) <= 3:
            raise OperationalError("database is locked")
        return tick(entry_id)

    monkeypatch.setattr(pairing, "tick", fails_first)
    ada = await lobby(persona("ada"))
    await send(ada, queue="join")
    await until(ada, "Looking for an opponent")
    await until(ada, "Play the bot instead")
    assert len(ticks) > 3
    assert len([r for r in caplog.records if "a tick failed" in r.getMessage()]) == 1
    await ada.disconnect()


async def test_different_options_do_not_pair():
    ada, bo = await lobby(persona("ada")), await lobby(persona("bo"))
    await send(ada, queue="join")
    await until(ada, "Looking for an opponent")
    await send(bo, queue="join", rated="on")  # a guest cannot queue rated
    refusal = await until(bo, "Sign up or log in")
    assert "data-go" not in refusal
    assert await queued() == 1
    await ada.disconnect()
    await bo.disconnect()


async def test_the_same_person_in_two_tabs_is_never_paired_with_themselves():
    one, two = await lobby(persona("ada")), await lobby(persona("ada"))
    await send(one, queue="join")
    await until(one, "Looking for an opponent")
    await send(two, queue="join")
    await until(two, "Looking for an opponent")
    await asyncio.sleep(0.4)
    assert await database_sync_to_async(Match.objects.count)() == 0
    await one.disconnect()
    await two.disconnect()


def member(name: str, mu: float | None = None) -> Player:
    user = get_user_model().objects.create_user(name, password="a long enough pass 1")
    if mu is not None:
        Rating.objects.create(user=user, game=EC, mu=mu, sigma=100, games=50)
    return Player(user_id=user.pk, guest_id="", name=name)


def test_rating_window_widens_with_waiting_time():
    strong, weak = member("strong", 1900), member("weak", 1500)
    entry, paired = pairing.join(EC, strong, "chan-a", {}, True, True)
    assert paired is None
    _, paired = pairing.join(EC, weak, "chan-b", {}, True, True)
    assert paired is None, "400 points apart: not at once"
    assert pairing.window(0) < 400 <= pairing.window(5)
    # Five seconds later the longer waiter's window reaches the other player.
    QueueEntry.objects.filter(pk=entry.pk).update(joined_at=entry.joined_at - timedelta(seconds=6))
    code, paired = pairing.tick(entry.pk)
    assert paired is not None and code == paired.match_code
    match = Match.objects.get(code=code)
    assert match.rated and match.status == Match.Status.ACTIVE


def test_a_stale_entry_is_never_paired():
    entry, _ = pairing.join(EC, persona("ada"), "chan-a", {}, True, False)
    QueueEntry.objects.filter(pk=entry.pk).update(
        seen_at=entry.seen_at - pairing.STALE_AFTER - timedelta(seconds=1)
    )
    _, paired = pairing.join(EC, persona("bo"), "chan-b", {}, True, False)
    assert paired is None


def test_an_entry_is_paired_at_most_once():
    a, _ = pairing.join(EC, persona("ada"), "chan-a", {}, True, False)
    _, paired = pairing.join(EC, persona("bo"), "chan-b", {}, True, False)
    assert paired is not None
    _, again = pairing.join(EC, persona("cy"), "chan-c", {}, True, False)
    assert again is None, "ada is taken; cy waits"
    assert QueueEntry.objects.get(pk=a.pk).match.code == paired.match_code


async def test_players_wanting_different_options_wait_apart_and_the_same_ones_meet():
    async def phalanx_lobby(name):
        comm = WebsocketCommunicator(
            application, "/ws/lobby/phalanx/", headers=ws_headers(persona(name))
        )
        assert (await comm.connect(timeout=5))[0]
        await comm.receive_from(timeout=5)
        return comm

    ada, bo, cy = [await phalanx_lobby(n) for n in ("ada", "bo", "cy")]
    await send(ada, queue="join", play_now_damage_mode="per-turn")
    await until(ada, "Looking for an opponent")
    await send(bo, queue="join", play_now_damage_mode="cumulative")
    await until(bo, "Looking for an opponent")
    assert await database_sync_to_async(Match.objects.count)() == 0
    await send(cy, queue="join", play_now_damage_mode="per-turn")
    html = await until(cy, "data-go=")
    assert code_in(html) == code_in(await until(ada, "data-go="))
    match = await database_sync_to_async(Match.objects.get)(code=code_in(html))
    assert match.config["damage_mode"] == "per-turn"
    for comm in (ada, bo, cy):
        await comm.disconnect()


async def test_an_option_outside_the_choices_is_refused_in_words():
    comm = WebsocketCommunicator(
        application, "/ws/lobby/phalanx/", headers=ws_headers(persona("x"))
    )
    assert (await comm.connect(timeout=5))[0]
    await comm.receive_from(timeout=5)
    await send(comm, queue="join", play_now_damage_mode="<script>")
    refusal = await until(comm, 'role="alert"')
    assert "<script>" not in refusal and "not one of the choices" in refusal
    assert await queued() == 0
    await comm.disconnect()


def test_a_player_already_paired_is_sent_back_to_that_match_not_paired_again():
    pairing.join(EC, persona("ada"), "chan-a", {}, True, False)
    _, paired = pairing.join(EC, persona("bo"), "chan-b", {}, True, False)
    again, second = pairing.join(EC, persona("ada"), "chan-a2", {}, True, False)
    assert second is None and again.match.code == paired.match_code
    pairing.join(EC, persona("cy"), "chan-c", {}, True, False)
    assert Match.objects.count() == 1, "cy waits: ada is not paired twice"
