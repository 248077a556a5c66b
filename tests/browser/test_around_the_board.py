"""What a player sees around the board (issue 17): giving up asks first, in two steps; the
game-over panel's Rematch lands in a new match in every game and mode; the host's page turns
into the match when someone joins; guests keep their matches when they log in."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.engines import GAME_MODULES
from tests.browser.test_play_now_browser import sign_up

pytestmark = pytest.mark.browser
MATCH_URL = re.compile(r"/m/(\w+)/$")
# Keeps the page's websockets within reach of a test, to drop one as the network would.
SOCKETS = """window.__sockets = []; const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) { super(...args); window.__sockets.push(this); } };"""


def create(page, site, game: str, mode: str) -> str:
    page.goto(f"{site}/g/{game}/")
    page.check(f"input[name=mode][value={mode}]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(MATCH_URL)
    return MATCH_URL.search(page.url).group(1)


def serious(page, scope: str) -> list[str]:
    """axe-core's serious and critical findings inside ``scope``."""
    violations = Axe().run(page, context=scope).response["violations"]
    return [v["id"] for v in violations if v["impact"] in ("serious", "critical")]


def give_up(page) -> None:
    """Open "Match options", take the first step, change our mind, then really give up."""
    page.click("#match-tools summary")
    opener = page.locator("#match-tools .confirm-open")
    word = opener.inner_text().rstrip("…")  # "Resign" or, in Phalanx, "Forfeit"
    assert word in ("Resign", "Forfeit")
    opener.click()
    ask = page.locator("#match-tools .confirm-ask")
    assert ask.is_visible() and f"Really {word.lower()}?" in ask.inner_text()
    assert serious(page, "#match-tools") == []
    # Focus rests on "No": a second reflex press of Enter does not give the match away.
    assert page.evaluate("document.activeElement.textContent") == "No"
    page.keyboard.press("Enter")
    assert not ask.is_visible() and opener.is_visible()
    assert page.locator("#gameover .gameover-panel").count() == 0, "No keeps the match going"
    opener.click()
    page.click(f"#match-tools button:has-text('Yes, {word.lower()}')")
    page.wait_for_selector("#gameover .gameover-panel")


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_resign_asks_first_and_rematch_against_the_bot_lands_in_a_new_match(
    live_site, new_page, game
):
    page = new_page()
    first = create(page, live_site, game, "bot")
    page.wait_for_selector("#match-tools .confirm-open", state="attached")
    give_up(page)
    panel = page.inner_text("#gameover")
    assert "You lost" in panel and "resigned" in panel
    assert not page.locator("#match-tools").is_visible(), "no Resign once it is over"
    page.click("#gameover button:has-text('Rematch')")
    page.wait_for_url(lambda url: MATCH_URL.search(url) and first not in url)
    assert "Forbidden" not in page.title() and "verification failed" not in page.content()
    status = page.locator("#match-status")
    assert status.get_attribute("data-status") in ("active", "finished")
    assert "Duelbot" in status.inner_text()
    if status.get_attribute("data-status") == "active":
        # The bot's rematch starts at once: the player may give up again, i.e. is seated.
        assert page.locator("#match-tools summary").is_visible()


def test_the_host_sees_the_join_live_and_both_players_land_in_the_rematch(live_site, new_page):
    ada, bo = new_page(), new_page()
    code = create(ada, live_site, "phalanx", "online")
    assert ada.locator("#invite button:has-text('Cancel challenge')").is_visible()
    bo.goto(f"{live_site}/m/{code}/")
    bo.click("button:has-text('Join this match')")
    # No reload on the host's side: its socket turns the page into the started match.
    ada.wait_for_selector("#match-status[data-status=active]")
    assert ada.locator("text=Cancel challenge").count() == 0
    assert ada.locator("text=Waiting for an opponent").count() == 0
    assert ada.locator("#board").inner_text().strip() != ""
    give_up(bo)
    new_code = offer_rematch(ada, code)
    # The opponent is offered the rematch live, on the finished match's page.
    bo.wait_for_selector("#gameover .rematch-offer:has-text('offers a rematch')")
    bo.click("#gameover button:has-text('Accept rematch')")
    bo.wait_for_url(re.compile(f"/m/{new_code}/$"))
    # The asker's waiting page turns into the match by itself.
    ada.wait_for_selector("#match-status[data-status=active]")
    for page in (ada, bo):
        assert page.locator("#match-status").get_attribute("data-status") == "active"
        assert page.locator("#match-tools summary").is_visible(), "both are seated"


