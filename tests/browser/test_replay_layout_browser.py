"""A finished Elemental Clash match on a desk (1366x768): its replay sets the board in a
narrower column beside the chart than the match page does, and neither lets a seat's gauges
run into its field nor the chart's legend swell into boxes."""

import pytest

from .test_replay_browser import finished_match

pytestmark = pytest.mark.browser

# Per seat: its box, and where its gauges and its field are painted: each one's box grown to
# hold everything inside it (a grid too narrow for its content lets it spill out unclipped).
SEAT_BOXES = """() => [...document.querySelectorAll('.ec-side')].map(side => {
    const box = e => [e, ...e.querySelectorAll('*')].map(x => x.getBoundingClientRect())
        .filter(r => r.width > 0 && r.height > 0)
        .reduce((a, r) => ({left: Math.min(a.left, r.left), right: Math.max(a.right, r.right),
                            top: Math.min(a.top, r.top), bottom: Math.max(a.bottom, r.bottom)}),
                {left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity});
    return {side: box(side), gauges: box(side.querySelector('.ec-gauges')),
            field: box(side.querySelector('.ec-field'))}; })"""


def overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and (a["top"] < b["bottom"] and b["top"] < a["bottom"])
    )


def check_seats(page, where: str) -> None:
    seats = page.evaluate(SEAT_BOXES)
    assert len(seats) == 2, where
    for seat in seats:
        assert not overlap(seat["gauges"], seat["field"]), (where, seat)
        for inner in (seat["gauges"], seat["field"]):
            assert inner["right"] <= seat["side"]["right"] + 0.5, (where, seat)


def test_a_seats_gauges_and_field_never_overlap_and_the_legend_stays_small(
    live_site, live_env, new_page
):
    code = finished_match(live_env, "elemental-clash")
    page = new_page(1366, 768)
    page.goto(f"{live_site}/m/{code}/")
    page.wait_for_selector("#gameover .gameover-panel")
    check_seats(page, "match page")
    # On the match page the board is wide enough for each seat on one line.
    heights = page.evaluate(
        "() => [...document.querySelectorAll('.ec-side')].map(s => s.offsetHeight)"
    )
    assert all(h < 60 for h in heights), heights

    page.get_by_role("link", name="Replay").click()
    page.wait_for_selector("#replay-frame .ec-side")
    check_seats(page, "replay")
    legend = page.locator("#replay-frame figcaption .legend")
    assert legend.count() == 2
    swatches = page.evaluate(
        "() => [...document.querySelectorAll('#replay-frame figcaption svg')]"
        ".map(s => s.getBoundingClientRect().width)"
    )
    assert swatches and all(w <= 12 for w in swatches), swatches
    # The chart itself still takes its column's width.
    chart = page.evaluate(
        "() => document.querySelector('#replay-frame .replay-chart > svg')"
        ".getBoundingClientRect().width"
    )
    assert chart > 200, chart
