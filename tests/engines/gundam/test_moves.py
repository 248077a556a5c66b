"""Every move's validation order and error codes, and what an accepted move does."""

import copy

from games.engines.gundam import ENGINE

from .helpers import act, clear_board, give, main_phase, place, rejects, resources, started, unit


def fresh_main(seed="moves", regular=3, **options):
    """Seat 0 in its main phase with an empty board and ``regular`` active resources."""
    s = clear_board(started(seed, **options))
    s = main_phase(s)
    resources(s, 0, regular)
    return s


# ------------------------------------------------------------------ PLAY_RESOURCE / SKIP


def test_play_resource_moves_top_card_and_goes_to_main():
    """GUN-MOVE-RESOURCE GDR-2 GDR-1: the top resource enters active, Lv 0 -> 1, phase main."""
    s = started()
    top = s["players"][0]["rdeck"][0]
    s2 = act(s, 0, {"type": "play_resource", "cardId": "ignored-id"})
    p = s2["players"][0]
    assert p["resources"] == [{"id": top, "is_ex": False, "rested": False}]
    assert len(p["rdeck"]) == 9 and p["resource_played"] is True
    assert s2["phase"] == "main"
    assert ENGINE.view(s2, 0)["players"][0]["level"] == 1


def test_skip_resource_is_legal_and_goes_to_main():
    """GUN-PHASE-RESOURCE GDR-2: SKIP_RESOURCE stays legal; only the two resource moves are offered."""
    s = started()
    assert ENGINE.legal_actions(s, 0) == [{"type": "play_resource"}, {"type": "skip_resource"}]
    s2 = act(s, 0, {"type": "skip_resource"})
    assert s2["phase"] == "main" and s2["players"][0]["resources"] == []


def test_play_resource_error_order():
    """GUN-VAL-ORDER GUN-ERR-CODES: GAME_OVER, INVALID_PHASE, NOT_YOUR_TURN, ZONE_FULL, RESOURCE_DECK_EMPTY."""
    s = started()
    rejects(s, 1, {"type": "play_resource"}, "NOT_YOUR_TURN")
    m = main_phase(s)
    # Phase is checked before the seat: seat 1 in seat 0's main phase gets INVALID_PHASE.
    rejects(m, 1, {"type": "play_resource"}, "INVALID_PHASE")
    rejects(m, 0, {"type": "play_resource"}, "INVALID_PHASE")
    empty = copy.deepcopy(s)
    empty["players"][0]["rdeck"] = []
    rejects(empty, 0, {"type": "play_resource"}, "RESOURCE_DECK_EMPTY")
    full = copy.deepcopy(empty)
    resources(full, 0, 15)
    rejects(full, 0, {"type": "play_resource"}, "ZONE_FULL")  # GDR-22, before RESOURCE_DECK_EMPTY
    over = copy.deepcopy(s)
    over["stage"], over["winner"] = "over", 1
    rejects(over, 0, {"type": "play_resource"}, "GAME_OVER")


def test_resource_area_cap_is_fifteen():
    """GDR-22: 14 resources may still grow to 15; 15 is ZONE_FULL."""
    s = started()
    resources(s, 0, 14)
    s2 = act(s, 0, {"type": "play_resource"})
    assert len(s2["players"][0]["resources"]) == 15


# ------------------------------------------------------------------ DEPLOY_UNIT


def test_deploy_pays_enters_active_and_cannot_attack():
    """GUN-MOVE-DEPLOY GDR-9: pay the cost, the unit enters active with can_attack false."""
    s = fresh_main(regular=2)
    cid = give(s, 0, "OG01-004")  # Gullwing Scout Lv2 cost 2
    s2 = act(s, 0, {"type": "deploy", "card": cid})
    u = unit(s2, 0, cid)
    assert u["rested"] is False and u["can_attack"] is False and u["damage"] == 0
    assert [r["rested"] for r in s2["players"][0]["resources"]] == [True, True]
    assert cid not in s2["players"][0]["hand"]
    rejects(s2, 0, {"type": "attack", "attacker": cid, "target": "player"}, "UNIT_CANNOT_ATTACK")


