"""The sticky action bar never hides the player's own side (issue 34, item 3), on a desk
(1366x768) and a phone (390x844): Gundam's Units, Shields and Trash with the target prompt
of an attack open (and the hand in the bar), ShapeShips' fleet with the drawing bar open.
Each element of the player's own side, brought into view the way a browser brings a focused
control (scrollIntoView, from above and from below), shows at its centre: nothing of the
action bar or the status bar lies over it. Then the bar's own controls are clicked and do
what they say."""

import json

import pytest

from .driver import click_payload, is_over, offered_moves, start_mid_match
from .test_board_viewports import wait_for_moves
from .test_gundam_attack_list_browser import attack_selects, build_up
from .test_gundam_attack_list_browser import start_bot_match as start_red_gundam

pytestmark = pytest.mark.browser

SIZES = [(1366, 768), (390, 844)]
IDS = ["desk", "phone"]

# Scroll the page to one end, bring each element into view as focus would ("nearest": from
# above it ends at the bottom of the screen, from below at the top), and name each element
# whose centre something else covers. Returns how many elements were checked, and those.
COVERED = """([selector, end]) => {
  const els = [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length);
  const covered = [];
  for (const el of els) {
    const y = end === "top" ? 0 : document.documentElement.scrollHeight;
    window.scrollTo({top: y, behavior: "instant"});
    el.scrollIntoView({block: "nearest", behavior: "instant"});
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !el.contains(hit)) {
      const over = hit && hit.closest(".action-bar, .status-bar");
      covered.push(`${selector} (centre at ${Math.round(r.top + r.height / 2)} px) lies under `
                   + (over ? over.className : hit ? hit.tagName : "nothing"));
    }
  }
  return [els.length, covered];
}"""


def covered(page, selector: str) -> tuple[int, list[str]]:
    """How many ``selector`` elements are on the page, and which of them a bar covers when
    scrolled into view from the top of the page or from its end."""
    page.emulate_media(reduced_motion="reduce")  # no smooth scroll in the measure
    checked, found = 0, []
    for end in ("top", "bottom"):
        count, bad = page.evaluate(COVERED, [selector, end])
        checked = max(checked, count)
        found += [f"{b} (scrolled from the {end})" for b in bad]
    return checked, found


# How many ships the bar line says are drawn this step ("nothing drawn yet" is none).
DRAWN_JS = """() => {
  const m = document.querySelector("[data-ss-bar-line]").innerText.match(/(\\d+) drawn/);
  return m ? Number(m[1]) : 0;
}"""


def drawn(page) -> int:
    return page.evaluate(DRAWN_JS)


def gundam_attack_prompt(page, site: str) -> None:
    """A Gundam match against the bot built up (resources, deploys) until one of the
    player's Units may attack, and its attack begun: the target prompt is in the bar."""
    for _ in range(3):  # a deal where the bot wins first is played again
        start_red_gundam(page, site)
        for _ in range(120):
            if is_over(page):
                break
            moves = offered_moves(page)
            if attack_selects(moves):
                click_payload(page, attack_selects(moves)[0][0])
                page.wait_for_selector("[data-gd-targets]")
                return
            payload = build_up(page, moves)
            if payload is None:
                page.wait_for_timeout(100)  # the bot's turn
                continue
            click_payload(page, payload)
    raise AssertionError("no Unit of ours was ever ready to attack")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_gundam_bar_leaves_the_own_units_shields_and_trash_in_view(live_site, new_page, size):
    page = new_page(*size)
    gundam_attack_prompt(page, live_site)
    assert page.locator(".gd-actionbar .gd-hand").is_visible(), "the hand is in the bar"
    # The prompt brings the Unit it asks about between the bars as it opens, where it is
    # seen without scrolling.
    page.wait_for_function(
        """() => { const el = document.querySelector(".gd-me .gd-unit.gd-attacking");
                   const r = el.getBoundingClientRect();
                   return el.contains(document.elementFromPoint(r.left + r.width / 2,
                                                                r.top + r.height / 2)); }"""
    )
    for selector in (
        ".gd-me [data-gd-unit]",
        ".gd-me .gd-unit.gd-attacking",
        ".gd-me .gd-trash > summary",
        ".gd-me .gd-shieldrow",
        ".gd-me .gd-side-name",
    ):
        checked, bad = covered(page, selector)
        assert checked >= 1, f"{selector} is on the board"
        assert bad == []
    # The bar's controls still answer: the attack's target is chosen, and it is carried out.
    targets = [p for p, _ in offered_moves(page) if json.loads(p)["type"] == "target"]
    assert targets, "a target is offered"
    click_payload(page, targets[0])
    page.wait_for_function("() => !document.querySelector('[data-gd-targets]')")
    assert "attacks" in page.inner_text(".gd-log-list")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_shapeships_drawing_bar_leaves_the_own_fleet_in_view(live_site, new_page, size):
    page = new_page(*size)
    start_mid_match(page, live_site, "shapeships")
    for _ in range(40):  # play on (draw, lock in) until a drawing with ships of ours
        moves = wait_for_moves(page)
        assert not is_over(page)
        by_kind = {json.loads(p)["type"]: p for p, _ in moves}
        if page.locator(".ss-mine [data-ss-ship]").count() and "build" in by_kind:
            break
        click_payload(page, by_kind.get("confirm") or by_kind.get("build") or moves[0][0])
    else:
        raise AssertionError("never reached a drawing with ships on our side")
    body = page.locator(".ss-bar-body")
    assert body.is_visible(), "the drawing bar is open"
    checked, bad = covered(page, ".ss-mine [data-ss-ship]")
    assert checked >= 1 and bad == []
    # The bar's controls still answer: a ship is drawn, then the drawing is locked in.
    build = [p for p, _ in offered_moves(page) if json.loads(p)["type"] == "build"][0]
    # One more ship drawn than before (an earlier turn of the loop may have drawn one
    # already when it could not lock in), once the frame that answers the click is in.
    before = drawn(page)
    click_payload(page, build)
    page.wait_for_function(f"want => ({DRAWN_JS})() === want", arg=before + 1)
    key = page.get_attribute("[data-ss-actions]", "data-bar-key")
    page.locator(".ss-bar-commit button[data-action*='confirm']").click()
    # Locked in: the bar waits for the other player, or the next step has begun.
    page.wait_for_function(
        """key => { const bar = document.querySelector("[data-ss-actions]");
                    return !bar || bar.dataset.barKey !== key
                           || !!bar.querySelector("[data-ss-waiting]"); }""",
        arg=key,
    )
