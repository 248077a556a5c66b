"""Turn flow: draws, deck-out, the hand limit, visibility of zones."""

import json

from games.engines.gundam import ENGINE

from .helpers import act, clear_board, give, main_phase, place, rejects, started


def pass_turn(s):
    seat = s["current"]
    s = act(s, seat, {"type": "skip_resource"})
    s = act(s, seat, {"type": "end_main"})
    return act(s, seat, {"type": "end_turn"})


def test_turn_cycle_draws_one_and_switches_player():
    """GUN-PHASE-ORDER GUN-PHASE-DRAW GUN-MOVE-ENDTURN: P2 draws 1 on turn 2; turns alternate."""
    s = started()
    s2 = pass_turn(s)
    assert s2["turn"] == 2 and s2["current"] == 1 and s2["phase"] == "resource"
    assert len(s2["players"][1]["hand"]) == 6 and len(s2["players"][1]["deck"]) == 38
    s3 = pass_turn(s2)
    assert s3["turn"] == 3 and s3["current"] == 0 and len(s3["players"][0]["hand"]) == 6


def test_deck_out_when_the_last_card_is_drawn():
    """GDR-4: drawing the last card is an immediate loss (DECK_OUT)."""
    s = started()
    s["players"][1]["deck"] = s["players"][1]["deck"][:1]
    s2 = pass_turn(s)
    out = ENGINE.outcome(s2)
    assert out.winner == 0 and out.reason == "DECK_OUT"
    assert ENGINE.legal_actions(s2, 1) == []


def test_deck_out_from_an_effect_draw():
    """GDR-4: a Command draw that empties the deck also loses at once."""
    s = clear_board(started())
    s = main_phase(s)
    from .helpers import resources

    resources(s, 0, 3)
    s["players"][0]["deck"] = s["players"][0]["deck"][:2]
    s2 = act(s, 0, {"type": "command", "card": give(s, 0, "OG01-014")})
    assert ENGINE.outcome(s2).winner == 1 and ENGINE.outcome(s2).reason == "DECK_OUT"
    t = clear_board(started())
    t = main_phase(t)
    resources(t, 0, 3)
    t["players"][0]["deck"] = t["players"][0]["deck"][:3]
    t2 = act(t, 0, {"type": "command", "card": give(t, 0, "OG01-014")})
    assert ENGINE.outcome(t2) is None and len(t2["players"][0]["deck"]) == 1


def test_hand_limit_default_discards_the_last_cards():
    """GDR-14 GDR-18: with 9 cards at END_TURN, the last 2 in hand order go to the trash."""
    s = clear_board(started())
    ids = [give(s, 0, "OG01-001") for _ in range(9)]
    s = act(main_phase(s), 0, {"type": "end_main"})
    assert ENGINE.action_label(s, 0, {"type": "end_turn"}) == "End turn (discard last 2)"
    s2 = act(s, 0, {"type": "end_turn"})
    assert s2["players"][0]["hand"] == ids[:7] and s2["players"][0]["trash"] == ids[7:]
    assert any(e["kind"] == "discard" for e in s2["log"])


def test_hand_limit_chosen_discards_and_bad_selections():
    """GDR-18 GUN-X-COMPOSE: the player names exactly the excess; a wrong selection is INVALID_TARGET."""
    s = clear_board(started())
    ids = [give(s, 0, "OG01-001") for _ in range(8)]
    s = act(main_phase(s), 0, {"type": "end_main"})
    rejects(s, 0, {"type": "end_turn", "discard": [ids[0], ids[1]]}, "INVALID_TARGET")
    rejects(s, 0, {"type": "end_turn", "discard": ["gd9-x"]}, "INVALID_TARGET")
    rejects(s, 0, {"type": "end_turn", "discard": []}, "INVALID_TARGET")
    marked = act(s, 0, {"type": "toggle_discard", "card": ids[0]})
    offers = ENGINE.legal_actions(marked, 0)
    assert {"type": "end_turn", "discard": [ids[0]]} in offers
    rejects(marked, 0, {"type": "toggle_discard", "card": ids[1]}, "INVALID_TARGET")  # only 1
    unmarked = act(marked, 0, {"type": "toggle_discard", "card": ids[0]})
    assert unmarked["pending"]["cards"] == []
    s2 = act(marked, 0, {"type": "end_turn", "discard": [ids[0]]})
    assert s2["players"][0]["trash"] == [ids[0]] and len(s2["players"][0]["hand"]) == 7


