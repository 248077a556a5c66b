"""A correspondence match in Chromium: two accounts start a 1-day Phalanx match, the player
on move sees it counted in the top bar and listed first in "My matches", both play moves
across closed and reopened pages, and when the hall's clock is moved past the deadline the
match ends on time with the reason in words on both boards. Mail: the settings page, the
sweeper's mail with its board link, and the unsubscribe page."""

import re
import time
from pathlib import Path

import pytest

from games.matches import hall_clock
from tests.browser.conftest import serve
from tests.browser.driver import click_move, is_over, version

pytestmark = pytest.mark.browser

PASSWORD = "Tall-Orange-Kettle-93"
DAY = 86_400
MOVES = 4


@pytest.fixture(scope="module")
def shifted_site(live_env, tmp_path_factory):
    """The hall on its own database, its clock movable by the test (HALL_CLOCK_SHIFT_FILE,
    read by daphne and the sweeper alike), its sockets re-checking the database every 2 s
    (the sweeper's notice stays in its own process in this set-up)."""
    folder = tmp_path_factory.mktemp("corr-site")
    shift_file = folder / "clock-shift"
    env = {
        **live_env,
        "SQLITE_PATH": str(folder / "corr.sqlite3"),
        "HALL_CLOCK_SHIFT_FILE": str(shift_file),
        "WS_RESYNC_SECONDS": "2",
        # The sweeper's mail goes to files the test reads, checked for every second.
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(folder / "mail"),
        "MAIL_INTERVAL_SECONDS": "1",
    }
    for site in serve(env):
        yield site, shift_file


def sign_up(page, site: str, name: str) -> None:
    page.goto(f"{site}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main button[type=submit], main input[type=submit]")
    page.wait_for_url(f"{site}/")


def turn_count(page) -> int:
    return int(page.locator("#your-turn .count").inner_text())


def wait_for_count(page, expected: int) -> None:
    page.locator("#your-turn .count").filter(has_text=re.compile(rf"^{expected}$")).wait_for(
        timeout=20_000
    )


def my_move(page) -> bool:
    return page.locator("#match-status").get_attribute("data-my-turn") == "1"


def reopen_from_my_matches(context, site: str, code: str):
    """A new tab: "My matches" lists the waiting match first; its link opens the board."""
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{site}/me/matches/")
    first = page.locator("#waiting .waiting-row").first
    assert first.get_attribute("data-waiting") == code
    assert re.search(r"Correspondence: 1 day per move · (1 day|23 hours) left", first.inner_text())
    assert turn_count(page) == 1
    first.locator("a").click()
    page.wait_for_selector("[data-phx-board]")
    return page


