"""The board fragment: renders for both seats and a spectator at several points of a seeded
match, offers exactly the legal actions, and never shows the other seat's hidden ids."""

import html

from django.template.loader import render_to_string

from games.engines.core import canonical_json
from tests.engines.boards import render_board

from .support import E, confirm_waiting, edited, give, play, start


def render(state, seat):
    html_text, actions = render_board(E, state, seat, names=("Alice", "Bob"))
    return html.unescape(html_text), actions


def check(state):
    """SSR-8 on HTML: each viewer's page offers its actions and hides the other's ids."""
    for seat in (0, 1, None):
        page, actions = render(state, seat)
        for a in actions:
            # Resign is offered beside the board, under "Match options" (templates/match/_tools.html).
            if a["action"]["type"] != "resign":
                assert a["payload"] in page
        for other in (0, 1):
            if other != seat:
                assert f"SSB{other}" not in page and f"SSD{other}" not in page
        assert state["seed"] not in page
    return state


def test_board_renders_through_a_seeded_match():
    s = E.setup({}, "board-seed-xyz")
    check(s)
    s = check(play(s, 0, {"type": "species", "species": "human"}))
    page, _ = render(s, 1)
    # SSR-8: Bob sees that Alice has chosen, not what.
    alice = page.split('data-ss-seat="0"')[1].split("</section>")[0]
    assert "has chosen" in alice and "species hidden" in alice and "Human" not in alice
    s = check(play(s, 1, {"type": "species", "species": "centaur"}))
    s = edited(s, lines=[12, 12])
    give(s, 0, "INT", charges=1)
    give(s, 1, "WIS", charges=2)
    s = check(play(s, 0, {"type": "build", "ship": "FIG"}, {"type": "build", "ship": "DEF"}))
    page, _ = render(s, 0)
    assert "lines left" in page and "Tactical Cruiser" in page
    s = check(play(s, 0, {"type": "confirm"}))
    s = check(play(s, 1, {"type": "build", "ship": "ANG"}, {"type": "confirm"}))
    assert s["step"] == "declaration"
    s = check(play(s, 0, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"}))
    s = check(confirm_waiting(s))
    assert s["step"] == "response"
    s = check(confirm_waiting(s))
    page, _ = render(s, None)
    assert "End of turn 1" in page and "Interceptor" in page
    # Play the rest with bots, checking the board on the way.
    steps = 0
    while E.outcome(s) is None and steps < 400:
        seat = sorted(E.prompts(s).waiting)[0]
        s = play(s, seat, E.bot_action(s, seat))
        steps += 1
        if steps % 15 == 0:
            check(s)
    check(s)
    page, _ = render(s, 0)
    assert "data-ss-result" in page


def test_first_strike_board_offers_targets():
    s = start()
    give(s, 0, "GUA", charges=2)
    give(s, 1, "STA")
    s = confirm_waiting(s)
    page, actions = render(s, 0)
    assert "First Strike" in page
    assert any(a["action"]["type"] == "strike" for a in actions)
    check(s)


def test_how_to_play_renders():
    text = render_to_string("games/shapeships/how_to_play.html", {})
    assert "End of Turn Resolution" in text


def hidden_from_others(state):
    """SSR-8 on HTML, without asking the board to offer every move: no viewer's page holds
    the other seat's composition ids, nor the seed."""
    for seat in (0, 1, None):
        page, _ = render(state, seat)
        for other in (0, 1):
            if other != seat:
                assert f"SSB{other}" not in page and f"SSD{other}" not in page
        assert state["seed"] not in page
    return state


def test_an_ancient_match_renders_at_every_step_and_hides_its_casts():
    """SSR-9, SSR-8, SSR-10: an Ancient fleet's Cube choice, Quantum Mystic draw and Solar
    Power casts (a Black Hole half aimed) render for both seats and a spectator; the casts
    and the Energy they spend show in no other viewer's page before the reveal."""
    s = start("ancient", "human")
    for code in ("MER", "PLU", "NEP"):
        give(s, 0, code, 4)
    give(s, 0, "MER", 3)  # red for a Supernova beside the Black Hole
    give(s, 0, "CUB")
    give(s, 1, "FIG", 2)
    give(s, 1, "INT", 2, charges=1)
    s = hidden_from_others(confirm_waiting(s))
    s = hidden_from_others(confirm_waiting(s))
    assert E.prompts(s).waiting == {0: "cube"}
    s = hidden_from_others(play(s, 0, {"type": "cube", "use": True}))
    die = s["dice"]["effective"][0]
    s = edited(s, lines=[5, 0])
    s = hidden_from_others(play(s, 0, {"type": "build", "ship": "QUA", "trigger": die}))
    s = hidden_from_others(confirm_waiting(s))
    assert s["step"] == "declaration"
    s = play(
        s,
        0,
        {"type": "solar", "power": "SSUP"},
        {"type": "solar", "power": "SBLA", "target": "FIG"},
    )
    assert s["commit"][0]["data"]["hole"]["targets"] == [{"target": "FIG"}]
    hidden_from_others(s)
    for viewer in (1, None):
        page, _ = render(s, viewer)
        assert "Supernova" not in page and "Black Hole" not in page
    s = hidden_from_others(play(s, 0, {"type": "hole", "target": "FIG"}, {"type": "confirm"}))
    s = play(s, 1, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    assert s["step"] == "response"
    page, _ = render(s, None)
    assert "Supernova" in canonical_json(E.view(s, None)) and "Ancient" in page
    steps = 0
    while E.outcome(s) is None and steps < 600:
        seat = sorted(E.prompts(s).waiting)[0]
        s = play(s, seat, E.bot_action(s, seat))
        steps += 1
        if steps % 10 == 0:
            hidden_from_others(s)
    page, _ = render(hidden_from_others(s), 0)
    assert "data-ss-result" in page
