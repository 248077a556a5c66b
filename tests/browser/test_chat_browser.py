"""Match chat in Chromium: two players talk live during a Phalanx match; two signed-in
spectators have a room of their own that the players do not see until the end, then in the
replay; quick lines on a phone; a sixth line in ten seconds is refused in words; markup in a
line is shown as text and runs nothing, with the Content-Security-Policy enforced."""

import re

import pytest

from .accounts import signed_in
from .test_csp_browser import violations, watched

pytestmark = pytest.mark.browser
MATCH_URL = re.compile(r"/m/(\w+)/$")
PASSWORD = "Chat-Lantern-4821"  # staff's, in the admin (test_block_and_report_browser.py)


def start_phalanx(host, guest, site: str) -> str:
    host.goto(f"{site}/g/phalanx/")
    host.check("input[name=mode][value=online]")
    host.click("button:has-text('Create match')")
    host.wait_for_url(MATCH_URL)
    guest.goto(host.url)
    guest.click("button:has-text('Join this match')")
    for page in (host, guest):
        page.wait_for_selector("[data-phx-board]")
    return MATCH_URL.search(host.url).group(1)


def write(page, text: str) -> None:
    page.fill("#chat-form input[name=chat]", text)
    page.click("#chat-form button[type=submit]")


def sees(page, room: str, text: str, timeout: float = 15000) -> None:
    page.locator(f"#chat-{room} .chat-text", has_text=text).wait_for(timeout=timeout)


def lines(page, room: str) -> list[str]:
    return page.locator(f"#chat-{room} .chat-text").all_inner_texts()


def test_players_talk_live_and_the_spectators_room_stays_theirs_until_the_end(
    live_site, live_env, new_page
):
    alice, bob = new_page(), new_page()
    dora, eli = new_page(), new_page()
    code = start_phalanx(alice, bob, live_site)
    signed_in(live_env, live_site, {"watcher_dora": dora, "watcher_eli": eli})
    for page in (dora, eli):
        page.goto(f"{live_site}/m/{code}/")
        page.wait_for_selector("[data-phx-board]")

    write(alice, "Good luck, have fun")
    for page in (bob, dora, eli):
        sees(page, "players", "Good luck, have fun")
    assert alice.input_value("#chat-form input[name=chat]") == "", "the box empties once sent"
    write(bob, "you too")
    sees(alice, "players", "you too")

    assert "To the spectators" in dora.get_attribute("#chat-form input[name=chat]", "placeholder")
    write(dora, "bob should attack column two")
    sees(eli, "spectators", "bob should attack column two")
    # A players' line said after it reaches everyone; the spectator's line never did.
    write(alice, "your move")
    for page in (alice, bob):
        sees(page, "players", "your move")
        assert page.locator("#chat-spectators-room").is_hidden()
        assert "column two" not in page.content()

    alice.click("#match-tools summary")
    alice.click("#match-tools .confirm-open")
    alice.click("#match-tools .confirm-ask button[type=submit]")
    alice.wait_for_selector("#gameover .gameover-panel")
    bob.wait_for_selector("#gameover .gameover-panel")
    write(eli, "what a finish")
    # Over: the players' pages open the spectators' room, the whole of it.
    sees(bob, "spectators", "what a finish")
    assert lines(bob, "spectators") == ["bob should attack column two", "what a finish"]
    write(bob, "Well played")
    sees(dora, "players", "Well played")

    alice.goto(f"{live_site}/m/{code}/replay/")
    texts = alice.locator("#replay-chat .chat-text").all_inner_texts()
    assert texts == [
        "Good luck, have fun",
        "you too",
        "bob should attack column two",
        "your move",
        "what a finish",
        "Well played",
    ]
    spectator_lines = alice.locator("#replay-chat .chat-spectators").all_inner_texts()
    assert len(spectator_lines) == 2 and all("(spectator)" in x for x in spectator_lines)


def test_quick_lines_on_a_phone_and_a_sixth_line_is_refused(live_site, new_page):
    alice, bob = new_page(), new_page(width=390, height=844)
    start_phalanx(alice, bob, live_site)
    panel = bob.locator("#chat")
    assert panel.get_attribute("open") is None, "on a phone the board comes first"
    bob.click("#chat summary")
    quick = bob.locator(".chat-quick button")
    assert quick.all_inner_texts() == ["Good luck", "Well played", "Thanks", "Good game"]
    for box in (b.bounding_box() for b in quick.all()):
        assert box["height"] >= 44 and box["x"] + box["width"] <= 390
    bob.click(".chat-quick button:has-text('Good luck')")
    sees(alice, "players", "Good luck")
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390

    # Six in a row, without waiting between them (the socket keeps their order): bob's
    # quick line was his, not hers, so her sixth is the one refused. Sent from the page in
    # one go, through the same form and quick button a person uses: six Playwright clicks on
    # a loaded two-core machine took longer than the limit's 10 s window.
    alice.evaluate(
        """() => {
          const form = document.querySelector('#chat-form');
          const say = (text) => { form.querySelector('input[name=chat]').value = text; form.requestSubmit(); };
          for (let n = 1; n < 5; n++) say(`line ${n}`);
          [...document.querySelectorAll('.chat-quick button')].find(b => b.textContent === 'Thanks').click();
          say('the sixth');
        }"""
    )
    alice.wait_for_selector("#chat-notice:has-text('At most 5 lines in 10 seconds')")
    sees(bob, "players", "Thanks")
    assert lines(bob, "players") == ["Good luck", "line 1", "line 2", "line 3", "line 4", "Thanks"]
    assert "the sixth" not in lines(alice, "players")


def test_markup_in_a_line_is_shown_as_text_and_runs_nothing(live_site, new_page):
    (alice, alice_log), (bob, bob_log) = watched(new_page), watched(new_page)
    start_phalanx(alice, bob, live_site)
    hostile = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> hi'
    write(alice, hostile)
    sees(bob, "players", "hi")
    assert lines(bob, "players") == [hostile]
    assert bob.locator("#chat-players img, #chat-players script").count() == 0
    for page, logged in ((alice, alice_log), (bob, bob_log)):
        assert page.evaluate("window.__pwned") is None
        assert violations(page, logged) == []
    bob.reload()
    bob.wait_for_selector("[data-phx-board]")
    assert lines(bob, "players") == [hostile]
    assert bob.evaluate("window.__pwned") is None and violations(bob, bob_log) == []
