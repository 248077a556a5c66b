"""Real Channels consumers through the real ASGI stack (origin check, sessions, routing)."""

import asyncio
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.engines import get_engine
from games.engines.core import canonical_json
from games.live import render_workers
from games.live.rendering import Viewer, render_fragments
from games.matches import committed, services
from games.models import Match
from project.asgi import application
from tests.pages import apply_frame, board_of, is_board_frame

from .conftest import EC, OWN_DOT, persona, until, ws_headers

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(params=[0, 1], ids=["moves-in-daphne", "moves-in-a-worker"])
async def where_moves_run(request, settings):
    """Moves are made by daphne's writer thread, or by the render worker of their match
    (games/live/render_workers.py): the same frames must come to the same thing either way.
    The worker is started first: ``drain`` takes a quiet socket for a finished exchange,
    and a worker still loading Django on a cold machine made one look quiet."""
    settings.RENDER_PROCESSES = request.param
    await render_workers.warm_up()
    yield request.param
    render_workers.shutdown()


async def connect(code: str, player) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/m/{code}/", headers=ws_headers(player))
    connected, _ = await comm.connect(timeout=5)
    assert connected
    return comm


async def drain(comm: WebsocketCommunicator, timeout: float = 0.3) -> str:
    """Everything the socket received until it goes quiet. (receive_nothing waits without
    cancelling the application, which a timed-out receive_from would do.)"""
    out = []
    while not await comm.receive_nothing(timeout=timeout):
        out.append(await comm.receive_from(timeout=timeout))
    return "".join(out)


async def reply(comm: WebsocketCommunicator, timeout: float = 10) -> str:
    """What the socket answers to something that must be answered: the first frame, however
    long a loaded machine takes to make it, then everything until it goes quiet. (A plain
    ``drain`` would take a slow answer for silence.)"""
    return await comm.receive_from(timeout=timeout) + await drain(comm)


async def until_logged(match: Match, count: int, seconds: float = 10) -> int:
    """The match's log length once it reaches ``count`` (or the last one seen after
    ``seconds``): a bot's answer is committed a moment after the move it answers."""
    deadline = asyncio.get_running_loop().time() + seconds
    while (found := await log_count(match)) < count:
        if asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(0.05)
    return found


def frame(action: dict, step: str) -> str:
    return json.dumps({"action": canonical_json(action), "step": step, "HEADERS": {}})


@database_sync_to_async
def online_match() -> Match:
    match = services.create_match(EC, persona("alice"))
    services.join_match(match.pk, persona("bob"))
    return Match.objects.get(pk=match.pk)


@database_sync_to_async
def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


@database_sync_to_async
def log_count(match: Match) -> int:
    return match.actions.count()


async def test_connecting_sends_a_full_snapshot_for_that_viewer():
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    html = await drain(alice)
    assert 'id="board"' in html and 'id="match-status"' in html
    own_option = get_engine(EC).legal_actions(match.state, 0)[0]["card"]
    assert own_option in html, "alice sees her own draft options"
    await alice.disconnect()


async def test_the_opponent_never_sees_a_hidden_pick_before_the_reveal(where_moves_run):
    match = await online_match()
    engine = get_engine(EC)
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    carol = await connect(match.code, persona("carol"))
    await drain(alice), await drain(bob), await drain(carol)
    alice_options = [a["card"] for a in engine.legal_actions(match.state, 0)]
    await alice.send_to(text_data=frame(engine.legal_actions(match.state, 0)[2], match.step))
    seen_by_bob = await reply(bob)  # bob is told that something changed
    seen_by_carol = await drain(carol)
    for card in alice_options:
        assert card not in seen_by_bob and card not in seen_by_carol
    await alice.disconnect(), await bob.disconnect(), await carol.disconnect()


async def test_a_spectator_socket_cannot_act():
    match = await online_match()
    carol = await connect(match.code, persona("carol"))
    await drain(carol)
    action = get_engine(EC).legal_actions(match.state, 0)[0]
    await carol.send_to(text_data=frame(action, match.step))
    reply = await drain(carol)
    assert "Spectators can watch but not play" in reply
    assert await log_count(match) == 0
    await carol.disconnect()


