"""Queue, attacks, deaths, slides and the end of the battle (CB-QUEUE/ATTACK/END, CBR-5..8)."""

from games.engines.card_battle.battle import attack_phase, build_queue, play_turn
from games.engines.core import rng

from .helpers import battle_with, events, field_names


def test_queue_is_active_cards_by_speed_without_inactive_ones():
    """CB-QUEUE-01 / CB-QUEUE-03: Archer 25, Goblin 20, Skeleton 10, Knight 5 (Hardy: no speed
    bonus); seat 1's inactive Wizard stays out; no dice are needed."""
    battle = battle_with(
        [
            [("Goblin", True), ("Archer", True)],
            [("Knight", True), ("Skeleton", True), ("Wizard", False)],
        ]
    )
    assert build_queue(battle, "s") == ["CB0-01", "CB0-00", "CB1-01", "CB1-00"]
    assert battle["rolls"] == 0


def test_speedy_bonus_moves_a_card_up_the_queue():
    """CB-TYPE-01: a Speedy Skeleton (10 + 20 = 30) attacks before a Hardy Archer (25)."""
    battle = battle_with([[("Skeleton", True)], [("Archer", True)]], types=("speedy", "hardy"))
    assert build_queue(battle, "s") == ["CB0-00", "CB1-00"]


def seed_with(first_two_equal: bool) -> str:
    """A seed whose first two d6 rolls are equal (or differ), found deterministically."""
    for n in range(1000):
        seed = f"tie-{n}"
        a, b = (rng(seed, "d6", i).randint(1, 6) for i in range(2))
        if (a == b) == first_two_equal:
            return seed
    raise AssertionError("no such seed")


def test_speed_ties_are_ordered_by_seeded_d6_rolls():
    """CB-QUEUE-02 / CBR-5: two Goblins at speed 20 (one per seat) each roll a d6 from
    rng(seed, "d6", n); the higher roll attacks first and both rolls are logged."""
    seed = seed_with(first_two_equal=False)
    rolls = [rng(seed, "d6", i).randint(1, 6) for i in range(2)]
    battle = battle_with([[("Goblin", True)], [("Goblin", True)]])
    queue = build_queue(battle, seed)
    expected = ["CB0-00", "CB1-00"] if rolls[0] > rolls[1] else ["CB1-00", "CB0-00"]
    assert queue == expected
    logged = events(battle, "roll")[0]["rolls"]
    assert logged == [{"uid": "CB0-00", "roll": rolls[0]}, {"uid": "CB1-00", "roll": rolls[1]}]
    assert battle["rolls"] == 2


def test_still_tied_cards_roll_again():
    """CBR-5: when both Goblins roll the same number they roll again (dice 3 and 4)."""
    seed = seed_with(first_two_equal=True)
    battle = battle_with([[("Goblin", True)], [("Goblin", True)]])
    build_queue(battle, seed)
    rolls = events(battle, "roll")
    assert len(rolls) >= 2
    assert rolls[0]["rolls"][0]["roll"] == rolls[0]["rolls"][1]["roll"]
    assert battle["rolls"] == 2 * len(rolls)


def test_inactive_cards_are_protected_and_the_attack_hits_the_player():
    """CB-TARGET-05 / CB-ATTACK-04 / CB-STATE-01: seat 1 has only an inactive Knight, so
    seat 0's Angry Wizard (50 + 20 = 70) hits Player 2: 200 -> 130; the Knight keeps 150."""
    battle = battle_with([[("Wizard", True)], [("Knight", False)]], types=("angry", "hardy"))
    attack_phase(battle, "s")
    assert battle["hp"] == [200, 130]
    assert battle["fields"][1][0]["hp"] == 150
    hit = events(battle, "attack")[0]
    assert hit["target"] is None and hit["damage"] == 70 and hit["hp_after"] == 130


def test_a_dead_card_is_removed_and_the_rest_slide_left():
    """CB-ATTACK-03 / CBR-7: seat 0's Kill Shot Archer (35 attack) kills seat 1's Angry
    Skeleton (25 HP -> -10) in slot 1; seat 1's Archer in slot 2 slides to slot 1."""
    battle = battle_with(
        [[("Archer", True)], [("Goblin", True), ("Skeleton", True), ("Archer", True)]],
        types=("hardy", "angry"),
    )
    battle["fields"][1][0]["speed"] = 0  # keep seat 1 from acting first: only the kill matters
    battle["fields"][1][1]["speed"] = 0
    battle["fields"][1][2]["speed"] = 0
    attack_phase(battle, "no-ties")
    first = events(battle, "attack")[0]
    assert first["attacker"] == "CB0-00" and first["target"] == "CB1-01"
    assert first["hp_before"] == 25 and first["hp_after"] == -10
    assert events(battle, "death")[0]["uid"] == "CB1-01"
    assert events(battle, "slide")[0]["order"] == ["CB1-00", "CB1-02"]
    assert field_names(battle, 1) == ["CB1-00", "CB1-02"]


