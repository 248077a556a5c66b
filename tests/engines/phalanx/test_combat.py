"""Combat math with concrete numbers: overflow, suits, Aces and the combat log."""

import pytest

from games.engines.core import IllegalAction
from games.engines.phalanx import ENGINE, check_entry, resolve_column

from .helpers import EMPTY, c, check_invariants, combat_state


def card(cid, hp=None):
    from games.engines.phalanx.cards import value_of

    return {"id": cid, "hp": value_of(cid) if hp is None else hp}


def steps_of(result):
    return [(s["target"], s.get("absorbed"), s["damage"], s["bonuses"]) for s in result["steps"]]


def test_spade_queen_through_a_heart_back_card_to_lp():
    """PHX-SUIT-004 / PHX-SUIT-002 / PXR-5: Q♠ (11) hits 3♣ (absorbs 3, 8 over), then 2♥
    (absorbs 2, 6 over); LP: 6 x2 (Spade) = 12, /2 (Heart last card) = 6; 20 -> 14."""
    result = resolve_column(c(0, "QS"), card(c(1, "3C")), card(c(1, "2H")), 20)
    assert steps_of(result) == [
        ("frontCard", 3, 3, []),
        ("backCard", 2, 2, []),
        ("playerLp", None, 6, ["spadeDoubleLp", "heartHalveLp"]),
    ]
    assert result["steps"][-1]["incomingDamage"] == 6
    assert result["lpAfter"] == 14 and result["totalLpDamage"] == 6
    assert result["destroyed"] == ["PX1-3C", "PX1-2H"]
    assert result["front"] is None and result["back"] is None


def test_spade_alone_doubles_damage_entering_lp():
    """PHX-SUIT-004 / PXR-5: Q♠ through 3♣ and 2♣: 6 overflow doubles to 12; 20 -> 8."""
    result = resolve_column(c(0, "QS"), card(c(1, "3C")), card(c(1, "2C")), 20)
    assert result["totalLpDamage"] == 12 and result["lpAfter"] == 8
    assert result["steps"][-1]["bonuses"] == ["spadeDoubleLp"]


def test_diamond_five_in_front_absorbs_ten():
    """PHX-SUIT-001 / PXR-3: a front Diamond 5 has effective HP 10: 10♥ is fully absorbed and
    destroys it; nothing reaches the back card or LP."""
    result = resolve_column(c(0, "10H"), card(c(1, "5D")), card(c(1, "4S")), 20)
    front = result["steps"][0]
    assert front["effectiveHp"] == 10 and front["absorbed"] == 10 and front["overflow"] == 0
    assert front["destroyed"] and front["bonuses"] == ["diamondDoubleDefense"]
    assert [s["target"] for s in result["steps"]] == ["frontCard", "playerLp"]
    assert result["back"] == card(c(1, "4S")) and result["lpAfter"] == 20


def test_diamond_loses_half_the_absorbed_damage_rounded_up():
    """PXR-3: a Diamond 5 hit by 6 absorbs 6 and loses ceil(6/2) = 3 HP (5 -> 2); J (11)
    against it: absorbs 10, is destroyed, 1 overflows."""
    hit = resolve_column(c(0, "6H"), card(c(1, "5D")), None, 20)["steps"][0]
    assert (hit["absorbed"], hit["damage"], hit["hpAfter"], hit["destroyed"]) == (6, 3, 2, False)
    jack = resolve_column(c(0, "JH"), card(c(1, "5D")), None, 20)
    assert jack["steps"][0]["absorbed"] == 10 and jack["steps"][0]["overflow"] == 1
    assert jack["lpAfter"] == 19


def test_surviving_diamond_keeps_at_least_one_hp():
    """PXD-1: 9 into a Diamond 5 (effective 10) does not destroy it (PXR-3 needs >= 10), so it
    keeps 1 HP instead of sitting at 0 (ceil(9/2) = 5 would leave 0)."""
    step = resolve_column(c(0, "9H"), card(c(1, "5D")), None, 20)["steps"][0]
    assert (step["absorbed"], step["damage"], step["hpAfter"], step["destroyed"]) == (
        9,
        4,
        1,
        False,
    )


def test_diamond_bonus_only_in_the_front_row():
    """PXR-3 / PHX-SUIT-001: a Diamond in the back row takes overflow at its plain HP."""
    result = resolve_column(c(0, "KH"), card(c(1, "2C")), card(c(1, "6D")), 20)
    back = result["steps"][1]
    assert back["target"] == "backCard" and back["bonuses"] == []
    assert back["incomingDamage"] == 9 and back["absorbed"] == 6 and back["destroyed"]
    assert result["lpAfter"] == 17


