"""The people of the browser tests: each is one page in a browser context of its own (its own
cookies and storage), handed back when a test ends and reused, cleared, by a later test.

Why reuse: a fresh context and page cost Chromium about half a second of CPU before our page
shows (a renderer process started, a network context made, the static files fetched and
compiled again). Measured on the CI machine, a lobby opened in a new context took 755 ms of
the machine's CPU; in a reused page cleared of cookies and storage, 175 ms. The browser
tests open a few hundred people, and that part is bound by Chromium's CPU.

A reused person must be a stranger to the test before: its cookies, the storage of every
origin it visited (local and session storage, IndexedDB, caches) and its permissions are
cleared, it is taken offline no more, its page is left on about:blank (so its sockets are
closed), and its viewport, timeout and emulated media are set afresh. What a test can add
but not take back (an init script, a route, an exposed function, an event listener, extra
headers, a second page in the context, session storage of an origin the page has left)
uses the person up: it is closed, not reused.

A page's wait_for_function keeps Playwright's default, asking on every animation frame.
Asking every 50 ms instead cost an idle waiting page less Chromium CPU in a probe (0.02 s
against 0.44 s in 5 s), yet the 21 test files that wait so ran slower with it, in two
interleaved rounds on a two-core machine: 368 and 379 s against 407 and 400 s, Chromium's
CPU 440 and 464 s against 507 and 497 s.
"""

from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page

# Calls whose effect outlives the test that made them (Playwright has no call to undo them).
LASTING_ON_BOTH = (
    "add_init_script",
    "expose_binding",
    "expose_function",
    "on",
    "once",
    "route",
    "route_from_har",
    "route_web_socket",
    "set_extra_http_headers",
)
LASTING_ON_PAGE = (*LASTING_ON_BOTH, "add_locator_handler")
LASTING_ON_CONTEXT = (*LASTING_ON_BOTH, "new_page", "set_geolocation")
# People kept for reuse between tests; a test that needs more opens new ones.
KEPT = 8
DEFAULT_TIMEOUT_MS = 15000


class Person:
    def __init__(self, browser: Browser, bypass_csp: bool):
        self.bypass_csp = bypass_csp
        self.context: BrowserContext = browser.new_context(bypass_csp=bypass_csp)
        self.page: Page = self.context.new_page()
        self.visited: set[str] = set()
        self.used_up = False
        self.page.on("framenavigated", self._note_origin)
        for target, names in ((self.page, LASTING_ON_PAGE), (self.context, LASTING_ON_CONTEXT)):
            for name in names:
                setattr(target, name, self._using_up(getattr(target, name)))

    def _note_origin(self, frame) -> None:
        parts = urlsplit(frame.url)
        if parts.scheme in ("http", "https"):
            self.visited.add(f"{parts.scheme}://{parts.netloc}")

    def _using_up(self, method):
        def call(*args, **kwargs):
            self.used_up = True
            return method(*args, **kwargs)

        return call

    def ready(self, width: int, height: int) -> Page:
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.set_default_timeout(DEFAULT_TIMEOUT_MS)
        return self.page

    def forget(self) -> bool:
        """Make this person a stranger again; False when it cannot be (then close it)."""
        if self.used_up or self.page.is_closed() or len(self.context.pages) != 1:
            return False
        # The test may have left them short (a navigation's own timeout outranks the other).
        self.page.set_default_timeout(DEFAULT_TIMEOUT_MS)
        self.page.set_default_navigation_timeout(DEFAULT_TIMEOUT_MS)
        # Session storage belongs to the tab, and only a page of its origin can clear it: so
        # a person who visited more than the origin it is on is not reused.
        here = urlsplit(self.page.url)
        if self.visited - {f"{here.scheme}://{here.netloc}"}:
            return False
        if self.visited:
            self.page.evaluate("sessionStorage.clear()")
        self.page.goto("about:blank")
        session = self.context.new_cdp_session(self.page)
        for origin in self.visited:
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        session.detach()
        self.visited.clear()
        self.context.clear_cookies()
        self.context.clear_permissions()
        self.context.set_offline(False)
        self.page.emulate_media(
            media="null", color_scheme="null", reduced_motion="null", forced_colors="null"
        )
        return True

    def close(self) -> None:
        self.context.close()


class People:
    """The people of one test process, kept between its tests."""

    def __init__(self, browser: Browser):
        self.browser = browser
        self.idle: list[Person] = []

    def take(self, width: int, height: int, enforce_csp: bool) -> Person:
        bypass_csp = not enforce_csp
        for person in self.idle:
            if person.bypass_csp == bypass_csp:
                self.idle.remove(person)
                break
        else:
            person = Person(self.browser, bypass_csp)
        person.ready(width, height)
        return person

    def give_back(self, person: Person) -> None:
        try:
            reusable = person.forget() and len(self.idle) < KEPT
        except Exception:  # a page that crashed or hangs: never hand it to another test
            reusable = False
        if reusable:
            self.idle.append(person)
        else:
            person.close()

    def close(self) -> None:
        for person in self.idle:
            person.close()
        self.idle.clear()
