"""Elemental Clash, Phalanx and Card Battle against the bot on a desk (1366x768) and a phone
(390x844), issue 18: the engine's first legal move is on screen without scrolling throughout
the first moves, the controls these boards add answer a click or a key with what they show,
and axe-core finds nothing serious on the board."""

import json
import re

import pytest

from .driver import click_payload, is_over, offered_moves, start_bot_match
from .staged_match import stage
from .test_accessibility import serious
from .test_board_viewports import first_move_on_screen, wait_for_moves

pytestmark = pytest.mark.browser

VIEWPORTS = [(1366, 768), (390, 844)]
IDS = ["desk", "phone"]


def prefer(moves, *kinds):
    """The first offered move of the first kind present (else the first move)."""
    for kind in kinds:
        for payload, _ in moves:
            if json.loads(payload)["type"] == kind:
                return payload
    return moves[0][0]


@pytest.mark.parametrize("size", VIEWPORTS, ids=IDS)
def test_elemental_clash_first_move_is_in_reach_and_cards_explain_themselves(
    live_site, live_env, new_page, size
):
    page = new_page(*size)
    start_bot_match(page, live_site, "elemental-clash")
    seen = set()
    for _ in range(12):  # the six draft picks, then selections and lock-ins
        moves = wait_for_moves(page)
        if is_over(page):
            break
        assert first_move_on_screen(page, live_env["SQLITE_PATH"]), [label for _, label in moves]
        kinds = {json.loads(p)["type"] for p, _ in moves}
        seen |= kinds
        click_payload(page, prefer(moves, "pick", "lock", "select"))
    assert {"pick", "select"} <= seen, seen
    wait_for_moves(page)
    # A hand card says what it does, and its tooltip opens on keyboard focus.
    card = page.locator(".ec-hand .card-tile").first
    assert card.locator(".card-text").inner_text().strip()
    tip = card.locator(".card-tip")
    page.mouse.move(1, 1)  # no hover from the last click
    page.locator("body").focus()
    assert not tip.is_visible()
    page.keyboard.press("Tab")  # arm keyboard focus mode, then focus the card's button
    focusable = card.locator("button, [tabindex='0']").first
    if card.get_attribute("tabindex") == "0":
        focusable = card
    focusable.focus()
    assert tip.is_visible() and card.locator(".card-name").inner_text() in tip.inner_text()
    assert serious(page, "#board") == []


@pytest.mark.parametrize("size", VIEWPORTS, ids=IDS)
def test_phalanx_first_move_is_in_reach_and_a_card_click_attacks(
    live_site, live_env, new_page, size
):
    page = new_page(*size)
    start_bot_match(page, live_site, "phalanx")
    for _ in range(30):  # the deployment, until the first attack is offered
        moves = wait_for_moves(page)
        assert not is_over(page)
        assert first_move_on_screen(page, live_env["SQLITE_PATH"]), [label for _, label in moves]
        if any(json.loads(p)["type"] == "attack" for p, _ in moves):
            break
        if any(json.loads(p)["type"] == "deploy" for p, _ in moves):
            # The slot the next card goes to is marked, and shows above the bar.
            assert page.evaluate(
                """() => { const slot = document.querySelector('.phx-zone-bottom .is-deploy');
                           const bar = document.querySelector('[data-phx-actions]');
                           const s = slot.getBoundingClientRect();
                           return s.top >= 0 && s.bottom <= bar.getBoundingClientRect().top; }"""
            ), "the slot being filled is in view"
        click_payload(page, prefer(moves, "deploy", "reinforce"))
    labels = page.locator(".phx-rowlabel").all_inner_texts()
    assert labels == ["BACK", "FRONT", "FRONT", "BACK"] or labels == [
        "Back",
        "Front",
        "Front",
        "Back",
    ]
    count = page.inner_text(".phx-log-title")
    card = page.locator(".phx-zone-bottom .phx-card-btn").first
    assert card.is_visible()
    before = page.locator("#match-status").get_attribute("data-version")
    card.click()
    page.wait_for_function(
        "v => document.querySelector('#match-status').dataset.version !== v", arg=before
    )
    page.wait_for_function(
        "c => document.querySelector('.phx-log-title').innerText !== c", arg=count
    )
    assert page.locator(".phx-log-list li.phx-attack").count() >= 1
    assert serious(page, "#board") == []


