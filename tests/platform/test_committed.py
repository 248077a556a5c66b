"""The in-process copy of committed matches (games/committed.py): what a render may use."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import transaction

from games import committed, services
from games.engines import get_engine
from games.models import Match
from project.asgi import application

from .conftest import EC, persona, ws_headers
from .test_consumers import drain, online_dots


def started_match() -> Match:
    match = services.create_match(EC, persona("alice"), timed=False)
    services.join_match(match.pk, persona("bob"))
    return Match.objects.prefetch_related("seats").get(pk=match.pk)


def first_pick(match: Match, seat: int) -> dict:
    return get_engine(EC).legal_actions(match.state, seat)[0]


@pytest.mark.django_db(transaction=True)
def test_a_committed_move_is_kept_exactly_as_the_database_has_it():
    match = started_match()
    services.submit(match.pk, persona("alice"), 0, first_pick(match, 0), match.step)
    stored = Match.objects.get(pk=match.pk)
    kept = committed.recall(match.pk, stored.version)
    assert kept is not None
    assert (kept.version, kept.state, kept.step) == (stored.version, stored.state, stored.step)
    assert committed.recall(match.pk, stored.version + 1) is None, "never a version not reached"


@pytest.mark.django_db(transaction=True)
def test_a_move_rolled_back_is_never_kept():
    match = started_match()
    with pytest.raises(RuntimeError), transaction.atomic():
        services.submit(match.pk, persona("alice"), 0, first_pick(match, 0), match.step)
        raise RuntimeError("the surrounding transaction fails after the move")
    assert Match.objects.get(pk=match.pk).version == match.version
    assert committed.recall(match.pk, 0) is None


@pytest.mark.django_db(transaction=True)
def test_an_older_version_never_replaces_a_newer_one_and_finished_matches_are_not_kept():
    match = started_match()
    newer = Match.objects.prefetch_related("seats").get(pk=match.pk)
    newer.version = match.version + 1
    committed.remember(newer)
    committed.remember(match)
    assert committed.recall(match.pk, 0).version == match.version + 1
    match.status = Match.Status.FINISHED
    match.version += 2
    committed.remember(match)
    assert committed.recall(match.pk, 0) is None, "a finished match always reads the database"


@pytest.mark.django_db(transaction=True)
def test_the_store_is_bounded():
    match = started_match()
    for fake_id in range(committed.CAPACITY + 50):
        clone = Match.objects.prefetch_related("seats").get(pk=match.pk)
        clone.pk = 10_000_000 + fake_id
        committed.remember(clone)
    assert committed.recall(10_000_000, 0) is None, "the oldest entries went first"
    assert committed.recall(10_000_000 + committed.CAPACITY + 49, 0) is not None


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_presence_change_drops_the_kept_copy_so_seats_are_read_again():
    match = await database_sync_to_async(started_match)()
    alice = WebsocketCommunicator(
        application, f"/ws/m/{match.code}/", headers=ws_headers(persona("alice"))
    )
    assert (await alice.connect(timeout=5))[0]
    await drain(alice)  # her snapshot and the status bar of her own arrival
    move = json.dumps(
        {"action": json.dumps(first_pick(match, 0)), "step": match.step, "HEADERS": {}}
    )
    await alice.send_to(text_data=move)
    assert 'id="board"' in await drain(alice), "alice's board after her move"
    assert committed.recall(match.pk, 0) is not None
    bob = WebsocketCommunicator(
        application, f"/ws/m/{match.code}/", headers=ws_headers(persona("bob"))
    )
    assert (await bob.connect(timeout=5))[0]
    await drain(bob)
    assert online_dots(await drain(alice)) == 2, "alice sees bob arrive"
    assert committed.recall(match.pk, 0) is None, "the copy with bob away is gone"
    await bob.disconnect()
    await alice.disconnect()
