"""A bot match's moves are committed in its render worker, as an online match's are
(games/live/render_process.py, games/live/bot_pacer.py): daphne only decides when the bot
moves and, through its bot process, what it plays."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async

from games.engines import get_engine
from games.live import bot_pacer, render_process, render_workers
from games.live.render_process import make_bot_move, make_move
from games.live.render_protocol import BotMoveRequest, MoveRequest, Watcher
from games.live.rendering import Viewer, render_frame
from games.matches import bot_pacing, committed, services
from games.models import Match

from .conftest import persona
from .test_bot_pacing import alice_plays_until_the_bot_moved
from .test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)

GUNDAM = "gundam"
PAUSE = 0.2


def bot_match() -> Match:
    match = services.create_match(
        GUNDAM, persona("alice"), mode=Match.Mode.BOT, timed=False, creator_seat=0
    )
    return Match.objects.prefetch_related("seats").get(pk=match.pk)


def bot_moves(match_id: int) -> int:
    return Match.objects.get(pk=match_id).actions.filter(seat=1).count()


@pytest.fixture
def in_a_worker(settings, monkeypatch):
    """This process acts as a render worker does: its bot pacing hands every chain back,
    and no timer thread may pace a bot here."""

    def no_threads(*args):
        raise AssertionError("a worker paced a bot itself")

    settings.BOT_STEP_SECONDS = PAUSE
    monkeypatch.setattr(bot_pacing, "_runner", render_process._hand_bots_back)
    monkeypatch.setattr(bot_pacing._threaded, "start", no_threads)
    render_process._bots_due.clear()


def alice_moves_until_the_bot_is_awaited(match: Match) -> tuple:
    """Alice's moves, made as a worker makes them, until one hands a bot turn back."""
    engine = get_engine(GUNDAM)
    for _ in range(60):
        match = Match.objects.get(pk=match.pk)
        assert 0 in engine.prompts(match.state).waiting, "alice is awaited until the bot is"
        action = engine.legal_actions(match.state, 0)[-1]
        request = MoveRequest(match.pk, 0, persona("alice"), 0, action, match.step)
        done = make_move(request, list().append)
        assert done.refused is None
        if done.bots_due:
            return match, done
    raise AssertionError("alice's moves never came to the bot's turn")


def test_a_person_s_move_in_a_worker_hands_the_bot_s_turn_back_to_daphne(in_a_worker):
    match = bot_match()
    moved_before = bot_moves(match.pk)
    match, done = alice_moves_until_the_bot_is_awaited(match)
    [(match_id, delay)] = done.bots_due
    assert match_id == match.pk and 0 <= delay <= PAUSE, "the bot's turn, for daphne's pacer"
    assert bot_moves(match.pk) == moved_before, "the worker neither paced nor moved the bot"


def test_a_bot_move_in_a_worker_commits_it_and_renders_the_watchers_frames(in_a_worker):
    match, _ = alice_moves_until_the_bot_is_awaited(bot_match())
    time.sleep(PAUSE)  # the pause is measured from the row's last change
    turn = services.bot_turn(match.pk)
    assert isinstance(turn, services.BotTurn), turn
    viewer = Viewer(persona("alice"), 0)
    page = render_frame(Match.objects.prefetch_related("seats").get(pk=match.pk), viewer)
    action = get_engine(GUNDAM).bot_action(turn.state, turn.seat, 1)
    handed_out = []
    watcher = Watcher(4, viewer.player, 0, page[1])
    done = make_bot_move(BotMoveRequest(turn, action, 0, (watcher,)), handed_out.append)

    moved = Match.objects.prefetch_related("seats").get(pk=match.pk)
    assert done.refused is None and moved.version == turn.version + 1
    assert moved.actions.order_by("seq").last().seat == 1, "the bot's move is logged"
    assert done.bot_wait in (PAUSE, None), "the pacer's next wait comes back with it"
    assert [f.key for f in handed_out] == [4]
    html, shown = render_frame(moved, viewer, "", page[1])
    assert (handed_out[0].rendered.html, handed_out[0].rendered.version) == (html, moved.version)
    assert done.broadcasts and done.bots_due == ()


def test_a_bot_move_decided_about_an_old_version_commits_nothing_and_shows_nothing(
    in_a_worker,
):
    match, _ = alice_moves_until_the_bot_is_awaited(bot_match())
    time.sleep(PAUSE)
    turn = services.bot_turn(match.pk)
    stale = services.BotTurn(**{**turn.__dict__, "version": turn.version - 1})
    action = get_engine(GUNDAM).bot_action(turn.state, turn.seat, 1)
    handed_out = []
    done = make_bot_move(
        BotMoveRequest(stale, action, 0, (Watcher(1, persona("alice"), 0, None),)),
        handed_out.append,
    )
    assert done.broadcasts == [] and handed_out == []
    assert done.bot_wait == 0.0, "the bot looks again at the match as it is"
    assert Match.objects.get(pk=match.pk).version == turn.version


@pytest.mark.asyncio
async def test_with_a_worker_daphne_commits_no_move_of_a_paced_bot_match(settings, monkeypatch):
    """Through a real worker process: alice's moves and the bot's all reach her socket, each
    as its own frame, a pause apart, and this process (daphne) commits none of them, nor
    reads whether the bot is due (the worker does)."""
    settings.RENDER_PROCESSES = 1
    settings.BOT_STEP_SECONDS = PAUSE
    monkeypatch.setenv("BOT_STEP_SECONDS", str(PAUSE))  # the worker's own settings read it

    def not_here(*args, **kwargs):
        raise AssertionError("a move of the bot match was committed in daphne")

    def not_read_here(*args, **kwargs):
        raise AssertionError("the bot's turn was read in daphne")

    await render_workers.warm_up()
    match = await database_sync_to_async(bot_match)()
    monkeypatch.setattr(services, "bot_turn", not_read_here)
    monkeypatch.setattr(services, "submit", not_here)
    monkeypatch.setattr(services, "bot_move", not_here)
    monkeypatch.setattr(bot_pacing._threaded, "start", not_here)
    alice = await connect(match.code, persona("alice"))
    try:
        current, bots, total, board_frames = await alice_plays_until_the_bot_moved(
            alice, match, moves=3, rounds=80, receive_timeout=5
        )
        assert bots >= 3, "the bot moved, paced by daphne, committed by the worker"
        assert board_frames >= total, (board_frames, total)
        assert committed.recall(match.pk, current.version) is None, "daphne kept no copy"
    finally:
        await alice.disconnect()
        await asyncio.sleep(0)
        bot_pacer._chains.running.discard(match.pk)
        render_workers.shutdown()
