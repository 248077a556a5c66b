"""Card Battle in a real browser: a saved deck's type and strategy are fixed (CBR-9); "New
deck from these cards" starts an unsaved deck with the same cards whose settings can be
chosen, and saving it leaves the first deck as it was."""

import json
import re

import pytest

pytestmark = pytest.mark.browser


def test_CBR_9_new_deck_from_these_cards_lets_the_settings_be_chosen(live_site, new_page):
    page = new_page()
    page.goto(f"{live_site}/decks/card-battle/new/?from=Rush")
    page.fill("input[name=name]", "Fixed Rush")
    page.wait_for_selector("#deck-errors .ok:has-text('This deck is legal.')")
    page.click("button:has-text('Save deck')")
    page.wait_for_url(re.compile(r"/decks/card-battle/\d+/$"))
    first_url = page.url
    saved = json.loads(page.input_value("#id_data"))
    assert page.locator("#cb-types button[data-value=speedy]").is_disabled()  # fixed

    link = page.locator("#cb-new-from-cards")
    assert link.inner_text() == "New deck from these cards"
    link.focus()
    page.keyboard.press("Enter")  # a link works from the keyboard
    page.wait_for_url(re.compile(r"/decks/card-battle/new/\?cards_of=\d+$"))
    assert page.input_value("input[name=name]") == "Fixed Rush (new)"
    assert "The cards of “Fixed Rush”" in page.inner_text("#cb-from-cards")
    assert page.inner_text("#cb-count") == "20 / 20"
    assert page.locator("#cb-deck li .nm").all_inner_texts() == saved["cards"]
    hardy = page.locator("#cb-types button[data-value=hardy]")
    assert not hardy.is_disabled()
    hardy.click()
    page.click("#cb-strategies button[data-value=kill-shot]")
    assert "selected" in (hardy.get_attribute("class") or "")
    page.wait_for_selector("#deck-errors .ok:has-text('This deck is legal.')")
    page.click("button:has-text('Save deck')")
    page.wait_for_url(re.compile(r"/decks/card-battle/\d+/$"))
    assert page.url != first_url
    assert "Saved “Fixed Rush (new)”" in page.inner_text("body")
    copy = json.loads(page.input_value("#id_data"))
    assert copy == {**saved, "deck_type": "hardy", "strategy": "kill-shot"}
    page.goto(first_url)
    assert json.loads(page.input_value("#id_data")) == saved  # the first deck is unchanged
