"""`make screenshots`: a desktop (1366x768) and a phone (390x844) picture of every board
mid-match, written to docs/screenshots/<game>-desktop.png and <game>-phone.png.

Serves the hall on a fresh SQLite file, plays a match against the bot in Debian's Chromium
until the board is past its opening (tests/browser/driver.py; ShapeShips as an Ancient fleet
until it has cast a Solar Power), and takes what the viewport shows without scrolling.
Not a test: it checks nothing, it shows what a player sees.
"""

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.ancient import cast_a_solar_power, choose_ancient  # noqa: E402
from tests.browser.driver import reach_mid_match, start_bot_match  # noqa: E402
from tests.live import launched_chromium, served_site  # noqa: E402

GAMES = ["elemental-clash", "phalanx", "card-battle", "gundam", "shapeships"]
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
OUT = ROOT / "docs" / "screenshots"


def main(games: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        served_site(Path(tmp) / "shots.sqlite3", ROOT) as site,
        sync_playwright() as p,
    ):
        browser = launched_chromium(p)
        for game in games:
            for size, (width, height) in SIZES.items():
                ctx = browser.new_context(
                    viewport={"width": width, "height": height}, reduced_motion="reduce"
                )
                page = ctx.new_page()
                page.set_default_timeout(20000)
                start_bot_match(page, site, game)
                if game == "shapeships":
                    # An Ancient fleet in Declaration, a Solar Power cast: the board at its
                    # fullest (Energy, the powers on offer, a cast listed before Lock in).
                    # On a phone the moves bar is folded to its head line, so the fleets show.
                    choose_ancient(page)
                    cast_a_solar_power(page, turn=3)
                    if size == "phone":
                        page.click("[data-bar-toggle]")
                else:
                    reach_mid_match(page, game)
                if game == "card-battle":
                    # Halfway through the playback: a board mid-battle, not its result.
                    page.click("[data-cb=play]")
                    page.click("[data-cb=turn]")
                    page.click("[data-cb=turn]")
                # The last click leaves focus and the pointer on a card, whose tooltip would
                # cover the board in the picture: a player looking at the board has neither.
                page.evaluate("document.activeElement && document.activeElement.blur()")
                page.mouse.move(0, 0)
                page.wait_for_timeout(400)
                path = OUT / f"{game}-{size}.png"
                page.screenshot(path=str(path))  # the viewport: what a player sees unscrolled
                print(f"{path.relative_to(ROOT)}  {width}x{height}")
                ctx.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:] or GAMES)
