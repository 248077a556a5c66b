"""ShapeShips' moves bar in a Human player's Declaration step (issue 34, item 14): the head
line "Declaring: 0 charges" starts flush with the bar's left edge, as the rest of the bar
does, on a desk and a phone; and after "Lock in charges" the player reads that they are
locked in and waiting, flush too.

On a desk the bar is a column (flex, direction column) and inherited the shared action
bar's ``align-items: center``: its head shrank to the width of its words and stood in the
middle of the column, so the short "Declaring: 0 charges" looked indented."""

import pytest

from .driver import start_online_match, version, wait_for_change
from .staged_match import stage

pytestmark = pytest.mark.browser

SIZES = [(1366, 768), (390, 844)]
IDS = ["desk", "phone"]

# An element of the bar, its text and where its first word starts, against the left edge of
# its own content box and of the bar's (the edge the body's heading starts at).
EDGES = """(el, first) => {
  const content = e => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft);
  };
  const words = document.createRange();
  words.selectNodeContents(el);
  return {
    raw: el.textContent, shown: el.innerText, indent: parseFloat(getComputedStyle(el).textIndent),
    own: content(el), bar: content(el.closest("[data-ss-actions]")),
    first: (first ? el.querySelector(first) : el).getBoundingClientRect().left,
    text: Math.min(...[...words.getClientRects()].map(r => r.left)),
  };
}"""


def edges(page, selector: str, first: str | None = None) -> dict:
    return page.locator(selector).evaluate(EDGES, first)


def staged_declaration(alice, bob, site: str, env: dict) -> None:
    """Alice and Bob in an online ShapeShips match, both Human and both declaring."""
    code = start_online_match(alice, bob, site, "shapeships").rstrip("/").rsplit("/", 1)[1]
    stage(env, code, "shapeships-declaring")
    for page in (alice, bob):
        page.reload()
        page.wait_for_selector("[data-ss-bar-line]")


def assert_flush(seen: dict) -> None:
    assert seen["indent"] == 0, seen
    assert abs(seen["own"] - seen["bar"]) <= 1, f"the line starts right of the bar's edge: {seen}"
    assert abs(seen["first"] - seen["bar"]) <= 1, f"its first word is indented: {seen}"
    assert abs(seen["text"] - seen["bar"]) <= 1, f"its text is indented: {seen}"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_declaring_line_starts_flush_and_lock_in_says_waiting(live_site, live_env, new_page, size):
    alice, bob = new_page(*size), new_page()
    staged_declaration(alice, bob, live_site, live_env)
    bar = alice.locator("[data-ss-actions]")
    bar.screenshot(path=f"/tmp/ss-declaring-{size[0]}.png")

    line = edges(alice, "[data-ss-bar-line]", "b")
    # What it says and nothing before it: no stray space, separator or comma.
    assert line["raw"] == line["raw"].lstrip(), repr(line["raw"])
    assert line["raw"].strip() == "Declaring: 0 charges", repr(line["raw"])
    assert line["shown"] == "Declaring: 0 charges", repr(line["shown"])
    assert_flush(line)
    # The body's heading starts at the same edge.
    heading = edges(alice, ".ss-bar-body h3")
    assert abs(heading["first"] - line["first"]) <= 1, (heading, line)

    button = bar.locator("button:has-text('Lock in charges')")
    assert button.is_visible()
    before = version(alice)
    button.click()
    wait_for_change(alice, before)
    alice.wait_for_selector("[data-ss-waiting]")
    bar.screenshot(path=f"/tmp/ss-declared-{size[0]}.png")
    assert bar.locator("button:has-text('Lock in charges')").count() == 0
    waiting = edges(alice, "[data-ss-waiting]")
    assert waiting["shown"] == "Locked in. Waiting for the other player…", waiting
    assert_flush(waiting)
    # Bob has not declared yet: he still reads his own line and can still lock in.
    assert bob.locator("[data-ss-bar-line]").inner_text() == "Declaring: 0 charges"
    assert bob.locator("button:has-text('Lock in charges')").is_visible()
