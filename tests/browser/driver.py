"""A person at the board: click one of the offered moves and wait for the board to answer."""

import contextlib
import re
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ACTION_BUTTONS = "#board form.action-form button:not([disabled])"


def version(page) -> str:
    return page.locator("#match-status").get_attribute("data-version") or ""


def is_over(page) -> bool:
    return page.locator("#gameover .gameover-panel").count() > 0


def offered(page) -> list[str]:
    return page.locator(ACTION_BUTTONS).evaluate_all("els => els.map(e => e.dataset.action)")


# How long a click waits for the button it chose before the board is read again.
CHOICE_HOLDS_MS = 3000


def click_move(page, prefer: tuple[str, ...] = (), timeout: float | None = None) -> bool:
    """Click a move (the first whose payload contains a preferred fragment, else the first).
    Returns False when nothing is offered. Waits until the server sent a new version.

    The opponent's last move may reach this page only after its buttons were read (from
    another worker, on a loaded machine): their draft pick takes the card this player chose,
    and the button never comes back. Like a person, the driver then reads the board again
    and chooses again, for up to ``timeout`` ms in all."""
    deadline = time.monotonic() + (timeout or 20000) / 1000
    while True:
        # Never resign: a board that offers it beside nothing else (ShapeShips while the
        # other side decides) is waiting, not asking.
        payloads = [p for p in offered(page) if '"type":"resign"' not in p]
        if not payloads:
            return False
        choice = next((p for frag in prefer for p in payloads if frag in p), payloads[0])
        before = version(page)
        left_ms = (deadline - time.monotonic()) * 1000
        try:
            page.locator(f"{ACTION_BUTTONS}[data-action='{choice}']").first.click(
                timeout=max(1, min(CHOICE_HOLDS_MS, left_ms))
            )
        except PlaywrightTimeout:
            if time.monotonic() >= deadline:
                raise
            continue
        wait_for_change(page, before)
        return True


def play_until_over(pages, prefer: tuple[str, ...] = (), max_moves: int = 400) -> None:
    """Round-robin over the pages, each making a move when offered, until the game ends."""
    for _ in range(max_moves):
        if all(is_over(p) for p in pages):
            return
        moved = False
        for page in pages:
            if not is_over(page):
                moved = click_move(page, prefer) or moved
        if not moved:
            pages[0].wait_for_timeout(200)
    raise AssertionError("the match did not end")


# -- helpers for games whose tests pick moves by their labels (Phalanx, Gundam) -------------


def offered_moves(page) -> list[tuple[str, str]]:
    """Every offered move as (payload, button label)."""
    return page.locator(ACTION_BUTTONS).evaluate_all(
        "els => els.map(e => [e.dataset.action, e.innerText.trim()])"
    )


def click_payload(page, payload: str, seconds: float = 10) -> None:
    """Click the offered move with exactly this payload and wait until the server answered
    (a new version, or the end of the match)."""
    before = version(page)
    payloads = offered(page)
    page.locator(ACTION_BUTTONS).nth(payloads.index(payload)).click()
    wait_for_change(page, before, seconds)


def wait_for_change(page, before: str, seconds: float = 10) -> None:
    """Wait until the board shows a version other than ``before`` (or the match ended); after
    ``seconds`` without either, return as the caller's next read decides what that means.

    One selector wait inside the page rather than reading the version every 50 ms from here:
    a match of hundreds of moves spent most of its time in those round trips. A selector
    (not a script predicate) so that it also works where the page's CSP is enforced."""
    changed = "#match-status[data-version]" + (f":not([data-version='{before}'])" if before else "")
    with contextlib.suppress(PlaywrightTimeout):
        page.locator(f"{changed}, #gameover .gameover-panel").first.wait_for(
            state="attached", timeout=seconds * 1000
        )


# -- a board mid-match, for the page checks and the screenshots ------------------------------

# Moves to make in a bot match before its board counts as "mid-match": past the deck choice
# or deployment, into the play a player spends most of the match in.
MID_MATCH_MOVES = {
    "elemental-clash": 10,  # the six draft picks, then selections and lock-ins of battle
    "phalanx": 10,  # the deployment (eight cards each) and two attacks
    "card-battle": 1,  # the deck choice: the battle then resolves and plays back
    "gundam": 8,  # the deck choice, then resources, deploys and the first attacks
    "shapeships": 12,  # the species, then drawings locked in until both fleets have ships
}
# Moves a board prefers, so that a match moves on instead of circling (lock in after a pick).
PREFER = {
    "elemental-clash": ('"lock"',),
    "phalanx": ('"attack"',),
    "shapeships": ('"species"', '"build"', '"confirm"'),
}


def start_bot_match(page, site: str, game: str) -> str:
    """Create a timed match against the bot from the lobby; returns the match page's URL."""
    page.goto(f"{site}/g/{game}/")
    page.check("input[name=mode][value=bot]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    page.wait_for_selector("#board")
    return page.url


def create_and_join(creator, joiner, site: str, game: str) -> str:
    """``creator`` makes an online challenge from the lobby and ``joiner`` takes it on the
    match page; returns the match's URL once the join is clicked."""
    creator.goto(f"{site}/g/{game}/")
    creator.check("input[name=mode][value=online]")
    creator.click("button:has-text('Create match')")
    creator.wait_for_url(re.compile(r"/m/\w+/$"))
    joiner.goto(creator.url)
    joiner.click("button:has-text('Join this match')")
    return creator.url


def start_online_match(creator, joiner, site: str, game: str) -> str:
    """As ``create_and_join``, returning once the creator's board offers moves."""
    url = create_and_join(creator, joiner, site, game)
    creator.wait_for_selector("#board form.action-form button")
    return url


def reach_mid_match(page, game: str, moves: int | None = None) -> None:
    """Make the first offered (or preferred) move until ``moves`` were made; waits for the
    bot's answers in between. Stops early if the match ends."""
    wanted = MID_MATCH_MOVES[game] if moves is None else moves
    made = 0
    deadline = time.monotonic() + 60
    while made < wanted and not is_over(page) and time.monotonic() < deadline:
        try:
            moved = click_move(page, PREFER.get(game, ()), timeout=3000)
        except PlaywrightError:
            # The bot's move swapped the board between reading a button and clicking it:
            # read the board again.
            continue
        if moved:
            made += 1
        else:
            page.wait_for_timeout(100)
    if game == "card-battle":
        page.wait_for_selector("[data-cb-controls]:not([hidden])")


def start_mid_match(page, site: str, game: str, tries: int = 3) -> str:
    """A bot match whose board is in play after the mid-match moves; returns its URL.

    Each match is dealt from a fresh random seed, and some deals end a match within the
    first moves (the bot's attacks win before the test's first cards are up, or both sides
    pass the combat away). A test that checks a board in play starts another match then;
    Card Battle is over by design once its battle plays back."""
    for _ in range(tries):
        url = start_bot_match(page, site, game)
        reach_mid_match(page, game)
        if game == "card-battle" or not is_over(page):
            return url
    raise AssertionError(f"{tries} {game} matches against the bot all ended before mid-match")
