"""Attacks, damage, keywords and the block step."""

from games.engines.gundam import ENGINE

from .helpers import (
    act,
    clear_board,
    log_kinds,
    main_phase,
    place,
    rejects,
    resources,
    started,
    unit,
)


def board(seed="combat", **options):
    s = clear_board(started(seed, **options))
    s = main_phase(s)
    resources(s, 0, 3)
    return s


def hit(s, attacker, target="player"):
    return act(s, 0, {"type": "attack", "attacker": attacker, "target": target})


def test_base_takes_damage_first_without_spill():
    """GDR-5 GDR-13 GUN-ZONE-SHIELD: a 5-AP hit destroys the 3-HP EX Base; all 6 Shields stay."""
    s = board()
    big = place(s, 0, "OG01-008")  # 5 AP
    s2 = hit(s, big)
    p = s2["players"][1]
    assert p["base"] is None and len(p["shields"]) == 6
    assert "base_destroyed" in log_kinds(s2)
    assert "gd1-exbase" not in p["trash"]  # a token leaves the game


def test_base_damage_persists_and_then_breaks():
    """GDR-17: 1 AP leaves the EX Base at 2 HP; damage stays on the next attack."""
    s = board()
    a = place(s, 0, "OG01-001")  # 1 AP
    b = place(s, 0, "OG01-002")  # 2 AP
    s = hit(s, a)
    assert s["players"][1]["base"]["damage"] == 1
    assert ENGINE.view(s, 1)["players"][1]["base"]["hp"] == 2
    s = hit(s, b)
    assert s["players"][1]["base"] is None and len(s["players"][1]["shields"]) == 6


def test_one_shield_per_hit_and_revealed_to_trash():
    """GDR-5 GDR-21 GUN-ZONE-TRASH: with no Base, a 7-AP hit removes exactly the top Shield, named in the log, into the trash."""
    s = board()
    s["players"][1]["base"] = None
    top = s["players"][1]["shields"][0]
    z = place(s, 0, "OG01-024")  # 7 AP
    s2 = hit(s, z)
    p = s2["players"][1]
    assert len(p["shields"]) == 5 and p["trash"] == [top]
    entry = [e for e in s2["log"] if e["kind"] == "shield_destroyed"][-1]
    name = ENGINE.view(s2, 0)["players"][1]["trash"][0]["name"]
    assert name in entry["text"] and "5 left" in entry["text"]


def test_attacks_one_at_a_time():
    """GDR-5: three ATTACK moves of one attacker each; each removes one Shield."""
    s = board()
    s["players"][1]["base"] = None
    ids = [place(s, 0, "OG01-016") for _ in range(3)]
    for i, a in enumerate(ids):
        s = hit(s, a)
        assert len(s["players"][1]["shields"]) == 5 - i
        assert unit(s, 0, a)["rested"] is True
    rejects(s, 0, {"type": "attack", "attacker": ids[0], "target": "player"}, "UNIT_CANNOT_ATTACK")


def test_last_shield_is_not_a_loss_but_the_next_hit_is():
    """GDR-6: losing the last Shield keeps the game going; a hit with no Base and no Shields wins."""
    s = board()
    s["players"][1]["base"] = None
    s["players"][1]["shields"] = s["players"][1]["shields"][:1]
    a, b = place(s, 0, "OG01-016"), place(s, 0, "OG01-016")
    s = hit(s, a)
    assert s["players"][1]["shields"] == [] and ENGINE.outcome(s) is None
    s = hit(s, b)
    out = ENGINE.outcome(s)
    assert out.winner == 0 and out.reason == "BATTLE_DAMAGE" and out.result == "win"
    assert ENGINE.prompts(s).step == "over"


def test_unit_fight_simultaneous_damage_persists_and_pilot_goes_along():
    """GDR-7 GDR-17: simultaneous damage; damage ≥ HP destroys; the Pilot goes to the trash too."""
    s = board()
    a = place(s, 0, "OG01-004")  # 3/3
    d = place(s, 1, "OG01-016", rested=True, pilot_no="OG01-026")  # 2+1 / 3+1 = 3/4
    s2 = hit(s, a, d)
    # The attacker (3 HP) took 3 and died; the defender (4 HP) took 3 and survives with damage.
    assert s2["players"][0]["battle"] == [] and a in s2["players"][0]["trash"]
    assert unit(s2, 1, d)["damage"] == 3
    t = board()
    a = place(t, 0, "OG01-009")  # 5/7, no First Strike
    d = place(t, 1, "OG01-016", rested=True, pilot_no="OG01-026")
    pilot = unit(t, 1, d)["pilot"]
    t2 = hit(t, a, d)
    assert t2["players"][1]["trash"] == [d, pilot]
    assert unit(t2, 0, a)["damage"] == 3  # stays after the fight