def test_hand_limit_ten_option():
    """GDR-14: with hand_limit 10, nine cards are kept."""
    s = clear_board(started(hand_limit=10))
    for _ in range(9):
        give(s, 0, "OG01-001")
    s = act(act(main_phase(s), 0, {"type": "end_main"}), 0, {"type": "end_turn"})
    assert len(s["players"][0]["hand"]) == 9
    rejects(
        act(main_phase(clear_board(started())), 0, {"type": "end_main"}),
        0,
        {"type": "toggle_discard", "card": "gd0-m00"},
        "INVALID_CARD",
    )


def test_selection_is_dropped_when_the_phase_ends():
    """GUN-PHASE-MAIN: a pending selection does not survive END_MAIN_PHASE."""
    s = clear_board(started())
    s = main_phase(s)
    a = place(s, 0, "OG01-001")
    s = act(s, 0, {"type": "select", "mode": "attack", "card": a})
    s = act(s, 0, {"type": "end_main"})
    assert s["pending"] is None and s["phase"] == "end"


def test_hand_is_owner_only_and_counts_are_public():
    """GUN-ZONE-HAND GUN-ZONE-DECK GUN-ZONE-SHIELD: the opponent sees counts, never ids."""
    s = started()
    opp_hand = s["players"][1]["hand"]
    v0 = ENGINE.view(s, 0)
    assert [c["id"] for c in v0["hand"]] == s["players"][0]["hand"]
    assert v0["players"][1]["hand_count"] == 5 and v0["players"][1]["shields"] == 6
    assert v0["players"][1]["deck_count"] == 39
    text = json.dumps(v0)
    for cid in (
        opp_hand + s["players"][1]["shields"] + s["players"][0]["shields"] + s["players"][0]["deck"]
    ):
        assert f'"{cid}"' not in text
    assert ENGINE.view(s, None)["hand"] == []


def test_resource_area_and_trash_are_public():
    """GUN-ZONE-RESOURCE GUN-ZONE-TRASH GUN-ZONE-REMOVAL: rested state and EX are visible; trash lists cards; removal is empty."""
    s = started()
    v = ENGINE.view(s, None)
    assert v["players"][1]["resources"] == [{"is_ex": True, "rested": False}]
    assert v["players"][0]["trash"] == [] and v["players"][0]["removal"] == []
    s = clear_board(s)
    s = main_phase(s)
    cid = give(s, 0, "OG01-001")
    s["players"][0]["hand"].remove(cid)
    s["players"][0]["trash"].append(cid)
    assert ENGINE.view(s, 1)["players"][0]["trash"][0]["name"] == "Sentry Frame SF-1"


def test_log_is_public_and_never_names_a_draw():
    """GUN-X-LOG: draws are not named; turns and resources are logged."""
    s = pass_turn(started())
    kinds = [e["kind"] for e in s["log"]]
    assert "turn" in kinds and "resource" in kinds
    drawn = s["players"][1]["hand"][-1]
    name = ENGINE.view(s, 1)["hand"][-1]["name"]
    assert drawn not in json.dumps(s["log"])
    assert not any("draws" in e["text"] and name in e["text"] for e in s["log"])


def test_spec_codes_keep_their_cases():
    """GDR-23: the five spec codes are used exactly for their cases (phase, turn, cost, level, zone)."""
    s = clear_board(started())
    rejects(s, 0, {"type": "end_main"}, "INVALID_PHASE")
    rejects(s, 1, {"type": "skip_resource"}, "NOT_YOUR_TURN")
    s = main_phase(s)
    rejects(s, 0, {"type": "deploy", "card": give(s, 0, "OG01-001")}, "INSUFFICIENT_RESOURCES")


def test_log_keeps_every_destruction_for_the_whole_match():
    """GUN-X-LOG: after a full bot match the log still lists every Shield destroyed."""
    from .test_playouts import bot_match

    s = bot_match({}, "log-keep")
    destroyed = sum(6 - len(p["shields"]) for p in s["players"])
    assert destroyed > 0
    assert sum(1 for e in s["log"] if e["kind"] == "shield_destroyed") == destroyed
    assert (
        sum(
            1
            for e in s["log"]
            if e["kind"]
            not in ("shield_destroyed", "base_destroyed", "unit_destroyed", "keyword", "game_over")
        )
        <= 60
    )
