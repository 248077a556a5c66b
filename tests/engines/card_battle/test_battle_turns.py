"""Mana, drawing, placement, activity and equalization (CB-MANA/DRAW/PLACE/STATE/EQUAL)."""

from games.engines.card_battle.battle import (
    draw_phase,
    equalize_phase,
    new_battle,
    play_turn,
    resolve,
)
from games.engines.card_battle.cards import mana_for_turn

from .helpers import deck, events


def test_mana_per_turn_is_min_10_of_3_plus_turn():
    """CBR-1 / CB-MANA-01 / CB-SETUP-03: 4, 5, 6, 7, 8, 9, 10, 10, 10 on turns 1..9."""
    assert [mana_for_turn(t) for t in range(1, 10)] == [4, 5, 6, 7, 8, 9, 10, 10, 10]


def test_turn_log_announces_the_mana_and_unused_mana_is_lost():
    """CBR-1: seat 0 spends 1 of 4 on turn 1 (Goblin, then a Knight it cannot afford); turn 2
    still has exactly 5 mana, not 5 + 3 left over."""
    battle = new_battle([deck(["Goblin", "Knight"]), deck(["Knight"])])
    play_turn(battle, "s")
    play_turn(battle, "s")
    assert [t["mana"] for t in battle["turns"]] == [4, 5]
    assert battle["turns"][0]["spent"][0] == 1
    assert [e["mana"] for e in events(battle, "turn")] == [4, 5]


def test_players_start_with_200_hp():
    """CB-SETUP-02."""
    assert new_battle([deck([]), deck([])])["hp"] == [200, 200]


def test_draws_follow_deck_order_and_stop_at_the_first_unaffordable_card():
    """CBR-2 / CB-DRAW-01 / CB-DRAW-02: with 4 mana, Goblin (1) then Archer (4) is too dear
    with 3 left: drawing stops; the affordable Goblin behind it is NOT drawn."""
    battle = new_battle([deck(["Goblin", "Archer", "Goblin"]), deck([])])
    battle["mana"] = [4, 4]
    assert draw_phase(battle, 0) == 1
    assert battle["mana"][0] == 3
    assert battle["deck_pos"][0] == 1
    stop = events(battle, "draw_stop")[0]
    assert stop["reason"] == "mana" and "Archer #2 costs 4, 3 mana left" in stop["text"]


def test_drawing_spends_each_cards_cost():
    """CB-DRAW-02 / CBR-1: 10 mana buys Skeleton (2) + Archer (4) + Goblin (1) + Goblin (1) +
    Skeleton (2) = 10, then the field is full (5 cards)."""
    cards = ["Skeleton", "Archer", "Goblin", "Goblin", "Skeleton", "Goblin"]
    battle = new_battle([deck(cards), deck([])])
    battle["mana"] = [10, 10]
    assert draw_phase(battle, 0) == 5
    assert battle["mana"][0] == 0
    assert events(battle, "draw_stop")[0]["reason"] == "full"


def test_a_full_field_stops_drawing():
    """CB-DRAW-01 / CB-SETUP-04: five Goblins fill the five slots; the sixth stays in the deck
    although 5 mana would pay for it."""
    battle = new_battle([deck(["Goblin"] * 20), deck([])])
    battle["mana"] = [10, 10]
    assert draw_phase(battle, 0) == 5
    assert battle["mana"][0] == 5
    assert len(battle["fields"][0]) == 5


def test_an_empty_deck_stops_drawing():
    """CB-DRAW-01: with 2 cards left and 10 mana, only 2 are drawn."""
    battle = new_battle([deck(["Goblin"] * 20), deck([])])
    battle["deck_pos"][0] = 18
    battle["mana"] = [10, 10]
    assert draw_phase(battle, 0) == 2
    assert events(battle, "draw_stop")[0]["reason"] == "empty"


def test_cards_fill_leftmost_slots_and_only_the_first_on_an_empty_field_is_active():
    """CB-PLACE-01 / CB-STATE-01 / CBR-3: Goblin, Skeleton, Goblin drawn on turn 1 land in
    slots 0, 1, 2; only the first (empty field) is active."""
    battle = new_battle([deck(["Goblin", "Skeleton", "Goblin", "Archer"]), deck([])])
    battle["mana"] = [4, 4]
    draw_phase(battle, 0)
    draws = events(battle, "draw")
    assert [e["slot"] for e in draws] == [0, 1, 2]
    assert [c["active"] for c in battle["fields"][0]] == [True, False, False]
    assert [c["uid"] for c in battle["fields"][0]] == ["CB0-00", "CB0-01", "CB0-02"]