def test_deploy_error_codes_in_order():
    """GUN-VAL-ORDER GUN-MOVE-DEPLOY: INVALID_PHASE, NOT_YOUR_TURN, INVALID_CARD, then cost before level, then ZONE_FULL."""
    s = clear_board(started())
    cid = give(s, 0, "OG01-004")
    rejects(s, 0, {"type": "deploy", "card": cid}, "INVALID_PHASE")  # resource phase
    s = main_phase(s)
    rejects(s, 1, {"type": "deploy", "card": cid}, "NOT_YOUR_TURN")
    rejects(s, 0, {"type": "deploy", "card": "gd9-nope"}, "INVALID_CARD")
    pilot = give(s, 0, "OG01-011")
    rejects(s, 0, {"type": "deploy", "card": pilot}, "INVALID_CARD")
    resources(s, 0, 1)
    # Both too expensive (cost 2 > 1 active) and too high (Lv 2 > 1): cost is reported first.
    rejects(s, 0, {"type": "deploy", "card": cid}, "INSUFFICIENT_RESOURCES")
    walker = give(s, 0, "OG01-002")  # Lv 2 cost 1
    rejects(s, 0, {"type": "deploy", "card": walker}, "INVALID_LEVEL")
    resources(s, 0, 2)
    for _ in range(6):
        place(s, 0, "OG01-001")
    expensive = give(s, 0, "OG01-009")  # cost 5: resources fail before the zone check
    rejects(s, 0, {"type": "deploy", "card": expensive}, "INSUFFICIENT_RESOURCES")
    rejects(s, 0, {"type": "deploy", "card": cid}, "ZONE_FULL")  # GUN-ZONE-BATTLE


def test_seventh_unit_is_zone_full_by_default_and_trashes_with_option():
    """GDR-15 GUN-ZONE-BATTLE: default ZONE_FULL; with seventh_unit_trashes the chosen Unit goes to the trash."""
    s = fresh_main(regular=2)
    ids = [place(s, 0, "OG01-001") for _ in range(6)]
    cid = give(s, 0, "OG01-004")
    rejects(s, 0, {"type": "deploy", "card": cid}, "ZONE_FULL")
    t = fresh_main(regular=2, seventh_unit_trashes=True)
    ids = [place(t, 0, "OG01-001") for _ in range(6)]
    cid = give(t, 0, "OG01-004")
    rejects(t, 0, {"type": "deploy", "card": cid}, "INVALID_TARGET")  # must name a unit
    offered = [a for a in ENGINE.legal_actions(t, 0) if a["type"] == "deploy"]
    assert len(offered) == 6 and {a["trash"] for a in offered} == set(ids)
    t2 = act(t, 0, {"type": "deploy", "card": cid, "trash": ids[2]})
    p = t2["players"][0]
    assert len(p["battle"]) == 6 and ids[2] in p["trash"] and cid in [u["id"] for u in p["battle"]]


def test_base_deploy_replaces_ex_base_then_trashes_old_base():
    """GDR-13: a Base goes to the base slot (EX Base gone, real Base trashed), not counting as a Unit."""
    s = fresh_main(regular=4)
    for _ in range(6):
        place(s, 0, "OG01-001")
    b1 = give(s, 0, "OG01-015")  # Lv 3 cost 2
    s = act(s, 0, {"type": "deploy", "card": b1})  # 6 units do not block a Base
    p = s["players"][0]
    assert p["base"] == {"id": b1, "no": "OG01-015", "damage": 0, "rested": False}
    assert "gd0-exbase" not in p["trash"] and len(p["battle"]) == 6
    b2 = give(s, 0, "OG01-015")
    s = act(s, 0, {"type": "deploy", "card": b2})
    assert s["players"][0]["base"]["id"] == b2 and b1 in s["players"][0]["trash"]
    assert ENGINE.view(s, 1)["players"][0]["base"]["hp"] == 4


# ------------------------------------------------------------------ PAIR_PILOT


