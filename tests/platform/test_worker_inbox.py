"""A render worker answers people before a bot's move that came ahead of them
(games/live/worker_inbox.py), over a real socket pair framed as daphne frames it."""

import socket
import threading
import time

import pytest

from games.live import worker_inbox
from games.live.render_protocol import (
    BotMoveRequest,
    BotTurnRequest,
    MoveRequest,
    RenderRequest,
    request_frame,
)
from games.live.worker_inbox import Inbox
from games.matches.identity import Player
from games.matches.services import BotTurn

ALICE = Player(user_id=None, guest_id="alice", name="alice")


def bot_move(match_id: int) -> BotMoveRequest:
    turn = BotTurn(match_id, 3, "gundam", {}, 1, 2)
    return BotMoveRequest(turn, {"type": "end_turn"}, generation=0)


def person_move(match_id: int) -> MoveRequest:
    return MoveRequest(match_id, 0, ALICE, 0, {"type": "end_turn"}, None)


def render(match_id: int) -> RenderRequest:
    return RenderRequest(match_id, 4, 0, ALICE, 0)


@pytest.fixture
def link():
    daphne, worker = socket.socketpair()
    yield daphne, Inbox(worker)
    daphne.close()
    worker.close()


def send(daphne: socket.socket, *requests) -> None:
    for number, request in requests:
        daphne.sendall(request_frame(number, request))


def taken_numbers(inbox: Inbox, count: int) -> list[int]:
    return [inbox.next()[0] for _ in range(count)]


def test_requests_of_other_matches_go_before_a_bot_move_in_their_own_order(link):
    daphne, inbox = link
    send(daphne, (1, bot_move(10)), (2, render(20)), (3, person_move(30)), (4, render(20)))
    assert taken_numbers(inbox, 4) == [2, 3, 4, 1]


def test_a_matchs_own_requests_stay_behind_its_bot_move(link):
    # Alice's simultaneous choice in the bot's match must not make the bot's move stale.
    daphne, inbox = link
    send(daphne, (1, bot_move(10)), (2, person_move(10)), (3, render(10)), (4, render(20)))
    assert taken_numbers(inbox, 4) == [4, 1, 2, 3]


def test_reading_a_bot_s_turn_waits_like_its_move(link):
    daphne, inbox = link
    send(daphne, (1, BotTurnRequest(10)), (2, render(20)), (3, render(10)))
    assert taken_numbers(inbox, 3) == [2, 1, 3]


def test_bot_moves_keep_their_order_among_themselves(link):
    daphne, inbox = link
    send(daphne, (1, bot_move(10)), (2, bot_move(11)), (3, render(20)))
    assert taken_numbers(inbox, 3) == [3, 1, 2]


def test_a_bot_move_that_waited_its_while_goes_first(link, monkeypatch):
    daphne, inbox = link
    monkeypatch.setattr(worker_inbox, "BOT_MAY_WAIT_SECONDS", 0.05)
    send(daphne, (1, bot_move(10)))
    inbox._receive()  # read now; the render below comes after the bot has waited its while
    time.sleep(0.06)
    send(daphne, (2, render(20)))
    assert taken_numbers(inbox, 2) == [1, 2]


def test_a_lone_request_is_answered_in_turn(link):
    daphne, inbox = link
    send(daphne, (1, bot_move(10)))
    assert inbox.next()[0] == 1
    send(daphne, (2, render(20)), (3, bot_move(10)))
    assert taken_numbers(inbox, 2) == [2, 3]


def test_a_request_split_across_writes_is_waited_for_whole(link):
    daphne, inbox = link
    data = request_frame(7, render(20))
    daphne.sendall(data[:3])  # not even the whole header yet

    def rest_later():
        time.sleep(0.05)
        daphne.sendall(data[3:50])
        time.sleep(0.05)
        daphne.sendall(data[50:])

    writer = threading.Thread(target=rest_later)
    writer.start()
    number, request = inbox.next()
    writer.join()
    assert number == 7 and request == render(20)


def test_requests_read_before_daphne_closed_are_answered_then_none(link):
    daphne, inbox = link
    send(daphne, (1, bot_move(10)), (2, render(20)))
    daphne.close()
    assert taken_numbers(inbox, 2) == [2, 1]
    assert inbox.next() is None
