"""Moves wait for the connection (issue 34, item 14): while the match's socket is down and
"Reconnecting…" shows, the move buttons are disabled; when it is back, so are they.

The socket is dropped for real: the page's websockets pass through Playwright's route, which
closes the page's side with 1011 (a server error) once, as a failing server would; htmx's
websocket extension then reconnects after its back-off, through the route again."""

import pytest

from .driver import ACTION_BUTTONS, start_bot_match

pytestmark = pytest.mark.browser
ANY_MOVE = "#board form.action-form button"


def test_move_buttons_are_disabled_while_reconnecting(live_site, new_page):
    page = new_page(1366, 768)
    sockets = []

    def relay(ws):
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket("**/ws/m/**", relay)
    start_bot_match(page, live_site, "phalanx")
    page.wait_for_selector(ACTION_BUTTONS)
    assert sockets, "the match socket goes through the route"
    page.evaluate(
        "() => { window.__disabledSeen = false;"
        " document.addEventListener('htmx:wsClose', () => setTimeout(() => {"
        f"  window.__disabledSeen = document.querySelectorAll('{ACTION_BUTTONS}').length === 0"
        f"   && document.querySelectorAll('{ANY_MOVE}').length > 0;"
        "  window.__reconnecting = getComputedStyle(document.querySelector('.reconnecting'))"
        "   .display !== 'none'; }, 0)); }"
    )
    sockets[-1].close(code=1011, reason="test: the server fails")
    page.wait_for_function("() => window.__disabledSeen === true", timeout=10_000)
    assert page.evaluate("() => window.__reconnecting"), "the banner shows meanwhile"
    # The socket comes back (htmx reconnects through the route): moves can be made again.
    page.wait_for_function("() => !document.body.classList.contains('ws-down')", timeout=60_000)
    page.wait_for_selector(ACTION_BUTTONS, timeout=30_000)
    assert len(sockets) >= 2
