"""Phalanx's board as a player reads it (issue 18): rows labelled front and back, the
viewer's front cards as the attack buttons, every move in the action bar."""

import re
from pathlib import Path

from django.utils.html import escape

from games.engines.phalanx import ENGINE
from tests.engines.boards import render_board

from .helpers import c, combat_state

GRIDS = [
    [[c(0, "QS"), c(0, "9C"), None, None], [c(0, "2D"), None, None, None]],
    [[c(1, "3C"), (c(1, "8D"), 5), c(1, "KH"), None], [c(1, "2H"), None, None, None]],
]


def render(state, seat):
    return render_board(ENGINE, state, seat, names=("Alice", "Bob"))


def zone(html: str, seat: int) -> str:
    start = html.index('class="phx-zone', html.index(f'id="part-phx-zone-{seat}"'))
    return html[start : html.index("<!--/part-->", start)]


def test_rows_are_labelled_and_both_front_rows_face_the_middle():
    state = combat_state(GRIDS, hands=([c(0, "4D")], [c(1, "6C")]), active=0)
    html, _ = render(state, 0)
    mine, theirs = zone(html, 0), zone(html, 1)
    assert html.index('id="part-phx-zone-1"') < html.index('id="part-phx-zone-0"')
    labels = lambda z: re.findall(r'<span class="phx-rowlabel">(\w+)</span>', z)  # noqa: E731
    assert labels(theirs) == ["Back", "Front"], "the opponent's front row is nearer the middle"
    assert labels(mine) == ["Front", "Back"]


def test_the_viewers_front_cards_that_can_attack_are_the_attack_buttons():
    state = combat_state(GRIDS, hands=([c(0, "4D")], [c(1, "6C")]), active=0)
    html, actions = render(state, 0)
    attacks = [a for a in actions if a["action"]["type"] == "attack"]
    assert {a["action"]["attacker"] for a in attacks} == {"PX0-QS", "PX0-9C"}
    mine = zone(html, 0)
    for a in attacks:
        button = re.search(
            rf'<button type="submit" class="phx-card-btn" data-action="{re.escape(escape(a["payload"]))}"'
            rf' aria-label="([^"]+)"[^>]*>\s*<span class="phx-card[^"]*" data-card="([^"]+)"',
            mine,
        )
        assert button, a["label"]
        assert button.group(1) == escape(a["label"]) and button.group(2) == a["action"]["attacker"]
    assert "phx-card-btn" not in zone(html, 1), "the opponent's cards are never buttons"
    # The other seat, waiting, gets no card buttons at all.
    other, _ = render(state, 1)
    assert "phx-card-btn" not in other


def test_pass_is_in_the_sticky_action_bar_and_forfeit_sits_in_a_menu_there():
    state = combat_state(GRIDS, hands=([c(0, "4D")], [c(1, "6C")]), active=0)
    html, actions = render(state, 0)
    bar = html[html.index('<div class="phx-actions action-bar"') :]
    bar = bar[: bar.index("<!--/part-->")]
    for a in actions:
        if a["action"]["type"] in ("pass", "forfeit"):
            assert escape(a["payload"]) in bar
        else:  # the attacks: on the cards above, and listed with what each would do
            assert html.count(f'data-action="{escape(a["payload"])}"') == 2
    forfeit = bar.index(escape('{"type":"forfeit"}'))
    assert bar.rfind("<details", 0, forfeit) > bar.rfind("</details>", 0, forfeit)


def test_the_combat_log_draws_no_list_numbers_of_its_own():
    """Numbers from 10 up lost their first digit ("2. Turn 13"): entries carry their turn."""
    state = combat_state(GRIDS, hands=([c(0, "4D")], [c(1, "6C")]), active=0)
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-QS", "column": 0})
    html, _ = render(state, 1)
    assert '<ol class="phx-log-group">' in html and "reversed" not in html
    css = (Path(__file__).resolve().parents[3] / "static/css/phalanx.css").read_text()
    rule = re.search(r"\.phx-log-group \{([^}]*)\}", css).group(1)
    assert "list-style:none" in rule.replace(" ", "")
