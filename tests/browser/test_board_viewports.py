"""Gundam and ShapeShips against the bot on a desk (1366x768) and a phone (390x844): the first
move on offer is on screen without scrolling, throughout the first turns, and the controls
this board adds (ship cards, the hand-limit marks) answer a click with what they show."""

import json
import re
import sqlite3

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.engines import get_engine
from games.engines.core import canonical_json

from .driver import ACTION_BUTTONS, click_payload, is_over, offered_moves

pytestmark = pytest.mark.browser

VIEWPORTS = [(1366, 768), (390, 844)]


def start_bot_match(page, site: str, game: str) -> None:
    page.goto(f"{site}/g/{game}/")
    page.check("input[name=mode][value=bot]")
    page.uncheck("input[name=timed][value=on]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    page.wait_for_selector(ACTION_BUTTONS)


def first_legal_payload(page, database: str) -> str | None:
    """The engine's first legal action for this page's seat, read from the live site's
    database once the page shows the version stored there."""
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    for _ in range(100):
        with sqlite3.connect(database) as db:
            match_id, game, version, state = db.execute(
                "SELECT id, game, version, state FROM games_match WHERE code = ?", (code,)
            ).fetchone()
            (seat,) = db.execute(
                'SELECT "index" FROM games_seat WHERE match_id = ? AND bot_level IS NULL',
                (match_id,),
            ).fetchone()
        if str(version) == page.locator("#match-status").get_attribute("data-version"):
            actions = get_engine(game).legal_actions(json.loads(state), seat)
            return canonical_json(actions[0]) if actions else None
        page.wait_for_timeout(100)
    raise AssertionError("the page did not catch up with the database")


def first_move_on_screen(page, database: str) -> bool:
    """The button of the engine's first legal action lies inside the viewport, with the page
    scrolled to the top (as after a load), and nothing lies over it: the player taps it
    without scrolling. Allowed
    time to settle, as a board's stylesheet arrives with its first frame and, on a loaded
    machine, the frame of the state just read may land seconds after the read."""
    payload = first_legal_payload(page, database)
    assert payload is not None, "a move is offered"
    page.evaluate("window.scrollTo(0, 0)")
    try:
        page.wait_for_function(
            """payload => {
                 // Again on every try: a frame landing meanwhile may have scrolled the page.
                 window.scrollTo(0, 0);
                 const el = [...document.querySelectorAll("#board button[data-action]")]
                     .find(b => b.dataset.action === payload);
                 if (!el) return false;
                 const r = el.getBoundingClientRect();
                 if (!(r.width > 0 && r.top >= 0 && r.left >= 0
                       && r.bottom <= window.innerHeight && r.right <= window.innerWidth))
                     return false;
                 // On screen is not enough: a sticky bar (the status bar, the action bar) may
                 // lie over it. A tap at its centre and near each corner reaches the button.
                 const inset = 4;
                 const points = [[(r.left + r.right) / 2, (r.top + r.bottom) / 2],
                     [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
                     [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset]];
                 return points.every(([x, y]) => el.contains(document.elementFromPoint(x, y))); }""",
            arg=payload,
            timeout=10000,
        )
    except PlaywrightTimeout:
        return False
    return True


def serious_violations(page, scope: str) -> list[str]:
    """axe-core's serious and critical findings inside ``scope`` (the board)."""
    found = Axe().run(page, context=scope).response["violations"]
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def wait_for_moves(page, seconds: float = 20) -> list[tuple[str, str]]:
    """The moves offered once it is the player's decision again (the bot moves between)."""
    for _ in range(int(seconds * 10)):
        moves = offered_moves(page)
        if moves or is_over(page):
            return moves
        page.wait_for_timeout(100)
    raise AssertionError("no move was offered in time")


@pytest.mark.parametrize("size", VIEWPORTS, ids=["desk", "phone"])
def test_shapeships_first_move_is_in_reach_and_ships_open_on_a_click(
    live_site, live_env, new_page, size
):
    page = new_page(*size)
    start_bot_match(page, live_site, "shapeships")
    assert first_move_on_screen(page, live_env["SQLITE_PATH"]), "the species choice"
    species = [p for p, label in offered_moves(page) if label == "Play Human"]
    click_payload(page, species[0])
    built = 0
    for _ in range(40):  # draw ships and lock in until a fleet is on the board
        moves = wait_for_moves(page)
        if is_over(page) or page.locator(".ss-mine [data-ss-ship]").count():
            break
        assert first_move_on_screen(page, live_env["SQLITE_PATH"]), [label for _, label in moves]
        kinds = {json.loads(p)["type"]: p for p, _ in moves}
        if "build" in kinds and built < 2:
            builds = [p for p, _ in moves if json.loads(p)["type"] == "build"]
            click_payload(page, builds[0])
            built += 1
        elif "confirm" in kinds:
            click_payload(page, kinds["confirm"])
            built = 0
        else:
            click_payload(page, moves[0][0])
    ship = page.locator(".ss-mine [data-ss-ship]").first
    assert ship.locator("svg.ss-figure path").count() >= 1, "the ship is drawn"
    name = ship.locator(".ss-ship-name").inner_text()
    text = ship.locator(".ss-ship-text")
    assert not text.is_visible()
    ship.locator("summary").click()
    assert text.is_visible() and text.inner_text().strip(), f"{name}'s text shows on a click"
    theirs = page.locator(".ss-top [data-ss-ship] svg.ss-figure .ss-hull").first
    assert theirs.get_attribute("transform") == "rotate(180 20 20)", "their ships face yours"
    assert serious_violations(page, "#board") == []


@pytest.mark.parametrize("size", VIEWPORTS, ids=["desk", "phone"])
def test_gundam_first_move_is_in_reach_through_the_first_turns(live_site, live_env, new_page, size):
    page = new_page(*size)
    start_bot_match(page, live_site, "gundam")
    assert first_move_on_screen(page, live_env["SQLITE_PATH"]), "the deck choice"
    click_payload(page, offered_moves(page)[0][0])
    page.wait_for_selector("[data-gd-board][data-stage='play']")
    seen = set()
    for _ in range(30):  # a few turns: resources, deploys, pairs, attacks, end of turn
        moves = wait_for_moves(page)
        if is_over(page):
            break
        assert first_move_on_screen(page, live_env["SQLITE_PATH"]), [label for _, label in moves]
        kinds = [json.loads(p)["type"] for p, _ in moves]
        seen.update(kinds)
        order = ("target", "play_resource", "deploy", "end_main", "end_turn")
        pick = next((p for kind in order for p, _ in moves if json.loads(p)["type"] == kind), None)
        click_payload(page, pick or moves[0][0])
        if len([k for k in seen if k in ("end_turn", "end_main")]) == 2 and "deploy" in seen:
            break
    assert {"play_resource", "end_turn"} <= seen, seen
    # The hand and the units show names that open to their text on a click.
    name = page.locator(".gd-hand .gd-card-name").first
    name.locator("summary").click()
    assert name.locator(".gd-card-text").is_visible()
    assert serious_violations(page, "#board") == []


def test_gundam_hand_limit_one_control_and_the_chosen_card_looks_chosen(live_site, new_page):
    """GDR-18 on a phone: a player who only places resources reaches the hand limit; they
    mark a card, see it marked, see one end-turn button that discards it, and end the turn."""
    page = new_page(390, 844)
    start_bot_match(page, live_site, "gundam")
    click_payload(page, offered_moves(page)[0][0])
    page.wait_for_selector("[data-gd-board][data-stage='play']")
    for _ in range(60):
        moves = wait_for_moves(page)
        assert not is_over(page)
        by_type = {json.loads(p)["type"]: p for p, _ in moves}
        if "toggle_discard" in by_type:
            break
        pick = next(
            (by_type[k] for k in ("play_resource", "end_main", "end_turn") if k in by_type), None
        )
        click_payload(page, pick or moves[0][0])
    else:
        raise AssertionError("the hand limit was not reached")
    ends = page.locator("[data-gd-controls] button[data-action*='end_turn']")
    assert ends.count() == 1 and "discard last" in ends.inner_text()
    assert "choose 1 card to discard (0 chosen)" in page.inner_text("[data-gd-controls]")
    card = page.locator(".gd-hand [data-gd-card]").first
    name = card.locator(".gd-card-name summary").inner_text()
    card.locator("button[data-action*='toggle_discard']").click()
    page.wait_for_selector(".gd-hand [data-gd-card].is-selected")
    chosen = page.locator(".gd-hand [data-gd-card].is-selected")
    assert chosen.locator(".gd-card-name summary").inner_text() == name
    assert chosen.locator("[data-gd-discard-chosen]").is_visible()
    assert f"Keep {name}" in chosen.inner_text()
    outline = chosen.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline == "solid", "the chosen card is outlined"
    ends = page.locator("[data-gd-controls] button[data-action*='end_turn']")
    assert ends.count() == 1 and ends.inner_text() == "End turn, discarding 1"
    ends.click()
    # The bot answers at once and the next turn draws a card: the log and the trash say it.
    # (Wait on the log: a destroyed Shield of the same name may be in the trash already.)
    page.wait_for_function(
        "line => document.querySelector('.gd-log-list').textContent.includes(line)",
        arg=f"discards to the hand limit: {name}",
    )
    assert name in page.locator(".gd-me .gd-trash").text_content()  # folded: not inner_text
