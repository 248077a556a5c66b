"""A socket that is cancelled stops: no await of ours may swallow the cancel.

Daphne cancels the application of a socket that has closed and not finished in time, and
tests cancel every task left when they end. A consumer that swallowed the cancel went back
to waiting for messages that never come (and its watchdog kept re-checking the match) while
whoever cancelled it waited forever: a failing platform test hung the whole run that way.
"""

import asyncio
import time

import pytest

from games.live import render_workers
from games.live.consumers import MatchConsumer
from games.live.render_protocol import Rendered, RenderRequest

from .conftest import persona

pytestmark = pytest.mark.asyncio


class FakeWriter:
    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.frames.append(data)


def a_render() -> RenderRequest:
    return RenderRequest(1, None, 0, persona("alice"), 0)


def link_without_a_process(ready: asyncio.Future) -> render_workers.RenderWorker:
    """A RenderWorker's daphne side, with the socket to its process replaced by a list."""
    worker = render_workers.RenderWorker.__new__(render_workers.RenderWorker)
    worker.loop = asyncio.get_running_loop()
    worker.pending, worker.ids, worker.alive = {}, iter(range(100)), True
    worker.writer, worker.ready = FakeWriter(), ready
    worker.heard = time.monotonic()  # what __init__ sets: the stuck check reads it
    return worker


async def test_a_socket_cancelled_as_its_render_arrives_is_cancelled():
    """Python 3.11's wait_for returns the result when it lands in the same turn as the cancel."""
    done = asyncio.get_running_loop().create_future()
    done.set_result(None)
    worker = link_without_a_process(done)
    asking = asyncio.ensure_future(worker.ask(a_render()))
    while not worker.pending:
        await asyncio.sleep(0)
    worker.pending[0].set_result(Rendered(1, None, "<div></div>"))
    asking.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asking


async def test_a_socket_cancelled_while_the_worker_starts_does_not_cancel_the_start_for_others():
    ready = asyncio.get_running_loop().create_future()
    worker = link_without_a_process(ready)
    leaving = asyncio.ensure_future(worker.ask(a_render()))
    staying = asyncio.ensure_future(worker.ask(a_render()))
    await asyncio.sleep(0)
    leaving.cancel()
    await asyncio.sleep(0)
    assert not ready.cancelled(), "the shared start was cancelled with one socket"
    ready.set_result(None)
    while not worker.pending:
        await asyncio.sleep(0)
    assert len(worker.writer.frames) == 1, "the socket that stayed sent its request"
    worker.pending[next(iter(worker.pending))].set_result(Rendered(1, None, "<div></div>"))
    assert (await staying).html == "<div></div>"
    assert leaving.cancelled()


async def test_a_watchdog_cancelled_as_a_new_deadline_is_shown_stops(settings):
    settings.WS_RESYNC_SECONDS = 60
    consumer = MatchConsumer()
    consumer.player, consumer.deadline, consumer.replan = persona("alice"), None, asyncio.Event()
    watchdog = asyncio.ensure_future(consumer._resync_forever())
    await asyncio.sleep(0.01)
    consumer.replan.set()
    watchdog.cancel()
    done, _ = await asyncio.wait({watchdog}, timeout=2)
    assert done and watchdog.cancelled(), "the watchdog swallowed its cancel and ran on"


async def test_a_workers_frame_for_a_page_that_changed_meanwhile_is_dropped():
    """games/live/watching.py: a frame rendered against what a page held is sent only if the page
    still holds it; else the version's notice renders it afresh."""
    consumer = MatchConsumer()
    sent = []

    async def send(text_data=None, bytes_data=None):
        sent.append(text_data)

    consumer.send = send
    consumer.sending, consumer.replan = asyncio.Lock(), asyncio.Event()
    consumer.sent_version, consumer.deadline, consumer.taken_version = 4, None, None
    then, now = object(), object()
    consumer.shown = now
    await consumer.take_frame(Rendered(5, None, "<frame 5>", shown=object()), based_on=then)
    assert sent == [] and consumer.shown is now
    later = object()
    await consumer.take_frame(Rendered(5, None, "<frame 5>", shown=later), based_on=now)
    assert sent == ["<frame 5>"] and consumer.shown is later and consumer.sent_version == 5
    rendered_again = []

    async def send_snapshot(flash="", version=None):
        rendered_again.append(version)

    consumer.send_snapshot = send_snapshot
    await consumer.match_changed({"version": 5})
    assert rendered_again == [], "the move's own notice: its frame went already"
    await consumer.match_changed({"version": 5})
    assert rendered_again == [5], "a second notice of the version (a rematch offer) renders"
