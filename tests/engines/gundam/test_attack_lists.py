"""One ATTACK with a list of attackers (GDR-5), and the board's way of building it."""

from games.engines.gundam import ENGINE

from .helpers import act, clear_board, give, main_phase, place, rejects, resources, started, unit


def board(seed="lists"):
    s = clear_board(started(seed))
    s = main_phase(s)
    resources(s, 0, 3)
    s["players"][1]["base"] = None  # hits go straight to the Shields
    return s


def shields(s):
    return len(s["players"][1]["shields"])


def test_GDR_5_a_list_resolves_one_by_one_in_order():
    """GDR-5: three attackers in one ATTACK: each rests and removes exactly one Shield, in
    list order (the log names them in that order)."""
    s = board()
    ids = [place(s, 0, no) for no in ("OG01-016", "OG01-004", "OG01-001")]
    s2 = act(s, 0, {"type": "attack", "attackers": ids, "target": "player"})
    assert shields(s2) == 3 and s2["attack"] is None
    assert all(unit(s2, 0, a)["rested"] for a in ids)
    said = [e["text"] for e in s2["log"] if e["kind"] == "attack"]
    assert said == [
        "Scout Raider SR-1 attacks Player 2.",
        "Gullwing Scout attacks Player 2.",
        "Sentry Frame SF-1 attacks Player 2.",
    ]


def test_GDR_5_a_list_of_one_is_a_single_attack():
    """GDR-5: ``attackers`` with one id, and the single ``attacker`` key, are the same move."""
    s = board()
    a = place(s, 0, "OG01-016")
    listed = act(s, 0, {"type": "attack", "attackers": [a], "target": "player"})
    single = act(s, 0, {"type": "attack", "attacker": a, "target": "player"})
    assert listed["players"] == single["players"] and shields(listed) == 5


def test_GDR_5_every_attacker_is_checked_first_and_the_first_error_refuses_the_move():
    """GDR-5 GUN-VAL-ORDER: a rested or just-deployed attacker anywhere in the list is
    UNIT_CANNOT_ATTACK; an enemy or unknown id INVALID_CARD; nothing resolves (the helper
    checks the state is unchanged), and the first failing attacker decides the code."""
    s = board()
    ok = place(s, 0, "OG01-016")
    tired = place(s, 0, "OG01-016", rested=True)
    fresh = place(s, 0, "OG01-016", can_attack=False)
    enemy = place(s, 1, "OG01-016")
    err = rejects(
        s, 0, {"type": "attack", "attackers": [ok, tired], "target": "player"}, "UNIT_CANNOT_ATTACK"
    )
    assert "rested" in err.message
    err = rejects(
        s, 0, {"type": "attack", "attackers": [ok, fresh], "target": "player"}, "UNIT_CANNOT_ATTACK"
    )
    assert "entered this turn" in err.message
    rejects(s, 0, {"type": "attack", "attackers": [ok, enemy], "target": "player"}, "INVALID_CARD")
    # The first bad attacker wins: rested before foreign, foreign before rested.
    rejects(
        s,
        0,
        {"type": "attack", "attackers": [tired, enemy], "target": "player"},
        "UNIT_CANNOT_ATTACK",
    )
    rejects(
        s, 0, {"type": "attack", "attackers": [enemy, tired], "target": "player"}, "INVALID_CARD"
    )
    rejects(s, 0, {"type": "attack", "attackers": [ok, ok], "target": "player"}, "INVALID_CARD")
    for bad in ([], "x", None, {"a": 1}, [["x"]]):
        rejects(s, 0, {"type": "attack", "attackers": bad, "target": "player"}, "INVALID_CARD")


def test_GDR_5_more_than_one_attacker_on_a_unit_is_invalid_target():
    """GDR-5 GDR-7: a Unit target takes exactly one attacker; two are INVALID_TARGET."""
    s = board()
    a, b = place(s, 0, "OG01-004"), place(s, 0, "OG01-016")  # a: 3 AP
    victim = place(s, 1, "OG01-001", rested=True)  # 1/3
    rejects(s, 0, {"type": "attack", "attackers": [a, b], "target": victim}, "INVALID_TARGET")
    s2 = act(s, 0, {"type": "attack", "attackers": [a], "target": victim})
    assert all(u["id"] != victim for u in s2["players"][1]["battle"])


