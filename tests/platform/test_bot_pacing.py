"""The bot's moves one at a time (games/matches/bot_pacing.py, games/live/bot_pacer.py): each
bot move is its own commit and frame, a pause apart, and nothing sleeps in a thread."""

import asyncio
import threading
import time

import pytest
from channels.db import database_sync_to_async

from games.engines import get_engine
from games.matches import bot_pacing, services
from games.matches.bot_pacing import Chains
from games.models import Match
from tests.pages import is_board_frame

from .conftest import persona
from .test_consumers import connect, frame

GUNDAM = "gundam"
PAUSE = 0.25

pytestmark = pytest.mark.django_db(transaction=True)


def bot_match(creator_seat: int = 1) -> Match:
    return services.create_match(
        GUNDAM, persona("alice"), mode=Match.Mode.BOT, timed=False, creator_seat=creator_seat
    )


def human_awaited(match_id: int, seat: int) -> bool:
    match = Match.objects.get(pk=match_id)
    return (
        match.status != Match.Status.ACTIVE
        or seat in get_engine(GUNDAM).prompts(match.state).waiting
    )


def bot_gaps(match_id: int, bot_seat: int) -> list[float]:
    """Seconds between each bot move and the log entry before it."""
    entries = list(Match.objects.get(pk=match_id).actions.order_by("seq"))
    return [
        (later.created_at - earlier.created_at).total_seconds()
        for earlier, later in zip(entries, entries[1:], strict=False)
        if later.seat == bot_seat
    ]


def play_until_bot_made(match_id: int, seat: int, moves: int, within: float = 40) -> None:
    """Alice makes her first legal move whenever she is awaited, until the bot has made
    ``moves`` moves (waiting on the pacing, which runs elsewhere)."""
    engine = get_engine(GUNDAM)
    end = time.monotonic() + within
    while time.monotonic() < end:
        match = Match.objects.get(pk=match_id)
        if match.actions.filter(seat=1 - seat).count() >= moves:
            return
        if match.status != Match.Status.ACTIVE:
            return
        if seat in engine.prompts(match.state).waiting:
            action = engine.legal_actions(match.state, seat)[-1]
            services.submit(match_id, persona("alice"), seat, action, match.step)
        time.sleep(0.05)
    raise AssertionError("the bot did not make its moves in time")


def test_without_an_event_loop_a_timer_thread_paces_the_bot(settings):
    """The sweeper and shells have no event loop: the bot's moves still come one by one, a
    pause apart, made by a timer thread (the person's moves below are made meanwhile)."""
    settings.BOT_STEP_SECONDS = PAUSE
    match = bot_match(creator_seat=1)  # the bot sits at seat 0
    play_until_bot_made(match.pk, 1, moves=6)
    gaps = bot_gaps(match.pk, 0)
    assert len(gaps) >= 5
    assert min(gaps) >= PAUSE * 0.95, gaps


def test_two_drivers_of_one_match_still_keep_the_pause(settings, monkeypatch):
    """Two workers may both drive a match (a reconnect lands on another worker): the pause is
    kept under the row lock, so their moves interleave a pause apart and none is doubled."""
    settings.BOT_STEP_SECONDS = PAUSE
    monkeypatch.setattr(bot_pacing, "later", lambda *args: None)  # only the two below drive
    match = bot_match(creator_seat=1)
    stop = threading.Event()

    def drive():
        from django.db import connection

        while not stop.is_set():
            services.bot_step(match.pk)
            time.sleep(0.01)
        connection.close()

    threads = [threading.Thread(target=drive) for _ in range(2)]
    for t in threads:
        t.start()
    try:
        play_until_bot_made(match.pk, 1, moves=6)
    finally:
        stop.set()
        for t in threads:
            t.join()
    gaps = bot_gaps(match.pk, 0)
    assert len(gaps) >= 5, "the drivers made the bot's moves"
    assert min(gaps) >= PAUSE * 0.95, gaps


def test_a_request_during_a_chain_s_last_check_is_not_lost():
    chains = Chains()
    assert chains.claim(7)
    chains.before_step(7)
    assert not chains.claim(7), "one chain per match"
    assert chains.after_step(7, None) == 0.0, "the chain checks once more"
    chains.before_step(7)
    assert chains.after_step(7, None) is None
    assert chains.claim(7), "a finished chain is released"


async def alice_plays_until_the_bot_moved(
    alice, match: Match, moves: int, rounds: int, receive_timeout: float
) -> tuple[Match, int, int, int]:
    """Alice (seat 0) makes her last legal move whenever she is awaited, and takes every
    frame until her socket goes quiet, until the bot has made ``moves`` moves. Returns the
    match then, the bot's moves, all moves and the board frames Alice got."""
    engine = get_engine(match.game)

    @database_sync_to_async
    def now() -> tuple[Match, int, int]:
        current = Match.objects.get(pk=match.pk)
        return current, current.actions.filter(seat=1).count(), current.actions.count()

    board_frames = 0
    for _ in range(rounds):
        current, bot_moves, _ = await now()
        if bot_moves >= moves or current.status != Match.Status.ACTIVE:
            break
        if 0 in engine.prompts(current.state).waiting:
            action = engine.legal_actions(current.state, 0)[-1]
            await alice.send_to(text_data=frame(action, current.step))
        while not await alice.receive_nothing(timeout=PAUSE * 2):
            board_frames += is_board_frame(await alice.receive_from(timeout=receive_timeout))
    current, bot_moves, total = await now()
    return current, bot_moves, total, board_frames


@pytest.mark.asyncio
async def test_each_bot_move_reaches_the_socket_as_its_own_frame_a_pause_apart(
    settings, monkeypatch
):
    """In daphne the pause is a task on the event loop (games/live/bot_pacer.py), never a
    timer thread, and every bot move is its own board frame."""
    settings.BOT_STEP_SECONDS = PAUSE

    def no_threads(*args):
        raise AssertionError("a timer thread was used inside daphne")

    monkeypatch.setattr(bot_pacing._threaded, "start", no_threads)
    match = await database_sync_to_async(bot_match)(creator_seat=0)
    alice = await connect(match.code, persona("alice"))
    try:
        _, bot_moves, total, board_frames = await alice_plays_until_the_bot_moved(
            alice, match, moves=4, rounds=40, receive_timeout=1
        )
        gaps = await database_sync_to_async(bot_gaps)(match.pk, 1)
        assert bot_moves >= 4 and min(gaps) >= PAUSE * 0.95, gaps
        # One frame per move (the snapshot on connect included), not one per bot turn.
        assert board_frames >= total, (board_frames, total)
    finally:
        await alice.disconnect()


@pytest.mark.asyncio
async def test_a_socket_that_connects_resumes_a_bot_turn_whose_driver_went_away(
    settings, monkeypatch
):
    settings.BOT_STEP_SECONDS = PAUSE
    monkeypatch.setattr(bot_pacing, "later", lambda *args: None)  # the driving process died
    match = await database_sync_to_async(bot_match)(creator_seat=1)
    before = await database_sync_to_async(lambda: match.actions.count())()
    assert before == 0, "nobody drove the bot"
    monkeypatch.undo()
    alice = await connect(match.code, persona("alice"))
    try:
        await asyncio.sleep(PAUSE * 4)
        after = await database_sync_to_async(lambda: match.actions.filter(seat=0).count())()
        assert after >= 1, "the connecting socket drove the bot on"
    finally:
        await alice.disconnect()
