"""Card Battle's playback in a real browser (issue 18): nothing on the page tells the result
before the playback reaches it, and reopening a finished match plays it back again."""

import re

import pytest

from .driver import start_bot_match

pytestmark = pytest.mark.browser


def progress(page) -> tuple[int, int]:
    done, total = re.fullmatch(r"(\d+) / (\d+)", page.inner_text("[data-cb-progress]")).groups()
    return int(done), int(total)


def shown_hp(page) -> list[str]:
    return [page.inner_text(f'.cb-side[data-seat="{s}"] .cb-hp b') for s in (0, 1)]


def start_battle(page, site) -> str:
    url = start_bot_match(page, site, "card-battle")
    page.locator(".cb-choice button[data-action]").first.click()
    page.locator("[data-cb-controls]").wait_for(state="visible")
    return url


def test_the_playback_spoils_nothing_until_it_reaches_the_end(live_site, new_page):
    page = new_page()
    start_battle(page, live_site)
    play = page.locator("[data-cb=play]")
    if "Pause" in play.inner_text():
        play.click()
    page.click("[data-cb=restart]")
    for _ in range(3):
        page.click("[data-cb=step]")
    done, total = progress(page)
    assert done < total
    status = page.inner_text("#match-status")
    assert "Finished" not in status and "Playing the battle back" in status
    assert page.locator("[data-cb-result]").is_hidden()
    assert page.locator("#gameover .gameover-panel").is_hidden()
    rows = page.locator(".cb-table tbody tr")
    assert rows.count() > 0
    assert page.locator(".cb-table tbody tr:visible").count() == 0, "turn 1 is not over yet"
    legend = [page.inner_text(f'[data-cb-legend="{s}"]') for s in (0, 1)]
    assert legend == shown_hp(page) == ["200", "200"]
    assert page.locator("[data-cb-end]:visible").count() == 0

    page.click("[data-cb=turn]")
    page.click("[data-cb=turn]")
    visible = page.locator(".cb-table tbody tr:visible").count()
    assert 0 < visible < rows.count()
    assert [page.inner_text(f'[data-cb-legend="{s}"]') for s in (0, 1)] == shown_hp(page)

    page.click("[data-cb=end]")
    assert progress(page)[0] == total
    assert page.locator(".cb-table tbody tr:visible").count() == rows.count()
    assert "Finished" in page.inner_text("#match-status")
    banner = page.locator("[data-cb-result]")
    assert banner.is_visible()
    cls = banner.get_attribute("class")
    if banner.inner_text().startswith("You lost"):
        assert "is-loss" in cls and "is-win" not in cls
    for s in (0, 1):
        assert not page.inner_text(f'[data-cb-legend="{s}"]').startswith("-")
        assert not shown_hp(page)[s].startswith("-")


def test_reopening_a_finished_match_plays_its_battle_back(live_site, new_page):
    page = new_page()
    url = start_battle(page, live_site)
    page.click("[data-cb=end]")
    page.goto(url)
    page.locator("[data-cb-controls]").wait_for(state="visible")
    first = progress(page)[0]
    page.wait_for_function(
        f"(() => {{ const m = document.querySelector('[data-cb-progress]').innerText.match(/^(\\d+)/);"
        f" return m && Number(m[1]) >= {first + 4}; }})()",
        timeout=10000,
    )
    assert "Pause" in page.inner_text("[data-cb=play]")


def test_the_playback_goes_a_turn_at_a_time_under_one_heading_per_turn(live_site, new_page):
    """Issue 34, item 5: a turn's events are one group: the log heads each turn with its
    own line and "Next turn" moves the playback from one turn's heading to the next."""
    page = new_page(390, 844)
    start_battle(page, live_site)
    play = page.locator("[data-cb=play]")
    if "Pause" in play.inner_text():
        play.click()
    page.click("[data-cb=restart]")
    log = page.locator("[data-cb-log] li")
    heads = page.locator("[data-cb-log] li.cb-log-turn")
    assert heads.count() >= 2
    assert heads.first.inner_text().startswith("Turn 1"), "the log opens with turn 1's heading"
    for turn in (1, 2):
        page.click("[data-cb=turn]")
        assert page.inner_text("[data-cb-turn]") == str(turn)
        current = page.locator("[data-cb-log] li.is-current")
        assert "cb-log-turn" in current.get_attribute("class"), "the turn starts at its heading"
        assert current.inner_text().startswith(f"Turn {turn}")
        # Everything after the heading is still to come.
        index = int(current.get_attribute("data-i"))
        assert log.nth(index + 1).get_attribute("class").count("is-future") == 1
    # Its events sit between its heading and the next.
    first, second = (int(heads.nth(i).get_attribute("data-i")) for i in (0, 1))
    assert second - first > 1, "turn 1 has events of its own"