def test_a_card_drawn_onto_an_occupied_field_is_inactive():
    """CBR-3: a Goblin drawn next to a card already on the field is inactive."""
    battle = new_battle([deck(["Goblin", "Goblin"]), deck([])])
    battle["mana"] = [1, 1]
    draw_phase(battle, 0)
    battle["mana"] = [1, 1]
    draw_phase(battle, 0)
    assert [c["active"] for c in battle["fields"][0]] == [True, False]


def test_end_of_turn_activates_every_card():
    """CB-STATE-02: after turn 1 all three of seat 0's cards are active; the log says so."""
    battle = new_battle([deck(["Goblin", "Skeleton", "Goblin"]), deck(["Knight"])])
    play_turn(battle, "s")
    assert all(c["active"] for c in battle["fields"][0])
    assert events(battle, "activate")[0]["uids"][:2] == ["CB0-01", "CB0-02"]


def test_equalization_draws_free_cards_in_order_with_bonus_and_cbr3_activity():
    """CB-EQUAL-01 / CBR-4 / CB-TYPE-04: seat 0 (Knights, Hardy) cannot pay a Knight with 4
    mana; seat 1 draws 4 Goblins. Seat 0 then draws 4 Knights free: 150 HP each (120 + 30),
    the first active (empty field), the rest inactive, no mana spent."""
    battle = new_battle([deck(["Knight"] * 20, "hardy"), deck(["Goblin"] * 20, "angry")])
    battle["turn"] = 1
    battle["mana"] = [4, 4]
    draw_phase(battle, 0)
    draw_phase(battle, 1)
    assert [len(f) for f in battle["fields"]] == [0, 4]
    assert equalize_phase(battle) == [4, 0]
    knights = battle["fields"][0]
    assert [k["hp"] for k in knights] == [150, 150, 150, 150]
    assert [k["active"] for k in knights] == [True, False, False, False]
    assert battle["mana"][0] == 4
    free = [e for e in events(battle, "draw") if e["free"]]
    assert [e["deck_index"] for e in free] == [0, 1, 2, 3]
    assert events(battle, "equalize")[0]["seat"] == 0


def test_equalization_stops_when_the_deck_runs_out():
    """CBR-4: seat 0 is behind by 4 but has only 1 card left: 1 free draw."""
    battle = new_battle([deck(["Knight"] * 20), deck(["Goblin"] * 20)])
    battle["deck_pos"][0] = 19
    battle["mana"] = [4, 4]
    draw_phase(battle, 0)
    draw_phase(battle, 1)
    assert equalize_phase(battle) == [1, 0]
    assert battle["deck_pos"][0] == 20


def test_equal_counts_mean_no_equalization():
    """CB-EQUAL-01: 1 card each -> nothing free."""
    battle = new_battle([deck(["Archer"]), deck(["Archer"])])
    battle["mana"] = [4, 4]
    draw_phase(battle, 0)
    draw_phase(battle, 1)
    assert equalize_phase(battle) == [0, 0]
    assert events(battle, "equalize") == []


def test_deck_type_bonuses_on_drawn_cards():
    """CB-TYPE-01 / CB-TYPE-02 / CB-TYPE-03: Archer 45/35/25 becomes speed 45 (Speedy),
    HP 75 (Hardy), attack 55 (Angry); the boosted stat is named for the gold highlight."""
    for deck_type, stat, value in (("speedy", "speed", 45), ("hardy", "hp", 75), ("angry", "attack", 55)):  # fmt: skip
        battle = new_battle([deck(["Archer"], deck_type), deck([])])
        battle["mana"] = [4, 4]
        draw_phase(battle, 0)
        card = battle["fields"][0][0]
        assert card[stat] == value and card["boosted"] == stat


def test_a_turn_runs_its_phases_in_order():
    """CB-FLOW-01: mana, draws of both seats, equalization, attacks, activation."""
    battle = new_battle([deck(["Knight"] * 20), deck(["Goblin", "Goblin"])])
    play_turn(battle, "s")
    phases = [e["phase"] for e in battle["log"]]
    order = ["mana", "draw", "equalize", "attack", "end_turn"]
    assert [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p] == order


def test_a_whole_battle_logs_every_kind_of_event():
    """CB-LOG-01: Balanced vs Rush on seed 's1' logs draws, stops, equalization, rolls, the
    queue, attacks, skips, deaths, slides, activations and the end (197 events)."""
    from games.engines.card_battle.decks import READY_MADE_DECKS as R

    battle = resolve([R["Balanced"], R["Rush"]], "s1")
    kinds = {e["kind"] for e in battle["log"]}
    assert kinds >= {"turn", "draw", "draw_stop", "equalize", "roll", "queue", "attack"}
    assert kinds >= {"skip", "death", "slide", "activate", "end"}
    assert len(battle["log"]) == 197
    assert battle["result"] == {
        "result": "win",
        "winner": 0,
        "reason": "hp_zero",
        "turn": 9,
        "hp": [200, 0],
    }
