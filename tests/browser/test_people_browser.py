"""The browser tests' people (tests/browser/people.py): a person handed back is reused only as
a stranger, and one a test changed for good is never handed to another test."""

import pytest

from .people import People

pytestmark = pytest.mark.browser


@pytest.fixture
def own_people(browser):
    kept = People(browser)
    yield kept
    kept.close()


def test_a_reused_person_keeps_no_cookie_storage_or_emulation_of_the_last_test(
    live_site, own_people
):
    first = own_people.take(390, 844, enforce_csp=False)
    page = first.page
    page.goto(f"{live_site}/g/phalanx/")
    page.evaluate(
        "localStorage.setItem('left', 'behind'); sessionStorage.setItem('left', 'behind')"
    )
    page.context.add_cookies([{"name": "left", "value": "behind", "url": live_site}])
    page.emulate_media(reduced_motion="reduce")
    page.set_default_timeout(1)
    page.set_default_navigation_timeout(1)
    own_people.give_back(first)

    again = own_people.take(1366, 768, enforce_csp=False)
    assert again is first, "a cleared person is reused"
    assert page.url == "about:blank"
    assert page.viewport_size == {"width": 1366, "height": 768}
    assert page.context.cookies() == []
    page.goto(f"{live_site}/g/phalanx/")  # would time out at once if the 1 ms had stayed
    kept = "[localStorage.getItem('left'), sessionStorage.getItem('left')]"
    assert page.evaluate(kept) == [None, None]
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") is False
    own_people.give_back(again)


def test_a_person_given_an_init_script_a_second_page_or_a_second_site_is_not_reused(
    live_site, own_people
):
    scripted = own_people.take(1000, 900, enforce_csp=False)
    scripted.page.add_init_script("window.fromTheLastTest = true")
    own_people.give_back(scripted)
    assert scripted.page.is_closed()

    opener = own_people.take(1000, 900, enforce_csp=False)
    assert opener is not scripted
    opener.page.goto(f"{live_site}/")
    with opener.context.expect_page():
        opener.page.evaluate("window.open('about:blank')")
    own_people.give_back(opener)
    assert opener.page.is_closed()

    traveller = own_people.take(1000, 900, enforce_csp=False)
    traveller.page.goto(f"{live_site}/")
    traveller.page.goto(live_site.replace("127.0.0.1", "localhost") + "/")
    own_people.give_back(traveller)
    assert traveller.page.is_closed(), "the first site's session storage could not be cleared"


def test_a_person_with_the_policy_enforced_is_never_one_that_bypassed_it(own_people):
    bypassing = own_people.take(1000, 900, enforce_csp=False)
    own_people.give_back(bypassing)
    enforcing = own_people.take(1000, 900, enforce_csp=True)
    assert enforcing is not bypassing and enforcing.bypass_csp is False
    own_people.give_back(enforcing)