async def test_a_socket_cannot_act_for_the_other_seat(where_moves_run):
    """Bob's socket sends alice's draft option: it is judged as bob's move, and refused."""
    match = await online_match()
    bob = await connect(match.code, persona("bob"))
    await drain(bob)
    alices_pick = get_engine(EC).legal_actions(match.state, 0)[0]
    await bob.send_to(text_data=frame(alices_pick, match.step))
    assert 'id="flash"' in await reply(bob)
    after = await fresh(match)
    assert after.state == match.state and await log_count(match) == 0
    await bob.disconnect()


async def test_stale_and_repeated_frames_are_rejected_to_that_socket_only(where_moves_run):
    match = await online_match()
    engine = get_engine(EC)
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    await drain(alice), await drain(bob)
    pick = engine.legal_actions(match.state, 0)[0]
    await alice.send_to(text_data=frame(pick, match.step))
    await drain(alice), await drain(bob)
    await alice.send_to(text_data=frame(pick, match.step))  # the same frame again
    assert "flash" in await drain(alice)
    assert "alre" not in await drain(bob), "the rejection goes to alice's socket only"
    await alice.send_to(text_data=frame(pick, "draft-r0"))  # a step that is long gone
    assert "moved on" in await drain(alice)
    assert await log_count(match) == 1
    await alice.disconnect(), await bob.disconnect()


async def test_malformed_frames_get_a_clear_rejection_and_change_nothing():
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    await drain(alice)
    for bad in [
        "not json",
        "[1,2]",
        json.dumps({"action": 5}),
        json.dumps({"action": "{"}),
        "x" * 20000,
    ]:
        await alice.send_to(text_data=bad)
        reply = await drain(alice)
        assert 'id="flash"' in reply, bad[:20]
    assert await log_count(match) == 0
    await alice.disconnect()


async def test_reconnecting_restores_the_exact_view():
    match = await online_match()
    engine = get_engine(EC)
    alice = await connect(match.code, persona("alice"))
    page = board_of(await drain(alice))
    await alice.send_to(text_data=frame(engine.legal_actions(match.state, 0)[1], match.step))
    live = await drain(alice)
    assert '<div id="board"' not in live, "after a pick only the parts that changed travel"
    page = apply_frame(page, live)
    await alice.disconnect()
    again = await connect(match.code, persona("alice"))
    snapshot = await drain(again)
    assert board_of(snapshot) == page, "the page the frames built is the board a reload shows"
    await again.disconnect()


async def test_both_sockets_see_the_reveal_when_the_step_resolves(where_moves_run):
    match = await online_match()
    engine = get_engine(EC)
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    await drain(alice), await drain(bob)
    await alice.send_to(text_data=frame(engine.legal_actions(match.state, 0)[0], match.step))
    await bob.send_to(text_data=frame(engine.legal_actions(match.state, 1)[0], match.step))
    await drain(alice), await drain(bob)
    after = await fresh(match)
    assert after.step == "draft-r2"
    assert await log_count(match) == 2
    made_here = committed.recall(match.pk, after.version) is not None
    assert made_here == (where_moves_run == 0), "the moves were made where they were sent"
    await alice.disconnect(), await bob.disconnect()