def test_queen_against_front_ace_absorbs_one_and_ten_overflow():
    """PHX-OVERFLOW-002 / PHX-ACE-001 / PXR-6: Q♥ vs A♣: the Ace absorbs 1 and stays at 1 HP;
    10 overflow into 9♠ (destroyed), 1 reaches LP."""
    result = resolve_column(c(0, "QH"), card(c(1, "AC")), card(c(1, "9S")), 20)
    ace, back, lp = result["steps"]
    assert (ace["absorbed"], ace["overflow"], ace["hpAfter"], ace["destroyed"]) == (1, 10, 1, False)
    assert ace["damage"] == 0 and ace["bonuses"] == ["aceInvulnerable"]
    assert back["incomingDamage"] == 10 and back["destroyed"] and back["overflow"] == 1
    assert lp["damage"] == 1 and result["lpAfter"] == 19
    assert result["front"] == card(c(1, "AC"))


def test_ace_versus_ace_destroys_the_target_ace():
    """PHX-ACE-001 / PXR-6: A♠ attacking A♥ destroys it (invulnerability does not apply);
    the attacking Ace still deals only 1, so nothing overflows."""
    result = resolve_column(c(0, "AS"), card(c(1, "AH")), card(c(1, "5C")), 20)
    hit = result["steps"][0]
    assert hit["bonuses"] == ["aceVsAce"] and hit["destroyed"] and hit["hpAfter"] == 0
    assert result["baseDamage"] == 1 and hit["overflow"] == 0
    assert result["lpAfter"] == 20 and result["destroyed"] == ["PX1-AH"]


def test_diamond_ace_in_front_still_absorbs_only_one():
    """PXR-6 / PXD-2: a front Diamond Ace absorbs exactly 1 (no x2), so J♥ sends 10 on; no
    Diamond badge is written for an Ace. Against an Ace attacker it is destroyed."""
    result = resolve_column(c(0, "JH"), card(c(1, "AD")), None, 20)
    ace = result["steps"][0]
    assert ace["effectiveHp"] == 1 and ace["absorbed"] == 1 and ace["overflow"] == 10
    assert ace["bonuses"] == ["aceInvulnerable"]
    assert result["lpAfter"] == 10
    versus = resolve_column(c(0, "AC"), card(c(1, "AD")), None, 20)
    assert versus["steps"][0]["destroyed"] and versus["steps"][0]["bonuses"] == ["aceVsAce"]


def test_club_doubles_the_overflow_into_the_back_card():
    """PHX-SUIT-003 / PXR-5: 9♣ destroys 4♠ (5 over); the back card receives 5 x2 = 10, so
    7♠ is destroyed with 3 over, and LP takes 3 (not doubled again)."""
    result = resolve_column(c(0, "9C"), card(c(1, "4S")), card(c(1, "7S")), 20)
    front, back, lp = result["steps"]
    assert front["incomingDamage"] == 9 and front["bonuses"] == []  # not on the front hit
    assert back["incomingDamage"] == 10 and back["bonuses"] == ["clubDoubleOverflow"]
    assert back["absorbed"] == 7 and back["overflow"] == 3
    assert lp["incomingDamage"] == 3 and lp["damage"] == 3 and lp["bonuses"] == []
    assert result["lpAfter"] == 17


def test_club_bonus_needs_damage_overflowing_out_of_a_front_card():
    """PXD-6: with no front card the hit on a back card is the first hit: no Club bonus."""
    result = resolve_column(c(0, "9C"), None, card(c(1, "7S")), 20)
    assert result["steps"][0]["incomingDamage"] == 9 and result["steps"][0]["bonuses"] == []
    assert result["lpAfter"] == 18


def test_heart_last_card_halves_lp_overflow_rounded_down():
    """PHX-SUIT-002 / PXR-4: 10♦ destroys 3♥ with nothing behind: 7 overflow halves to 3."""
    result = resolve_column(c(0, "10D"), card(c(1, "3H")), None, 20)
    assert result["steps"][-1]["bonuses"] == ["heartHalveLp"]
    assert result["totalLpDamage"] == 3 and result["lpAfter"] == 17


def test_a_front_heart_does_not_halve_when_a_later_card_was_hit():
    """PXR-4: the last card hit decides: 10♦ through 3♥ then 2♣ leaves 5, not halved."""
    result = resolve_column(c(0, "10D"), card(c(1, "3H")), card(c(1, "2C")), 20)
    assert result["steps"][-1]["bonuses"] == [] and result["lpAfter"] == 15


