"""A match page is drawn once: its socket's address names the board the page was served
with (games/live/held.py), so the socket's first frame does not bring that board again. A
socket that reopens asks for the board afresh (static/js/duelhall.js drops the name), and
gets it whole.

The page's match socket passes through Playwright's route, which records what the server
sends and can close the page's side with 1011, as a failing server would."""

import pytest

from .driver import ACTION_BUTTONS, start_online_match

pytestmark = pytest.mark.browser

BOARD_FRAME = '<div id="board"'


def test_a_reload_draws_the_board_once_and_a_reopened_socket_draws_it_afresh(live_site, new_page):
    alice, bob = new_page(1366, 768), new_page(1366, 768)
    start_online_match(alice, bob, live_site, "elemental-clash")
    sockets, sent = [], []

    def relay(ws):
        server = ws.connect_to_server()
        number = len(sockets)
        sockets.append(ws)

        def forward(message):
            sent.append((number, message))
            ws.send(message)

        server.on_message(forward)

    alice.route_web_socket("**/ws/m/**", relay)
    alice.reload()
    alice.wait_for_selector(ACTION_BUTTONS)  # the draft's cards, from the page itself
    alice.evaluate("document.querySelector('#board').drawnByThePage = true")
    alice.wait_for_function("() => !document.body.classList.contains('ws-down')")
    alice.wait_for_timeout(1500)  # the first frame would have come by now
    assert len(sockets) == 1 and "held=" in sockets[0].url
    assert not [m for n, m in sent if BOARD_FRAME in m], "the board came only with the page"
    assert alice.evaluate("document.querySelector('#board').drawnByThePage") is True

    sockets[0].close(code=1011, reason="test: the server fails")
    alice.wait_for_function("() => document.querySelector('#board').drawnByThePage !== true")
    assert len(sockets) == 2 and "held=" not in sockets[1].url and "chat=" in sockets[1].url
    assert [m for n, m in sent if n == 1 and BOARD_FRAME in m], "the reopened socket's board"
    alice.wait_for_selector(ACTION_BUTTONS)
    assert alice.locator(ACTION_BUTTONS).count() > 0, "the draft's cards are offered again"
