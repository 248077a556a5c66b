"""ShapeShips in two browsers: a full online match to a result, with at least one upgrade,
one charge and a build from the phone. That the opponent's hidden plan reaches no page or
frame before the reveal is proven for every seat and spectator by
tests/platform/test_leaks.py, not here."""

import json
import random
import re
import warnings

import pytest

from .driver import is_over, offered, start_online_match, version, wait_for_change
from .staged_match import SHAPESHIPS_SHORT_DEAL, stage

pytestmark = pytest.mark.browser

# A sensible person: species first, upgrades and charges whenever offered, then first
# strikes and builds, then lock in. Never resign and never undo (remove/clear/withdraw).
PRIORITY = [
    "species",
    "upgrade",
    "charge",
    "strike",
    "copy",  # a strike at a type whose copies differ asks which copy
    "evolve",
    "carrier",
    "build",
    "keep",
    "confirm",
]
NEVER = {"resign", "remove", "clear", "withdraw", "unstrike", "reroll"}


# How many moves of a kind one person makes in one step before locking in.
PER_STEP = {"build": 3, "upgrade": 2, "charge": 1, "strike": 2, "evolve": 1, "carrier": 1}
# The second person (on a phone) builds this many ships in the whole match, then charges,
# upgrades and locks in with them. Engine playouts of this policy from 60 seeds: two fleets
# that both keep growing fight on for 160-1160 clicks (median 270), every click a round trip
# through both pages; one side stopping at two ships ends the match in 90-240 (median 130),
# with an upgrade and a charge in every one. The match is dealt from a seed on which it takes
# about 50 (tests/browser/staged_match.py), not from the server's own.
PHONE_SHIPS = 2
# Clicks past which the staged deal has stopped giving a short match (a change of the
# engine or of this policy): the test still holds, but is slow again.
SHORT_MATCH_CLICKS = 120


def choose(
    payloads: list[str],
    done_this_step: dict[str, int],
    rng: random.Random,
    per_step: dict[str, int] = PER_STEP,
) -> str | None:
    """The first kind of move in PRIORITY still offered (and not done enough this step);
    among moves of that kind, a seeded random one, so fleets vary like a person's would."""
    moves = [(p, json.loads(p)) for p in payloads]
    moves = [(p, m) for p, m in moves if m.get("type") not in NEVER]
    for kind in PRIORITY:
        if done_this_step.get(kind, 0) >= per_step.get(kind, 10**6):
            continue
        of_kind = [payload for payload, move in moves if move.get("type") == kind]
        if of_kind:
            return rng.choice(of_kind)
    return None


def test_two_players_finish_a_match_with_an_upgrade_and_a_charge(live_site, live_env, new_page):
    alice, bob = new_page(), new_page(width=390, height=844)
    url = start_online_match(alice, bob, live_site, "shapeships")
    stage(live_env, url.rstrip("/").rsplit("/", 1)[1], "shapeships-short-deal")
    for page in (alice, bob):
        page.reload()
        page.wait_for_selector("#board form.action-form button")

    seen = {"upgrade": 0, "charge": 0}
    rng = random.Random(7)
    done = {id(alice): {}, id(bob): {}}
    steps = {id(alice): "", id(bob): ""}
    built = 0  # the ships bob built
    clicks = 0
    for _ in range(3000):
        if is_over(alice) and is_over(bob):
            break
        moved = False
        for page in (alice, bob):
            if is_over(page):
                continue
            current = page.locator("#match-step").get_attribute("value") or ""
            if current != steps[id(page)]:
                steps[id(page)], done[id(page)] = current, {}
            per_step = PER_STEP
            if page is bob and built >= PHONE_SHIPS:
                per_step = {**PER_STEP, "build": 0}
            payload = choose(offered(page), done[id(page)], rng, per_step)
            if payload is None:
                continue
            kind = json.loads(payload)["type"]
            before = version(page)
            page.locator(f"#board form.action-form button[data-action='{payload}']").first.click()
            wait_for_change(page, before)
            seen[kind] = seen.get(kind, 0) + 1
            built += page is bob and kind == "build"
            done[id(page)][kind] = done[id(page)].get(kind, 0) + 1
            clicks += 1
            moved = True
        if not moved:
            alice.wait_for_timeout(150)
    assert is_over(alice) and is_over(bob), "the match reached a result"
    assert seen["upgrade"] >= 1, seen
    assert seen["charge"] >= 1, seen
    assert built >= 1, "the phone's build control was used"
    if clicks > SHORT_MATCH_CLICKS:
        warnings.warn(
            f"the staged deal {SHAPESHIPS_SHORT_DEAL!r} took {clicks} clicks: choose a shorter"
            " one in tests/browser/staged_match.py",
            stacklevel=1,
        )
    result = alice.locator("#gameover .gameover-panel").inner_text()
    assert re.search(r"You won|You lost|Draw|Both lost", result)
