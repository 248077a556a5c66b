"""The heuristic bot: legal, sensible, blind to hidden cards."""

from games.engines.phalanx import ENGINE

from .helpers import EMPTY, c, combat_state


def test_bot_prefers_the_attack_that_reaches_lp():
    """Of Q♠ into an empty column (22 LP: wins), 2♣ into 9♦ and pass, the bot takes the win."""
    grids = [
        [[c(0, "2C"), c(0, "QS"), None, None], EMPTY],
        [[c(1, "9D"), None, c(1, "5H"), None], EMPTY],
    ]
    state = combat_state(grids, active=0)
    assert ENGINE.bot_action(state, 0) == {"type": "attack", "attacker": "PX0-QS", "column": 1}


def test_bot_prefers_destroying_a_card_over_scratching_one():
    """9♥ can destroy 4♣ (column 1) or scratch K♣ (column 0): the bot destroys."""
    grids = [
        [[c(0, "3H"), c(0, "9H"), None, None], EMPTY],
        [[c(1, "KC"), c(1, "4C"), None, None], [c(1, "8C"), c(1, "10C"), None, None]],
    ]
    state = combat_state(grids, active=0)
    assert ENGINE.bot_action(state, 0) == {"type": "attack", "attacker": "PX0-9H", "column": 1}


def test_bot_never_passes_or_forfeits_when_it_can_attack():
    grids = [[[c(0, "AC"), None, None, None], EMPTY], [[c(1, "KD"), None, None, None], EMPTY]]
    state = combat_state(grids, active=0)
    assert ENGINE.bot_action(state, 0)["type"] == "attack"


def test_bot_reinforces_with_its_weakest_card():
    """The bot fills the back slot with its weakest card, preferring a Heart of equal use."""
    grids = [
        [[c(0, "5S"), None, None, None], EMPTY],
        [[c(1, "3C"), c(1, "9C"), None, None], [c(1, "7H"), None, None, None]],
    ]
    hand = [c(1, "KC"), c(1, "4S"), c(1, "9D"), c(1, "4H")]
    state = combat_state(grids, hands=([], hand), active=0)
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-5S", "column": 0})
    assert ENGINE.bot_action(state, 1) == {"type": "reinforce", "card": "PX1-4H"}


def test_bot_deploys_strong_cards_and_diamonds_front_hearts_back():
    """Front slots get the strongest card (a Diamond counts extra there: 10♦ beats K♠);
    back slots prefer a Heart (it halves LP overflow)."""
    state = ENGINE.setup({}, "bot-deploy")
    seat = state["active"]
    state["players"][seat]["hand"] = [c(seat, x) for x in ("2C", "3H", "KS", "5D", "9H")]
    assert ENGINE.bot_action(state, seat) == {"type": "deploy", "card": c(seat, "KS")}
    state["players"][seat]["hand"].append(c(seat, "10D"))
    assert ENGINE.bot_action(state, seat) == {"type": "deploy", "card": c(seat, "10D")}
    front_row = [c(seat, x) for x in ("QC", "QD", "JC", "JD")]
    state["players"][seat]["grid"][0] = [{"id": x, "hp": 11} for x in front_row]
    state["players"][seat]["hand"] = [c(seat, x) for x in ("2C", "9H", "KS", "10C")]
    assert ENGINE.bot_action(state, seat) == {"type": "deploy", "card": c(seat, "9H")}


def test_bot_decides_from_its_view_only():
    """Changing what the bot cannot see (the opponent's hand, both drawpile orders) never
    changes its choice."""
    grids = [
        [[c(0, "2C"), c(0, "QS"), c(0, "7D"), None], [c(0, "5C"), None, None, None]],
        [[c(1, "9D"), c(1, "6C"), c(1, "5H"), None], [c(1, "3S"), None, None, None]],
    ]
    a = combat_state(
        grids,
        hands=([c(0, "AH")], [c(1, "KS"), c(1, "2D")]),
        drawpiles=([c(0, "8S"), c(0, "9S")], [c(1, "JS"), c(1, "4D")]),
    )
    b = combat_state(
        grids,
        hands=([c(0, "AH")], [c(1, "4D"), c(1, "JS")]),
        drawpiles=([c(0, "9S"), c(0, "8S")], [c(1, "2D"), c(1, "KS")]),
    )
    assert ENGINE.bot_action(a, 0) == ENGINE.bot_action(b, 0)


def test_bot_level_zero_plays_the_first_non_forfeit_action():
    grids = [[[c(0, "AC"), None, None, None], EMPTY], [[c(1, "KD"), None, None, None], EMPTY]]
    state = combat_state(grids, active=0)
    assert ENGINE.bot_action(state, 0, level=0) == ENGINE.legal_actions(state, 0)[0]