def offer_rematch(page, code: str) -> str:
    """Press Rematch on a finished online match: the asker waits in the offer, no clock."""
    page.wait_for_selector("#gameover .gameover-panel")
    page.click("#gameover button:has-text('Rematch')")
    page.wait_for_url(lambda url: MATCH_URL.search(url) and code not in url)
    assert "waiting for your opponent to accept" in page.inner_text("#invite")
    assert page.locator("#match-status").get_attribute("data-status") == "waiting"
    return MATCH_URL.search(page.url).group(1)


def finished_online_match(site, ada, bo) -> str:
    code = create(ada, site, "phalanx", "online")
    bo.goto(f"{site}/m/{code}/")
    bo.click("button:has-text('Join this match')")
    ada.wait_for_selector("#match-status[data-status=active]")
    give_up(bo)
    return code


def test_a_declined_rematch_tells_the_asker_and_nothing_starts(live_site, new_page):
    ada, bo = new_page(), new_page()
    code = finished_online_match(live_site, ada, bo)
    offer_rematch(ada, code)
    bo.wait_for_selector("#gameover button:has-text('Decline')")
    bo.click("#gameover button:has-text('Decline')")
    bo.wait_for_selector("#gameover .rematch-offer:has-text('declined the rematch')")
    assert bo.locator("#gameover button:has-text('Accept rematch')").count() == 0
    # The asker's waiting page hears it live: called off, no board, no clock.
    ada.wait_for_selector("#match-status[data-status=aborted]")
    assert "declined the rematch" in ada.inner_text("#gameover")
    assert not ada.locator("#invite").is_visible()


def test_the_asker_can_withdraw_the_offer_and_the_other_page_hears_it(live_site, new_page):
    ada, bo = new_page(), new_page()
    code = finished_online_match(live_site, ada, bo)
    offer_rematch(ada, code)
    bo.wait_for_selector("#gameover button:has-text('Accept rematch')")
    ada.click("#invite .confirm-open")
    ada.click("#invite button:has-text('Yes, withdraw it')")
    ada.wait_for_url(re.compile(r"/g/phalanx/$"))
    bo.wait_for_selector("#gameover .rematch-offer:has-text('withdrew the rematch offer')")
    assert bo.locator("#gameover button:has-text('Accept rematch')").count() == 0


def test_cancel_challenge_asks_first(live_site, new_page):
    page = new_page()
    create(page, live_site, "gundam", "online")
    page.click("#invite .confirm-open")
    page.click("#invite button:has-text('No')")
    assert page.locator("#invite").is_visible()
    page.click("#invite .confirm-open")
    page.click("#invite button:has-text('Yes, cancel it')")
    page.wait_for_url(re.compile(r"/g/gundam/$"))


def test_logging_in_after_playing_as_a_guest_keeps_the_guests_matches(live_site, new_page):
    page = new_page()
    page.goto(f"{live_site}/accounts/signup/")
    page.fill("input[name=username]", "returning")
    page.fill("input[name=password1]", "a long pass phrase 9")
    page.fill("input[name=password2]", "a long pass phrase 9")
    page.click("button:has-text('Create account')")
    page.click("button:has-text('Log out')")
    code = create(page, live_site, "shapeships", "bot")  # as a fresh guest
    page.click("a:has-text('Log in')")
    page.fill("input[name=username]", "returning")
    page.fill("input[name=password]", "a long pass phrase 9")
    page.click("button:has-text('Log in')")
    assert "guest matches and decks are now on your account" in page.inner_text(".messages")
    page.goto(f"{live_site}/me/matches/")
    assert page.locator(f"a[href='/m/{code}/']").count() >= 1
    page.goto(f"{live_site}/m/{code}/")
    assert page.locator("#match-tools summary").is_visible(), "still the seated player"


