"""Gundam in a real browser: build a legal deck with <Blocker> Units in the deck builder, then
play full matches against the bot with it until one of them included a block decision.

Whether a Bulwark Sentinel is drawn in time, and whether the bot attacks while it stands
ready, depends on the deal. The first match is dealt again from a seed known to lead to a block
decision (tests/browser/staged_match.py: the level-1 bot and this test's choices are both
deterministic, so one 50-move match is enough). Should a change of the engine or the bot make
that deal miss its block, the test goes on as it did before it had one: up to MAX_MATCHES
complete matches on the server's own seeds, each to a win or a loss, stopping after the first
one with a block decision: slower, still sound, and a sign to choose the deal again.
"""

import json
import re
import time
import warnings

import pytest

from .driver import click_payload, is_over, offered_moves
from .staged_match import GUNDAM_BLOCK_DEAL, stage

pytestmark = pytest.mark.browser

DECK_NAME = "Browser Bulwark"
BLOCKER = "OG01-031"  # Bulwark Sentinel, the pool's only <Blocker> Unit (blue)
# 50 blue main-deck cards: units on a curve, pilots, removal and card draw to dig for Blockers.
MAIN = {
    "OG01-001": 4,
    "OG01-002": 4,
    "OG01-003": 4,
    "OG01-004": 4,
    "OG01-005": 4,
    "OG01-006": 4,
    "OG01-007": 4,
    "OG01-008": 2,
    "OG01-010": 4,
    "OG01-011": 4,
    "OG01-013": 4,
    "OG01-014": 4,
    BLOCKER: 4,
}
RESOURCE = "OG01-R01"
MAX_MATCHES = 8  # only if the staged deal misses its block: then the server's seeds decide
MAX_MOVES = 250  # my clicks per match; engine playouts of this policy need 20-150


def build_deck(page, site: str) -> None:
    page.goto(f"{site}/decks/gundam/new/")
    page.fill("input[name=name]", DECK_NAME)
    assert page.inner_text("#gd-main-count") == "0 / 50"
    # Browse by keyword: the Blocker filter shows exactly the Blocker Units.
    page.select_option("#gd-f-keyword", "blocker")
    shown = page.locator("#gd-pool .card").evaluate_all("els => els.map(e => e.dataset.no)")
    assert shown == [BLOCKER]
    assert "<Blocker>" in page.inner_text(f"#gd-pool .card[data-no='{BLOCKER}']")
    page.select_option("#gd-f-keyword", "")
    page.select_option("#gd-f-colour", "blue")
    added = 0
    for no, copies in MAIN.items():
        for _ in range(copies):
            page.click(f"#gd-pool button[data-add='{no}']")
            added += 1
        assert page.inner_text("#gd-main-count") == f"{added} / 50"
    # At four copies "Add" is off and says why (tests/browser/test_gundam_deck_copies_browser.py).
    assert page.locator(f"#gd-pool button[data-add='{BLOCKER}']").is_disabled()
    page.select_option("#gd-f-colour", "")
    page.select_option("#gd-f-type", "resource")
    for _ in range(10):
        page.click(f"#gd-pool button[data-add='{RESOURCE}']")
    assert page.inner_text("#gd-main-count") == "50 / 50"
    assert page.inner_text("#gd-res-count") == "10 / 10"
    page.wait_for_selector("#deck-errors .ok:has-text('This deck is legal.')")
    assert "4× Bulwark Sentinel" in page.inner_text("#gd-main")
    assert "Colours: blue" in page.inner_text("#gd-colours")
    data = json.loads(page.input_value("#id_data"))
    assert data["main"].count(BLOCKER) == 4 and len(data["main"]) == 50
    page.click("button:has-text('Save deck')")
    page.wait_for_url(re.compile(r"/decks/gundam/\d+/"))
    assert f"Saved “{DECK_NAME}”" in page.inner_text("body")


def lethal_on_board(page) -> bool:
    """The bot has no shields and no base: the next hit on the player wins."""
    them = page.locator(".gd-side.gd-them")
    return (
        them.locator("[data-gd-shields]").inner_text() == "0"
        and them.locator(".gd-nobase").count() == 1
    )


def blocker_at_hand(page) -> bool:
    """A Bulwark Sentinel is in my hand or on my battle area."""
    names = page.locator(".gd-hand .gd-card-name, .gd-me .gd-unit-name").all_inner_texts()
    return "Bulwark Sentinel" in names


