"""Setup, options, decks and the deck-choice step."""

import copy

from games.engines.gundam import CARD_POOL, ENGINE, STARTER_DECKS, level_curve, validate_deck
from games.engines.gundam.cards import EFFECT_OPS

from .helpers import BLUE, RED, act, config, rejects, started


def test_setup_counts_hand_shields_deck():
    """GUN-SETUP-HAND GUN-SETUP-SHIELDS: 5 in hand, 6 shields, 39 left in the deck."""
    s = started()
    p0, p1 = s["players"]
    assert len(p0["hand"]) == 5  # GUN-SETUP-HAND (P1 skipped its first draw, GDR-3)
    assert len(p1["hand"]) == 5
    assert len(p0["shields"]) == 6 and len(p1["shields"]) == 6  # GUN-SETUP-SHIELDS
    assert len(p0["deck"]) == 39 and len(p1["deck"]) == 39
    assert len(p0["rdeck"]) == 10 and len(p1["rdeck"]) == 10  # GDR-2


def test_ex_base_for_both_and_ex_resource_for_player_two():
    """GUN-SETUP-EXBASE GUN-SETUP-EXRES GDR-13: EX Base 0 AP / 3 HP each; EX Resource for P2 only."""
    s = started()
    for p in s["players"]:
        assert p["base"]["no"] == "EX-BASE" and p["base"]["rested"] is False
    v = ENGINE.view(s, 0)
    assert v["players"][0]["base"]["hp"] == 3 and v["players"][0]["base"]["max_hp"] == 3
    assert s["players"][0]["resources"] == []
    assert s["players"][1]["resources"] == [{"id": "gd1-exres", "is_ex": True, "rested": False}]
    assert v["players"][1]["level"] == 1  # GDR-1: the EX Resource counts for Lv


def test_player_one_starts_in_resource_phase_of_turn_one():
    """GUN-SETUP-FIRST GUN-X-SEATS GUN-PHASE-ORDER: seat 0 takes turn 1; start/draw ran automatically."""
    s = started()
    assert s["current"] == 0 and s["turn"] == 1
    assert s["phase"] == "resource"
    assert ENGINE.prompts(s).waiting == {0: "resource"}


def test_shuffle_is_seeded():
    """GUN-SETUP-SHUFFLE GUN-ZONE-DECK: same seed same order, another seed another order."""
    a, b, c = started("one"), started("one"), started("two")
    assert a == b
    assert a["players"][0]["deck"] != c["players"][0]["deck"]
    # Ids are numbered before the shuffle, so an id says nothing about its deck position.
    assert sorted(
        a["players"][0]["deck"] + a["players"][0]["hand"] + a["players"][0]["shields"]
    ) == [f"gd0-m{i:02d}" for i in range(50)]


def test_first_player_skips_draw_by_default_and_option_gives_published_rule():
    """GDR-3 GUN-PHASE-DRAW: P1 has 5 cards on turn 1; with first_player_draws it has 6."""
    assert len(started()["players"][0]["hand"]) == 5
    s = started(first_player_draws=True)
    assert len(s["players"][0]["hand"]) == 6 and len(s["players"][0]["deck"]) == 38


def test_no_mulligan_opening_hand_is_the_top_five():
    """GDR-20: no mulligan; the hand is exactly the first 5 cards of the shuffled deck."""
    from games.engines.core import shuffled

    s = started("mull")
    order = shuffled("mull", [f"gd0-m{i:02d}" for i in range(50)], "deck", 0)
    assert s["players"][0]["hand"] == order[:5]
    assert s["players"][0]["shields"] == order[5:11]


def test_validate_config_options():
    """GDR-14 GDR-15 GDR-3: the published variants are options; bad values are sentences."""
    assert ENGINE.validate_config({}) == []
    assert (
        ENGINE.validate_config(
            {"hand_limit": 10, "first_player_draws": True, "seventh_unit_trashes": True}
        )
        == []
    )
    errors = ENGINE.validate_config({"hand_limit": 8, "first_player_draws": "yes", "colour": 1})
    assert len(errors) == 3
    bad = {"decks": {"0": {"name": "x", "deck": {"main": [], "resource": []}}}}
    assert any("Seat 0 deck" in e for e in ENGINE.validate_config(bad))
    assert ENGINE.validate_config({"decks": {"2": {}}}) != []


def test_starter_decks_are_legal_and_as_listed():
    """GUN-DECK-STARTERS: both starters validate; 50 + 10 cards; the listed counts."""
    for name in (BLUE, RED):
        deck = STARTER_DECKS[name]
        assert validate_deck(deck) == []
        assert len(deck["main"]) == 50 and len(deck["resource"]) == 10
    assert STARTER_DECKS[BLUE]["main"].count("OG01-001") == 4
    assert STARTER_DECKS[BLUE]["main"].count("OG01-009") == 1
    assert STARTER_DECKS[RED]["main"].count("OG01-027") == 4
    assert STARTER_DECKS[RED]["main"].count("OG01-024") == 1
    curve = level_curve(STARTER_DECKS[BLUE])
    assert curve["1"] + curve["2"] == 23  # rulings §2.4: 23 blue cards at Lv <= 2
    red = level_curve(STARTER_DECKS[RED])
    assert red["1"] + red["2"] == 27
    assert sum(curve.values()) == 50 and set(curve) == {str(i) for i in range(7)}