def test_an_invulnerable_heart_ace_counts_as_the_last_card():
    """PXR-4 / PXR-5: K♠ into a lone A♥: the Ace absorbs 1, 10 overflow, Spade doubles to 20,
    the Heart Ace halves to 10: LP 20 -> 10."""
    result = resolve_column(c(0, "KS"), card(c(1, "AH")), None, 20)
    assert result["steps"][-1]["bonuses"] == ["spadeDoubleLp", "heartHalveLp"]
    assert result["lpAfter"] == 10


def test_damage_flows_front_then_back_then_lp():
    """PHX-OVERFLOW-001 / PHX-COMBAT-001: K♥ into 4♣ (damaged to 3 HP) then 5♣: absorbs 3,
    8 over; absorbs 5, 3 over; LP 20 -> 17. A card that is not destroyed stops the damage."""
    result = resolve_column(c(0, "KH"), card(c(1, "4C"), 3), card(c(1, "5C")), 20)
    assert [(s["incomingDamage"], s.get("absorbed")) for s in result["steps"]] == [
        (11, 3),
        (8, 5),
        (3, None),
    ]
    assert result["lpAfter"] == 17
    stopped = resolve_column(c(0, "4H"), card(c(1, "9C")), card(c(1, "5C")), 20)
    assert [s["target"] for s in stopped["steps"]] == ["frontCard", "playerLp"]
    assert stopped["front"] == card(c(1, "9C"), 5) and stopped["lpAfter"] == 20


def test_empty_column_sends_damage_straight_to_lp():
    """PHX-COMBAT-001 / PXD-5: with no card in the column, 7♠ hits LP: 7 x2 = 14; LP clamps
    at 0 when the damage exceeds it (PHX-LP-002)."""
    result = resolve_column(c(0, "7S"), None, None, 20)
    assert [s["target"] for s in result["steps"]] == ["playerLp"]
    assert result["lpAfter"] == 6
    assert resolve_column(c(0, "7S"), None, None, 5)["lpAfter"] == 0


def test_lp_step_is_written_even_with_zero_damage():
    """PXR-12: the LP step is always in the log, here with 0 incoming and 0 damage."""
    result = resolve_column(c(0, "2S"), card(c(1, "9C")), None, 20)
    lp = result["steps"][-1]
    assert lp == {
        "target": "playerLp",
        "incomingDamage": 0,
        "damage": 0,
        "lpBefore": 20,
        "lpAfter": 20,
        "bonuses": [],
    }


def attack_state():
    grids = [
        [[c(0, "QS"), c(0, "9C"), None, c(0, "AS")], [c(0, "2D"), c(0, "3D"), None, None]],
        [
            [c(1, "3C"), c(1, "4S"), c(1, "8H"), c(1, "AH")],
            [c(1, "2H"), c(1, "7S"), None, c(1, "5C")],
        ],
    ]
    return combat_state(grids, hands=([c(0, "4D")], [c(1, "6C")]), active=0, turn=3)


def test_engine_attack_writes_a_structured_combat_log_entry():
    """PHX-COMBATLOG-001: turn, attacker {suit, rank}, column, base damage, one step per
    target and the total LP damage; the entry is public in the view."""
    state = attack_state()
    state, events = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-QS", "column": 0})
    entry = state["combat_log"][-1]
    assert entry["turnNumber"] == 3 and entry["targetColumn"] == 0 and entry["baseDamage"] == 11
    assert entry["attackerCard"] == {"id": "PX0-QS", "suit": "S", "rank": "Q"}
    assert [s["target"] for s in entry["steps"]] == ["frontCard", "backCard", "playerLp"]
    assert entry["steps"][0]["card"] == {"id": "PX1-3C", "suit": "C", "rank": "3"}
    assert entry["steps"][0]["hpBefore"] == 3 and entry["steps"][0]["hpAfter"] == 0
    assert entry["totalLpDamage"] == 6 and state["players"][1]["lp"] == 14
    assert [d["id"] for d in entry["destroyed"]] == ["PX1-3C", "PX1-2H"]
    assert state["players"][1]["discard"][-2:] == ["PX1-3C", "PX1-2H"]
    assert ENGINE.view(state, None)["combat_log"][-1]["totalLpDamage"] == 6
    assert events[0]["lp_damage"] == 6
    check_invariants(state)


