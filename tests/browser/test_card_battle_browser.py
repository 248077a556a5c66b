"""Card Battle in a real browser: build a deck in the builder, play it against the bot, and
watch the resolved battle with the playback controls down to the result."""

import json
import re

import pytest

pytestmark = pytest.mark.browser

DECK_NAME = "Browser Rush"
# 20 cards, cheap first so something is on the field from turn 1 (cost 1, 2, 4, 6, 10).
RECIPE = ["Goblin"] * 6 + ["Skeleton"] * 6 + ["Archer"] * 5 + ["Wizard"] * 2 + ["Knight"]


def deck_errors(page) -> str:
    return page.inner_text("#deck-errors")


def test_a_deck_built_in_the_builder_plays_the_bot_and_the_playback_reaches_the_result(
    live_site, new_page
):
    page = new_page()
    page.goto(f"{live_site}/decks/card-battle/new/")
    page.fill("input[name=name]", DECK_NAME)
    assert page.inner_text("#cb-count") == "0 / 20"

    # Deck type and strategy: one click each, the choice is highlighted (CBR-9 fixes them on save).
    page.click("#cb-types button[data-value=angry]")
    page.click("#cb-strategies button[data-value=kill-shot]")
    assert "selected" in page.get_attribute("#cb-types button[data-value=angry]", "class")
    assert "selected" in page.get_attribute("#cb-strategies button[data-value=kill-shot]", "class")

    # Cards by click, in draw order; the counter follows every click.
    for i, name in enumerate(RECIPE[:-1], start=1):
        page.click(f"#cb-palette button[data-card={name}]")
        assert page.inner_text("#cb-count") == f"{i} / 20"
    # 19 cards: the live validation (server-side) says what is wrong, and nothing says legal.
    page.wait_for_function("document.querySelector('#deck-errors').innerText.includes('19')")
    assert "This deck is legal." not in deck_errors(page)
    page.click(f"#cb-palette button[data-card={RECIPE[-1]}]")
    assert page.inner_text("#cb-count") == "20 / 20"
    assert "full" in page.get_attribute("#cb-count", "class")
    page.wait_for_selector("#deck-errors .ok:has-text('This deck is legal.')")
    # Reorder by keyboard-friendly buttons: the Knight moves up one place.
    page.click("#cb-deck li:last-child button[aria-label='move Knight up']")
    order = page.locator("#cb-deck li .nm").all_inner_texts()
    assert order[-2:] == ["Knight", "Wizard"]
    assert page.locator("#cb-curve .bar").count() == 5  # one bar per mana cost
    saved = json.loads(page.input_value("#id_data"))
    assert (
        saved["deck_type"] == "angry"
        and saved["strategy"] == "kill-shot"
        and len(saved["cards"]) == 20
    )

    page.click("button:has-text('Save deck')")
    page.wait_for_url(re.compile(r"/decks/card-battle/\d+/"))
    assert f"Saved “{DECK_NAME}”" in page.inner_text("body")
    page.goto(f"{live_site}/decks/card-battle/")
    assert page.locator(f".deck-list a:has-text('{DECK_NAME}')").count() == 1

    # A match against the bot; the saved deck is offered beside the ready-made ones.
    page.goto(f"{live_site}/g/card-battle/")
    page.check("input[name=mode][value=bot]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    page.wait_for_selector("#board .cb-choice")
    choice = page.locator(".cb-choice", has=page.locator(f"h4:text-is('{DECK_NAME}')"))
    assert choice.count() == 1
    assert "Angry" in choice.inner_text() and "Kill Shot" in choice.inner_text()
    assert page.locator(".cb-choice h4:text-is('Balanced')").count() == 1  # a ready-made deck
    choice.locator("button[data-action]").click()

    # Both decks are in: the battle is resolved and the board plays it back.
    controls = page.locator("[data-cb-controls]")
    controls.wait_for(state="visible")
    progress = page.locator("[data-cb-progress]")
    play = page.locator("[data-cb=play]")
    result = page.locator("[data-cb-result]")
    my_side = page.locator(".cb-side").filter(
        has=page.locator(f".cb-deckname:text-is('{DECK_NAME}')")
    )
    assert my_side.count() == 1

    def position() -> tuple[int, int]:
        done, total = re.fullmatch(r"(\d+) / (\d+)", progress.inner_text()).groups()
        return int(done), int(total)

    if "Pause" in play.inner_text():  # a fresh battle starts playing by itself
        play.click()
    assert "Play" in play.inner_text()
    start, total = position()
    assert total > 10 and start < total
    assert result.is_hidden()  # no spoiler before the end of the playback
    assert page.locator("#gameover .gameover-panel").is_hidden(), "nor from the result panel"

    page.click("[data-cb=step]")
    assert position()[0] == start + 1
    page.click("[data-cb=step]")
    assert position()[0] == start + 2
    assert page.locator("[data-cb-log] li.is-current").count() == 1
    now = page.inner_text("[data-cb-now]")
    assert now.startswith("— ") and now != "— ready to start"

    play.click()  # play on for a while at 4x speed, then pause again
    page.select_option("select[data-cb=speed]", "4")
    page.wait_for_function(
        f"(() => {{ const m = document.querySelector('[data-cb-progress]').innerText.match(/^(\\d+)/);"
        f" return m && Number(m[1]) >= {start + 5}; }})()"
    )
    assert "Pause" in play.inner_text()
    play.click()
    paused_at = position()[0]
    page.wait_for_timeout(400)
    assert position()[0] == paused_at
    assert result.is_hidden() or paused_at == total

    page.click("[data-cb=end]")
    assert position() == (total, total)
    result.wait_for(state="visible")
    banner = result.inner_text()
    assert re.match(r"You won\.|You lost\.|Draw\.", banner), banner
    assert "Duelbot" in page.locator("#match-status").inner_text()
    panel = page.locator("#gameover .gameover-panel")
    assert panel.is_visible()
    assert re.search(r"You won|You lost|Draw|Both lost", panel.inner_text())
    # The banner and the panel word the result the same way (issue 34, item 6).
    assert panel.locator(".reason").inner_text().strip() in " ".join(banner.split())
    # The HP chart and the per-turn table of the finished battle.
    assert page.locator(".cb-chart polyline").count() == 2
    assert page.locator(".cb-table tbody tr").count() >= 1