def test_GDR_5_the_list_stops_when_the_game_ends_and_the_rest_stay_active():
    """GDR-5 GDR-6: one Shield left: the first hit takes it, the second wins the game, the
    third attacker never attacks and stays active."""
    s = board()
    s["players"][1]["shields"] = s["players"][1]["shields"][:1]
    ids = [place(s, 0, "OG01-016") for _ in range(3)]
    s2 = act(s, 0, {"type": "attack", "attackers": ids, "target": "player"})
    out = ENGINE.outcome(s2)
    assert out.winner == 0 and out.reason == "BATTLE_DAMAGE"
    assert [unit(s2, 0, a)["rested"] for a in ids] == [True, True, False]
    assert len([e for e in s2["log"] if e["kind"] == "attack"]) == 2


def test_GDR_5_each_attacker_gets_its_own_block_window():
    """GDR-5 GDR-8 GUN-KW-BLOCKER: the defender decides on each attacker in turn: pass on
    the first (a Shield goes), then block the second with the Blocker (the Shield stays)."""
    s = board()
    a, b = place(s, 0, "OG01-016"), place(s, 0, "OG01-004")
    wall = place(s, 1, "OG01-031")  # Blocker 2/4
    s1 = act(s, 0, {"type": "attack", "attackers": [a, b], "target": "player"})
    first = ENGINE.prompts(s1)
    assert first.waiting == {1: "block"} and s1["attack"]["attacker"] == a
    assert unit(s1, 0, b)["rested"] is False  # still waiting its turn
    view = ENGINE.view(s1, 1)["attack"]
    assert [q["name"] for q in view["queue"]] == ["Gullwing Scout"]
    s2 = act(s1, 1, {"type": "pass_block"})
    second = ENGINE.prompts(s2)
    assert second.waiting == {1: "block"} and second.step != first.step
    assert s2["attack"]["attacker"] == b and shields(s2) == 5
    s3 = act(s2, 1, {"type": "block", "unit": wall})
    assert s3["attack"] is None and shields(s3) == 5
    assert unit(s3, 1, wall)["damage"] == 3 and ENGINE.prompts(s3).waiting == {0: "main"}
    # A timeout passes just as a pass does, and the next attacker's window follows.
    t2, _ = ENGINE.timeout(s1)
    assert t2["attack"]["attacker"] == b and shields(t2) == 5


def test_GDR_5_board_toggles_several_attackers_then_one_target():
    """GDR-5 GUN-X-COMPOSE: select a first attacker, add a second with toggle_attacker:
    only the opponent stays a target; taking it out again brings Unit targets back."""
    s = board()
    a, b = place(s, 0, "OG01-016"), place(s, 0, "OG01-004")
    tired = place(s, 0, "OG01-001", rested=True)
    victim = place(s, 1, "OG01-001", rested=True)
    s = act(s, 0, {"type": "select", "mode": "attack", "card": a})
    legal = ENGINE.legal_actions(s, 0)
    assert {"type": "target", "target": victim} in legal
    assert {"type": "toggle_attacker", "card": b} in legal
    assert {"type": "toggle_attacker", "card": tired} not in legal
    assert ENGINE.action_label(s, 0, {"type": "toggle_attacker", "card": b}) == (
        "Add Gullwing Scout to the attack"
    )
    rejects(s, 0, {"type": "toggle_attacker", "card": tired}, "UNIT_CANNOT_ATTACK")
    rejects(s, 0, {"type": "toggle_attacker", "card": a}, "INVALID_TARGET")  # the last one
    s = act(s, 0, {"type": "toggle_attacker", "card": b})
    legal = ENGINE.legal_actions(s, 0)
    assert [x for x in legal if x["type"] == "target"] == [{"type": "target", "target": "player"}]
    assert ENGINE.view(s, 0)["pending"]["attacker_names"] == ["Scout Raider SR-1", "Gullwing Scout"]
    assert ENGINE.view(s, 1)["pending"] is None  # the plan is the attacker's own
    rejects(s, 0, {"type": "target", "target": victim}, "INVALID_TARGET")
    back = act(s, 0, {"type": "toggle_attacker", "card": b})
    assert {"type": "target", "target": victim} in ENGINE.legal_actions(back, 0)
    done = act(s, 0, {"type": "target", "target": "player"})
    assert shields(done) == 4 and done["pending"] is None
    assert unit(done, 0, a)["rested"] and unit(done, 0, b)["rested"]
    rejects(done, 0, {"type": "toggle_attacker", "card": b}, "INVALID_PHASE")


