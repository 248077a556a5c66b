"""A person at the board: click one of the offered moves and wait for the board to answer."""

import time

ACTION_BUTTONS = "#board form.action-form button:not([disabled])"


def version(page) -> str:
    return page.locator("#match-status").get_attribute("data-version") or ""


def is_over(page) -> bool:
    return page.locator("#gameover .gameover-panel").count() > 0


def offered(page) -> list[str]:
    return page.locator(ACTION_BUTTONS).evaluate_all("els => els.map(e => e.dataset.action)")


def click_move(page, prefer: tuple[str, ...] = ()) -> bool:
    """Click a move (the first whose payload contains a preferred fragment, else the first).
    Returns False when nothing is offered. Waits until the server sent a new version."""
    payloads = offered(page)
    if not payloads:
        return False
    choice = next((p for frag in prefer for p in payloads if frag in p), payloads[0])
    before = version(page)
    page.locator(f"{ACTION_BUTTONS}[data-action='{choice}']").first.click()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and version(page) == before and not is_over(page):
        page.wait_for_timeout(50)
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
    """Wait until the board shows a version other than ``before`` (or the match ended)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and version(page) == before and not is_over(page):
        page.wait_for_timeout(50)