def test_pair_adds_bonuses_and_checks_player_level():
    """GUN-MOVE-PAIR GDR-11: Ren (Lv 3) pairs with a Lv-1 Unit at player Lv 3; AP+2 / HP+1."""
    s = fresh_main(regular=3)
    u = place(s, 0, "OG01-001")
    ren = give(s, 0, "OG01-010")
    s2 = act(s, 0, {"type": "pair", "pilot": ren, "unit": u})
    v = ENGINE.view(s2, 1)["players"][0]["battle"][0]
    assert (v["ap"], v["hp"], v["max_hp"]) == (3, 4, 4)
    assert v["pilot"]["name"] == "Ren Takamura"
    rejects(s2, 0, {"type": "pair", "pilot": give(s2, 0, "OG01-011"), "unit": u}, "ZONE_FULL")


def test_pair_error_codes_in_order():
    """GUN-VAL-ORDER GDR-11: INVALID_CARD, INVALID_TARGET, INSUFFICIENT_RESOURCES, INVALID_LEVEL, ZONE_FULL."""
    s = fresh_main(regular=2)
    mine = place(s, 0, "OG01-001")
    theirs = place(s, 1, "OG01-016")
    ren = give(s, 0, "OG01-010")
    not_pilot = give(s, 0, "OG01-001")
    rejects(s, 0, {"type": "pair", "pilot": not_pilot, "unit": mine}, "INVALID_CARD")
    rejects(s, 0, {"type": "pair", "pilot": ren, "unit": theirs}, "INVALID_TARGET")
    rejects(s, 0, {"type": "pair", "pilot": ren, "unit": mine}, "INVALID_LEVEL")  # Lv 3 > 2
    resources(s, 0, 3, rested=3)
    rejects(s, 0, {"type": "pair", "pilot": ren, "unit": mine}, "INSUFFICIENT_RESOURCES")
    rejects(s, 1, {"type": "pair", "pilot": ren, "unit": mine}, "NOT_YOUR_TURN")


def test_link_unit_may_attack_on_the_turn_it_entered():
    """GUN-KW-LINK GDR-9: Tidewarden deployed this turn plus Ren Takamura can attack at once."""
    s = fresh_main(regular=5)
    tide = give(s, 0, "OG01-006")
    s = act(s, 0, {"type": "deploy", "card": tide})
    rejects(s, 0, {"type": "attack", "attacker": tide, "target": "player"}, "UNIT_CANNOT_ATTACK")
    s = act(s, 0, {"type": "pair", "pilot": give(s, 0, "OG01-010"), "unit": tide})
    assert unit(s, 0, tide)["can_attack"] is True
    assert any("Link" in e["text"] for e in s["log"])
    s = act(s, 0, {"type": "attack", "attacker": tide, "target": "player"})
    # 3 + Ren's 2 = 5 AP destroys the 3-HP EX Base; nothing spills onto the Shields.
    assert s["players"][1]["base"] is None and len(s["players"][1]["shields"]) == 6
    # A non-matching pilot does not link.
    t = fresh_main(regular=5)
    scout = give(t, 0, "OG01-004")
    t = act(t, 0, {"type": "deploy", "card": scout})
    t = act(t, 0, {"type": "pair", "pilot": give(t, 0, "OG01-010"), "unit": scout})
    assert unit(t, 0, scout)["can_attack"] is False


# ------------------------------------------------------------------ ATTACK validation


def test_attack_error_codes():
    """GUN-MOVE-ATTACK GDR-7: INVALID_CARD, UNIT_CANNOT_ATTACK (rested / new), INVALID_TARGET (active or own)."""
    s = fresh_main()
    a = place(s, 0, "OG01-001")
    rested = place(s, 0, "OG01-001", rested=True)
    new = place(s, 0, "OG01-001", can_attack=False)
    active_enemy = place(s, 1, "OG01-016")
    rejects(s, 0, {"type": "attack", "attacker": active_enemy, "target": "player"}, "INVALID_CARD")
    rejects(s, 0, {"type": "attack", "attacker": rested, "target": "player"}, "UNIT_CANNOT_ATTACK")
    rejects(s, 0, {"type": "attack", "attacker": new, "target": "player"}, "UNIT_CANNOT_ATTACK")
    rejects(s, 0, {"type": "attack", "attacker": a, "target": active_enemy}, "INVALID_TARGET")
    rejects(s, 0, {"type": "attack", "attacker": a, "target": rested}, "INVALID_TARGET")
    rejects(s, 1, {"type": "attack", "attacker": a, "target": "player"}, "NOT_YOUR_TURN")
    e = act(s, 0, {"type": "end_main"})
    rejects(e, 0, {"type": "attack", "attacker": a, "target": "player"}, "INVALID_PHASE")