def choose(page, moves: list[tuple[str, str]], blocked: bool) -> str | None:
    """A sensible move from the offered ones (labels as a person reads them)."""
    by_kind: dict[str, list[tuple[dict, str, str]]] = {}
    for payload, label in moves:
        action = json.loads(payload)
        by_kind.setdefault(action["type"], []).append((action, payload, label))

    def first(kind: str) -> str:
        return by_kind[kind][0][1]

    if "target" in by_kind:  # an attacker (or pilot, or command) is chosen: finish the move
        player = [p for a, p, _ in by_kind["target"] if a["target"] == "player"]
        return player[0] if player else first("target")
    for kind in ("play_resource", "skip_resource"):
        if kind in by_kind:
            return first(kind)
    if "deploy" in by_kind:  # Blockers first: they are what this deck is about
        return sorted(by_kind["deploy"], key=lambda apl: "Bulwark" not in apl[2])[0][1]
    if "command" in by_kind:
        return first("command")
    selects = by_kind.get("select", [])
    pairs = [p for a, p, _ in selects if a["mode"] == "pair"]
    if pairs:
        return pairs[0]
    # Attack with everything but the Blockers (they stay active to block). While a Blocker is
    # at hand and no block decision happened yet, hold back the final blow: give the bot time
    # to attack into it.
    if blocked or not lethal_on_board(page) or not blocker_at_hand(page):
        attacks = [p for a, p, label in selects if a["mode"] == "attack" and "Bulwark" not in label]
        if attacks:
            return attacks[0]
    if "end_main" in by_kind:
        return first("end_main")
    plain_end = [p for a, p, _ in by_kind.get("end_turn", []) if "discard" not in a]
    if plain_end:
        return plain_end[0]
    return None


def play_one_match(page, site: str, env: dict | None = None) -> dict:
    """Create a match against the bot, choose the saved deck, play it to the end. With the
    live site's ``env``, the match is dealt again from the staged deal that leads to a block
    (tests/browser/staged_match.py) before the deck is chosen."""
    page.goto(f"{site}/g/gundam/")
    page.check("input[name=mode][value=bot]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    if env is not None:
        code = page.url.rstrip("/").rsplit("/", 1)[1]
        stage(env, code, "gundam-block-deal")
        page.reload()
    page.wait_for_selector(".gd-choose button[data-action]")
    mine = [p for p, label in offered_moves(page) if label == f"Play {DECK_NAME}"]
    assert len(mine) == 1, offered_moves(page)
    assert any(label == "Play Coalition Bulwark" for _, label in offered_moves(page))
    click_payload(page, mine[0])
    page.wait_for_selector("[data-gd-board][data-stage='play']")
    assert f"Your deck: {DECK_NAME}" in page.inner_text(".gd-mydeck")

    seen = {"blocks": [], "moves": 0}
    blocked = False
    for _ in range(MAX_MOVES):
        if is_over(page):
            break
        moves = offered_moves(page)
        kinds = {json.loads(p)["type"] for p, _ in moves}
        if "pass_block" in kinds:
            # The block prompt: the attack, the question, and one button per ready Blocker.
            # It came into view and took focus, wherever the page was scrolled (to the
            # bottom, below) while the bot played.
            page.wait_for_function(
                "document.activeElement && document.activeElement.closest('[data-gd-attack]')"
            )
            box = page.locator("[data-gd-attack]").bounding_box()
            height = page.viewport_size["height"]
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, box
            prompt = page.inner_text("[data-gd-attack]")
            assert "Block?" in prompt and "attacks" in prompt, prompt
            blocks = [(p, label) for p, label in moves if json.loads(p)["type"] == "block"]
            assert blocks, moves
            assert all(label == "Block with Bulwark Sentinel" for _, label in blocks), blocks
            click_payload(page, blocks[0][0])
            seen["blocks"].append(prompt.splitlines()[0])
            blocked = True
            continue
        payload = choose(page, moves, blocked)
        if payload is None:
            # The bot's turn: its moves arrive as new versions. The player reads on, scrolled
            # to the bottom of the page, where a block prompt must still reach them.
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            page.wait_for_timeout(100)
            continue
        click_payload(page, payload)
        seen["moves"] += 1
    assert is_over(page), f"the match did not end in {MAX_MOVES} moves"
    seen["banner"] = page.inner_text("[data-gd-result]")
    seen["panel"] = page.inner_text("#gameover .gameover-panel")
    seen["log"] = page.inner_text(".gd-log-list")
    return seen


def test_a_built_deck_with_blockers_plays_full_matches_against_the_bot(
    live_site, live_env, new_page
):
    started = time.monotonic()
    page = new_page()
    build_deck(page, live_site)
    page.set_viewport_size({"width": 390, "height": 844})  # the matches are played on a phone
    matches = []
    for n in range(MAX_MATCHES):
        seen = play_one_match(page, live_site, live_env if n == 0 else None)
        matches.append(seen)
        # Every match ends with a result on the board and in the platform's panel.
        assert re.match(r"You win!|You lose\.", seen["banner"]), seen["banner"]
        assert re.search(r"You won|You lost", seen["panel"]), seen["panel"]
        assert "shield" in seen["log"].lower() or "base" in seen["log"].lower()
        if seen["blocks"]:
            break
        if n == 0:
            # Not a failure (the server's seeds still test the block), but the test is slow
            # again until someone chooses a new deal: say so where the run's summary shows it.
            warnings.warn(
                f"the staged deal {GUNDAM_BLOCK_DEAL!r} no longer leads to a block decision:"
                " choose another in tests/browser/staged_match.py",
                stacklevel=1,
            )
        assert time.monotonic() - started < 300, "out of time before a block decision"
    assert matches[-1]["blocks"], f"no block decision in {len(matches)} full matches"
    assert re.search(r"attacks (you|Bulwark|[A-Z])", matches[-1]["blocks"][0])
    # The log of that match names the block.
    assert "block" in matches[-1]["log"].lower()
