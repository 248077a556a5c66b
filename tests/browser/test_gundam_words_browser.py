"""Gundam's words (issue 34, items 7 and 6): a hand card's reason fits the card in a few
words with the whole sentence on hover and keyboard focus, skipping the resource asks
first, the side log has one heading per turn, a heal that heals nothing says so
(GUN-X-HEAL-NOTHING), the lobby's options read as sentences, and a claim reads "you" to
the claimer."""

import json
import re

import pytest

from .driver import click_payload, offered_moves, version
from .staged_match import stage
from .test_abandonment_browser import started_match
from .test_board_viewports import start_bot_match, wait_for_moves

pytestmark = pytest.mark.browser


def gundam_in_play(page, site: str) -> None:
    """A Gundam match against the bot, the decks chosen: the player's resource phase."""
    start_bot_match(page, site, "gundam")
    click_payload(page, offered_moves(page)[0][0])
    page.wait_for_selector("[data-gd-board][data-stage='play']")
    wait_for_moves(page)


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desk", "phone"])
def test_hand_hints_fit_their_card_and_say_everything_on_focus(live_site, new_page, size):
    page = new_page(*size)
    gundam_in_play(page, live_site)
    hints = page.locator(".gd-hand [data-gd-hint]")
    assert hints.count() >= 1, "in the resource phase no hand card can be played"
    for i in range(hints.count()):
        hint = hints.nth(i)
        words, sentence = hint.inner_text(), hint.get_attribute("title")
        assert re.fullmatch(r"Main( or end)? phase only", words), words
        assert re.search(r"only allowed in the main( or end)? phase \(now: resource\)", sentence)
        # Nothing of it is cut off: the box holds all its text.
        assert hint.evaluate(
            "el => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1"
        )
    # The whole sentence on keyboard focus: the card's name describes itself by it, and the
    # card's tooltip shows it.
    card = page.locator(".gd-hand [data-gd-card]:has([data-gd-hint])").first
    summary = card.locator(".gd-card-name summary")
    tip = page.locator("#" + summary.get_attribute("aria-describedby"))
    page.mouse.move(1, 1)
    assert not tip.is_visible()
    page.keyboard.press("Tab")  # keyboard focus mode, then to the card
    summary.focus()
    assert tip.is_visible()
    assert tip.inner_text() == card.locator("[data-gd-hint]").get_attribute("title")


def test_skipping_the_resource_asks_first_and_the_log_has_a_heading_per_turn(live_site, new_page):
    page = new_page(1366, 768)
    gundam_in_play(page, live_site)
    controls = page.locator("[data-gd-controls]")
    skip = controls.get_by_role("button", name="Skip the resource…")
    before = version(page)
    skip.click()
    ask = controls.locator(".confirm-ask")
    assert ask.is_visible() and "Your level stays as it is" in ask.inner_text()
    controls.get_by_role("button", name="No").click()
    assert not ask.is_visible() and skip.is_visible()
    page.wait_for_timeout(300)
    assert version(page) == before, "nothing was sent"
    place = [p for p, label in offered_moves(page) if label == "Place a resource"]
    click_payload(page, place[0])
    # Play on into the bot's turn and back: two turns in the log.
    for _ in range(20):
        moves = wait_for_moves(page)
        kinds = {json.loads(p)["type"]: p for p, _ in moves}
        if page.locator(".gd-log-list .log-turn-head").count() >= 3:
            break
        pick = kinds.get("end_main") or kinds.get("end_turn") or kinds.get("play_resource")
        click_payload(page, pick or moves[0][0])
    heads = page.locator(".gd-log-list .log-turn-head").all_inner_texts()
    assert len(heads) >= 3 and len(set(heads)) == len(heads), heads
    assert heads == sorted(heads, key=lambda h: -int(h.split()[1])), "newest turn first"
    lines = page.locator(".gd-log-list .log-line").all_inner_texts()
    assert lines and not any(line.startswith("Turn") for line in lines), lines[:3]
    log = page.inner_text(".gd-log-list")
    assert log.index(heads[0]) < log.index("places a resource")


def test_GUN_X_HEAL_NOTHING_a_heal_with_no_damaged_unit_says_so(live_site, live_env, new_page):
    page = new_page(1366, 768)
    start_bot_match(page, live_site, "gundam")
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    stage(live_env, code, "gundam-heal")
    page.reload()
    patch = page.locator(".gd-hand [data-gd-card]:has(summary:text-is('Emergency Patch'))").first
    assert patch.locator("[data-gd-note]").inner_text() == "No damaged Unit: this heals nothing."
    # Still a move (the rulings let it be played): the prompt says it again, and it is played.
    patch.locator("button[data-action*='\"command\"']").click()
    page.wait_for_selector("[data-gd-targets]")
    assert "this heals nothing" in page.inner_text("[data-gd-targets] [data-gd-note]")
    target = [p for p, _ in offered_moves(page) if json.loads(p)["type"] == "target"][0]
    click_payload(page, target)
    page.wait_for_function(
        "() => document.querySelector('.gd-log-list').textContent.includes('recovers 0 HP')"
    )


def test_the_lobby_options_read_as_sentences(live_site, new_page):
    host, guest = new_page(1366, 768), new_page(1366, 768)
    host.goto(f"{live_site}/g/gundam/")
    form = host.locator("form:has(button:has-text('Create match'))")
    options = form.locator("select option").all_inner_texts()
    assert not any("(standard)" in o for o in options), options
    limit = form.locator("label:has-text('Hand limit') select")
    assert limit.locator("option").all_inner_texts() == ["7 cards, as the rules say", "10 cards"]
    host.check("input[name=mode][value=online]")
    limit.select_option("10")
    form.locator("label:has-text('A seventh Unit') select").select_option("True")
    host.click("button:has-text('Create match')")
    host.wait_for_url(re.compile(r"/m/\w+/$"))
    guest.goto(f"{live_site}/g/gundam/")
    line = guest.locator("#open-challenges li").first.inner_text()
    assert "Hand limit: 10 cards" in line and "A seventh Unit: replaces one you trash" in line


def test_a_claimed_gundam_match_reads_you_to_the_claimer(live_site, new_page):
    alice, bob = started_match(live_site, new_page, "gundam")
    bob.close()
    offer = alice.locator(".abandon-offer")
    offer.wait_for(timeout=15000)
    offer.get_by_role("button", name="Claim victory").click()
    panel = alice.locator("#gameover .gameover-panel")
    panel.wait_for(timeout=15000)
    text = panel.inner_text()
    assert "You won" in text and "left the match and you claimed the win" in text, text