# ------------------------------------------------------------------ Commands


def test_command_timing_main_only_and_action_in_end():
    """GDR-12 GDR-19 GUN-PHASE-END: a 【Main】 Command in the end phase is INVALID_PHASE; an 【Action】 one works; the opponent cannot act."""
    s = fresh_main(regular=3)
    mine = place(s, 0, "OG01-001", damage=2)
    enemy = place(s, 1, "OG01-016")
    volley = give(s, 0, "OG01-013")
    patch = give(s, 0, "OG01-012")
    s = act(s, 0, {"type": "end_main"})
    rejects(s, 0, {"type": "command", "card": volley, "target": enemy}, "INVALID_PHASE")
    rejects(s, 1, {"type": "command", "card": patch, "target": mine}, "NOT_YOUR_TURN")
    s2 = act(s, 0, {"type": "command", "card": patch, "target": mine})
    assert unit(s2, 0, mine)["damage"] == 0 and patch in s2["players"][0]["trash"]
    r = started()
    cid = give(r, 0, "OG01-012")
    rejects(
        r, 0, {"type": "command", "card": cid, "target": "x"}, "INVALID_PHASE"
    )  # resource phase


def test_command_error_order_and_effects():
    """GUN-MOVE-ABILITY GUN-VAL-ORDER: INVALID_CARD, INVALID_TARGET, INSUFFICIENT_RESOURCES, INVALID_LEVEL; damage destroys."""
    s = fresh_main(regular=2)
    mine = place(s, 0, "OG01-001")
    enemy = place(s, 1, "OG01-016")  # 2 AP / 3 HP
    volley = give(s, 0, "OG01-013")  # Lv 3 cost 2: deal 2
    rejects(s, 0, {"type": "command", "card": mine, "target": enemy}, "INVALID_CARD")
    rejects(s, 0, {"type": "command", "card": volley}, "INVALID_TARGET")
    rejects(s, 0, {"type": "command", "card": volley, "target": mine}, "INVALID_TARGET")
    rejects(s, 0, {"type": "command", "card": volley, "target": enemy}, "INVALID_LEVEL")
    resources(s, 0, 3, rested=2)
    rejects(s, 0, {"type": "command", "card": volley, "target": enemy}, "INSUFFICIENT_RESOURCES")
    resources(s, 0, 3)
    s2 = act(s, 0, {"type": "command", "card": volley, "target": enemy})
    assert unit(s2, 1, enemy)["damage"] == 2  # commands may target active enemy units
    barrage = give(s2, 0, "OG01-028")
    resources(s2, 0, 4)
    s3 = act(s2, 0, {"type": "command", "card": barrage, "target": enemy})
    assert s3["players"][1]["battle"] == [] and enemy in s3["players"][1]["trash"]
    assert "unit_destroyed" in [e["kind"] for e in s3["log"]]


def test_draw_command_and_rest_command():
    """GUN-X-REST-ACTIVE GUN-CARD-DATA: draw 2 draws; rest needs an active enemy with HP <= 4."""
    s = fresh_main(regular=3)
    logistics = give(s, 0, "OG01-014")
    before = len(s["players"][0]["deck"])
    s2 = act(s, 0, {"type": "command", "card": logistics})
    assert len(s2["players"][0]["hand"]) == 2 and len(s2["players"][0]["deck"]) == before - 2
    t = fresh_main(regular=3)
    small = place(t, 1, "OG01-016")  # 3 HP
    big = place(t, 1, "OG01-007")  # 6 HP
    tired = place(t, 1, "OG01-016", rested=True)
    orders = give(t, 0, "OG01-029")
    rejects(t, 0, {"type": "command", "card": orders, "target": big}, "INVALID_TARGET")
    rejects(t, 0, {"type": "command", "card": orders, "target": tired}, "INVALID_TARGET")
    t2 = act(t, 0, {"type": "command", "card": orders, "target": small})
    assert unit(t2, 1, small)["rested"] is True


