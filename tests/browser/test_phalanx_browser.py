"""Phalanx in a real browser: two people, one of them on a phone, play a full online match.

Moves are picked from the buttons' own labels, as a person reads them: deploy the strongest
card offered, attack where the preview promises the most ("destroys 7♦, 3 LP"), reinforce with
the weakest card. Nobody ever forfeits or passes, so the match ends by LP or by cards.
"""

import json
import re
import time

import pytest

from .driver import click_payload, is_over, offered_moves

pytestmark = pytest.mark.browser

MAX_MOVES = 200  # a bot-vs-bot match takes 25-60 moves (16 of them deployment)


def attack_score(label: str) -> int:
    """What the attack preview promises: LP damage first, then destroyed cards."""
    lp = re.search(r"(\d+) LP", label)
    return (int(lp.group(1)) if lp else 0) * 3 + label.count("destroys") * 10


def choose(moves: list[tuple[str, str]]) -> str | None:
    """The payload to click, or None when nothing sensible is offered (never forfeit)."""
    by_kind: dict[str, list[tuple[str, str]]] = {}
    for payload, label in moves:
        by_kind.setdefault(json.loads(payload)["type"], []).append((payload, label))
    if "deploy" in by_kind:
        return by_kind["deploy"][-1][0]  # offered from Ace up to King: place the strongest
    if "reinforce" in by_kind:
        return by_kind["reinforce"][0][0]  # the weakest card fills the column
    if "attack" in by_kind:
        return max(by_kind["attack"], key=lambda pl: attack_score(pl[1]))[0]
    if "pass" in by_kind:
        return by_kind["pass"][0][0]
    return None


def test_two_people_play_a_full_phalanx_match_with_a_reinforcement(live_site, new_page):
    started = time.monotonic()
    alice, bob = new_page(), new_page(width=390, height=844)  # bob is on a phone
    alice.goto(f"{live_site}/g/phalanx/")
    alice.check("input[name=mode][value=online]")
    assert alice.locator("select[name=damage_mode]").input_value() == "cumulative"
    alice.click("button:has-text('Create match')")
    alice.wait_for_url(re.compile(r"/m/\w+/$"))
    invite = alice.locator("input.invite-link").input_value()
    assert invite == alice.url
    bob.goto(invite)
    bob.click("button:has-text('Join this match')")
    for page in (alice, bob):
        page.wait_for_selector("[data-phx-board]")
    assert "Deployment" in alice.inner_text("[data-phx-board]")
    # On the phone the board fits the screen: no sideways scrolling.
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390

    reinforcements = []  # (who, the prompt's heading, the button clicked)
    kinds_clicked = set()
    for _ in range(MAX_MOVES):
        if is_over(alice) and is_over(bob):
            break
        moved = False
        for name, page in (("alice", alice), ("bob", bob)):
            if is_over(page):
                continue
            moves = offered_moves(page)
            payload = choose(moves)
            if payload is None:
                continue
            assert '"forfeit"' not in payload
            kind = json.loads(payload)["type"]
            kinds_clicked.add(kind)
            if kind == "reinforce":
                prompt = page.inner_text("[data-phx-actions] h3")
                assert re.fullmatch(r"Reinforce column [1-4]", prompt), prompt
                # The button shows the card; its accessible name, the whole move.
                button = page.locator(f"button[data-action='{payload}']")
                label = button.get_attribute("aria-label")
                assert label == f"{prompt} with {button.inner_text()}", (prompt, label)
                # The attacker's page says who is reinforcing what, and offers no move.
                other = bob if page is alice else alice
                column = prompt.removeprefix("Reinforce ")
                other.wait_for_selector(f".phx-wait:has-text('is reinforcing {column}')")
                assert offered_moves(other) == []
                reinforcements.append((name, prompt, label))
            click_payload(page, payload)
            moved = True
        if not moved:
            alice.wait_for_timeout(100)
    else:
        raise AssertionError(f"the match did not end in {MAX_MOVES} rounds")

    assert reinforcements, "no reinforcement was prompted in the whole match"
    assert {"deploy", "attack", "reinforce"} <= kinds_clicked
    results = []
    for page in (alice, bob):
        panel = page.locator("#gameover .gameover-panel")
        assert panel.is_visible()
        banner = page.inner_text("[data-phx-result]")
        assert re.search(r"LP fell to 0|had no cards left|turns in a row|times in a row", banner), (
            banner
        )
        assert "forfeited" not in banner
        results.append(re.match(r"You win!|You lose\.|Draw\.", banner).group(0))
        assert page.locator("[data-phx-actions]").count() == 0  # nothing left to click
        attacks = re.search(r"\((\d+) attacks?\)", page.inner_text(".phx-log-title")).group(1)
        assert int(attacks) >= 1
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390  # still fits the phone
    assert sorted(results) in (["You lose.", "You win!"], ["Draw.", "Draw."]), results
    assert time.monotonic() - started < 180
