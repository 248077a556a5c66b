"""ShapeShips' Drawing catalogue on a phone (390x844) and a desk (issue 34, item 14): each
ship shows its figure on the line of its name (the Commander's stood alone on a line above
it)."""

import pytest

from .driver import click_payload, offered_moves
from .test_board_viewports import start_bot_match, wait_for_moves

pytestmark = pytest.mark.browser

SIZES = [(1366, 768), (390, 844)]
IDS = ["desk", "phone"]

# The figure and the name of each row of the catalogue: their vertical middles, and the
# name's line height.
ROWS = """() => [...document.querySelectorAll(".ss-catalogue tbody tr")].map(row => {
  const fig = row.querySelector("summary .ss-figure").getBoundingClientRect();
  const name = row.querySelector("summary .ss-cat-name").getBoundingClientRect();
  return [row.querySelector("summary .ss-cat-name").textContent.trim(),
          (fig.top + fig.bottom) / 2, name.top, name.bottom];
})"""


def play_human(page, site: str) -> None:
    start_bot_match(page, site, "shapeships")
    click_payload(page, [p for p, label in offered_moves(page) if label == "Play Human"][0])
    wait_for_moves(page)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_each_catalogue_ship_shows_its_figure_beside_its_name(live_site, new_page, size):
    page = new_page(*size)
    play_human(page, live_site)
    page.wait_for_selector(".ss-catalogue")
    for rest in page.locator(".ss-catalogue-rest > summary").all():
        rest.click()  # the ships out of reach too
    rows = page.evaluate(ROWS)
    names = [name for name, *_ in rows]
    assert "Commander" in names, names
    for name, middle, top, bottom in rows:
        assert top <= middle <= bottom, f"{name}: the figure stands on a line of its own"
    # Held together, they push nothing sideways: the page and the bar keep their width.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    body = page.locator(".ss-bar-body")
    assert body.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    page.screenshot(path=f"/tmp/ss-catalogue-{size[0]}.png")
