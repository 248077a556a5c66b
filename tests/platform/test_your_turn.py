"""The "Your turn" count in every page's top bar and the list that opens "My matches":
matches waiting for the visitor's decision, live and correspondence, the most urgent first."""

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.engines import get_engine
from games.matches import services
from games.matches.your_turn import count, waiting_for
from games.models import Match
from project.asgi import application

from .conftest import persona, until, ws_headers

PX = "phalanx"


def on_move(match: Match) -> int:
    match = Match.objects.get(pk=match.pk)
    return next(iter(get_engine(match.game).prompts(match.state).waiting))


def player_of(match: Match, seat: int, *players):
    match = Match.objects.get(pk=match.pk)
    return next(p for p in players if p.owns(match.seat_at(seat)))


def top_bar_count(html: str) -> int:
    found = re.search(r'id="your-turn"[^>]*>Your turn <span class="count">(\d+)</span>', html)
    assert found, "the top bar has no Your turn count"
    return int(found.group(1))


def started(alice, bob, days=None) -> Match:
    match = services.create_match(PX, alice, correspondence_days=days)
    services.join_match(match.pk, bob)
    return match


@pytest.mark.django_db
def test_the_count_follows_whose_move_it_is(alice, bob, carol):
    match = started(alice, bob, days=1)
    mover = player_of(match, on_move(match), alice, bob)
    other = bob if mover is alice else alice
    assert (count(mover), count(other), count(carol)) == (1, 0, 0)
    fresh = Match.objects.get(pk=match.pk)
    seat = on_move(match)
    action = get_engine(PX).legal_actions(fresh.state, seat)[0]
    services.submit(match.pk, mover, seat, action, fresh.step)
    now_on = player_of(match, on_move(match), alice, bob)
    assert count(now_on) == 1 and count(bob if now_on is alice else alice) == 0


@pytest.mark.django_db
def test_hot_seat_and_waiting_challenges_wait_for_nobody(alice):
    services.create_match(PX, alice, mode=Match.Mode.HOTSEAT)
    services.create_match(PX, alice, correspondence_days=2)
    assert count(alice) == 0


@pytest.mark.django_db
def test_every_page_shows_the_count_and_my_matches_lists_them_first(alice, bob, client):
    from tests.platform.conftest import session_cookie_for

    long_one = started(alice, bob, days=7)
    short_one = started(alice, bob, days=1)
    live_one = started(alice, bob)
    mine = {m.code for m in (long_one, short_one, live_one) if player_of(m, on_move(m), alice, bob)}
    waiting = waiting_for(alice)
    client.cookies.load(session_cookie_for(alice).decode())
    for url in ("/", f"/g/{PX}/", "/me/matches/"):
        assert top_bar_count(client.get(url).content.decode()) == len(waiting)
    page = client.get("/me/matches/").content.decode()
    listed = re.findall(r'class="waiting-row" data-waiting="(\w+)"', page)
    assert listed == [w.match.code for w in waiting]
    deadlines = [w.match.deadline_at for w in waiting]
    assert deadlines == sorted(deadlines), "oldest deadline first"
    assert set(listed) <= mine
    if long_one.code in listed:
        assert re.search(
            r"Correspondence: 7 days per move · <strong>(7 days|6 days 23 hours)", page
        )


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_lobby_socket_recounts_when_the_opponent_moves():
    alice, bob = persona("alice"), persona("bob")
    match = await database_sync_to_async(started)(alice, bob, 1)
    mover_seat = await database_sync_to_async(on_move)(match)
    mover = await database_sync_to_async(player_of)(match, mover_seat, alice, bob)
    other = bob if mover is alice else alice
    comm = WebsocketCommunicator(application, f"/ws/lobby/{PX}/", headers=ws_headers(other))
    connected, _ = await comm.connect(timeout=5)
    assert connected
    await until(comm, 'id="open-challenges"')  # sent once the socket has joined its groups

    @database_sync_to_async
    def move():
        fresh = Match.objects.get(pk=match.pk)
        action = get_engine(PX).legal_actions(fresh.state, mover_seat)[0]
        services.submit(match.pk, mover, mover_seat, action, fresh.step)

    await move()
    pushed = await until(comm, 'id="your-turn"')
    assert top_bar_count(pushed) == 1
    await comm.disconnect()


def test_the_newest_news_of_a_match_wins_whatever_order_it_arrives_in():
    """games/live/turn_tally.py: a worker and the sweeper may commit a match's consecutive
    versions and their news cross; news older than what the socket knows changes nothing."""
    from games.live.turn_tally import TurnTally

    tally = TurnTally({1: (4, True), 2: (9, False)})
    assert tally.count() == 1
    tally.note(1, 6, False)  # a newer version: no longer waiting for this player
    tally.note(1, 5, True)  # older news arriving late is ignored
    assert tally.count() == 0
    tally.note(2, 9, True)  # the same version again: the newer word on it (a claim, say)
    tally.note(3, 1, True)  # a match the socket did not know of yet
    assert tally.count() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_keeps_its_count_from_the_news_without_counting_again(monkeypatch):
    """Counting from the database on every move of a player's matches cost each of their
    sockets two queries and a decoded state per move in daphne; the move's own news says
    whether the match waits for them."""
    from games.live import consumers

    alice, bob = persona("alice"), persona("bob")
    first = await database_sync_to_async(started)(alice, bob, 1)
    second = await database_sync_to_async(started)(alice, bob, 1)
    comm = WebsocketCommunicator(application, f"/ws/lobby/{PX}/", headers=ws_headers(alice))
    connected, _ = await comm.connect(timeout=5)
    assert connected
    await until(comm, 'id="open-challenges"')

    def not_again(*args):
        raise AssertionError("the socket counted again from the database")

    # However the socket would count (a count, or the tally's start), it may not now.
    monkeypatch.setattr(consumers, "standing", not_again, raising=False)
    monkeypatch.setattr(consumers, "count", not_again, raising=False)

    @database_sync_to_async
    def move_and_count(match: Match) -> int:
        seat = on_move(match)
        mover = player_of(match, seat, alice, bob)
        fresh = Match.objects.get(pk=match.pk)
        action = get_engine(PX).legal_actions(fresh.state, seat)[0]
        services.submit(match.pk, mover, seat, action, fresh.step)
        return count(alice)  # the true count, read here only to compare

    shown = None
    for match in (first, second, first, second, first):
        expected = await move_and_count(match)
        if expected != shown:
            shown = top_bar_count(await until(comm, 'id="your-turn"'))
        assert shown == expected
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_bot_match_that_starts_waiting_for_its_creator_counts_at_once():
    """A bot match is in play as soon as it is created, with no join to announce it: its
    start tells the creator's sockets too."""
    alice = persona("alice")
    comm = WebsocketCommunicator(application, f"/ws/lobby/{PX}/", headers=ws_headers(alice))
    connected, _ = await comm.connect(timeout=5)
    assert connected
    await until(comm, 'id="open-challenges"')

    @database_sync_to_async
    def create_until_alice_is_awaited() -> int:
        for _ in range(20):  # who moves first is dealt; Alice may begin in seat 1 or 2
            for seat in (0, 1):
                match = services.create_match(
                    PX, alice, mode=Match.Mode.BOT, timed=False, creator_seat=seat
                )
                if count(alice):
                    return count(alice)
                services.resign(match.pk, alice)
        raise AssertionError("no bot match ever waited for its creator")

    awaited = await create_until_alice_is_awaited()
    assert top_bar_count(await until(comm, f'<span class="count">{awaited}</span>')) == awaited
    await comm.disconnect()