def test_first_strike_kill_takes_no_damage_back():
    """GUN-KW-FIRST-STRIKE: Raptor (2 AP First Strike) kills a 2-HP-left unit and takes nothing; otherwise normal exchange."""
    s = board()
    r = place(s, 0, "OG01-017")  # 2/3 First Strike
    d = place(s, 1, "OG01-016", rested=True, damage=1)  # 2/3 with 1 damage
    s2 = hit(s, r, d)
    assert unit(s2, 0, r)["damage"] == 0 and s2["players"][1]["battle"] == []
    assert any("First Strike" in e["text"] for e in s2["log"])
    t = board()
    r = place(t, 0, "OG01-017")
    d = place(t, 1, "OG01-016", rested=True)
    t2 = hit(t, r, d)  # no kill: the defender hits back
    assert unit(t2, 0, r)["damage"] == 2 and unit(t2, 1, d)["damage"] == 2
    # Without First Strike the same fight kills the attacker too.
    u = board()
    a = place(u, 0, "OG01-019")  # 2/3
    d = place(u, 1, "OG01-016", rested=True, damage=1)
    u2 = hit(u, a, d)
    assert unit(u2, 0, a)["damage"] == 2


def test_breach_hits_base_then_shield_and_fires_when_attacker_dies():
    """GUN-KW-BREACH: Breach 1 damages the Base first; with no Base one Shield; also when the attacker dies; nothing on an empty area."""
    s = board()
    hound = place(s, 0, "OG01-018")  # 3/3 Breach 1
    d = place(s, 1, "OG01-016", rested=True)  # 2/3
    s2 = hit(s, hound, d)
    assert s2["players"][1]["base"]["damage"] == 1 and len(s2["players"][1]["shields"]) == 6
    assert any("Breach 1" in e["text"] for e in s2["log"])
    t = board()
    t["players"][1]["base"] = None
    hound = place(t, 0, "OG01-018")  # 3/3
    d = place(t, 1, "OG01-004", rested=True)  # 3/3: both die
    t2 = hit(t, hound, d)
    assert t2["players"][0]["battle"] == [] and t2["players"][1]["battle"] == []
    assert len(t2["players"][1]["shields"]) == 5  # Breach fired although the attacker died
    u = board()
    u["players"][1]["base"] = None
    u["players"][1]["shields"] = []
    hound = place(u, 0, "OG01-018")
    d = place(u, 1, "OG01-016", rested=True)
    u2 = hit(u, hound, d)
    assert ENGINE.outcome(u2) is None  # Breach never causes a loss


def test_breach_two_is_one_shield():
    """GUN-KW-BREACH GDR-5: Breach 2 with no Base still destroys exactly one Shield."""
    s = board()
    s["players"][1]["base"] = None
    rav = place(s, 0, "OG01-023")  # 5/5 Breach 2
    d = place(s, 1, "OG01-016", rested=True)
    s2 = hit(s, rav, d)
    assert len(s2["players"][1]["shields"]) == 5


def test_repair_at_end_of_own_turn_only():
    """GUN-KW-REPAIR: Harbor Guard (Repair 1) with 3 damage has 2 after its owner's END_TURN, not the opponent's."""
    s = board()
    g = place(s, 0, "OG01-003", damage=3)
    enemy = place(s, 1, "OG01-003", damage=3)
    s = act(act(s, 0, {"type": "end_main"}), 0, {"type": "end_turn"})
    assert unit(s, 0, g)["damage"] == 2 and unit(s, 1, enemy)["damage"] == 3
    assert any("Repair 1" in e["text"] for e in s["log"])
    healthy = board()
    h = place(healthy, 0, "OG01-009", damage=1)  # Repair 2 never heals above max
    healthy = act(act(healthy, 0, {"type": "end_main"}), 0, {"type": "end_turn"})
    assert unit(healthy, 0, h)["damage"] == 0


# ------------------------------------------------------------------ blocking


def blocking_board():
    s = board("block")
    s["players"][1]["base"] = None
    a = place(s, 0, "OG01-016")  # 2/3
    wall = place(s, 1, "OG01-031")  # Blocker 2/4
    return s, a, wall


def test_attack_pauses_at_block_step_with_timed_prompt():
    """GDR-8 GUN-KW-BLOCKER GUN-X-BLOCK-TIMER: the defender gets a 30 s prompt; the attacker sees who decides."""
    s, a, wall = blocking_board()
    s2 = hit(s, a)
    p = ENGINE.prompts(s2)
    assert p.waiting == {1: "block"} and p.time_limit == 30 and p.step.endswith("block-1")
    assert ENGINE.legal_actions(s2, 1) == [{"type": "block", "unit": wall}, {"type": "pass_block"}]
    assert ENGINE.legal_actions(s2, 0) == []
    v = ENGINE.view(s2, 0)
    assert v["attack"]["deciding"] == 1 and v["attack"]["step"] == "block"
    assert len(s2["players"][1]["shields"]) == 6  # nothing resolved yet
    rejects(s2, 0, {"type": "end_main"}, "INVALID_PHASE")
    rejects(s2, 0, {"type": "pass_block"}, "NOT_YOUR_TURN")


