"""The board fragment renders every stage for both seats and spectators without leaking the
opponent's hidden pick, and offers exactly the legal actions (CB-VIEW-01, CBR-10)."""

import pytest

from games.engines.card_battle import ENGINE, READY_MADE_DECKS
from games.templatetags.duelhall import with_names
from tests.engines.boards import render_board

from .helpers import deck

SEED = "seed-CBSEED-board-91"
SECRET = {"type": "choose_deck", "name": "Zq Hidden Deck", "deck": deck(["Knight"] * 20, "speedy", "target-mana")}  # fmt: skip


def render(state, seat):
    return render_board(ENGINE, state, seat)


def stages():
    start = ENGINE.setup({}, SEED)
    half, _ = ENGINE.apply(start, 1, SECRET)
    done, _ = ENGINE.apply(half, 0, {"type": "choose_deck", "name": "Rush", "deck": READY_MADE_DECKS["Rush"]})  # fmt: skip
    return start, half, done


@pytest.mark.parametrize("seat", [0, 1, None])
def test_board_renders_each_stage_without_leaks(seat):
    """CB-MATCH-01 / CB-VIEW-01: before the reveal, only seat 1 sees its hidden pick; every
    offered action's payload is in the HTML; the seed never is."""
    start, half, done = stages()
    for state in (start, half, done):
        html, actions = render(state, seat)
        assert SEED not in html
        for a in actions:
            assert f'value="{a["payload"]}"' in html.replace("&quot;", '"')
        if state is half and seat != 1:
            assert "Zq Hidden Deck" not in html and "CBPICK1" not in html
            assert "has chosen a deck" in html
        if state is half and seat == 1:
            assert "You locked in <b>Zq Hidden Deck</b>" in html
    html, _ = render(start, 0)
    assert html.count("cb-choose-btn") == 4


def test_finished_board_shows_playback_badges_chart_and_log():
    """CBR-10 / CB-VIEW-01 / CB-SETUP-05: both deck orders with the next card marked, badges in
    the type/strategy classes, gold stats, the HP chart, the log and the playback JSON."""
    *_, done = stages()
    html, actions = render(done, None)
    assert actions == []
    assert 'id="cb-playback"' in html and "card-battle.js" in html
    assert "cb-type-speedy" in html and "cb-strat-target-mana" in html
    assert "cb-type-speedy" in html and "cb-strat-optimize-damage" in html
    assert "<polyline" in html and html.count("<polyline") == 2
    assert "is-drawn" in html and "cb-gold" in html
    assert "Attack order:" in html
    assert "data-cb-controls" in html and 'data-cb="play"' in html
    view = ENGINE.view(done, None)
    for event in view["playback"]["events"][:5]:
        # The page names the players where the engine's sentence says "Player 1".
        named = with_names(event["text"], {"0": "alice", "1": "bob"})
        assert named.split(":")[0] in html
        assert "Player 1" not in named and "Player 2" not in named
    assert "CBPICK" not in html


def test_hp_chart_geometry():
    """CB-VIEW-01: the chart starts at 200/200 on turn 0 and plots each turn's end HP:
    100 HP is half-way down the 112px plot (24 + 56 = 80), 0 HP (or less) at the bottom."""
    from games.engines.card_battle.view import hp_chart

    chart = hp_chart([{"hp": [100, 200]}, {"hp": [-20, 150]}])
    assert chart["lines"][0]["points"] == "24.0,24.0 160.0,80.0 296.0,136.0"
    assert chart["lines"][1]["points"] == "24.0,24.0 160.0,24.0 296.0,52.0"
    assert [t["label"] for t in chart["x_ticks"]] == [0, 1, 2]
    assert chart["lines"][0]["end_hp"] == 0, "HP is never shown below 0"
    assert chart["turn_x"] == [24.0, 160.0, 296.0], "where each turn ends, for the playback"
