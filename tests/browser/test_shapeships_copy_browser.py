"""ShapeShips in a real browser: a Guardian's First Strike at a ship type whose copies
differ asks which copy (SSX-COPY). The enemy has an empty Carrier (what an Earth Ship
needs) and a full one; the player picks the empty one and it is the one destroyed."""

import re
from pathlib import Path

import pytest

from .driver import offered_moves, version, wait_for_change
from .staged_match import stage

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def click_label(page, label: str) -> None:
    (payload,) = [p for p, text in offered_moves(page) if text == label]
    before = version(page)
    page.locator(f"#board form.action-form button[data-action='{payload}']").click()
    wait_for_change(page, before)


def test_SSX_COPY_the_player_destroys_the_empty_carrier(live_site, live_env, new_page):
    page = new_page()
    page.goto(f"{live_site}/g/shapeships/")
    page.check("input[name=mode][value=bot]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    stage(live_env, code, "shapeships-carriers")
    page.reload()
    page.wait_for_selector("text=First Strike: choose targets")
    labels = [text for _, text in offered_moves(page)]
    assert "Guardian: target a Carrier" in labels, labels

    click_label(page, "Guardian: target a Carrier")
    aim = page.locator("[data-ss-aim]")
    assert "Which enemy Carrier?" in aim.inner_text()
    labels = [text for _, text in offered_moves(page)]
    assert "Carrier (0 charges left)" in labels and "Carrier (6 charges left)" in labels
    assert "Lock in targets" not in labels  # the target is not complete yet
    # Back undoes the half-made choice; then choose again, from the keyboard this time.
    click_label(page, "Back")
    assert page.locator("[data-ss-aim]").count() == 0
    click_label(page, "Guardian: target a Carrier")
    button = page.locator("[data-ss-aim] button:has-text('Carrier (0 charges left)')")
    before = version(page)
    button.focus()
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    assert "Chosen: Carrier (0 charges left)" in page.inner_text("#board")

    click_label(page, "Lock in targets")
    # The strike resolves at once (the bot has no First Strike); the turn moves on.
    page.wait_for_function(
        "() => document.querySelector('.ss-log').textContent.includes('Guardian destroys a Carrier')"
    )
    them = page.locator(".ss-sides > *").first
    text = them.inner_text()
    assert "1 ship" in text and "Carrier" in text and "charges left 6" in text, text