def test_a_card_killed_before_its_turn_does_not_attack():
    """CB-ATTACK-02 / CBR-7: seat 0's Archer (speed 25, 35 attack) kills seat 1's Skeleton
    (speed 10, 25 HP) first; the Skeleton's queued attack is skipped, seat 0's Archer keeps
    its 75 HP (Hardy)."""
    battle = battle_with([[("Archer", True)], [("Skeleton", True)]], types=("hardy", "angry"))
    attack_phase(battle, "s")
    assert events(battle, "skip")[0]["uid"] == "CB1-00"
    assert battle["fields"][0][0]["hp"] == 75
    assert len(events(battle, "attack")) == 1


def test_each_card_attacks_once_and_later_attacks_retarget():
    """CB-ATTACK-01 / CBR-7 / CB-CARD-02: seat 0 has two Goblins (Hardy 45 HP, 10 attack,
    Target Mana); seat 1 a lone Knight (Speedy: speed 25, 120 HP, 50 attack, Kill Shot). The
    Knight goes first and kills Goblin #1 (45 HP <= 50, leftmost of two equal); Goblin #2
    then hits the Knight: 120 -> 110; no counter-attack; three queue entries, two attacks."""
    battle = battle_with(
        [[("Goblin", True), ("Goblin", True)], [("Knight", True)]],
        types=("hardy", "speedy"),
        strategies=("target-mana", "kill-shot"),
    )
    seed = seed_with(first_two_equal=False)
    attack_phase(battle, seed)
    attacks = events(battle, "attack")
    assert [a["attacker"] for a in attacks][0] == "CB1-00"
    assert attacks[0]["target"] == "CB0-00"
    survivors = [a for a in attacks if a["attacker"] != "CB1-00"]
    assert len(survivors) == 1 and survivors[0]["target"] == "CB1-00"
    assert battle["fields"][1][0]["hp"] == 110
    assert len([a for a in attacks if a["attacker"] == "CB1-00"]) == 1


def test_lethal_damage_ends_the_battle_and_stops_the_queue():
    """CB-END-01 / CBR-8: Player 2 has 15 HP and only an inactive Knight. Seat 0's Angry Goblin
    (speed 20, 30 attack) hits first: 15 -> -15, Player 1 wins; the Angry Skeleton (speed 10,
    45 attack) behind it never attacks, so HP stays -15, not -60."""
    battle = battle_with(
        [[("Goblin", True), ("Skeleton", True)], [("Knight", False)]],
        types=("angry", "hardy"),
        hp=(200, 15),
        turn=5,
    )
    attack_phase(battle, "s")
    assert battle["hp"] == [200, -15]
    assert len(events(battle, "attack")) == 1
    assert battle["result"] == {
        "result": "win",
        "winner": 0,
        "reason": "hp_zero",
        "turn": 5,
        "hp": [200, -15],
    }
    assert battle["log"][-1]["kind"] == "end"


def test_exactly_zero_hp_loses():
    """CBR-8: a player at exactly 0 HP has lost (30 damage on 30 HP)."""
    battle = battle_with([[("Goblin", True)], []], types=("angry", "hardy"), hp=(200, 30))
    attack_phase(battle, "s")
    assert battle["hp"][1] == 0 and battle["result"]["winner"] == 0


def test_exhaustion_with_more_hp_wins():
    """CB-END-02 / CBR-8: both decks and fields empty, 120 HP against 90: Player 1 wins on HP
    without playing another turn."""
    battle = battle_with([[], []], hp=(120, 90), turn=12)
    battle["deck_pos"] = [20, 20]
    play_turn(battle, "s")
    assert battle["result"] == {
        "result": "win",
        "winner": 0,
        "reason": "deck_exhaustion",
        "turn": 12,
        "hp": [120, 90],
    }


def test_exhaustion_with_equal_hp_is_a_treaty_draw():
    """CB-END-02 / CBR-8: both empty at 75 HP each: a draw (treaty)."""
    battle = battle_with([[], []], hp=(75, 75), turn=12)
    battle["deck_pos"] = [20, 20]
    play_turn(battle, "s")
    assert battle["result"]["result"] == "draw"
    assert battle["result"]["winner"] is None and battle["result"]["reason"] == "treaty"


def test_a_seat_that_runs_out_alone_keeps_playing():
    """CB-END-03 / CBR-8: seat 0's deck and field are empty, seat 1 still has a Knight (Hardy,
    50 attack): no end yet; the Knight hits Player 1: 200 -> 150 and turn 13 is played."""
    battle = battle_with([[], [("Knight", True)]], turn=12)
    battle["deck_pos"] = [20, 20]
    play_turn(battle, "s")
    assert battle["result"] is None
    assert battle["turn"] == 13
    assert battle["hp"] == [150, 200]
