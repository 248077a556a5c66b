"""An Ancient fleet against the bot in the browser (issue 24): Cores drawn, Solar Powers cast
through the board's own buttons, the Energy they spend and the casts' reveal as the player
reads them, a spectator who sees nothing of a cast before the reveal, and (issue 18) the
moves bar on a phone as a drawer that leaves the board readable."""

import re

import pytest

from .ancient import COLOURS, ancient_move, choose_ancient, click_if_offered, cost_of, energy_in
from .driver import (
    click_payload,
    is_over,
    offered_moves,
    start_online_match,
    version,
    wait_for_change,
)
from .test_around_the_board import SOCKETS
from .test_board_viewports import start_bot_match, wait_for_moves

pytestmark = pytest.mark.browser


def named_in_log(page, me: str, casts: list[str]) -> set[str]:
    """The powers of ``casts`` the log (its last 40 lines) says ``me`` cast: each is named
    there once both players locked in."""
    log = page.locator("#side-log-body").text_content()
    return {n for n in casts if re.search(rf"{re.escape(me)} casts [^.]*\b{re.escape(n)}\b", log)}


def test_an_ancient_fleet_casts_solar_powers_through_the_board_to_the_end(live_site, new_page):
    page = new_page(1366, 768)
    start_bot_match(page, live_site, "shapeships")
    watcher = new_page(390, 844)  # a spectator of the same match
    watcher.goto(page.url)
    watcher.wait_for_selector("#board")
    choose_ancient(page)
    me = page.locator(".ss-mine h3").inner_text().removesuffix(" (you)")
    casts, revealed, built, step = [], set(), 0, ""
    for _ in range(600):
        moves = wait_for_moves(page, 40)
        if is_over(page):
            break
        current = page.locator("#match-step").get_attribute("value") or ""
        if current != step:
            step, built, cast_now = current, 0, 0
        offered_casts = [(p, label) for p, label in moves if '"solar"' in p]
        if offered_casts and cast_now == 0:
            payload, label = offered_casts[0]
            power = page.locator(f"[data-ss-power]:has(button[data-action='{payload}'])")
            name = power.locator(".ss-power-name").inner_text()
            before = energy_in(page.inner_text("[data-ss-energy-left]"))
            if not click_if_offered(page, payload):
                continue
            after = energy_in(page.inner_text("[data-ss-energy-left]"))
            cost = cost_of(label)
            assert after == {c: before[c] - cost[c] for c in COLOURS}, (label, before, after)
            cast = page.locator("[data-ss-casts] li").last
            assert name in cast.inner_text() and "withdraw" in cast.inner_text()
            assert "1 Solar Power" in page.inner_text("[data-ss-bar-line]")
            if not casts:  # nothing revealed yet: a spectator's board knows nothing of it
                # A composed cast changes nothing a spectator sees, so their page is sent no
                # frame at all (not even when it happened): give one the time to arrive.
                watcher.wait_for_timeout(1500)
                board = watcher.locator("#board").text_content()
                assert name not in board and "Energy left" not in board
            casts.append(name)
            cast_now += 1
            continue
        if ancient_move(page, moves, built) == "build":
            built += 1
        revealed |= named_in_log(page, me, casts)
    revealed |= named_in_log(page, me, casts)
    assert is_over(page), "the match reached its end"
    assert casts, "at least one Solar Power was cast"
    assert revealed == set(casts), "the reveal names every power cast"
    result = page.locator("#gameover .gameover-panel").inner_text()
    assert re.search(r"You won|You lost|Draw", result)


def test_on_a_phone_the_moves_bar_closes_to_a_line_and_the_board_scrolls_above_it(
    live_site, new_page
):
    """Issue 18 on a phone (390x844), in an online match: the bar's head keeps what is
    composed and Lock in in reach; its toggle (a keyboard works it) closes the rest, so the
    fleets show; it stays closed when the other player moves and when a reconnect re-sends
    the whole board, and at the page's end the whole board lies above it. The next decision
    opens it again."""
    ada, bo = new_page(390, 844), new_page(1366, 768)
    ada.add_init_script(SOCKETS)  # to drop her connection below
    start_online_match(ada, bo, live_site, "shapeships")
    choose_ancient(ada)
    bo.wait_for_selector("#board form.action-form button")
    click_payload(bo, [p for p, label in offered_moves(bo) if label == "Play Human"][0])
    wait_for_moves(ada)
    click_payload(ada, [p for p, _ in offered_moves(ada) if '"ship":"MER"' in p][0])
    line = ada.inner_text("[data-ss-bar-line]")
    assert "1 drawn" in line and re.search(r"\d+ lines? left", line), line
    toggle, body = ada.locator("[data-bar-toggle]"), ada.locator(".ss-bar-body")
    assert toggle.get_attribute("aria-expanded") == "true" and body.is_visible()
    bar_open = ada.locator(".ss-actions").bounding_box()["height"]
    toggle.focus()
    ada.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "false" and not body.is_visible()
    bar = ada.locator(".ss-actions").bounding_box()
    assert bar["height"] < bar_open / 2 and bar["height"] < 844 * 0.2, bar
    lock = ada.locator(".ss-bar-commit button[data-action*='confirm']")
    box = lock.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, "Lock in stays in reach"
    mine = ada.locator(".ss-mine").bounding_box()
    assert mine["y"] + mine["height"] <= bar["y"] + 1, "your fleet shows above the bar"
    # Bo's move reaches Ada's board (her bar is re-sent only if what it shows changed): it
    # stays closed.
    before = version(ada)
    click_payload(bo, [p for p, _ in offered_moves(bo) if '"build"' in p][0])
    wait_for_change(ada, before)
    assert ada.locator("[data-bar-toggle]").get_attribute("aria-expanded") == "false"
    # Ada's connection drops and comes back: the server re-sends her whole board, the bar a
    # new element, and it stays closed for this decision.
    ada.evaluate("document.querySelector('.ss-actions').dataset.old = 'yes'")
    # As a network failure does (1006, which htmx reconnects after; the real socket closed).
    ada.evaluate(
        """() => { const s = window.__sockets.at(-1);
        s.onclose(new CloseEvent('close', {code: 1006})); s.onclose = null; s.close(); }"""
    )
    ada.wait_for_function("() => !document.querySelector('.ss-actions').dataset.old", timeout=30000)
    assert "1 drawn" in ada.inner_text("[data-ss-bar-line]")
    assert ada.locator("[data-bar-toggle]").get_attribute("aria-expanded") == "false"
    assert not ada.locator(".ss-bar-body").is_visible()
    ada.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    last = ada.evaluate(
        """() => Math.max(...[...document.querySelectorAll(
                 '.board-main > *:not(.part), .board-main > .part > *')]
               .filter(e => !e.classList.contains('ss-actions'))
               .map(e => e.getBoundingClientRect().bottom))"""
    )
    assert last <= ada.locator(".ss-actions").bounding_box()["y"] + 1, "nothing under the bar"
    # Both lock in; Ada's Mercury Core makes red Energy, so Declaration asks her again.
    lock.click()
    click_payload(bo, [p for p, _ in offered_moves(bo) if '"confirm"' in p][0])
    ada.wait_for_selector("[data-ss-solar]")
    assert ada.locator("[data-bar-toggle]").get_attribute("aria-expanded") == "true"
    assert ada.locator("[data-ss-solar]").is_visible()