def test_every_step_verifies_itself_and_tampering_is_caught():
    """PHX-COMBATLOG-002: each step's absorbed/overflow/hp/lp numbers re-check on their own
    and bonuses come from the closed enum; a changed number or a free-form bonus fails."""
    state = attack_state()
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-9C", "column": 1})
    entry = state["combat_log"][-1]
    assert check_entry(entry) == []
    assert entry["steps"][1]["bonuses"] == ["clubDoubleOverflow"]
    bad = {**entry, "steps": [dict(s) for s in entry["steps"]]}
    bad["steps"][0]["absorbed"] = 3
    assert "step 0: absorbed != min(incomingDamage, effectiveHp)" in check_entry(bad)
    bad = {**entry, "steps": [dict(s) for s in entry["steps"]]}
    bad["steps"][1]["bonuses"] = ["clubsAreStrong"]
    assert any("closed enum" in p for p in check_entry(bad))
    bad = {**entry, "steps": [dict(s) for s in entry["steps"]]}
    bad["steps"][2] = {**bad["steps"][2], "lpAfter": 1}
    assert "step 2: lpAfter != max(0, lpBefore - damage)" in check_entry(bad)


def test_only_front_row_cards_attack_and_the_attacker_stays():
    """PHX-COMBAT-001: legal attackers are the front-row cards (back-row cards never attack);
    the attacker is not consumed; the target is the same column."""
    state = attack_state()
    attacks = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "attack"]
    assert attacks == [
        {"type": "attack", "attacker": "PX0-QS", "column": 0},
        {"type": "attack", "attacker": "PX0-9C", "column": 1},
        {"type": "attack", "attacker": "PX0-AS", "column": 3},
    ]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-2D", "column": 0})
    assert err.value.code == "BAD_ATTACKER"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-QS", "column": 2})
    assert err.value.code == "NO_ATTACKER"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-QS", "column": 7})
    assert err.value.code == "BAD_COLUMN"
    after, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-QS", "column": 0})
    assert after["players"][0]["grid"][0][0] == {"id": "PX0-QS", "hp": 11}
    # the damage went to column 0 only
    assert after["players"][1]["grid"][0][1:] == state["players"][1]["grid"][0][1:]


def test_engine_ace_rules_in_play():
    """PHX-ACE-001: A♠ vs A♥ in column 3 destroys the Ace and 5♣ advances to the front."""
    state = attack_state()
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-AS", "column": 3})
    assert "PX1-AH" in state["players"][1]["discard"]
    assert state["players"][1]["grid"][0][3] == {"id": "PX1-5C", "hp": 5}
    assert state["combat_log"][-1]["advanced"]["id"] == "PX1-5C"
    check_invariants(state)


def test_cumulative_damage_persists_between_attacks():
    """PHX-DAMAGE-001 (default cumulative): 4♥ twice into 9♣: 9 -> 5 -> 1."""
    grids = [[[c(0, "4H"), None, None, None], EMPTY], [[c(1, "9C"), None, None, None], EMPTY]]
    state = combat_state(grids)
    attack = {"type": "attack", "attacker": "PX0-4H", "column": 0}
    state, _ = ENGINE.apply(state, 0, attack)
    assert state["players"][1]["grid"][0][0]["hp"] == 5
    state, _ = ENGINE.apply(state, 1, {"type": "pass"})
    state, _ = ENGINE.apply(state, 0, attack)
    assert state["players"][1]["grid"][0][0]["hp"] == 1


def test_per_turn_mode_resets_survivors_after_the_attack():
    """PHX-DAMAGE-001: in per-turn mode the surviving cards of the attacked column return to
    full HP after the attack (after auto-advance); the log keeps the real damage. Q♥ vs 3♣
    in front of 10♠: 3♣ destroyed, 10♠ takes 8 (log: 10 -> 2), advances, and is reset to 10."""
    grids = [
        [[c(0, "QH"), None, None, None], EMPTY],
        [[c(1, "3C"), c(1, "9C"), None, None], [c(1, "10S"), None, None, None]],
    ]
    state = combat_state(grids, mode="per-turn")
    state, _ = ENGINE.apply(state, 0, {"type": "attack", "attacker": "PX0-QH", "column": 0})
    entry = state["combat_log"][-1]
    assert entry["steps"][1]["hpAfter"] == 2 and entry["hpReset"] is True
    assert state["players"][1]["grid"][0][0] == {"id": "PX1-10S", "hp": 10}
    # a surviving front card is reset too; a damaged card in another column is not
    state2 = combat_state(
        [
            [[c(0, "4H"), None, None, None], EMPTY],
            [[c(1, "9C"), (c(1, "8C"), 3), None, None], EMPTY],
        ],
        mode="per-turn",
    )
    state2, _ = ENGINE.apply(state2, 0, {"type": "attack", "attacker": "PX0-4H", "column": 0})
    assert state2["combat_log"][-1]["steps"][0]["hpAfter"] == 5
    assert state2["players"][1]["grid"][0][0]["hp"] == 9
    assert state2["players"][1]["grid"][0][1]["hp"] == 3