def test_the_tab_title_the_announcer_and_the_sound_toggle_follow_the_opponent(live_site, new_page):
    ada, bo = new_page(), new_page()
    code = create(ada, live_site, "elemental-clash", "online")
    ada.click("#sound-toggle")
    assert ada.get_attribute("#sound-toggle", "aria-pressed") == "true"
    assert ada.inner_text("#sound-toggle") == "Sound: on"
    ada.reload()  # remembered in this browser
    assert ada.get_attribute("#sound-toggle", "aria-pressed") == "true"
    chimes = int(ada.get_attribute("#sound-toggle", "data-chimes") or 0)
    bo.goto(f"{live_site}/m/{code}/")
    bo.click("button:has-text('Join this match')")
    # Elemental Clash drafts at the same time: both are to move, so both tabs say so.
    ada.wait_for_function("document.title === '● Your move — Duelhall'")
    bo.wait_for_function("document.title === '● Your move — Duelhall'")
    ada.wait_for_function("document.getElementById('announcer').textContent.includes('joined')")
    assert int(ada.get_attribute("#sound-toggle", "data-chimes") or 0) > chimes
    assert ada.get_attribute("#announcer", "aria-live") == "polite"
    # Bo picks: Ada's page hears of it in words.
    bo.locator("#board form.action-form button:not([disabled])").first.click()
    ada.wait_for_function(
        "document.getElementById('announcer').textContent.includes('moved')", timeout=10000
    )
    bo_name = bo.inner_text("#match-status .seat-tag.me .seat-name")
    assert f"{bo_name} moved" in ada.inner_text("#announcer")


def test_a_spectator_is_told_and_a_dropped_socket_shows_reconnecting(live_site, new_page):
    ada, bo, eve = new_page(), new_page(), new_page()
    ada.add_init_script(SOCKETS)
    code = create(ada, live_site, "gundam", "online")
    bo.goto(f"{live_site}/m/{code}/")
    bo.click("button:has-text('Join this match')")
    eve.goto(f"{live_site}/m/{code}/")
    assert eve.locator("#match-status .watching").inner_text() == "You are watching"
    assert serious(eve, "#match-status") == [] and serious(ada, ".match-head") == []
    assert ada.locator("#match-status .watching").count() == 0
    assert not eve.locator("#match-tools").is_visible(), "spectators cannot resign"
    assert not ada.locator(".reconnecting").is_visible()
    # The connection drops as a network failure does (close code 1006): the page's socket
    # handler hears it; the real socket is then closed and htmx reconnects.
    ada.evaluate(
        """() => { const s = window.__sockets.at(-1);
        s.onclose(new CloseEvent('close', {code: 1006})); s.onclose = null; s.close(); }"""
    )
    ada.wait_for_selector(".reconnecting", state="visible")
    assert "Reconnecting…" in ada.inner_text(".reconnecting")
    ada.wait_for_selector(".reconnecting", state="hidden", timeout=30000)
    assert ada.locator("#board").inner_text().strip() != "", "the board is back"
    icon = ada.locator("link[rel=icon]").get_attribute("href")
    assert ada.request.get(f"{live_site}{icon}").headers["content-type"] == "image/svg+xml"


def test_my_matches_reads_in_words_and_links_to_the_match_and_its_replay(live_site, new_page):
    page = new_page()
    code = create(page, live_site, "phalanx", "bot")
    page.wait_for_selector("#match-tools .confirm-open", state="attached")
    give_up(page)
    page.click("a:has-text('My matches')")
    row = page.locator(f"tr.history-row[data-code='{code}']")
    text = row.inner_text()
    assert "Phalanx" in text and "Duelbot" in text
    assert "Lost: " in text and "resigned" in text
    assert "phalanx" not in text and "_" not in text, "no slugs or codes"
    assert serious(page, "table.history") == []
    row.locator("a:has-text('replay')").click()
    page.wait_for_url(re.compile(f"/m/{code}/replay/"))
    page.go_back()
    page.locator(f"tr.history-row[data-code='{code}'] a:has-text('match')").click()
    page.wait_for_url(re.compile(f"/m/{code}/$"))
    assert "You lost" in page.inner_text("#gameover")


