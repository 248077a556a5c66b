"""The board fragment renders every public thing and no hidden card, for both seats and a
spectator, at several points of a seeded match (PXR-13)."""

import re

from django.template.loader import render_to_string
from django.utils.html import escape

from games.engines.phalanx import ENGINE
from tests.engines.boards import render_board

from .helpers import EMPTY, c, combat_state

SEED = "phx-board-secret-seed"


def render(state, seat, version=1):
    return render_board(ENGINE, state, seat, names=("Alice", "Bob"), version=version)


def check_render(state, seat):
    html, actions = render(state, seat)
    hidden = [x for s, p in enumerate(state["players"]) for x in p["drawpile"]]
    hidden += [x for s, p in enumerate(state["players"]) if s != seat for x in p["hand"]]
    assert state["seed"] not in html
    leaked = [x for x in hidden if re.search(rf"{re.escape(x)}(?![0-9A-Z])", html)]
    assert not leaked, f"seat {seat} sees {leaked}"
    for a in actions:
        assert escape(a["payload"]) in html
    # Forfeit asks first: its form is the two-step confirmation's (games/templatetags/confirm.py).
    forms = html.count('class="action-form"') + html.count('class="confirm-form inline"')
    assert forms == len(actions)
    for p in state["players"]:
        assert f'data-lp="{state["players"].index(p)}">{p["lp"]}<' in html
    return html


def snapshots():
    """States along a seeded bot match: deployment, combat, reinforcement, the end."""
    state = ENGINE.setup({}, SEED)
    seen = {"deploy": state}
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.prompts(state).waiting
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
        seen.setdefault(state["phase"], state)
        if state["combat_log"] and state["phase"] == "combat":
            seen.setdefault("after-attack", state)
    seen["over"] = state
    return seen


def test_board_renders_for_both_seats_and_a_spectator_without_leaks():
    """PXR-13: hands (other than the viewer's), drawpiles and the seed never reach the HTML;
    every offered action's payload is there, and nothing else is offered."""
    shots = snapshots()
    assert {"deploy", "combat", "reinforce", "over"} <= set(shots)
    for name, state in shots.items():
        for seat in (0, 1, None):
            html = check_render(state, seat)
            assert "Phalanx" in html and "phalanx.css" in html
            if seat is not None and name != "over":
                own = state["players"][seat]["hand"]
                assert all(x in html for x in own)


def test_board_shows_grids_hp_counts_and_the_combat_log():
    grids = [
        [[c(0, "QS"), c(0, "9C"), None, None], [c(0, "2D"), None, None, None]],
        [[c(1, "3C"), (c(1, "8D"), 5), c(1, "KH"), None], [c(1, "2H"), None, None, None]],
    ]
    state = combat_state(grids, hands=([c(0, "4D")], [c(1, "6C"), c(1, "7C")]), active=0)
    html, _ = render(state, 0)
    assert 'data-card="PX1-8D"' in html and "5/8" in html  # current/base HP
    assert "♦×2" in html  # front Diamond bonus shown
    assert "Hand 2" in html and "Drawpile 0" in html  # the opponent's hand as a count
    assert "PX1-6C" not in html
    assert (
        "column 1</span>" in html and "Q♠ attacks column 1: destroys 3♣, destroys 2♥, 6 LP" in html
    )
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-QS", "column": 0})
    html, actions = render(state, 1)
    assert "Reinforce column 1" in html and "is-reinforce" in html
    assert "Spade x2 to LP" in html and "Heart halves LP" in html and "destroyed" in html
    assert "is-fresh" in html  # the newest attack animates
    assert "Turn 5" in html and "LP 20→14" in html
    forfeit = next(a for a in actions if a["action"]["type"] == "forfeit")
    # Forfeit asks first, in two steps: "Forfeit…" reveals the question and its "Yes".
    assert escape(forfeit["payload"]) in html and ">Forfeit…</button>" in html
    assert "Yes, forfeit</button>" in html.split(escape(forfeit["payload"]))[1]
    spectator, none = render(state, None)
    assert none == [] and "action-form" not in spectator
    assert "Bob" in spectator and "Alice" in spectator


def test_board_shows_the_outcome():
    grids = [[[c(0, "3H"), None, None, None], EMPTY], [[c(1, "2C"), None, None, None], EMPTY]]
    state = combat_state(grids)
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-3H", "column": 0})
    assert "You win!" in render(state, 0)[0]
    assert "You lose." in render(state, 1)[0]
    assert "Alice wins." in render(state, None)[0]
    # Why, said to each viewer (games/matches/outcomes.py): names, or "you" for oneself.
    assert re.search(r"Bob had no cards left on turn \d+\.", render(state, None)[0])
    assert re.search(r"You had no cards left on turn \d+\.", render(state, 1)[0])
    assert re.search(r"Bob had no cards left on turn \d+\.", render(state, 0)[0])


def test_how_to_play_renders():
    html = render_to_string("games/phalanx/how_to_play.html", {})
    assert "Diamonds" in html and "Reinforcement" in html


def test_the_slot_a_deployment_fills_is_marked_for_the_deployer_only():
    """PHX-DEPLOY-002 (left to right, front row first): the deployer's grid marks the next
    slot the prompt names; the waiting player's and a spectator's grids mark none."""
    state = ENGINE.setup({}, SEED)
    for _ in range(3):  # three cards down between the two players
        seat = state["active"]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    deployer = state["active"]
    placed = sum(1 for row in state["players"][deployer]["grid"] for s in row if s is not None)
    assert placed in (1, 2)  # the deployer's own cards so far: still the front row
    html, _ = render(state, deployer)
    marked = re.findall(r'class="phx-slot phx-(front|back) is-deploy" data-col="(\d)"', html)
    assert marked == [("front", str(placed))], "the next slot from the left"
    assert f"front row, column {placed + 1}" in html
    for other in (1 - deployer, None):
        assert "is-deploy" not in render(state, other)[0]
