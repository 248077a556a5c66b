"""The board fragment: rendered for both seats and a spectator along a seeded bot playout,
it never shows the other seat's hidden ids and offers exactly the legal actions."""

import json
import re

import pytest
from django.template.loader import render_to_string

from games.engines.elemental_clash import ENGINE
from tests.engines.boards import board_context

from .helpers import battle, set_miner, set_wall


def context(state, seat):
    return board_context(ENGINE, state, seat, version=7)


def render(state, seat):
    ctx = context(state, seat)
    return render_to_string("games/elemental-clash/board.html", ctx), ctx


def hidden_ids(state, seat):
    """Ids seat must not see: all of the other seat's, plus its own deck order."""
    ids = []
    for other in (0, 1):
        p = state["players"][other]
        if seat is None or other != seat:
            ids += [c["id"] for c in p["hand"] + p["deck"]]
            ids += [o["id"] for o in state["draft"]["options"][other]]
        else:
            ids += [c["id"] for c in p["deck"]]
    return ids


def check(state):
    for seat in (0, 1, None):
        html, ctx = render(state, seat)
        for hid in hidden_ids(state, seat):
            assert hid not in html, f"{hid} leaked to {seat}"
        if seat is None:
            assert "EC0-" not in html and "EC1-" not in html
        else:
            assert f"EC{1 - seat}-" not in html
        assert state["seed"] not in html
        for a in ctx["actions"]:
            # the payload is HTML-escaped inside the value attribute
            assert a["payload"].replace('"', "&quot;") in html


@pytest.mark.parametrize("seed", ["board-seed-1", "board-seed-2"])
def test_board_renders_along_a_bot_playout_without_leaks(seed):
    state = ENGINE.setup({}, seed)
    check(state)
    steps = 0
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.prompts(state).waiting)
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
        steps += 1
        if steps % 3 == 0 or state["stage"] == "over":
            check(state)
    html, _ = render(state, 0)
    assert "Turn log" in html and "RESOLUTION" in html


def test_board_shows_draft_round_options_and_opponent_pick():
    state = ENGINE.setup({}, "board-draft")
    state, _ = ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0])
    html, ctx = render(state, 0)
    assert "Round 1: Wall" in html and "has picked" in html and "choosing…" in html
    assert len(ctx["actions"]) == 4
    for o in state["draft"]["options"][0]:
        assert o["id"] in html
    state, _ = ENGINE.timeout(state)
    html, _ = render(state, 0)
    assert "AUTO-SELECTED!" in html and "Round 2: Deflection" in html


def test_board_shows_wall_miner_and_disabled_cards_with_reasons():
    state = battle((["wall", "continuous", "deflection"], ["projectile"]), energy=(4, 5))
    set_wall(state, 0, 8)
    set_miner(state, 1, "projectile_miner", countdown=1)
    state, _ = ENGINE.apply(state, 1, {"type": "select", "card": "EC1-c01"})
    html, _ = render(state, 0)
    assert "Wall <strong>8/12</strong> HP" in html
    assert "pays in <strong>1</strong> turn" in html
    assert 'title="You already have a wall standing (one wall at a time)."' in html
    assert 'title="Costs 5 energy; you have 4."' in html
    assert "has chosen" in html
    assert "Play Fire Deflection (1)" in html
    spectator, _ = render(state, None)
    assert "Your hand" not in spectator and "EC1-c01" not in spectator
    assert json.loads(context(state, 0)["actions"][0]["payload"])["type"] == "select"


def test_how_to_play_renders():
    html = render_to_string("games/elemental-clash/how_to_play.html", {})
    assert "Elemental Clash" in html and "Lock in" in html and "both</strong> players lose" in html


def test_the_result_banner_speaks_to_each_viewer():
    """The end, as each viewer reads it: "You win." or "You lose." and why, with "your" for
    one's own side (games/matches/outcomes.py); a spectator reads names."""
    state = ENGINE.setup({}, "board-seed-1")
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.prompts(state).waiting)
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    outcome = ENGINE.outcome(state)
    assert outcome.result == "win", "this seed ends with a winner"
    winner, loser = outcome.winner, 1 - outcome.winner
    names = {0: "alice", 1: "bob"}

    def banner(seat):
        html, _ = render(state, seat)
        start = html.index('class="ec-outcome')
        return " ".join(html[start : html.index("</section>", start)].split())

    assert "<strong>You win.</strong>" in banner(winner)
    assert "<strong>You lose.</strong>" in banner(loser)
    assert f"<strong>{names[winner]} wins.</strong>" in banner(None)
    if outcome.reason == "base_destroyed":
        assert "Your base was destroyed." in banner(loser)
        assert f"{names[loser]}&#x27;s base was destroyed." in banner(winner)
    else:
        assert outcome.reason == "exhaustion", outcome.reason
        # With the numbers, from the reader's side first ("(9 to 6)" for the winner).
        assert re.search(r"your base had more HP \((\d+) to (\d+)\)\.", banner(winner))
        assert re.search(
            rf"{names[winner]}&#x27;s base had more HP \(\d+ to \d+\)\.", banner(loser)
        )
