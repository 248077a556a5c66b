"""The deck-choosing bot and the simulator helpers (CB-BOT-01, CB-SIM-01)."""

from games.engines.card_battle import ENGINE, READY_MADE_DECKS, iter_simulations, simulate, win_rate
from games.engines.card_battle.bot import deck_score, pick_deck

from .helpers import deck


def test_bot_picks_a_ready_made_deck_and_bot_vs_bot_ends():
    """CB-BOT-01: two bots on several seeds always finish the match in two moves."""
    for n in range(6):
        state = ENGINE.setup({}, f"bot-seed-{n}")
        for seat in (0, 1):
            action = ENGINE.bot_action(state, seat, level=1 + n % 2)
            assert action in ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, action)
        assert ENGINE.outcome(state) is not None


def test_bot_level_2_picks_the_best_scoring_deck():
    """CB-BOT-01: Tank beats every other ready-made deck in the evaluation (score 0.75 against
    Glass Cannon's 0.67, Balanced's 0.38 and Rush's 0.04): level 2 takes it."""
    scores = {name: deck_score(d) for name, d in READY_MADE_DECKS.items()}
    assert max(scores, key=scores.get) == "Tank"
    assert scores["Rush"] < 0.1
    state = ENGINE.setup({}, "bot-best")
    assert ENGINE.bot_action(state, 0, level=2)["name"] == "Tank"


def test_bot_prefers_a_clearly_better_deck_over_a_hopeless_one():
    """CB-BOT-01: offered a Speedy all-Goblin deck (it loses to nearly everything) and the
    Tank, the bot takes the Tank at every level and seed."""
    weak = {"type": "choose_deck", "name": "Goblins", "deck": deck(["Goblin"] * 20, "speedy", "optimize-damage")}  # fmt: skip
    strong = {"type": "choose_deck", "name": "Tank", "deck": READY_MADE_DECKS["Tank"]}
    for seed in ("a", "b", "c", "d"):
        for level in (1, 2):
            assert pick_deck([weak, strong], seed, 0, level)["name"] == "Tank"


def test_bot_level_1_is_deterministic_per_seed_and_varies_between_seeds():
    """CB-BOT-01: level 1 picks among the near-best (Tank, Glass Cannon) by the match seed."""
    picks = set()
    for n in range(12):
        state = ENGINE.setup({}, f"vary-{n}")
        first = ENGINE.bot_action(state, 0, level=1)
        assert ENGINE.bot_action(state, 0, level=1) == first
        picks.add(first["name"])
    assert picks == {"Tank", "Glass Cannon"}


def test_simulate_reports_one_battle():
    """CB-SIM-01: Tank (seat 0) against Rush on seed 'sim-1' wins by knocking Rush out."""
    result = simulate(READY_MADE_DECKS["Tank"], READY_MADE_DECKS["Rush"], "sim-1")
    assert result["result"] == "win" and result["winner"] == 0
    assert result["reason"] == "hp_zero" and result["hp"][1] <= 0
    assert result["turns"] == result["battle"]["turn"]


def test_simulations_alternate_seats_and_win_rate_adds_up():
    """CB-SIM-01: game i puts deck A in seat i % 2; 100 games Tank vs Rush: Tank wins all."""
    games = list(iter_simulations(READY_MADE_DECKS["Tank"], READY_MADE_DECKS["Rush"], 4, "x"))
    assert [g["a_seat"] for g in games] == [0, 1, 0, 1]
    summary = win_rate(READY_MADE_DECKS["Tank"], READY_MADE_DECKS["Rush"], 100, "x")
    assert summary["games"] == 100
    assert summary["wins_a"] + summary["wins_b"] + summary["draws"] == 100
    assert summary["win_rate_a"] == 1.0
    mirror = win_rate(READY_MADE_DECKS["Balanced"], READY_MADE_DECKS["Balanced"], 100, "m")
    assert 0.3 < mirror["win_rate_a"] < 0.7


def test_simulate_refuses_an_illegal_deck():
    """CBR-9: the simulator validates like the match does."""
    import pytest

    with pytest.raises(ValueError, match="19 cards"):
        simulate({"deck_type": "hardy", "strategy": "kill-shot", "cards": ["Goblin"] * 19}, READY_MADE_DECKS["Rush"], "s")  # fmt: skip
