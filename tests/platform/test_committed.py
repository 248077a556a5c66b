"""The in-process copy of committed matches (games/matches/committed.py): what a render may use."""

import json
from enum import IntEnum

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import transaction

from games.engines import GAME_MODULES, get_engine
from games.engines.core import canonical_json, state_hash
from games.matches import committed, row_order, services
from games.models import Match, MatchAction
from project.asgi import application
from tests.pages import is_board_frame

from . import playouts
from .conftest import EC, persona, ws_headers
from .test_consumers import drain, reply


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


def same_exactly(a, b) -> bool:
    """Equal, and alike in every type and every dict's key order (== ignores both)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(same_exactly(a[k], b[k]) for k in a)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(map(same_exactly, a, b))
    return a == b or a != a and b != b  # NaN is itself


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_kept_copy_is_its_rows_read_back_key_order_and_views_included(game):
    """The writer keeps the state in the order a read of its row gives (the row holds
    the canonical JSON, sorted keys): views built from the two never differ, not even in
    the order a template walking a dict would show."""
    engine = get_engine(game)
    players = (persona("alice"), persona("bob"))
    compared = 0
    for stored in playouts.versions_of_a_match(game, players, rng_seed=f"kept:{game}", moves=40):
        kept = committed.recall(stored.pk, stored.version)
        if kept is None:
            continue  # not moved yet, or finished: every reader reads the row
        assert kept.version == stored.version
        assert same_exactly(kept.state, stored.state), f"{game} v{stored.version}"
        for seat in (0, 1, None):
            kept_view, read_view = engine.view(kept.state, seat), engine.view(stored.state, seat)
            assert same_exactly(kept_view, read_view), f"{game} v{stored.version} seat {seat}"
        compared += 1
    # Card Battle is a deck each and then the whole battle: one version stays in play.
    assert compared >= (1 if game == "card-battle" else 3), f"{game}: too few compared"


class Level(IntEnum):
    HIGH = 2


def test_a_state_is_put_in_the_order_and_types_its_canonical_json_reads_back_as():
    before = row_order.as_read_back({"b": {"y": 1, "x": [1]}, "a": []}, "")
    assert list(before) == ["a", "b"] and list(before["b"]) == ["x", "y"]
    shared_log = before["b"]
    awkward = [
        {"z": 1, "a": {"d": [{"q": 1, "p": 2.5}], "c": None}, "b": shared_log},
        {"t": (1, 2)},  # a tuple reads back as a list
        {"n": Level.HIGH},  # an int subclass reads back as an int
        {"k": {1: "one"}},  # a key that is not a string reads back as one
        {"é": 1, "e": 2, "": [], "Z": 'Zoë "x" ⚡'},
    ]
    for state in awkward:
        text = canonical_json(state)
        got = row_order.as_read_back(state, text, before)
        assert same_exactly(got, json.loads(text)), state
    state = {"b": shared_log, "a": [1]}
    got = row_order.as_read_back(state, canonical_json(state), before)
    assert got["b"] is shared_log, "what the move did not change is kept, not rebuilt"


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
    assert is_board_frame(await reply(alice)), "alice's board after her move"
    assert committed.recall(match.pk, 0) is not None
    bob = WebsocketCommunicator(
        application, f"/ws/m/{match.code}/", headers=ws_headers(persona("bob"))
    )
    assert (await bob.connect(timeout=5))[0]
    await drain(bob)
    assert 'id="seat-dot-1" class="dot on"' in await reply(alice), "alice sees bob arrive"
    assert committed.recall(match.pk, 0) is None, "the copy with bob away is gone"
    await bob.disconnect()
    await alice.disconnect()


@pytest.mark.django_db(transaction=True)
def test_the_next_move_starts_from_the_kept_copy_and_the_chain_holds(
    django_assert_max_num_queries,
):
    match = started_match()
    engine = get_engine(EC)
    services.submit(match.pk, persona("alice"), 0, first_pick(match, 0), match.step)
    after_first = Match.objects.get(pk=match.pk)
    # A simultaneous step: bob's pick is the next move, on the same step.
    bob_pick = engine.legal_actions(after_first.state, 1)[0]
    with django_assert_max_num_queries(6):  # BEGIN, version, insert, update, COMMIT, bots?
        services.submit(match.pk, persona("bob"), 1, bob_pick, after_first.step)
    first, second = MatchAction.objects.filter(match_id=match.pk).order_by("seq")
    assert (first.seq, second.seq) == (1, 2)
    assert second.hash_before == first.hash_after == state_hash(after_first.state)
    assert second.hash_after == state_hash(Match.objects.get(pk=match.pk).state)


@pytest.mark.django_db(transaction=True)
def test_a_match_changed_by_another_process_is_read_again_not_taken_from_the_copy():
    match = started_match()
    engine = get_engine(EC)
    services.submit(match.pk, persona("alice"), 0, first_pick(match, 0), match.step)
    row = Match.objects.get(pk=match.pk)
    # Another process (a sweeper, another worker) moves the match on: its version moves.
    state, _ = engine.apply(row.state, 1, engine.legal_actions(row.state, 1)[0])
    MatchAction.objects.create(
        match_id=match.pk,
        seq=2,
        seat=1,
        kind=MatchAction.Kind.ACTION,
        action={},
        events=[],
        hash_before=state_hash(row.state),
        hash_after=state_hash(state),
    )
    step = engine.prompts(state).step
    Match.objects.filter(pk=match.pk).update(state=state, version=row.version + 1, step=step)
    waiting = engine.prompts(state).waiting
    seat = min(waiting)
    player = persona("alice" if seat == 0 else "bob")
    services.submit(match.pk, player, seat, engine.legal_actions(state, seat)[0], step)
    third = MatchAction.objects.get(match_id=match.pk, seq=3)
    assert third.hash_before == state_hash(state), "built on the row, not on the stale copy"


def test_a_presence_change_moves_only_its_own_matchs_generation(monkeypatch):
    """A render worker reuses a copy only at the generation daphne names for that match
    (games/live/render_process.py): one match's arrivals must not make every other match's
    copy stale, or a wave of matches ending and starting makes every move read again."""
    before = {m: committed.presence_generation(m) for m in (1, 2)}
    committed.forget(1)
    assert committed.presence_generation(1) != before[1]
    assert committed.presence_generation(2) == before[2]


def test_a_match_whose_generation_was_evicted_never_looks_unchanged(monkeypatch):
    monkeypatch.setattr(committed, "GENERATIONS_KEPT", 2)
    seen = [committed.presence_generation(1)]  # what a worker's copy of match 1 was made at
    committed.forget(1)
    seen.append(committed.presence_generation(1))
    committed.forget(2)
    committed.forget(3)  # match 1's entry is evicted
    assert committed.presence_generation(1) not in seen[:1], "older than its last change: stale"
    committed.forget(1)
    now = committed.presence_generation(1)
    assert now not in seen, "a change is a number no earlier copy carries"
    for other in range(4, 8):
        committed.forget(other)
    assert committed.presence_generation(1) >= now, "evicted: never back below its last change"
