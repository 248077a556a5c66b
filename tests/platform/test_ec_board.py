"""Elemental Clash's board as a player reads it (issue 18): cards with their effect in words,
what the draft's element-only rounds mean, a compact turn log, the right clock and turn."""

import re

from games.engines import get_engine
from games.engines.elemental_clash.constants import EFFECT_TEXT
from tests.boards import render_board

ENGINE = get_engine("elemental-clash")


def play(state, seats=(0, 1), prefer="lock"):
    """Each waiting seat makes its bot move (or locks in when it may)."""
    for seat in seats:
        if seat in ENGINE.prompts(state).waiting:
            actions = ENGINE.legal_actions(state, seat)
            action = next((a for a in actions if a["type"] == prefer), None)
            state, _ = ENGINE.apply(state, seat, action or ENGINE.bot_action(state, seat))
    return state


def to_battle(seed="board-1"):
    state = ENGINE.setup({}, seed)
    while state["stage"] == "draft":
        state = play(state)
    return state


def to_the_end(seed="board-1"):
    state = to_battle(seed)
    while ENGINE.outcome(state) is None:
        state = play(state)
    return state


def test_a_draft_option_shows_its_effect_in_words_and_a_tooltip():
    html = render_board("elemental-clash", ENGINE.setup({}, "d1"), 0)
    text = EFFECT_TEXT["wall"]
    assert html.count(f'<p class="card-text">{text}</p>') == 4
    tips = re.findall(r'<span class="card-tip" role="tooltip">(.*?)</span>', html, re.S)
    assert len(tips) == 4 and all(text in tip for tip in tips)


def test_rounds_one_to_four_say_the_cards_differ_only_in_element():
    state = ENGINE.setup({}, "d2")
    for expected_round in (1, 2, 3, 4):
        assert state["draft"]["round"] == expected_round
        assert "differ only in element" in render_board("elemental-clash", state, 0)
        state = play(state)
    assert state["draft"]["round"] == 5
    assert "differ only in element" not in render_board("elemental-clash", state, 0)


def test_hand_cards_carry_their_effect_text():
    state = to_battle()
    html = render_board("elemental-clash", state, 0)
    hand = state["players"][0]["hand"]
    assert hand
    for card in hand:
        assert f'<p class="card-text">{EFFECT_TEXT[card["subtype"]]}</p>' in html


def test_an_untimed_match_never_speaks_of_seconds_per_step():
    state = ENGINE.setup({}, "d3")
    timed = render_board("elemental-clash", state, 0, timed=True)
    untimed = render_board("elemental-clash", state, 0, timed=False)
    assert "s per step" in timed
    assert "s per step" not in untimed and " s;" not in untimed


def test_the_turn_log_is_one_compact_entry_per_turn_with_names_not_thirteen_phases():
    state = to_battle()
    while len(state["log"]) < 2:
        state = play(state)
    html = render_board("elemental-clash", state, 0)
    log = html[html.index('<aside class="side-log') :]
    entries = log.split('<li class="log-line ec-turn')[1:]
    assert len(entries) == 2
    newest = entries[0]
    assert newest.startswith(' is-new">') and "Turn 2" in newest
    told = newest[: newest.index("<details>")]
    assert "Alice reveals" in told and "Bob reveals" in told
    assert "Seat 1" not in told and "—" not in told
    assert "ENERGY" not in told and "locked in a card" not in told, "phases stay in the details"
    assert "<details>" in newest and "<details open" not in newest


def test_the_match_over_header_names_the_last_turn_played():
    state = to_the_end()
    last_played = state["log"][-1]["turn"]
    html = render_board("elemental-clash", state, 0)
    assert f"after turn {last_played}" in html
    assert f"after turn {last_played + 1}" not in html


def test_an_exhaustion_ending_is_announced_after_the_last_turn_played():
    """ECR-6 is found at the start of the turn after the last: the header must not count it."""
    for n in range(40):
        state = to_the_end(f"exhaust-{n}")
        if state["outcome"]["reason"] == "exhaustion":
            break
    else:
        raise AssertionError("no exhaustion ending in 40 seeds")
    assert state["outcome"]["turn"] == state["log"][-1]["turn"] + 1
    html = render_board("elemental-clash", state, None)
    assert f"after turn {state['log'][-1]['turn']}<" in html.replace("\n", "").replace("  ", "")


def test_ice_earth_and_air_cards_take_an():
    from games.engines.elemental_clash.cards import make_card, with_article

    assert with_article(make_card("x", "wall", "ice")) == "an Ice Wall"
    assert with_article(make_card("x", "deflection_miner", "air")) == "an Air Deflection Miner"
    assert with_article(make_card("x", "wall", "earth")) == "an Earth Wall"
    assert with_article(make_card("x", "wall", "fire")) == "a Fire Wall"


def test_no_log_line_says_a_before_a_vowel():
    for n in range(12):
        state = to_the_end(f"article-{n}")
        texts = [it["text"] for t in state["log"] for ph in t["phases"] for it in ph["items"]]
        assert not [t for t in texts if re.search(r"\ba [AEIOU]", t)]


def test_the_viewer_sits_at_the_bottom_and_the_opponent_on_top():
    state = to_battle()
    for seat, (top, bottom) in ((0, ("1", "0")), (1, ("0", "1")), (None, ("1", "0"))):
        html = render_board("elemental-clash", state, seat)
        assert html.index(f'id="part-ec-side-{top}"') < html.index(f'id="part-ec-side-{bottom}"')
        if seat is not None:
            assert html.index(f'id="part-ec-side-{bottom}"') < html.index('id="part-ec-hand"')
