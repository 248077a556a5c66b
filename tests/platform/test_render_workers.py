"""Board renders in a worker process (games/render_workers.py)."""

import os

import pytest
from django.utils import timezone

from games import render_workers, services
from games.models import Match
from games.render_process import render_in_worker
from games.render_workers import RenderRequest
from games.rendering import Viewer, render_fragments

from .conftest import EC, persona

pytestmark = pytest.mark.django_db(transaction=True)


def started_match() -> Match:
    match = services.create_match(EC, persona("alice"), timed=False)
    services.join_match(match.pk, persona("bob"))
    return Match.objects.prefetch_related("seats").get(pk=match.pk)


def request_for(match: Match, seat: int | None, **changes) -> RenderRequest:
    player = persona("alice" if seat == 0 else "bob" if seat == 1 else "carol")
    fields = {"version": match.version, "generation": 0, "player": player, "seat": seat}
    return RenderRequest(match.pk, **{**fields, **changes})


def test_a_worker_render_is_the_render_daphne_would_make():
    match = started_match()
    for seat in (0, 1, None):
        rendered = render_in_worker(request_for(match, seat))
        viewer = Viewer(request_for(match, seat).player, seat)
        assert rendered.html == render_fragments(match, viewer)
        assert (rendered.version, rendered.deadline) == (match.version, match.deadline_at)


def test_the_second_socket_of_a_move_reuses_the_first_read(django_assert_num_queries):
    match = started_match()
    render_in_worker(request_for(match, 0))
    with django_assert_num_queries(0):
        render_in_worker(request_for(match, 1))
    with django_assert_num_queries(2):  # a presence change since: seats are read again
        render_in_worker(request_for(match, 1, generation=1))
    with django_assert_num_queries(2):  # a snapshot with no announced version: newest
        render_in_worker(request_for(match, 1, generation=1, version=None))


def test_an_overdue_step_is_left_to_daphne_which_settles_it():
    match = started_match()
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now())
    assert render_in_worker(request_for(match, 0, version=None)) is None


@pytest.mark.asyncio
async def test_a_real_worker_process_renders_from_the_same_database(settings):
    from channels.db import database_sync_to_async

    settings.RENDER_PROCESSES = 1
    match = await database_sync_to_async(started_match)()
    try:
        rendered = await render_workers.render(request_for(match, 0))
        assert rendered is not None, "the worker started and rendered"
        expected = await database_sync_to_async(render_fragments)(
            match, Viewer(persona("alice"), 0)
        )
        assert rendered.html == expected
    finally:
        render_workers.shutdown()


class DiesWhenUnpickled:
    """A player that kills the worker process that receives it."""

    def __reduce__(self):
        return (os._exit, (1,))


@pytest.mark.asyncio
async def test_a_dead_worker_means_threads_for_a_while_not_a_lost_render(settings):
    from channels.db import database_sync_to_async

    settings.RENDER_PROCESSES = 1
    match = await database_sync_to_async(started_match)()
    try:
        killer = request_for(match, 0, player=DiesWhenUnpickled())
        assert await render_workers.render(killer) is None, "the caller renders in a thread"
        assert render_workers._worker_for(match.pk) is None, "no new worker on every render"
    finally:
        render_workers.shutdown()