@pytest.mark.parametrize("size", VIEWPORTS, ids=IDS)
def test_card_battle_deck_choice_is_in_reach_and_the_playback_bar_works_by_keyboard(
    live_site, live_env, new_page, size
):
    page = new_page(*size)
    start_bot_match(page, live_site, "card-battle")
    wait_for_moves(page)
    assert first_move_on_screen(page, live_env["SQLITE_PATH"]), "the deck choice"
    click_payload(page, offered_moves(page)[0][0])
    page.locator("[data-cb-controls]").wait_for(state="visible")
    play = page.locator("[data-cb=play]")
    if "Pause" in play.inner_text():
        play.click()
    step = page.locator("[data-cb=step]")
    step.focus()
    before = page.inner_text("[data-cb-progress]")
    page.keyboard.press("Enter")
    assert page.inner_text("[data-cb-progress]") != before
    assert step.evaluate("b => b.matches(':focus-visible')"), "the focus ring shows"
    assert serious(page, "#board") == []


def test_the_side_log_is_a_drawer_on_a_phone_and_a_column_on_a_desk(live_site, new_page):
    phone = new_page(390, 844)
    start_bot_match(phone, live_site, "elemental-clash")
    toggle = phone.locator(".side-log-toggle")
    body = phone.locator("#side-log-body")
    assert toggle.is_visible() and not body.is_visible()
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert body.is_visible() and toggle.get_attribute("aria-expanded") == "true"
    desk = new_page(1366, 768)
    start_bot_match(desk, live_site, "elemental-clash")
    assert desk.locator("#side-log-body").is_visible()
    assert not desk.locator(".side-log-toggle").is_visible()
    # A frame from the socket may swap the board in at any moment, between two reads of it
    # from here: both boxes are read in one go inside the page, once laid out.
    log_left, main_right = desk.wait_for_function(
        """() => { const log = document.querySelector('.side-log');
                   const main = document.querySelector('.board-main');
                   if (!log || !main || !log.getClientRects().length
                       || !main.getClientRects().length) return null;
                   const l = log.getBoundingClientRect(), m = main.getBoundingClientRect();
                   return [l.left, m.right]; }"""
    ).json_value()
    assert log_left > main_right - 1, "a column beside the board"


@pytest.mark.parametrize("size", VIEWPORTS, ids=IDS)
def test_a_phalanx_reinforcement_prompt_takes_focus_in_view(live_site, live_env, new_page, size):
    """A prompt that needs an answer comes into view and takes the keyboard's focus
    (static/js/board.js, data-prompt)."""
    page = new_page(*size)
    start_bot_match(page, live_site, "phalanx")
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    stage(live_env, code, "phalanx-reinforce")
    page.reload()
    prompt = page.locator("[data-prompt]")
    prompt.wait_for(state="visible")
    assert prompt.locator("h3").inner_text().startswith("Reinforce column")
    page.wait_for_function(
        "() => document.querySelector('[data-prompt]').contains(document.activeElement)"
    )
    focused = page.evaluate(
        "() => { const e = document.activeElement, r = e.getBoundingClientRect();"
        " return [r.top, r.bottom, window.innerHeight, e.getAttribute('aria-label')]; }"
    )
    top, bottom, height, label = focused
    assert top >= 0 and bottom <= height, focused
    assert re.fullmatch(r"Reinforce column \d with (10|[2-9AJQK])[♠♥♦♣]", label), label
    # The slot the card goes to comes into view above the bar (the page scrolls to it).
    page.wait_for_function(
        """() => { const bar = document.querySelector('[data-phx-actions]').getBoundingClientRect();
                   const slot = document.querySelector('.phx-zone-bottom .phx-back.is-reinforce')
                       .getBoundingClientRect();
                   return slot.top >= 0 && slot.bottom <= bar.top; }"""
    )
    # The hand's cards to choose from stand in one row of the bar.
    rows = {
        round(b["y"])
        for b in prompt.locator("button.phx-card-choice").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect())"
        )
    }
    assert len(rows) == 1, rows


def test_what_a_move_changed_lights_up_briefly(live_site, new_page):
    """The parts a frame replaces are marked for a moment (static/js/board.js), then not."""
    page = new_page(1366, 768)
    start_bot_match(page, live_site, "elemental-clash")
    moves = wait_for_moves(page)
    page.evaluate(
        """() => { window.__changed = [];
             new MutationObserver(list => list.forEach(m => {
               if (m.target.classList && m.target.classList.contains('is-changed'))
                 window.__changed.push(m.target.closest('.part') ? m.target.closest('.part').id : '');
             })).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class']}); }"""
    )
    click_payload(page, moves[0][0])
    page.wait_for_function("() => window.__changed.length > 0")
    assert any(p.startswith("part-ec-") for p in page.evaluate("window.__changed"))
    page.wait_for_function("() => !document.querySelector('#board .is-changed')", timeout=3000)
