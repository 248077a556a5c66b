"""What a player reads about a result (issue 34, item 6): from the reader's own side, with
the numbers it was decided by, HP never below 0, no rule IDs and no "1 lines"."""

import pytest

from games.engines import get_engine
from games.engines.core import step
from games.matches import outcomes
from games.templatetags.duelhall import named_texts
from games.templatetags.hp_words import hp_floor, named_hp_floored
from tests.boards import NAMES, render_board

GAMES = ["elemental-clash", "phalanx", "card-battle", "shapeships"]


def played_out(game: str, seed: str) -> dict:
    """Both seats played by the engine's bot to the end of the match."""
    engine = get_engine(game)
    state = engine.setup({}, seed)
    for _ in range(5000):
        if engine.outcome(state) is not None:
            return state
        prompts = engine.prompts(state)
        seat = min(prompts.waiting)
        state, _ = step(engine, state, seat, "move", engine.bot_action(state, seat))
    raise AssertionError("no end")


def test_shapeships_log_tells_the_result_from_the_readers_side():
    state = played_out("shapeships", "words-ss")
    result = get_engine("shapeships").outcome(state)
    loser = 1 - result.winner
    page = render_board("shapeships", state, loser)
    assert "the opponent&#x27;s health fell" not in page and "Victory:" not in page
    mine = render_board("shapeships", state, result.winner)
    assert "Victory: the opponent" not in mine


def test_no_one_line_is_called_lines():
    state = played_out("shapeships", "words-lines")
    for seat in (0, 1, None):
        assert " 1 lines" not in render_board("shapeships", state, seat)


def test_card_battle_banner_says_what_the_panel_says_and_hp_stops_at_0():
    state = played_out("card-battle", "words-cb")
    engine = get_engine("card-battle")
    result = engine.outcome(state)
    outcome = {
        "result": "win",
        "winner": result.winner,
        "reason": result.reason,
        "message": result.message,
    }
    loser = 1 - result.winner
    page = render_board("card-battle", state, loser)
    why = outcomes.opening(outcomes.why(outcome, NAMES, loser), NAMES)
    assert "You lost." in page and why in page, why
    assert "You lose." not in page and "wins!" not in page.split("data-cb-result")[1][:400]
    assert "to -" not in hp_floor(page.split('id="cb-playback"')[1])
    log = page.split("data-cb-log")[1]
    assert " -" not in log.split("HP")[-2][-6:], "the log's last HP is not below 0"


def test_hp_floor_words_a_negative_hp_as_0():
    assert hp_floor("Alice falls to -25 HP. Bob wins!") == "Alice falls to 0 HP. Bob wins!"
    assert hp_floor({"events": [{"text": "Bob falls to -5 HP."}]}) == {
        "events": [{"text": "Bob falls to 0 HP."}]
    }


def test_named_hp_floored_is_named_texts_then_hp_floor_in_one_walk():
    played = played_out("card-battle", "words-cb")
    playback = get_engine("card-battle").view(played, None)["playback"]
    data = {
        "players": [{"label": "Player 1", "name": "Player 1 deck"}],
        "events": [
            {"text": "Player 2 falls to -5 HP.", "seat": 1},
            {"text": ["Player 1 fell to -1 HP"], "label": None},
            "falls to -5 HP",
            3,
        ],
        "turns": [{"hp": [-5, 20], "label": "fell to -3 HP"}],
        "battle": playback,
    }
    names = {"0": "Alice", "1": "Bob"}
    assert named_hp_floored(data, names) == hp_floor(named_texts(data, names))
    assert "to -" in str(playback) and "to -" not in str(named_hp_floored(playback, names))


@pytest.mark.parametrize(
    "reason,message",
    [
        ("exhaustion", "Seat 2 wins with more base HP (12 to 9)."),
        ("deck_exhaustion", "Both decks and fields are empty: P2 wins on HP (120 to 80)."),
    ],
)
def test_a_result_on_health_gives_the_numbers(reason, message):
    outcome = {"result": "win", "winner": 1, "reason": reason, "message": message}
    for you in (0, 1, None):
        text = outcomes.why(outcome, {"0": "Ada7", "1": "Duelbot"}, you)
        assert text.endswith(("(12 to 9)", "(120 to 80)")), text


def test_a_phalanx_match_that_ends_in_deployment_says_no_turn_0():
    state = get_engine("phalanx").setup({}, "words-phx")
    state = {**state, "phase": "over", "turn": 0}
    state["outcome"] = {
        "result": "win",
        "winner": 0,
        "reason": "forfeit",
        "message": "Player 2 forfeited.",
        "turn": 0,
    }
    page = render_board("phalanx", state, 0)
    assert "turn 0" not in page