async def test_a_socket_from_another_origin_is_refused():
    match = await online_match()
    comm = WebsocketCommunicator(
        application, f"/ws/m/{match.code}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await comm.connect(timeout=5)
    assert not connected


async def test_the_lobby_socket_pushes_new_challenges():
    comm = WebsocketCommunicator(
        application, f"/ws/lobby/{EC}/", headers=ws_headers(persona("carol"))
    )
    connected, _ = await comm.connect(timeout=5)
    assert connected
    assert "No open challenges" in await drain(comm)
    match = await database_sync_to_async(services.create_match)(EC, persona("alice"))
    pushed = await drain(comm, timeout=1.0)
    assert match.code in pushed
    await comm.disconnect()


@database_sync_to_async
def move_without_telling_anyone(match: Match) -> str:
    """A committed move whose notification is lost (as when Redis restarts)."""
    from games.engines.core import state_hash

    fresh_match = Match.objects.get(pk=match.pk)
    engine = get_engine(EC)
    state, _ = engine.apply(fresh_match.state, 0, engine.legal_actions(fresh_match.state, 0)[0])
    Match.objects.filter(pk=match.pk).update(state=state, version=fresh_match.version + 1)
    return state_hash(state)


async def test_a_lost_notification_is_recovered_from_the_database(settings):
    settings.WS_RESYNC_SECONDS = 0.2
    match = await online_match()
    bob = await connect(match.code, persona("bob"))
    await drain(bob)
    await move_without_telling_anyone(match)
    resynced = await drain(bob, timeout=0.6)
    assert f'data-version="{match.version + 1}"' in resynced
    await bob.disconnect()


async def test_a_failed_look_does_not_end_the_watchdog(settings, monkeypatch, caplog):
    # The watchdog is the only way a lost notification's news reaches the board: its first
    # three looks fail (the database locked past its timeout, say), and a move made after
    # that, whose notice is lost, still reaches the page at the next look. The run of
    # failures is logged once, not once a second.
    from django.db import OperationalError

    from games.live.consumers import MatchConsumer

    settings.WS_RESYNC_SECONDS = 0.3
    looks = []
    read = MatchConsumer._current_version_and_deadline

    def fails_first(consumer):
        looks.append(1)
        if len(looks) <= 3:
            raise OperationalError("database is locked")
        return read(consumer)

    monkeypatch.setattr(MatchConsumer, "_current_version_and_deadline", fails_first)
    match = await online_match()
    bob = await connect(match.code, persona("bob"))
    await reply(bob)
    while len(looks) < 3:
        await asyncio.sleep(0.05)
    await move_without_telling_anyone(match)
    assert f'data-version="{match.version + 1}"' in await drain(bob, timeout=1.5)
    failed = [r for r in caplog.records if "watchdog's look failed" in r.getMessage()]
    assert len(failed) == 1, failed
    await bob.disconnect()


@database_sync_to_async
def timed_match_due_in(seconds: float) -> Match:
    from datetime import timedelta

    from django.utils import timezone

    match = services.create_match(EC, persona("alice"), timed=True)
    services.join_match(match.pk, persona("bob"))
    Match.objects.filter(pk=match.pk).update(
        deadline_at=timezone.now() + timedelta(seconds=seconds)
    )
    return Match.objects.get(pk=match.pk)


async def test_a_step_timeout_reaches_the_board_without_any_notification(settings):
    # The default set-up's sweeper is another process: its in-memory layer reaches no
    # socket. Here no sweeper runs at all; the socket checks just after the deadline it
    # shows, and its render applies the due timeout (the draft auto-picks for both).
    settings.WS_RESYNC_SECONDS = 60
    settings.SWEEPER_INTERVAL_SECONDS = 0.1
    match = await timed_match_due_in(0.5)
    alice = await connect(match.code, persona("alice"))
    assert f'data-version="{match.version}"' in await drain(alice)
    after = await drain(alice, timeout=1.5)
    assert f'data-version="{match.version + 1}"' in after
    assert await log_count(match) == 1, "the timeout is in the log, once"
    await alice.disconnect()


@database_sync_to_async
def sweepers_down_since(seconds: float) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Heartbeat

    Heartbeat.objects.update_or_create(
        name="sweeper", defaults={"at": timezone.now() - timedelta(seconds=seconds)}
    )


@database_sync_to_async
def fresh_timer_without_telling_anyone(match: Match) -> None:
    """What a sweeper coming back in another process does to a step that fell due while it
    was away (services.grant_fresh_timers), with its news lost on the way."""
    from datetime import timedelta

    from django.utils import timezone

    Match.objects.filter(pk=match.pk).update(
        deadline_at=timezone.now() + timedelta(seconds=12), version=match.version + 1
    )


async def test_a_step_left_overdue_by_stopped_sweepers_is_looked_at_again_soon(
    settings, monkeypatch
):
    # The sweepers stopped a minute ago: the deadline passes, and the socket's render may not
    # apply the timeout (the returning sweeper grants a fresh timer instead). The board must
    # learn of that fresh timer in about a second, not a resync (here a minute) later.
    from games.live.consumers import MatchConsumer

    settings.WS_RESYNC_SECONDS = 60
    settings.SWEEPER_INTERVAL_SECONDS = 0.1
    await sweepers_down_since(60)
    match = await timed_match_due_in(0.4)
    renders = []
    snapshot = MatchConsumer.send_snapshot

    async def counted(consumer, *args, **kwargs):
        renders.append(1)
        return await snapshot(consumer, *args, **kwargs)

    monkeypatch.setattr(MatchConsumer, "send_snapshot", counted)
    alice = await connect(match.code, persona("alice"))
    assert f'data-version="{match.version}"' in await reply(alice)
    await asyncio.sleep(1.0)  # the deadline and the socket's look just after it went by
    assert await log_count(match) == 0, "nobody is timed out for the sweepers' downtime"
    stuck = len(renders)
    await asyncio.sleep(2.2)  # two more looks at the same overdue step
    assert len(renders) == stuck, "while the same step stands overdue, a look only reads"
    await fresh_timer_without_telling_anyone(match)
    later = await drain(alice, timeout=2.5)
    assert f'data-version="{match.version + 1}"' in later
    await alice.disconnect()


async def test_a_flood_of_frames_is_cut_off_by_the_rate_limit(settings):
    settings.WS_MAX_MESSAGES_PER_10S = 5
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    await drain(alice)
    for _ in range(8):
        await alice.send_to(text_data=json.dumps({"HEADERS": {}}))
    replies = await drain(alice)
    assert "Too many messages" in replies
    assert await log_count(match) == 0
    await alice.disconnect()


def online_dots(html: str) -> int:
    """How many players the page shows as online after ``html``: the latest status bar,
    then each single dot a presence change swapped in by its id."""
    latest = html[html.rindex('id="match-status"') :]
    bar = latest[: latest.index("</div>")]
    dots = dict(re.findall(r'id="seat-dot-(\d+)" class="dot (on|off)"', bar))
    for seat, state in re.findall(r'id="seat-dot-(\d+)" class="dot (on|off)"', latest):
        dots[seat] = state  # later swaps win
    return sum(1 for state in dots.values() if state == "on")


class Page:
    """What one socket's page shows of presence, through every frame it got."""

    def __init__(self) -> None:
        self.html = ""

    def add(self, html: str) -> int:
        self.html += html
        return online_dots(self.html)


async def test_opponent_presence_is_shown_live():
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    page = Page()
    assert page.add(await until(alice, OWN_DOT)) == 1, "only alice is here"
    bob = await connect(match.code, persona("bob"))
    await until(bob, OWN_DOT)
    frame = await until(alice, OWN_DOT)
    assert 'id="match-status"' not in frame, "a presence change sends one dot, not the bar"
    assert page.add(frame) == 2, "alice sees bob arrive"
    await bob.disconnect()
    assert page.add(await until(alice, OWN_DOT)) == 1, "and leave"
    await alice.disconnect()


async def test_messages_are_dispatched_without_a_hop_to_the_shared_sync_thread(monkeypatch):
    # Channels would close stale connections on its one sync thread before every message;
    # our consumers do their database work in DatabaseSyncToAsync, which does that itself.
    import channels.consumer

    hops = []

    async def counted():
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    await drain(alice)
    await alice.send_to(
        text_data=frame(get_engine(EC).legal_actions(match.state, 0)[0], match.step)
    )
    assert is_board_frame(await drain(alice))
    assert await log_count(match) == 1
    assert hops == []
    await alice.disconnect()


async def test_a_move_against_the_bot_is_made_in_daphne_so_each_bot_move_shows_at_once(
    settings,
):
    settings.RENDER_PROCESSES = 1
    await render_workers.warm_up()  # see where_moves_run
    match = await database_sync_to_async(services.create_match)(
        EC, persona("alice"), mode=Match.Mode.BOT, timed=False
    )
    alice = await connect(match.code, persona("alice"))
    await drain(alice)
    before = await log_count(match)
    try:
        await alice.send_to(
            text_data=frame(get_engine(EC).legal_actions(match.state, 0)[0], match.step)
        )
        await reply(alice)
        assert await until_logged(match, before + 2) == before + 2, "alice's pick and the bot's"
        after = await fresh(match)
        assert committed.recall(match.pk, after.version) is not None, "made by daphne"
    finally:
        await alice.disconnect()
        render_workers.shutdown()


async def frames_of(comm: WebsocketCommunicator, timeout: float = 0.3) -> list[str]:
    """Every frame the socket received until it goes quiet, one by one."""
    out = []
    while not await comm.receive_nothing(timeout=timeout):
        out.append(await comm.receive_from(timeout=timeout))
    return out


async def board_frame_after(
    comm: WebsocketCommunicator, version: int, timeout: float = 15, settle: bool = True
) -> str:
    """The first board frame showing a version above ``version`` (then, with ``settle``, the
    last board frame of whatever follows until the socket goes quiet)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        left = deadline - loop.time()
        assert left > 0, f"no board frame above version {version} came"
        text = await comm.receive_from(timeout=left)
        found = re.search(r'data-version="(\d+)"', text)
        if is_board_frame(text) and found and int(found.group(1)) > version:
            break
    if settle:
        later = [f for f in await frames_of(comm) if is_board_frame(f)]
        text = later[-1] if later else text
    return text


async def test_a_move_reaches_each_socket_as_one_frame_that_builds_the_reloaded_page(
    where_moves_run, monkeypatch
):
    """In a worker, the move comes back with every socket's next frame rendered from the
    match it committed (games/live/watching.py): no socket asks the worker again, and none gets
    the version twice when the move's notice arrives after its frame."""
    match = await online_match()
    engine = get_engine(EC)
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    pages = {}
    for name, comm in (("alice", alice), ("bob", bob)):
        pages[name] = board_of(await board_frame_after(comm, -1))
    asked = []
    real_render = render_workers.render
    monkeypatch.setattr(render_workers, "render", lambda r: asked.append(r) or real_render(r))
    await alice.send_to(text_data=frame(engine.legal_actions(match.state, 0)[0], match.step))
    received = {}
    for name, comm in (("alice", alice), ("bob", bob)):
        # Wait for the new version (a loaded machine may be slow), then for anything else
        # the socket is sent: a second copy of the version would arrive within the quiet.
        first = await board_frame_after(comm, match.version, settle=False)
        received[name] = [first, *await frames_of(comm)]
    after = await database_sync_to_async(
        lambda: Match.objects.prefetch_related("seats").get(pk=match.pk)
    )()
    assert after.version == match.version + 1
    for name, seat in (("alice", 0), ("bob", 1)):
        board_frames = [f for f in received[name] if is_board_frame(f)]
        assert len(board_frames) == 1, f"{name} got the new version {len(board_frames)} times"
        assert f'data-version="{after.version}"' in board_frames[0]
        fresh_board = await database_sync_to_async(render_fragments)(
            after, Viewer(persona(name), seat)
        )
        assert apply_frame(pages[name], board_frames[0]) == board_of(fresh_board)
    assert len(asked) == (0 if where_moves_run else 2), (
        "in a worker, the frames came back with the move"
    )
    await alice.disconnect(), await bob.disconnect()


@database_sync_to_async
def match_in_battle() -> Match:
    """An Elemental Clash match past its draft (each seat picks its first offer)."""
    engine = get_engine(EC)
    match = services.create_match(EC, persona("alice"), timed=False, seed="reselect")
    services.join_match(match.pk, persona("bob"))
    match = Match.objects.get(pk=match.pk)
    while match.state["stage"] == "draft":
        seat = next(s for s in (0, 1) if engine.legal_actions(match.state, s))
        services.submit(match.pk, persona(("alice", "bob")[seat]), seat, _first_pick(match, seat))
        match = Match.objects.get(pk=match.pk)
    return match


def _first_pick(match: Match, seat: int) -> dict:
    return get_engine(EC).legal_actions(match.state, seat)[0]


async def test_re_selecting_a_hidden_card_sends_the_opponent_nothing(where_moves_run):
    """Issue 38: the opponent sees that alice has chosen, not which card, so a change of her
    choice changes nothing on bob's page; a frame at that moment would still tell him when
    she acted. Bob is sent one frame for her first choice and none for the second."""
    match = await match_in_battle()
    selects = [a for a in get_engine(EC).legal_actions(match.state, 0) if a["type"] == "select"]
    assert len(selects) >= 2, "alice can choose between two cards"
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    await board_frame_after(alice, -1), await board_frame_after(bob, -1)

    await alice.send_to(text_data=frame(selects[0], match.step))
    await board_frame_after(alice, match.version, settle=False)
    assert len(await frames_of(bob, timeout=1.0)) == 1, "her first choice shows as chosen"

    await alice.send_to(text_data=frame(selects[1], match.step))
    shown = await board_frame_after(alice, match.version + 1, settle=False)
    assert "is-selected" in shown, "alice sees her new choice"
    assert await frames_of(bob, timeout=1.0) == [], "bob's page does not change"
    assert (await fresh(match)).version == match.version + 2
    await alice.disconnect(), await bob.disconnect()