def test_ap_this_turn_expires_at_end_of_turn():
    """GUN-MOVE-ENDTURN: Overload Strike's AP+2 lasts until the turn ends."""
    s = fresh_main(regular=2)
    mine = place(s, 0, "OG01-016")
    s = act(s, 0, {"type": "command", "card": give(s, 0, "OG01-027"), "target": mine})
    assert ENGINE.view(s, 0)["players"][0]["battle"][0]["ap"] == 4
    s = act(act(s, 0, {"type": "end_main"}), 0, {"type": "end_turn"})
    assert ENGINE.view(s, 0)["players"][0]["battle"][0]["ap"] == 2


def test_heal_only_removes_existing_damage():
    """GUN-CARD-DATA: healing an undamaged unit is legal but does nothing."""
    s = fresh_main(regular=2)
    mine = place(s, 0, "OG01-001", damage=1)
    s2 = act(s, 0, {"type": "command", "card": give(s, 0, "OG01-012"), "target": mine})
    assert unit(s2, 0, mine)["damage"] == 0


# ------------------------------------------------------------------ Support and Base abilities


def test_support_rests_source_and_buffs_another_unit_on_deploy_turn():
    """GUN-KW-SUPPORT: Longbow Artillery (Support 2), deployed this turn, gives AP+2."""
    s = fresh_main(regular=5)
    bow = give(s, 0, "OG01-005")
    s = act(s, 0, {"type": "deploy", "card": bow})
    ally = place(s, 0, "OG01-001")
    rejects(s, 0, {"type": "support", "unit": bow, "target": bow}, "INVALID_TARGET")
    rejects(s, 0, {"type": "support", "unit": ally, "target": bow}, "ABILITY_UNAVAILABLE")
    enemy = place(s, 1, "OG01-016")
    rejects(s, 0, {"type": "support", "unit": enemy, "target": ally}, "INVALID_CARD")
    rejects(s, 0, {"type": "support", "unit": bow, "target": enemy}, "INVALID_TARGET")
    s2 = act(s, 0, {"type": "support", "unit": bow, "target": ally})
    assert unit(s2, 0, bow)["rested"] is True
    assert ENGINE.view(s2, 0)["players"][0]["battle"][1]["ap"] == 3
    rejects(s2, 0, {"type": "support", "unit": bow, "target": ally}, "ABILITY_UNAVAILABLE")
    assert any("Support 2" in e["text"] for e in s2["log"])


def test_base_ability_rests_base():
    """GDR-12 GUN-MOVE-ABILITY: EX Base has no ability; Forward Camp Kestrel gives AP+1 and rests."""
    s = fresh_main(regular=3)
    ally = place(s, 0, "OG01-016")
    rejects(s, 0, {"type": "base_ability", "target": ally}, "ABILITY_UNAVAILABLE")
    s = act(s, 0, {"type": "deploy", "card": give(s, 0, "OG01-030")})
    rejects(s, 0, {"type": "base_ability", "target": "player"}, "INVALID_TARGET")
    s2 = act(s, 0, {"type": "base_ability", "target": ally})
    assert s2["players"][0]["base"]["rested"] is True and unit(s2, 0, ally)["ap_bonus"] == 1
    rejects(s2, 0, {"type": "base_ability", "target": ally}, "ABILITY_UNAVAILABLE")


# ------------------------------------------------------------------ payment


def test_pay_regular_resources_before_ex():
    """GDR-16: P2 with one regular and the EX Resource pays 1 with the regular; the EX is spent last and leaves."""
    s = fresh_main()
    s = act(act(s, 0, {"type": "end_main"}), 0, {"type": "end_turn"})
    s = act(s, 1, {"type": "play_resource"})
    p = s["players"][1]
    assert [r["is_ex"] for r in p["resources"]] == [True, False]
    s = act(s, 1, {"type": "deploy", "card": give(s, 1, "OG01-016")})
    assert [(r["is_ex"], r["rested"]) for r in s["players"][1]["resources"]] == [
        (True, False),
        (False, True),
    ]
    s = act(s, 1, {"type": "deploy", "card": give(s, 1, "OG01-016")})
    assert [r["is_ex"] for r in s["players"][1]["resources"]] == [False]  # EX gone
    assert ENGINE.view(s, 0)["players"][1]["level"] == 1  # GDR-1 Lv follows the resources


