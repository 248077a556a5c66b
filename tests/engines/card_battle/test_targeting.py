"""Target strategies and their tiebreaks, with concrete numbers (CB-TARGET-*, CBR-6)."""

from games.engines.card_battle.targeting import choose_target


def c(cost: int, hp: int, active: bool = True, attacked: bool = False) -> dict:
    return {"cost": cost, "hp": hp, "active": active, "attacked": attacked}


def test_target_mana_hits_the_highest_cost_card():
    """CB-TARGET-01: Skeleton(2), Wizard(6), Archer(4) -> the Wizard in slot 1."""
    field = [c(2, 25), c(6, 60), c(4, 45)]
    assert choose_target("target-mana", 10, field) == 1


def test_target_mana_ignores_an_inactive_knight():
    """CB-TARGET-05 / CBR-6: the inactive Knight (cost 10) in slot 0 cannot be targeted."""
    field = [c(10, 120, active=False), c(2, 25), c(6, 60)]
    assert choose_target("target-mana", 10, field) == 2


def test_target_mana_tiebreak_prefers_the_card_that_has_not_attacked():
    """CB-TARGET-04: two Wizards (cost 6): the one in slot 0 already attacked -> slot 1."""
    field = [c(6, 60, attacked=True), c(6, 60, attacked=False)]
    assert choose_target("target-mana", 10, field) == 1


def test_target_mana_last_tiebreak_is_the_leftmost_slot():
    """CBR-6: equal cost, neither attacked -> leftmost (slot 1 of the two Archers)."""
    field = [c(1, 15), c(4, 45), c(4, 10)]
    assert choose_target("target-mana", 10, field) == 1


def test_kill_shot_takes_the_strongest_card_it_can_kill():
    """CB-TARGET-02: attack 35 kills Goblin(15) or Skeleton(25), not Archer(45) -> Skeleton."""
    field = [c(1, 15), c(2, 25), c(4, 45)]
    assert choose_target("kill-shot", 35, field) == 1


def test_kill_shot_counts_exact_lethal_as_a_kill():
    """CB-TARGET-02: HP 45 <= attack 45 is killable and beats the Skeleton (25)."""
    field = [c(2, 25), c(4, 45), c(10, 120)]
    assert choose_target("kill-shot", 45, field) == 1


def test_kill_shot_without_a_kill_hits_the_strongest_card():
    """CB-TARGET-02: attack 10 kills nothing -> the Knight with 120 HP (slot 2)."""
    field = [c(2, 25), c(4, 45), c(10, 120), c(6, 60)]
    assert choose_target("kill-shot", 10, field) == 2


def test_kill_shot_tiebreaks_cost_then_fresh_then_leftmost():
    """CB-TARGET-04 / CBR-6 with attack 50: a damaged Wizard (45 HP, cost 6) beats an Archer
    (45 HP, cost 4); between two equal Wizards the one that has not attacked wins; between two
    equal fresh ones the leftmost wins."""
    assert choose_target("kill-shot", 50, [c(4, 45), c(6, 45)]) == 1
    assert choose_target("kill-shot", 50, [c(6, 45, attacked=True), c(6, 45)]) == 1
    assert choose_target("kill-shot", 50, [c(2, 25), c(6, 45), c(6, 45)]) == 1


def test_optimize_damage_picks_the_closest_hp():
    """CB-TARGET-03: attack 25 against 15, 25, 45 -> exactly 25 (slot 1), no waste."""
    assert choose_target("optimize-damage", 25, [c(1, 15), c(2, 25), c(4, 45)]) == 1


def test_optimize_damage_tie_goes_to_the_higher_cost():
    """CB-TARGET-03 + CB-TARGET-04: attack 35: Skeleton 25 and Archer 45 are both 10 away;
    the Archer (cost 4) wins over the Skeleton (cost 2)."""
    field = [c(1, 15), c(2, 25), c(4, 45), c(6, 60)]
    assert choose_target("optimize-damage", 35, field) == 2


def test_optimize_damage_fresh_then_leftmost():
    """CBR-6: equal distance and cost: not-yet-attacked first, then leftmost."""
    assert choose_target("optimize-damage", 20, [c(1, 15, attacked=True), c(1, 15)]) == 1
    assert choose_target("optimize-damage", 20, [c(1, 15), c(1, 15)]) == 0


def test_no_active_enemy_card_means_the_player_is_hit():
    """CB-TARGET-05: only inactive cards (or none) -> None, the attack goes to the player."""
    assert choose_target("kill-shot", 50, [c(10, 120, active=False)]) is None
    assert choose_target("target-mana", 50, []) is None
