"""Signed-in players made on the server: accounts and their sessions written by a script on
the live site's database, the session cookie handed to each player's browser.

For tests whose players only need to be signed in (an arena's, a Swiss event's, the chat's):
each sign-up or log-in through the form costs a page, a post and a password hash on a server
that shares two cores with Chromium. The forms themselves are clicked by
tests/browser/test_sign_in_browser.py, test_play_now_browser.py and
test_correspondence_browser.py (sign-up), test_around_the_board.py (log-in) and
test_sign_in_browser.py (log-in refused, then locked out)."""

import subprocess
import sys

from .conftest import ROOT

SESSIONS_SCRIPT = """
import sys
from importlib import import_module
import django
django.setup()
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth import get_user_model
store = import_module(settings.SESSION_ENGINE).SessionStore
for name in sys.argv[1:]:
    user = get_user_model().objects.create_user(name)  # no password: never signs in by form
    session = store()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    print(name, settings.SESSION_COOKIE_NAME, session.session_key)
"""


def signed_in(env: dict, site: str, pages: dict) -> None:
    """Create an account for each name of ``pages`` (name -> page, each its own browser
    context) and sign that page's browser in as it; each page is left on the hall, its
    header naming the player (where signing in by the form lands)."""
    done = subprocess.run(
        [sys.executable, "-c", SESSIONS_SCRIPT, *pages],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    for line in done.stdout.splitlines():
        name, cookie, key = line.split()
        pages[name].context.add_cookies([{"name": cookie, "value": key, "url": site}])
    for name, page in pages.items():
        page.goto(f"{site}/")
        page.wait_for_selector(f"header .who:has-text('{name}')")