# ------------------------------------------------------------------ ending phases, game over, malformed


def test_end_main_and_end_turn_codes():
    """GUN-MOVE-ENDMAIN GUN-MOVE-ENDTURN: each only in its phase and on your turn."""
    s = started()
    rejects(s, 0, {"type": "end_main"}, "INVALID_PHASE")
    rejects(s, 0, {"type": "end_turn"}, "INVALID_PHASE")
    m = main_phase(s)
    rejects(m, 1, {"type": "end_main"}, "NOT_YOUR_TURN")
    e = act(m, 0, {"type": "end_main"})
    assert e["phase"] == "end"
    rejects(e, 1, {"type": "end_turn"}, "NOT_YOUR_TURN")
    n = act(e, 0, {"type": "end_turn"})
    assert n["current"] == 1 and n["turn"] == 2 and n["phase"] == "resource"


def test_every_move_after_the_game_ends_is_game_over():
    """GUN-ERR-CODES: GAME_OVER comes first for every move."""
    s = started()
    s["stage"], s["winner"], s["reason"] = "over", 1, "BATTLE_DAMAGE"
    for action in (
        {"type": "play_resource"},
        {"type": "deploy", "card": "x"},
        {"type": "pair", "pilot": "x", "unit": "y"},
        {"type": "attack", "attacker": "x", "target": "player"},
        {"type": "command", "card": "x"},
        {"type": "support", "unit": "x", "target": "y"},
        {"type": "base_ability", "target": "y"},
        {"type": "end_main"},
        {"type": "end_turn"},
        {"type": "block", "unit": "x"},
        {"type": "pass_block"},
        {"type": "choose_deck", "deck": {}},
    ):
        rejects(s, 1, action, "GAME_OVER")
    assert ENGINE.legal_actions(s, 0) == [] and ENGINE.prompts(s).step == "over"


def test_malformed_actions():
    """GUN-X-INVALID-ACTION: not a dict, no type, or an unknown type."""
    s = started()
    rejects(s, 0, {"type": "fly"}, "INVALID_ACTION")
    rejects(s, 0, {"card": "x"}, "INVALID_ACTION")
    rejects(s, 0, {"type": "select", "mode": "warp", "card": "x"}, "INVALID_ACTION")
    rejects(s, 5, {"type": "skip_resource"}, "NOT_YOUR_TURN")


# ------------------------------------------------------------------ composition


def test_select_then_target_equals_the_full_move():
    """GUN-X-COMPOSE: select attack + target gives the same result as the one-dict move."""
    s = fresh_main()
    a = place(s, 0, "OG01-016")
    victim = place(s, 1, "OG01-001", rested=True)
    offers = ENGINE.legal_actions(s, 0)
    assert {"type": "select", "mode": "attack", "card": a} in offers
    assert not any(o["type"] == "attack" for o in offers)
    picked = act(s, 0, {"type": "select", "mode": "attack", "card": a})
    assert ENGINE.legal_actions(picked, 0) == [
        {"type": "target", "target": "player"},
        {"type": "target", "target": victim},
        {"type": "cancel"},
    ]
    assert ENGINE.prompts(picked).waiting == {0: "target"}
    via = act(picked, 0, {"type": "target", "target": victim})
    direct = act(s, 0, {"type": "attack", "attacker": a, "target": victim})
    for key in ("players", "log"):
        assert via[key] == direct[key]
    cancelled = act(picked, 0, {"type": "cancel"})
    assert cancelled["pending"] is None
    rejects(cancelled, 0, {"type": "cancel"}, "INVALID_PHASE")
    rejects(cancelled, 0, {"type": "target", "target": "player"}, "INVALID_PHASE")
    # The opponent never sees what is selected.
    assert ENGINE.view(picked, 1)["pending"] is None


def test_select_needs_a_legal_target():
    """GUN-X-COMPOSE: a pilot with no unit to pair is not selectable, and the hand shows why."""
    s = fresh_main()
    ren = give(s, 0, "OG01-010")
    rejects(s, 0, {"type": "select", "mode": "pair", "card": ren}, "INVALID_TARGET")
    hand = {c["id"]: c for c in ENGINE.view(s, 0)["hand"]}
    assert hand[ren]["playable"] is False and hand[ren]["reason"]