def test_block_redirects_the_attack_to_the_blocker():
    """GUN-KW-BLOCKER: the blocker rests and fights; the Shield is saved."""
    s, a, wall = blocking_board()
    s2 = act(hit(s, a), 1, {"type": "block", "unit": wall})
    assert len(s2["players"][1]["shields"]) == 6
    w = unit(s2, 1, wall)
    assert w["rested"] is True and w["damage"] == 2
    assert unit(s2, 0, a)["damage"] == 2
    assert s2["attack"] is None and ENGINE.prompts(s2).waiting == {0: "main"}


def test_pass_and_timeout_both_let_the_hit_through():
    """GUN-X-BLOCK-TIMER GDR-8: passing, or the prompt timing out, resolves the attack on the player."""
    s, a, _wall = blocking_board()
    paused = hit(s, a)
    passed = act(paused, 1, {"type": "pass_block"})
    timed, events = ENGINE.timeout(paused)
    for after in (passed, timed):
        assert len(after["players"][1]["shields"]) == 5 and after["attack"] is None
    assert any("ran out of time" in e["text"] for e in timed["log"])
    assert any(e["type"] == "shield_destroyed" for e in events)


def test_block_errors():
    """GUN-KW-BLOCKER GUN-ERR-CODES: no block step INVALID_PHASE; a non-Blocker or rested Blocker ABILITY_UNAVAILABLE; an enemy unit INVALID_CARD; the target cannot block for itself."""
    s, a, wall = blocking_board()
    rejects(s, 1, {"type": "block", "unit": wall}, "INVALID_PHASE")
    plain = place(s, 1, "OG01-016")
    tired = place(s, 1, "OG01-031", rested=True)
    paused = hit(s, a)
    rejects(paused, 1, {"type": "block", "unit": plain}, "ABILITY_UNAVAILABLE")
    rejects(paused, 1, {"type": "block", "unit": tired}, "ABILITY_UNAVAILABLE")
    rejects(paused, 1, {"type": "block", "unit": a}, "INVALID_CARD")
    # Attacking the rested blocker itself: only other active Blockers may block.
    t = board("self")
    a2 = place(t, 0, "OG01-016")
    target = place(t, 1, "OG01-031", rested=True)
    other_wall = place(t, 1, "OG01-031")
    paused = hit(t, a2, target)
    assert ENGINE.legal_actions(paused, 1)[0] == {"type": "block", "unit": other_wall}
    paused["attack"]["target"] = other_wall  # forge: a target trying to block for itself
    rejects(paused, 1, {"type": "block", "unit": other_wall}, "INVALID_TARGET")


def test_no_block_step_without_an_active_blocker():
    """GDR-8: with no active Blocker the attack resolves at once."""
    s = board()
    s["players"][1]["base"] = None
    a = place(s, 0, "OG01-016")
    place(s, 1, "OG01-031", rested=True)
    s2 = hit(s, a)
    assert s2["attack"] is None and len(s2["players"][1]["shields"]) == 5


def test_high_maneuver_cannot_be_blocked():
    """GUN-KW-HIGH-MANEUVER: Phantom Wing's attack skips the block step despite an active Blocker."""
    s, _a, _wall = blocking_board()
    wing = place(s, 0, "OG01-032")
    s2 = hit(s, wing)
    assert s2["attack"] is None and len(s2["players"][1]["shields"]) == 5
    assert any("High-Maneuver" in e["text"] for e in s2["log"])


def test_breach_on_a_blocker_kill():
    """GUN-KW-BREACH GUN-KW-BLOCKER: killing the blocker is a battle kill, so Breach fires."""
    s = board()
    s["players"][1]["base"] = None
    rav = place(s, 0, "OG01-023")  # 5 AP Breach 2
    wall = place(s, 1, "OG01-031")  # 4 HP
    s2 = act(hit(s, rav), 1, {"type": "block", "unit": wall})
    assert s2["players"][1]["battle"] == [] and len(s2["players"][1]["shields"]) == 5


def test_start_phase_readies_only_the_active_player():
    """GDR-10 GUN-PHASE-START: after P1's attack, P1's unit stays rested during P2's turn and can be attacked."""
    s = board()
    a = place(s, 0, "OG01-001")
    s = hit(s, a)
    s = act(act(s, 0, {"type": "end_main"}), 0, {"type": "end_turn"})
    assert unit(s, 0, a)["rested"] is True
    s = act(s, 1, {"type": "play_resource"})
    raider = place(s, 1, "OG01-016")
    s = act(s, 1, {"type": "attack", "attacker": raider, "target": a})
    assert unit(s, 0, a)["damage"] == 2  # Sentry Frame (1/3) took 2
    s = act(act(s, 1, {"type": "end_main"}), 1, {"type": "end_turn"})
    # P1's start phase readied P1's resources and units.
    assert all(not r["rested"] for r in s["players"][0]["resources"])
    assert s["players"][0]["resource_played"] is False
    assert unit(s, 0, a)["rested"] is False and unit(s, 0, a)["can_attack"] is True