def test_validate_deck_reports_every_problem():
    """GUN-DECK-RULES: sizes, copies, colours, unknown cards, wrong deck, each as a sentence."""
    deck = copy.deepcopy(STARTER_DECKS[BLUE])
    deck["main"] = deck["main"][:49] + ["OG01-001"]  # 5 copies of 001, still 50
    deck["main"][0] = "XX99-999"
    deck["resource"] = deck["resource"][:9]
    errors = validate_deck(deck)
    assert any("Unknown card" in e and "XX99-999" in e for e in errors)
    assert any("resource deck has 9" in e for e in errors)
    too_many = copy.deepcopy(STARTER_DECKS[BLUE])
    too_many["main"][-1] = "OG01-001"
    too_many["main"][-2] = "OG01-001"
    assert any("at most 4 copies" in e for e in validate_deck(too_many))
    assert any(
        "needs exactly 50" in e
        for e in validate_deck({"main": ["OG01-001"] * 4, "resource": ["OG01-R01"] * 10})
    )
    three = copy.deepcopy(STARTER_DECKS[BLUE])
    three["main"][:2] = ["OG01-016", "OG01-016"]
    assert validate_deck(three) == []  # two colours are fine
    assert three["main"].count("OG01-016") == 2
    assert validate_deck({"main": "x", "resource": None}) != []
    assert validate_deck({}) == [
        "The main deck has 0 cards; it needs exactly 50.",
        "The resource deck has 0 cards; it needs exactly 10.",
    ], "a deck not yet begun says what it needs"
    assert validate_deck(None) != []
    wrong = copy.deepcopy(STARTER_DECKS[RED])
    wrong["resource"][0] = "OG01-016"
    wrong["main"][0] = "OG01-R01"
    msgs = validate_deck(wrong)
    assert any("Only Resource cards" in e for e in msgs)
    assert any("belong in the resource deck" in e for e in msgs)


def test_colour_limit_is_two():
    """GUN-DECK-RULES: 1–2 colours; the pool has two, so a third can only come from an unknown
    card, but the colour rule itself is checked on the data."""
    from games.engines.gundam import decks

    pool = dict(decks.CARD_POOL)
    try:
        decks.CARD_POOL["ZZ-GREEN"] = {**CARD_POOL["OG01-001"], "no": "ZZ-GREEN", "colour": "green"}
        deck = copy.deepcopy(STARTER_DECKS[BLUE])
        deck["main"][:2] = ["OG01-016", "ZZ-GREEN"]
        assert any("3 colours" in e for e in validate_deck(deck))
    finally:
        decks.CARD_POOL.clear()
        decks.CARD_POOL.update(pool)


def test_card_pool_is_data_with_closed_effects():
    """GUN-CARD-DATA: one definition per number; every effect op from the closed vocabulary."""
    assert len(CARD_POOL) == 33
    for no, info in CARD_POOL.items():
        assert info["no"] == no and info["text"]
        if info["type"] == "command":
            assert info["effect"]["op"] in EFFECT_OPS
        if info["type"] == "base":
            assert info["ability"]["op"] in EFFECT_OPS
    assert CARD_POOL["OG01-031"]["keywords"] == {"blocker": 1}
    assert CARD_POOL["OG01-032"]["keywords"] == {"high_maneuver": 1}
    assert CARD_POOL["OG01-013"]["effect"] == {"op": "damage", "target": "enemy_unit", "n": 2}


def test_choose_deck_is_hidden_and_simultaneous():
    """GUN-X-CHOOSE-DECK: starter decks offered; the other seat sees only "has chosen"."""
    s = ENGINE.setup({}, "choose")
    p = ENGINE.prompts(s)
    assert (
        p.simultaneous and p.waiting == {0: "choose_deck", 1: "choose_deck"} and p.time_limit == 300
    )
    offers = ENGINE.legal_actions(s, 0)
    assert [a["name"] for a in offers] == [BLUE, RED]
    s = act(s, 1, offers[1])
    assert ENGINE.view(s, 0)["chosen"] == {"0": False, "1": True}
    assert RED not in str(ENGINE.view(s, 0)) and RED not in str(ENGINE.view(s, None))
    assert ENGINE.view(s, 1)["my_deck"] == RED
    assert ENGINE.legal_actions(s, 1) == []
    rejects(s, 1, offers[0], "INVALID_PHASE")  # already locked in
    rejects(s, 0, {"type": "end_main"}, "INVALID_PHASE")  # the game has not started
    s = act(s, 0, offers[0])
    assert s["stage"] == "play" and s["phase"] == "resource"


def test_choose_deck_accepts_a_saved_deck_and_rejects_an_illegal_one():
    """GUN-X-CHOOSE-DECK GUN-DECK-RULES: any legal payload works; an illegal one is INVALID_CARD."""
    s = ENGINE.setup({}, "saved")
    mixed = copy.deepcopy(STARTER_DECKS[BLUE])
    mixed["main"][:4] = ["OG01-031"] * 4
    s2 = act(s, 0, {"type": "choose_deck", "name": "My Wall", "deck": mixed})
    assert s2["choices"]["0"]["name"] == "My Wall"
    err = rejects(
        s,
        0,
        {"type": "choose_deck", "name": "Bad", "deck": {"main": [], "resource": []}},
        "INVALID_CARD",
    )
    assert "50" in err.message


def test_choose_deck_timeout_assigns_a_seeded_starter():
    """GUN-X-CHOOSE-DECK: when the time runs out, an undecided seat gets a starter deck."""
    s = ENGINE.setup({}, "late")
    s = act(s, 0, ENGINE.legal_actions(s, 0)[0])
    s2, _ = ENGINE.timeout(s)
    assert s2["stage"] == "play"
    assert s2["choices"]["1"]["name"] in (BLUE, RED)
    assert ENGINE.timeout(s)[0] == s2  # deterministic


def test_config_decks_skip_the_choice():
    s = ENGINE.setup(config(), "cfg")
    assert s["stage"] == "play"
    assert ENGINE.view(s, 0)["my_deck"] == BLUE
