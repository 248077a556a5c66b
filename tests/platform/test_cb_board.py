"""Card Battle's board and deck builder as a player reads them (issue 18): the banner is the
viewer's own result, HP never below 0, one playback bar whose buttons say what they do, and
a deck builder that explains its choices and calls nothing legal that is not."""

import re

import pytest

from games.engines import get_engine
from tests.boards import render_board

ENGINE = get_engine("card-battle")


def finished(seed: str, picks=(0, 1)):
    state = ENGINE.setup({}, seed)
    for seat, pick in zip((0, 1), picks, strict=True):
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[pick])
    assert ENGINE.outcome(state) is not None
    return state


def a_win_below_zero():
    """A finished battle whose loser's HP went below 0 (the rules let it: damage is not capped)."""
    for n in range(60):
        for picks in ((0, 1), (1, 2), (2, 0), (0, 2)):
            state = finished(f"below-{n}", picks)
            if state["outcome"]["result"] == "win" and min(state["battle"]["hp"]) < 0:
                return state
    raise AssertionError("no battle ended below 0 HP in 240 tries")


def test_a_loss_never_gets_the_win_banner():
    state = a_win_below_zero()
    winner = state["outcome"]["winner"]
    banner = lambda html: re.search(r'<p class="cb-banner result-banner([^"]*)"', html).group(1)  # noqa: E731
    assert banner(render_board("card-battle", state, winner)).strip() == "is-win"
    assert banner(render_board("card-battle", state, 1 - winner)).strip() == "is-loss"
    assert banner(render_board("card-battle", state, None)).strip() == ""


def test_hp_is_never_shown_below_zero_in_the_table_chart_or_log():
    state = a_win_below_zero()
    html = render_board("card-battle", state, 0)
    table = html[html.index('<table class="cb-table">') : html.index("</table>")]
    assert not re.search(r"<td>-\d", table), "a negative HP cell"
    legend = html[html.index('<p class="cb-legend">') :]
    legend = legend[: legend.index("</p>")]
    assert not re.search(r'data-cb-legend="\d">-', legend)
    assert "→ -" not in html and "HP: -" not in html


def test_the_playback_bar_is_one_bar_of_buttons_that_say_what_they_do():
    html = render_board("card-battle", finished("bar"), 0)
    assert html.count("data-cb-controls") == 1
    bar = html[
        html.index("data-cb-controls") : html.index("</div>", html.index("data-cb-controls"))
    ]
    buttons = re.findall(r"<button[^>]*>(.*?)</button>", bar, re.S)
    assert len(buttons) == 6
    for inner in buttons:
        words = re.sub(r"<svg.*?</svg>|<[^>]+>", "", inner, flags=re.S).strip()
        assert re.search(r"[A-Za-z]{3,}", words), f"an icon-only button: {inner!r}"


def test_the_chart_and_table_carry_what_the_playback_needs_to_hold_the_end_back():
    html = render_board("card-battle", finished("hold"), 0)
    assert "data-cb-turn-x=" in html and "data-cb-clip" in html and "data-cb-end" in html
    rows = re.findall(r'<tr data-turn="(\d+)">', html)
    assert rows and rows == [str(n) for n in range(1, len(rows) + 1)]
    assert html.count("data-cb-legend=") == 2


@pytest.mark.django_db
def test_a_new_empty_deck_is_not_called_legal_and_its_choices_are_explained(client):
    html = client.get("/decks/card-battle/new/").content.decode()
    assert "This deck is legal." not in html
    assert "The deck type is missing" in html
    for words in ("+20 speed", "+30 HP", "+20 attack", "highest mana cost"):
        assert words in html
    errors = html[
        html.index('id="deck-errors"') : html.index("</div>", html.index('id="deck-errors"'))
    ]
    for key in ("'speedy'", "'hardy'", "'angry'", "'target-mana'", "'kill-shot'"):
        assert key not in errors


def test_the_viewer_sits_at_the_bottom_and_the_opponent_on_top():
    state = finished("sides")
    for seat, (top, bottom) in ((0, (1, 0)), (1, (0, 1)), (None, (1, 0))):
        html = render_board("card-battle", state, seat)
        sides = re.findall(r'<div class="cb-side" data-seat="(\d)">', html)
        assert sides == [str(top), str(bottom)], seat