def test_a_one_day_phalanx_match_is_played_over_reopened_pages_and_lost_on_time(
    shifted_site, new_page
):
    site, shift_file = shifted_site
    ada, bo = new_page(), new_page()
    sign_up(ada, site, "ada_corr")
    sign_up(bo, site, "bo_corr")
    assert turn_count(ada) == 0 and turn_count(bo) == 0

    ada.goto(f"{site}/g/phalanx/")
    assert "own pace" in ada.inner_text("form[action$='/create/']")
    ada.select_option("select#pace", "1")
    ada.check("form[action$='/create/'] input[name=rated]")
    ada.click("button:has-text('Create match')")
    ada.wait_for_url(re.compile(r"/m/\w+/$"))
    code = ada.url.rstrip("/").rsplit("/", 1)[1]

    bo.goto(f"{site}/g/phalanx/")
    challenge = bo.locator(f".challenge[data-code='{code}']")
    assert "Correspondence: 1 day per move" in challenge.inner_text()
    challenge.locator("a:has-text('Accept')").click()
    bo.click("button:has-text('Join this match')")
    for page in (ada, bo):
        page.wait_for_selector("[data-phx-board]")
        status = page.locator("#match-status")
        status.locator(".pace").filter(has_text="Correspondence: 1 day per move").wait_for()
        status.locator(".days-left").first.wait_for()
        assert re.fullmatch(r"(1 day|23 hours) left", status.locator(".days-left").inner_text())
        assert status.locator("[data-deadline]").count() == 0, "no seconds countdown"

    pages = {"ada": ada, "bo": bo}
    for move in range(MOVES):
        name = next(n for n, p in pages.items() if my_move(p))
        other = "bo" if name == "ada" else "ada"
        mover = pages[name]
        if move == 0 and name == "bo" or move > 0:
            # The player on move was told in the top bar, without a reload.
            wait_for_count(mover, 1)
        wait_for_count(pages[other], 0)
        before = version(mover)
        assert click_move(mover, prefer=('"deploy"', '"pass"', '"attack"'))
        pages[other].wait_for_function(
            "v => document.querySelector('#match-status').dataset.version !== v", arg=before
        )
        # The mover closes the tab; the opponent, now on move, closes theirs and comes back
        # to it from "My matches" in a new one.
        context = mover.context
        mover.close()
        pages[name] = context.new_page()
        pages[name].goto(f"{site}/m/{code}/")
        pages[name].wait_for_selector("[data-phx-board]")
        back = reopen_from_my_matches(pages[other].context, site, code)
        pages[other].close()
        pages[other] = back
        assert my_move(back)

    late = next(n for n, p in pages.items() if my_move(p))
    punctual = "bo" if late == "ada" else "ada"
    late_name = f"{late}_corr"
    hall_clock.move_ahead(shift_file, DAY + 60)
    for page in pages.values():
        page.locator("#gameover .gameover-panel").wait_for(timeout=30_000)
        assert is_over(page)
    assert pages[late].inner_text("#gameover h2") == "You lost on time"
    assert pages[late].inner_text("#gameover .reason") == "You did not move within 1 day."
    assert pages[punctual].inner_text("#gameover h2") == "You won on time"
    assert pages[punctual].inner_text("#gameover .reason") == (
        f"{late_name} did not move within 1 day."
    )
    for page in pages.values():
        page.reload()
        assert not my_move(page)
        assert turn_count(page) == 0

    # The rated result moved the correspondence ratings, which have their own leaderboard.
    page = pages[punctual]
    page.goto(f"{site}/u/{punctual}_corr/")
    row = page.locator("tr[data-game=phalanx][data-pace=correspondence]")
    assert "Correspondence" in row.inner_text()
    assert page.locator("tr[data-game=phalanx][data-pace=live]").count() == 0
    row.locator("a:has-text('Phalanx')").click()
    page.wait_for_url(f"{site}/g/phalanx/leaderboard/?pace=correspondence")
    assert "rate separately" in page.inner_text("main")
    page.click(".pace-tabs a:has-text('Live')")
    page.wait_for_url(f"{site}/g/phalanx/leaderboard/")
    page.click(".pace-tabs a:has-text('Correspondence')")
    page.wait_for_url(f"{site}/g/phalanx/leaderboard/?pace=correspondence")


def mails_to(folder: Path, address: str) -> list[str]:
    if not folder.exists():
        return []
    texts = [p.read_text() for p in sorted(folder.iterdir())]
    return [t for t in texts if re.search(rf"^To: {re.escape(address)}$", t, re.MULTILINE)]


def wait_for_mail(folder: Path, address: str, count: int = 1, seconds: float = 40) -> list[str]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = mails_to(folder, address)
        if len(found) >= count:
            return found
        time.sleep(0.5)
    raise AssertionError(f"no mail to {address} within {seconds}s")


def link_path(text: str, words: str) -> str:
    found = re.search(rf"{words}[^\n]*?https?://[^/\s]+(/\S+)", text)
    assert found, f"no link after {words!r}"
    return found.group(1)


def set_mail(page, site: str, address: str) -> None:
    """From the top bar's "Mail" link: an address, mails on, reminders off; Save."""
    page.goto(f"{site}/")
    page.click(".topbar a:text-is('Mail')")
    page.wait_for_url(f"{site}/settings/notifications/")
    page.fill("input[name=email]", address)
    page.check("input[name=your_turn]")
    page.uncheck("input[name=reminders]")
    page.click("button:has-text('Save')")
    page.locator(".msg:has-text('Your mail settings are saved')").wait_for()
    assert page.input_value("input[name=email]") == address
    assert page.is_checked("input[name=your_turn]") and not page.is_checked("input[name=reminders]")


