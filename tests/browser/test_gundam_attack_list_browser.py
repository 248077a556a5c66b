"""Gundam in a real browser: one ATTACK with two attackers (GDR-5), built on the board by
choosing a first attacker, adding a second with its "Add … to the attack" button, then the
one target a list of attackers may have: the opponent."""

import json
import re

import pytest

from .driver import click_payload, is_over, offered_moves

pytestmark = pytest.mark.browser

MAX_MOVES = 120  # a cheap red deck has two Units ready by its third turn or so


def start_bot_match(page, site: str) -> None:
    page.goto(f"{site}/g/gundam/")
    page.check("input[name=mode][value=bot]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    page.wait_for_selector(".gd-choose button[data-action]")
    (red,) = [p for p, label in offered_moves(page) if label == "Play Vanguard Rush"]
    click_payload(page, red)
    page.wait_for_selector("[data-gd-board][data-stage='play']")


def attack_selects(moves):
    return [(p, label) for p, label in moves if json.loads(p).get("mode") == "attack"]


def build_up(page, moves) -> str | None:
    """Place resources, deploy Units and pass; never attack (two Units must get ready)."""
    by_type: dict[str, list[str]] = {}
    for payload, _label in moves:
        action = json.loads(payload)
        if action["type"] == "end_turn" and "discard" in action:
            continue
        by_type.setdefault(action["type"], []).append(payload)
    for kind in ("play_resource", "deploy", "end_main", "end_turn"):
        if by_type.get(kind):
            return by_type[kind][0]
    return None


def two_units_ready(page) -> bool:
    """Build up until two of our Units may attack; False if the match ended first."""
    for _ in range(MAX_MOVES):
        if is_over(page):
            return False
        moves = offered_moves(page)
        if len(attack_selects(moves)) >= 2:
            return True
        payload = build_up(page, moves)
        if payload is None:
            page.wait_for_timeout(100)  # the bot's turn
            continue
        click_payload(page, payload)
    raise AssertionError("never had two Units ready to attack")


def test_GDR_5_board_declares_two_attackers_then_the_opponent(live_site, new_page):
    page = new_page()
    # A deal where the bot's attacks win before two of ours are ready (we never attack
    # while building up) is played again with a new match.
    for _ in range(3):
        start_bot_match(page, live_site)
        if two_units_ready(page):
            break
    else:
        raise AssertionError("three matches ended before two Units were ready")

    (first, _), (second, _) = attack_selects(offered_moves(page))[:2]
    first_id, second_id = json.loads(first)["card"], json.loads(second)["card"]
    me = page.locator(".gd-side.gd-me")
    first_name = me.locator(f"[data-gd-unit='{first_id}'] .gd-unit-name").inner_text()
    second_name = me.locator(f"[data-gd-unit='{second_id}'] .gd-unit-name").inner_text()

    click_payload(page, first)
    panel = page.locator("[data-gd-attackers]")
    assert panel.inner_text().startswith(f"Attackers, in order: {first_name}.")
    add = [
        (p, label)
        for p, label in offered_moves(page)
        if json.loads(p) == {"type": "toggle_attacker", "card": second_id}
    ]
    assert add and add[0][1] == f"Add {second_name} to the attack", add
    # The button sits on the Unit it adds, and is reachable from the keyboard.
    button = me.locator(f"[data-gd-unit='{second_id}'] button:has-text('to the attack')")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"[data-gd-attackers]:has-text('{first_name}, {second_name}')")
    assert "Several attackers can only attack the opponent." in panel.inner_text()
    assert me.locator(".gd-unit.gd-attacking").count() == 2
    targets = [(p, label) for p, label in offered_moves(page) if json.loads(p)["type"] == "target"]
    assert [label for _, label in targets] == ["The opponent"]
    leave = [
        label for p, label in offered_moves(page) if json.loads(p)["type"] == "toggle_attacker"
    ]
    assert f"Leave {second_name} out" in leave

    click_payload(page, targets[0][0])
    # The bot may be asked to block each attacker in turn; wait until both have attacked.
    page.wait_for_function("() => !document.querySelector('[data-gd-attack]')", timeout=15000)
    log = page.inner_text(".gd-log-list")
    assert f"{first_name} attacks" in log and f"{second_name} attacks" in log
    if first_name == second_name:  # two copies of one unit: both attacks are logged
        assert log.count(f"{first_name} attacks") >= 2
    else:
        assert log.index(f"{second_name} attacks") < log.index(
            f"{first_name} attacks"
        )  # newest first
    for uid in (first_id, second_id):
        unit = me.locator(f"[data-gd-unit='{uid}']")
        if unit.count():  # a blocked attacker may have died in the fight
            assert "rested" in unit.locator(".gd-unit-state").inner_text()
    assert page.locator("[data-gd-attackers]").count() == 0  # the half-built move is gone