def test_my_matches_links_a_signed_up_opponent_to_their_player_page(live_site, new_page):
    ada, bo = new_page(), new_page()
    sign_up(ada, live_site, "ada_history")
    sign_up(bo, live_site, "bo_history")
    code = create(ada, live_site, "phalanx", "online")
    bo.goto(f"{live_site}/m/{code}/")
    bo.click("button:has-text('Join this match')")
    ada.wait_for_selector("#match-tools .confirm-open", state="attached")
    give_up(ada)
    ada.click("a:has-text('My matches')")
    row = ada.locator(f"tr.history-row[data-code='{code}']")
    row.locator("a.player-name:has-text('bo_history')").click()
    ada.wait_for_url(f"{live_site}/u/bo_history/")
    assert "bo_history" in ada.inner_text("main h1")
    assert "Phalanx" in ada.inner_text("table.recent")


@pytest.mark.parametrize("game", ["phalanx", "card-battle"])
def test_a_hot_seat_match_resigned_in_two_steps_rematches_on_the_same_device(
    live_site, new_page, game
):
    page = new_page()
    first = create(page, live_site, game, "hotseat")
    page.click("button:has-text('show my side')")
    page.wait_for_selector("#board form.action-form button")
    give_up(page)
    headline = page.inner_text("#gameover h2")
    assert headline.endswith(" won") and "You" not in headline, "names: the device is shared"
    page.click("#gameover button:has-text('Rematch')")
    page.wait_for_url(lambda url: MATCH_URL.search(url) and first not in url)
    assert page.locator("#match-status").get_attribute("data-status") == "active"
    assert page.locator("button:has-text('show my side')").count() == 1


def test_deleting_a_deck_asks_first(live_site, new_page):
    page = new_page()
    page.goto(f"{live_site}/decks/card-battle/new/?from=Rush")
    page.fill("input[name=name]", "Doomed deck")
    page.click("button:has-text('Save deck')")
    page.wait_for_url(re.compile(r"/decks/card-battle/\d+/"))
    page.goto(f"{live_site}/decks/card-battle/")
    row = page.locator(".deck-row:has-text('Doomed deck')")
    row.locator(".confirm-open").click()
    assert "Really delete this deck?" in row.inner_text()
    row.locator("button:has-text('No')").click()
    assert row.locator(".confirm-open").is_visible()
    row.locator(".confirm-open").click()
    row.locator("button:has-text('Yes, delete it')").click()
    page.wait_for_load_state()
    assert page.locator(".deck-row:has-text('Doomed deck')").count() == 0


# Lets a test say the tab is in the background, as switching tabs would.
BACKGROUND = """window.__background = false;
Object.defineProperty(document, "hidden", {get: () => window.__background});"""


def test_a_host_in_another_tab_is_told_the_opponent_joined(live_site, new_page):
    ada, bo = new_page(), new_page()
    ada.add_init_script(BACKGROUND)
    code = create(ada, live_site, "phalanx", "online")
    waiting_title = ada.title()
    assert not waiting_title.startswith("●")
    ada.evaluate("window.__background = true")
    bo.goto(f"{live_site}/m/{code}/")
    bo.click("button:has-text('Join this match')")
    ada.wait_for_function("document.title === '● Opponent joined — Duelhall'")
    # Back on the tab: the notice goes; "Your move" shows if it is Ada's move.
    ada.evaluate(
        "window.__background = false; document.dispatchEvent(new Event('visibilitychange'))"
    )
    my_turn = ada.get_attribute("#match-status", "data-my-turn") == "1"
    assert ada.title() == ("● Your move — Duelhall" if my_turn else waiting_title)


def test_the_announcer_tells_what_the_opponent_played(live_site, new_page):
    """Gundam against the bot: as the log grows, the announcer says its newest line in
    words, with names, not only that someone moved."""
    from .driver import click_move, is_over

    page = new_page()
    create(page, live_site, "gundam", "bot")
    heard = []
    for _ in range(60):
        if is_over(page):
            break
        click_move(page)
        page.wait_for_timeout(300)  # the bot's answer comes after the player's own frame
        told = page.inner_text("#announcer")
        latest = page.locator("#latest-event").text_content().strip()
        if latest and latest.rstrip(".") in told:
            heard.append(told)
        if len(heard) >= 3:
            break
    assert heard, "the announcer never read a line of the log"
    for told in heard:
        assert "Seat 1" not in told and "Player 1" not in told and ".." not in told