def test_GDR_15_seventh_unit_trashes_view_agrees_with_legal_actions_for_a_base():
    """GDR-15 GDR-13: with seventh_unit_trashes on and a Unit in play, a Base in hand is
    playable in the view exactly as legal_actions offers it and apply accepts it."""
    s = clear_board(started("trash7", seventh_unit_trashes=True))
    s = main_phase(s)
    resources(s, 0, 4)
    place(s, 0, "OG01-001")
    base = give(s, 0, "OG01-015")
    unit_card = give(s, 0, "OG01-004")
    hand = {c["id"]: c for c in ENGINE.view(s, 0)["hand"]}
    assert hand[base]["playable"] and hand[base]["reason"] == ""
    assert hand[unit_card]["playable"]
    offered = [a for a in ENGINE.legal_actions(s, 0) if a["type"] == "deploy"]
    assert {"type": "deploy", "card": base} in offered
    assert act(s, 0, {"type": "deploy", "card": base})["players"][0]["base"]["id"] == base
    # With six Units the view still says a Unit is playable (by trashing one).
    for _ in range(5):
        place(s, 0, "OG01-001")
    hand = {c["id"]: c for c in ENGINE.view(s, 0)["hand"]}
    assert hand[base]["playable"] and hand[unit_card]["playable"]


def test_GDR_22_no_sixth_ex_resource_and_none_past_fifteen():
    """GDR-22: an EX Resource is not created when the area holds 5 EX or 15 resources."""
    from games.engines.gundam.flow import add_ex_resource

    s = clear_board(started("excap"))
    resources(s, 1, 0, ex=5)
    assert add_ex_resource(s, 1, "gd1-exres-extra") is False
    assert sum(r["is_ex"] for r in s["players"][1]["resources"]) == 5
    assert "no EX Resource" in s["log"][-1]["text"]
    resources(s, 1, 15)
    assert add_ex_resource(s, 1, "gd1-exres-extra") is False
    assert len(s["players"][1]["resources"]) == 15
    resources(s, 1, 14, ex=0)
    assert add_ex_resource(s, 1, "gd1-exres-extra") is True
    assert s["players"][1]["resources"][-1] == {
        "id": "gd1-exres-extra",
        "is_ex": True,
        "rested": False,
    }


def test_GDR_11_a_link_condition_naming_the_pilots_trait_links(monkeypatch):
    """GDR-11: a Unit whose link names a trait links with any Pilot of that trait (and a
    Pilot of the other trait does not)."""
    from games.engines.gundam import cards

    linked = dict(cards.CARD_POOL["OG01-002"], link="Coalition")
    monkeypatch.setitem(cards.CARD_POOL, "OG01-002", linked)
    s = clear_board(started("trait"))
    s = main_phase(s)
    resources(s, 0, 5)
    walker = give(s, 0, "OG01-002")
    s = act(s, 0, {"type": "deploy", "card": walker})
    red = act(s, 0, {"type": "pair", "pilot": give(s, 0, "OG01-026"), "unit": walker})
    assert unit(red, 0, walker)["can_attack"] is False  # Lio Brandt is Vanguard
    blue = act(s, 0, {"type": "pair", "pilot": give(s, 0, "OG01-011"), "unit": walker})
    assert unit(blue, 0, walker)["can_attack"] is True  # Mira Osei is Coalition
    assert ENGINE.view(blue, 1)["players"][0]["battle"][0]["link"] is True


def test_GUN_MOVE_DEPLOY_position_places_the_unit_or_is_refused():
    """GUN-MOVE-DEPLOY: the seed's ``position`` puts the Unit at that place of the battle
    area (0 first); a place past the next free one, a non-number or a Base's position is
    INVALID_TARGET."""
    s = clear_board(started("position"))
    s = main_phase(s)
    resources(s, 0, 5)
    first, second = place(s, 0, "OG01-001"), place(s, 0, "OG01-001")
    new = give(s, 0, "OG01-004")
    s2 = act(s, 0, {"type": "deploy", "card": new, "position": 1})
    assert [u["id"] for u in s2["players"][0]["battle"]] == [first, new, second]
    s3 = act(s, 0, {"type": "deploy", "card": new, "position": 2})
    assert [u["id"] for u in s3["players"][0]["battle"]][-1] == new
    for bad in (3, -1, "1", 1.0, True, [0]):
        err = rejects(s, 0, {"type": "deploy", "card": new, "position": bad}, "INVALID_TARGET")
        assert "position must be" in err.message
    base = give(s, 0, "OG01-015")
    rejects(s, 0, {"type": "deploy", "card": base, "position": 0}, "INVALID_TARGET")
    assert (
        act(s, 0, {"type": "deploy", "card": new, "position": None})["players"][0]["battle"][-1][
            "id"
        ]
        == new
    )
