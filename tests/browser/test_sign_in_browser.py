"""Sign-up and sign-in in a real browser (issue 22, finding 10): a password equal to the
username is refused with the reason shown, and after five wrong passwords the sign-in form
says the account is locked for a while, even for the right password."""

import pytest

pytestmark = pytest.mark.browser


def submit(page) -> None:
    page.click("main button[type=submit]")
    page.wait_for_load_state()


def test_weak_password_refused_and_guessing_locked_out(live_site, new_page):
    page = new_page()
    page.goto(f"{live_site}/accounts/signup/")
    page.fill("input[name=username]", "quentin_cards")
    page.fill("input[name=password1]", "quentin_cards")
    page.fill("input[name=password2]", "quentin_cards")
    submit(page)
    assert "too similar to the username" in page.locator("main").inner_text()
    page.fill("input[name=password1]", "Amber-Lantern-58")
    page.fill("input[name=password2]", "Amber-Lantern-58")
    submit(page)
    assert page.url == f"{live_site}/"
    page.click("header button:has-text('Log out')")
    page.wait_for_load_state()

    for _ in range(5):
        page.goto(f"{live_site}/accounts/login/")
        page.fill("input[name=username]", "quentin_cards")
        page.fill("input[name=password]", "not-my-password")
        submit(page)
        assert "correct username and password" in page.locator("main").inner_text()
    page.goto(f"{live_site}/accounts/login/")
    page.fill("input[name=username]", "quentin_cards")
    page.fill("input[name=password]", "Amber-Lantern-58")
    submit(page)
    shown = page.locator("main").inner_text()
    assert "Too many failed sign-ins" in shown
    assert page.locator("header button:has-text('Log out')").count() == 0, "not signed in"
