"""Gundam's deck builder at the copy limit (issue 34, item 12): once a number is in the main
deck four times, its "Add" button and the list's "+" are off and say why, so a fifth copy
never gets in to be flagged afterwards; removing one turns them on again."""

import pytest

pytestmark = pytest.mark.browser
CARD = "OG01-031"  # Bulwark Sentinel, a Unit: limited to four copies


def test_a_card_at_four_copies_cannot_be_added_and_the_button_says_why(live_site, new_page):
    page = new_page(1366, 768)
    page.goto(f"{live_site}/decks/gundam/new/")
    add = page.locator(f"#gd-pool button[data-add='{CARD}']")
    for n in range(1, 5):
        add.click()
        assert page.inner_text("#gd-main-count") == f"{n} / 50"
    assert add.is_disabled()
    assert add.inner_text().startswith("Most allowed: 4 copies"), add.inner_text()
    plus = page.locator(f"#gd-main button[aria-label^='add one {CARD}']")
    assert plus.is_disabled() and plus.get_attribute("title") == "Most allowed: 4 copies"
    add.click(force=True)  # a click on the disabled button changes nothing
    assert page.inner_text("#gd-main-count") == "4 / 50"
    assert "at most 4 copies" not in page.inner_text("#deck-errors")

    page.click(f"#gd-main button[aria-label='remove one {CARD}']")
    assert page.inner_text("#gd-main-count") == "3 / 50"
    assert not add.is_disabled() and add.inner_text() == "Add to main (3)"
    add.click()
    assert page.inner_text("#gd-main-count") == "4 / 50"
