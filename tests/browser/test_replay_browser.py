"""The replay player in a real browser, for every game: open a finished match's replay, jump
to a turn from the turn menu, play to the end, step back with the keyboard, and check the
board at each of those positions against the engine's own view of the state there (rebuilt
here from the downloaded record). Steps never reload the page."""

import json
import subprocess
import sys
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.engines import get_engine
from games.engines.core import step

from .conftest import ROOT

pytestmark = pytest.mark.browser
GAMES = ["elemental-clash", "phalanx", "card-battle", "gundam", "shapeships"]

# Where each board shows each seat's health, and where the engine's view keeps it.
HEALTH = {
    "elemental-clash": (".ec-hp b", "text", "seats", "hp"),
    "phalanx": ("[data-lp]", "text", "players", "lp"),
    "gundam": ("[data-gd-shields]", "text", "players", "shields"),
    "shapeships": ("[data-ss-health]", "data-ss-health", "players", "health"),
    "card-battle": (".cb-stage .cb-hp b", "text", None, None),
}


def finished_match(live_env, game: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tests.browser.finished_match", game, f"browser-replay-{game}"],
        cwd=ROOT,
        env={**live_env, "BOT_STEP_SECONDS": "0"},
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.stdout.strip().splitlines()[-1]


def positions(game: str, record: dict) -> list[dict]:
    """The engine's view at every position of the replay, with the label the player
    should show. Card Battle adds one position per event of its resolved battle."""
    engine = get_engine(game)
    names = {s["index"]: s["name"] for s in record["seats"]}
    state = engine.setup(record["config"], record["seed"])
    out = [{"view": engine.view(state, None), "label": "Start"}]
    for entry in record["entries"]:
        who = names[entry["seat"]] if entry["seat"] is not None else "?"
        if entry["kind"] == "resign":
            label = f"{who} resigned"
        elif entry["kind"] == "timeout":
            label = "Time ran out"
        else:
            move = engine.action_label(state, entry["seat"], entry["action"])
            hidden = engine.prompts(state).simultaneous
            label = f"{who} (hidden): {move}" if hidden else f"{who}: {move}"
        if entry["kind"] != "resign":
            state, _ = step(engine, state, entry["seat"], entry["kind"], entry["action"])
        out.append({"view": engine.view(state, None), "label": label})
    if game == "card-battle":
        playback = out[-1]["view"]["playback"]
        hp = [playback["start_hp"]] * 2
        out[-1]["cb_hp"] = list(hp)
        for event in playback["events"]:
            if event["kind"] == "attack" and event["target"] is None:
                hp[event["target_seat"]] = event["hp_after"]
            out.append({"view": out[-1]["view"], "label": None, "cb_hp": [max(0, h) for h in hp]})
    return out


def expected_health(game: str, position: dict) -> list[int]:
    if game == "card-battle":
        return sorted(position["cb_hp"])
    _, _, group, key = HEALTH[game]
    return sorted(s[key] for s in position["view"][group])


def wait_at(page, n: int) -> None:
    page.wait_for_function(
        f"() => document.querySelector('[data-replay]').getAttribute('data-at') === '{n}'"
        " && !document.querySelector('[data-replay]').hasAttribute('aria-busy')"
        f" && document.querySelector('[data-frame-at=\"{n}\"]') !== null"
        # A Card Battle board arrives showing the battle's end; its script draws position n
        # when htmx settles the swap, a moment after the frame is in.
        " && Array.from(document.querySelectorAll('#replay-frame [data-cb-board]'))"
        "      .every(b => !b.querySelector('[data-cb-stage]') || b.hasAttribute('data-cb-ready'))",
        timeout=120_000,
    )


def check_board(page, game: str, expected: list[dict], n: int) -> None:
    wait_at(page, n)
    assert page.url.endswith(f"?at={n}")
    selector, attribute, _, _ = HEALTH[game]
    cells = page.locator(f"#replay-frame {selector}")
    if game == "card-battle" and n < len(expected) - 1 and "cb_hp" not in expected[n]:
        return  # before both decks are in there is no battle to show
    values = [
        cells.nth(i).inner_text() if attribute == "text" else cells.nth(i).get_attribute(attribute)
        for i in range(cells.count())
    ]
    shown = sorted(int(v.strip()) for v in values)
    assert shown == expected_health(game, expected[n]), (n, shown)
    if expected[n]["label"] is not None:
        assert page.inner_text("#rp-label") == expected[n]["label"], n


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_match_replays_in_page_with_turn_jumps_playback_and_keys(
    live_site, live_env, new_page, game
):
    code = finished_match(live_env, game)
    with urllib.request.urlopen(f"{live_site}/m/{code}/record.json") as response:
        record = json.load(response)
    expected = positions(game, record)
    last = len(expected) - 1
    page = new_page()
    page.goto(f"{live_site}/m/{code}/replay/?at=0")
    assert int(page.get_attribute("[data-replay]", "data-last")) == last
    page.evaluate("() => { window.__samePage = true; }")
    check_board(page, game, expected, 0)

    # Jump to a turn from the turn menu (the middle one).
    turns = page.locator("#rp-turn option")
    assert turns.count() >= 2
    target = int(turns.nth(turns.count() // 2).get_attribute("value"))
    page.select_option("#rp-turn", str(target))
    check_board(page, game, expected, target)
    assert page.input_value("#rp-turn") == str(target)

    # Play from the last turn to the end at the fastest speed.
    final_turn = int(turns.nth(turns.count() - 1).get_attribute("value"))
    page.select_option("#rp-turn", str(final_turn))
    check_board(page, game, expected, final_turn)
    page.select_option("#rp-speed", "16")
    # At 16x the last turn's few steps may all be played, and the button released, before
    # the test reads it again on a loaded machine: the button's states are recorded as
    # they happen instead.
    page.evaluate(
        """() => { const button = document.querySelector('#rp-play');
        window.__pressedStates = [];
        new MutationObserver(() => window.__pressedStates.push(button.getAttribute('aria-pressed')))
          .observe(button, {attributes: true, attributeFilter: ['aria-pressed']}); }"""
    )
    page.click("#rp-play")
    assert page.evaluate("window.__pressedStates")[:1] == ["true"], "Play pressed the button"
    check_board(page, game, expected, last)
    page.wait_for_function(
        "() => document.querySelector('#rp-play').getAttribute('aria-pressed') === 'false'"
    )

    # Step back twice with the keyboard, then Home goes to the start.
    page.keyboard.press("ArrowLeft")
    check_board(page, game, expected, last - 1)
    page.keyboard.press("ArrowLeft")
    check_board(page, game, expected, last - 2)
    page.keyboard.press("Home")
    check_board(page, game, expected, 0)
    page.click("#rp-next")
    check_board(page, game, expected, 1)
    page.click("#rp-next")
    check_board(page, game, expected, 2)
    page.click("#rp-back")
    check_board(page, game, expected, 1)
    page.click("#rp-end")
    check_board(page, game, expected, last)
    page.click("#rp-start")
    check_board(page, game, expected, 0)
    # The seek bar is a range input: its own arrow keys move it, and the player follows.
    page.focus("#rp-seek")
    page.keyboard.press("ArrowRight")
    check_board(page, game, expected, 1)
    if page.locator("#replay-frame a", has_text="Next attack").count():
        attack = page.locator("#replay-frame a", has_text="Next attack")
        at = int(attack.get_attribute("data-at"))
        attack.click()
        check_board(page, game, expected, at)
        label = page.inner_text("#rp-label").lower()
        assert ("hits" in label) if game == "card-battle" else ("attack" in label), label
    page.click("#rp-end")
    check_board(page, game, expected, last)
    assert page.evaluate("() => window.__samePage === true"), "no step reloaded the page"

    # The record's download link and the chart's marker are on the page.
    assert page.locator("#replay-download").get_attribute("href") == f"/m/{code}/record.json"
    assert page.locator("#replay-frame .replay-chart-marker").count() == 1
    if game == "card-battle":
        assert page.locator("[data-cb-controls]").is_hidden(), "one control bar: the player's"
    # The player's own parts (the boards are checked by their games' tests).
    mine = {"include": [[".replay-player"], [".rp-turns"], [".replay-side"]]}
    results = Axe().run(page, context=mine)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, results.generate_report()