def test_a_waiting_move_is_mailed_with_a_board_link_and_unsubscribing_works(shifted_site, new_page):
    site, shift_file = shifted_site
    folder = shift_file.parent / "mail"
    cy, di = new_page(), new_page()
    sign_up(cy, site, "cy_mail")
    sign_up(di, site, "di_mail")
    set_mail(cy, site, "cy@example.com")
    set_mail(di, site, "di@example.com")

    cy.goto(f"{site}/g/phalanx/")
    cy.select_option("select#pace", "2")
    cy.click("button:has-text('Create match')")
    cy.wait_for_url(re.compile(r"/m/\w+/$"))
    code = cy.url.rstrip("/").rsplit("/", 1)[1]
    di.goto(f"{site}/m/{code}/")
    di.click("button:has-text('Join this match')")
    di.wait_for_selector("[data-phx-board]")
    on_move, address = (di, "di@example.com") if my_move(di) else (cy, "cy@example.com")
    # Away from the tab: both leave the board (no mail comes while the page is open).
    for page in (cy, di):
        page.goto(f"{site}/me/matches/")

    (mail,) = wait_for_mail(folder, address)
    assert "Subject: Your move in Phalanx against" in mail
    assert "correspondence, 2 days per move" in mail
    on_move.click("#your-turn")  # the top bar's count leads to the waiting list
    on_move.locator(f"#waiting .waiting-row[data-waiting='{code}']").wait_for()
    on_move.goto(site + link_path(mail, "Open the board"))
    on_move.wait_for_selector("[data-phx-board]")
    assert my_move(on_move)
    on_move.goto(site + link_path(mail, "Stop these mails"))
    on_move.click("#unsubscribe button:has-text('Unsubscribe')")
    on_move.locator(
        "#unsubscribe:has-text('gets no more mails when a move waits for you')"
    ).wait_for()
    on_move.click("#unsubscribe a:has-text('mail settings')")
    assert not on_move.is_checked("input[name=your_turn]")
    assert len(mails_to(folder, address)) == 1, "exactly one mail for the one waiting move"


def test_a_guest_is_offered_an_account_instead_of_mail(shifted_site, new_page):
    site, _ = shifted_site
    guest = new_page()
    guest.goto(f"{site}/g/phalanx/")
    guest.select_option("select#pace", "1")
    guest.click("button:has-text('Create match')")
    guest.wait_for_url(re.compile(r"/m/\w+/$"))
    friend = new_page()
    friend.goto(guest.url)
    friend.click("button:has-text('Join this match')")
    friend.locator("#guest-mail").wait_for()
    assert "no mail will tell you" in friend.inner_text("#guest-mail")
    # Nobody has moved: either side may call a correspondence match off.
    code = guest.url.rstrip("/").rsplit("/", 1)[1]
    friend.click("#match-tools summary")
    friend.click("#match-tools button:has-text('Abort')")
    friend.click("#match-tools button:has-text('Yes, abort it')")
    friend.wait_for_url(f"{site}/g/phalanx/")
    guest.locator("#gameover .gameover-panel").wait_for(timeout=30_000)
    assert guest.inner_text("#gameover h2") == "Aborted"
    assert "called it off before both sides moved" in guest.inner_text("#gameover .reason")
    friend.goto(f"{site}/m/{code}/")
    assert friend.locator("#match-tools button:has-text('Abort')").count() == 0
    guest.goto(f"{site}/settings/notifications/")
    assert "Guests get no mail" in guest.inner_text("#guest-mail")
    guest.click("#guest-mail a:has-text('Sign up')")
    guest.wait_for_url(f"{site}/accounts/signup/")
    friend.click("#guest-mail a:has-text('Sign up')")
    friend.wait_for_url(f"{site}/accounts/signup/")
