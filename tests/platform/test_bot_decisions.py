"""Bots decide off the socket process (games/live/bot_decisions.py, games/live/bot_process.py):
a level-2 search never holds the interpreter that serves daphne's sockets."""

import os
import time

import pytest
from channels.db import database_sync_to_async

from games.engines import get_engine
from games.live import bot_decisions, bot_process
from games.matches import bot_pacing, services
from games.models import Match

from .conftest import persona
from .test_bot_pacing import GUNDAM, PAUSE, bot_gaps
from .test_consumers import connect, frame

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def bot_processes():
    yield
    bot_decisions.shutdown()


def level_two_turn(settings, monkeypatch, game: str = GUNDAM) -> services.BotTurn:
    """A level-2 bot's turn that is due, nobody driving it."""
    settings.BOT_STEP_SECONDS = PAUSE
    monkeypatch.setattr(bot_pacing, "later", lambda *args: None)
    match = services.create_match(
        game, persona("alice"), mode=Match.Mode.BOT, timed=False, bot_level=2, creator_seat=1
    )
    settings.BOT_STEP_SECONDS = 0.001
    time.sleep(0.01)
    turn = services.bot_turn(match.pk)
    assert isinstance(turn, services.BotTurn), "the bot sits at seat 0 and is awaited"
    return turn


@pytest.mark.asyncio
async def test_a_level_2_decision_is_made_in_another_process(settings, monkeypatch, bot_processes):
    turn = await database_sync_to_async(level_two_turn)(settings, monkeypatch)
    decision = await bot_decisions.decide(turn.game, turn.state, turn.seat, turn.level)
    assert decision.pid != os.getpid(), "decided in the bot process, not daphne's"
    assert decision.level == 2
    engine = get_engine(turn.game)
    assert decision.action == engine.bot_action(turn.state, turn.seat, 2), "the same search"


@pytest.mark.asyncio
async def test_in_daphne_no_bot_decides_in_the_socket_process(settings, monkeypatch, bot_processes):
    """A level-2 bot match played through a socket: every bot move is made, a pause apart,
    and not one decision (nor a fallback) ran in this process. The engine's bot is replaced
    here only; the bot process, spawned fresh, has the real one."""
    settings.BOT_STEP_SECONDS = PAUSE
    settings.BOT_THINK_BUDGET_SECONDS = {2: 30.0}  # no fallback on a loaded machine
    engine = get_engine(GUNDAM)
    decided_here = []
    real_bot_action = type(engine).bot_action

    def spy(self, state, seat, level=1):
        decided_here.append(level)
        return real_bot_action(self, state, seat, level)

    monkeypatch.setattr(type(engine), "bot_action", spy)
    match = await database_sync_to_async(services.create_match)(
        GUNDAM, persona("alice"), mode=Match.Mode.BOT, timed=False, bot_level=2
    )
    alice = await connect(match.code, persona("alice"))

    @database_sync_to_async
    def now() -> tuple[Match, int]:
        current = Match.objects.get(pk=match.pk)
        return current, current.actions.filter(seat=1).count()

    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            current, bot_moves = await now()
            if bot_moves >= 4 or current.status != Match.Status.ACTIVE:
                break
            if 0 in engine.prompts(current.state).waiting:
                action = engine.legal_actions(current.state, 0)[-1]
                await alice.send_to(text_data=frame(action, current.step))
            while not await alice.receive_nothing(timeout=PAUSE * 2):
                await alice.receive_from(timeout=5)
        _, bot_moves = await now()
        gaps = await database_sync_to_async(bot_gaps)(match.pk, 1)
        assert bot_moves >= 4 and min(gaps) >= PAUSE * 0.95, (bot_moves, gaps)
        assert decided_here == [], "a bot decided in the process that serves the sockets"
    finally:
        await alice.disconnect()


def test_a_decision_whose_budget_went_by_in_the_queue_is_level_1s():
    """A backlog drains: a request that waited out its budget does not start a search."""
    engine = get_engine(GUNDAM)
    state = engine.setup({}, "queue-budget")
    seat = sorted(engine.prompts(state).waiting)[0]
    late = bot_process.think(GUNDAM, state, seat, 2, deadline=time.monotonic() - 1)
    in_time = bot_process.think(GUNDAM, state, seat, 2, deadline=time.monotonic() + 60)
    assert late.level == 1 and late.action == engine.bot_action(state, seat, 1)
    assert in_time.level == 2 and in_time.action == engine.bot_action(state, seat, 2)


@pytest.mark.asyncio
async def test_a_bot_process_that_dies_is_replaced_after_a_pause_of_level_1_moves(
    settings, monkeypatch, bot_processes
):
    turn = await database_sync_to_async(level_two_turn)(settings, monkeypatch)
    first = await bot_decisions.decide(turn.game, turn.state, turn.seat, turn.level)
    os.kill(first.pid, 9)  # the pool may notice at the next submit or while it waits
    after_death = await bot_decisions.decide(turn.game, turn.state, turn.seat, turn.level)
    assert after_death.level == 1 and after_death.pid == os.getpid()
    meanwhile = await bot_decisions.decide(turn.game, turn.state, turn.seat, turn.level)
    assert meanwhile.level == 1, "no new process is spawned per move while one is broken"
    monkeypatch.setattr(bot_decisions, "_broken_until", 0.0)  # the retry pause is over
    replaced = await bot_decisions.decide(turn.game, turn.state, turn.seat, turn.level)
    assert replaced.level == 2 and replaced.pid not in (first.pid, os.getpid())


@pytest.mark.asyncio
async def test_level_1_decides_here_and_a_searching_bot_s_socket_starts_the_process(
    settings, monkeypatch, bot_processes
):
    """Level 1's rules of thumb cost about a render and need no process; a socket that opens
    on a match with a searching bot starts the process before its first search, since a
    start on a busy machine takes seconds."""
    engine = get_engine(GUNDAM)
    state = engine.setup({}, "level-1-here")
    seat = sorted(engine.prompts(state).waiting)[0]
    decision = await bot_decisions.decide(GUNDAM, state, seat, 1)
    assert decision.pid == os.getpid() and decision.action == engine.bot_action(state, seat, 1)

    settings.BOT_STEP_SECONDS = PAUSE
    warmed = []
    monkeypatch.setattr(bot_decisions, "warm_up", lambda: warmed.append(True))
    for level, warms in ((1, []), (2, [True])):
        match = await database_sync_to_async(services.create_match)(
            GUNDAM, persona("alice"), mode=Match.Mode.BOT, timed=False, bot_level=level
        )
        alice = await connect(match.code, persona("alice"))
        await alice.disconnect()
        assert warmed == warms, f"level {level}"
