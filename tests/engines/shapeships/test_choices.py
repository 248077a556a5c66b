"""Choices the documents leave open (SSX-*) and remaining content rules (SSG-*)."""

import pytest

from games.engines.core import IllegalAction

from .support import (
    E,
    codes,
    confirm_waiting,
    edited,
    finish_turn,
    give,
    pause_in_battle,
    play,
    start,
)


def test_targets_are_chosen_by_type_then_by_copy():
    """SSX-COPY: two Antlions that differ ask for the copy; choosing the charged one
    destroys it. SSG-FS: only Basic enemy ships are offered."""
    s = start("human", "xenite")
    give(s, 0, "GUA", charges=2)
    give(s, 1, "ANT", charges=0)
    give(s, 1, "ANT", charges=1)
    give(s, 1, "DSW")
    s = confirm_waiting(s)
    targets = {a["target"] for a in E.legal_actions(s, 0) if a["type"] == "strike"}
    assert targets == {"ANT"}  # the Defense Swarm is Upgraded
    gua = s["players"][0]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": gua, "target": "ANT"})
    charged = max(s["players"][1]["fleet"], key=lambda x: x["charges"] or 0)["id"]
    s = play(s, 0, {"type": "copy", "ship": charged}, {"type": "confirm"})
    left = [x for x in s["players"][1]["fleet"] if x["code"] == "ANT"]
    assert [x["charges"] for x in left] == [0]


def test_charges_spend_the_least_charged_ship_first():
    """SSX-SPEND: with Ships of Wisdom at 2 and 1 charges, the one at 1 is emptied."""
    s = start("centaur", "human")
    give(s, 0, "WIS", charges=2)
    give(s, 0, "WIS", charges=1)
    s = confirm_waiting(s)
    s = play(s, 0, {"type": "charge", "ship": "WIS", "option": "deal"}, {"type": "confirm"})
    assert sorted(x["charges"] for x in s["players"][0]["fleet"]) == [0, 2]


def test_upgrades_consume_the_oldest_fitting_components_and_need_depleted_ones():
    """SSX-COMPONENTS, SSG-UPGRADE: an Earth Ship needs a Carrier with no charges left; a
    charged Carrier is refused, an empty one is consumed."""
    s = pause_in_battle(edited(start(), lines=[7, 0]))
    give(s, 0, "DEF", 2)
    give(s, 0, "ORB")
    give(s, 0, "CAR", charges=1)
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "upgrade", "ship": "EAR"})
    assert "CAR(0)" in err.value.message
    carrier = [x for x in s["players"][0]["fleet"] if x["code"] == "CAR"][0]["id"]
    first_def = s["players"][0]["fleet"][0]["id"]
    # The Carrier makes a Defender with its last charge, so it is empty for the upgrade.
    s = play(s, 0, {"type": "carrier", "ship": carrier, "make": "DEF"})
    s = play(s, 0, {"type": "upgrade", "ship": "EAR"}, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    assert codes(s, 0) == ["DEF", "EAR"]
    consumed = {x["ship"]["id"] for x in s["turnstate"]["lost"]}
    assert first_def in consumed and carrier in consumed


def test_ships_made_by_powers_trigger_their_once_only_effects():
    """SSX-MADE-ONCE: a Xenite made by a Bug Breeder heals 1 once."""
    s = start("xenite", "human")
    give(s, 0, "BUG", charges=4)
    s = finish_turn(s)
    assert s["players"][0]["health"] == 26


def test_zenith_destroyed_makes_two_xenites_that_heal_once():
    """SSX-ZENITH: a Zenith destroyed in First Strike makes 2 Xenites (heal 1 each)."""
    s = start("xenite", "human")
    give(s, 0, "ZEN")
    give(s, 1, "GUA", charges=2)
    s["dice"]["effective"] = [1, 1]  # the Zenith makes nothing in the prelude on a 1
    s = confirm_waiting(s)
    gua = s["players"][1]["fleet"][0]["id"]
    s = play(s, 1, {"type": "strike", "source": gua, "target": "ZEN"}, {"type": "confirm"})
    s = finish_turn(s)
    assert codes(s, 0) == ["XEN", "XEN"]
    assert s["summary"]["after"][0] == 27


def test_evolving_is_not_making_a_ship():
    """SSX-EVOLVE: an Evolver conversion does not count as a ship made for a Queen."""
    s = pause_in_battle(edited(start("xenite", "human"), lines=[0, 0]))
    give(s, 0, "EVO")
    give(s, 0, "XEN")
    give(s, 0, "QUE")
    s = play(s, 0, {"type": "evolve", "into": "AST"}, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    # made this turn: the Queen's Xenite only, which the Queen does not count.
    assert s["turnstate"]["made"][0] == 1 and s["turnstate"]["queen_made"][0] == 1
    assert "AST" in codes(s, 0)


def test_keeping_the_die_ends_that_seats_reroll_passes():
    """SSX-REROLL, SSG-DICE: with 2 Arks of Knowledge, keeping in pass 1 means no pass 2."""
    s = start("centaur", "human")
    give(s, 0, "KNO", 2)
    s = finish_turn(s)
    assert E.prompts(s).step.endswith("pass1")
    s = play(s, 0, {"type": "keep"})
    assert s["step"] == "drawing" and s["dice"]["history"] == [s["dice"]["main"]]


def test_two_arks_allow_two_rerolls():
    """SSG-DICE: owners of 2 Arks get up to 2 rerolls of the shared die."""
    s = start("centaur", "human")
    give(s, 0, "KNO", 2)
    s = finish_turn(s)
    s = play(s, 0, {"type": "reroll"})
    assert E.prompts(s).step.endswith("pass2")
    s = play(s, 0, {"type": "reroll"})
    assert s["step"] == "drawing" and len(s["dice"]["history"]) == 3


def test_lines_above_twelve_can_be_spent_before_the_cap():
    """SSX-CAP-TIME, SSG-CAP: the 12-line cap applies to what is saved after Drawing, so 20
    lines can still pay for a Starship and a Carrier this turn."""
    s = pause_in_battle(edited(start(), lines=[20, 0]))
    s = play(s, 0, {"type": "build", "ship": "STA"}, {"type": "build", "ship": "CAR"})
    s = confirm_waiting(s)
    assert s["players"][0]["lines"] == 6


def test_declared_charge_still_resolves_when_its_ship_is_destroyed_by_equality():
    """SSG-CHARGE: an Antlion that declared "deal 3" and is destroyed by a Ship of Equality
    in the same reveal still deals 3; charges work on the build turn (SSC-4)."""
    s = start("xenite", "centaur")
    give(s, 0, "ANT", charges=1)
    give(s, 1, "EQU", charges=2)
    give(s, 1, "ANG")
    s = confirm_waiting(s)
    s = play(s, 0, {"type": "charge", "ship": "ANT", "option": "deal"}, {"type": "confirm"})
    s = play(
        s,
        1,
        {"type": "charge", "ship": "EQU", "option": "equality", "own": "ANG", "enemy": "ANT"},
        {"type": "confirm"},
    )
    s = finish_turn(s)
    assert codes(s, 0) == [] and codes(s, 1) == ["EQU"]
    assert s["summary"]["after"] == [25, 22]


def test_a_stolen_ship_works_for_its_thief_and_once_effects_stay_with_the_builder():
    """SSX-STOLEN: a Fighter stolen by an Ark of Domination deals for the thief this turn."""
    s = start("centaur", "human")
    give(s, 0, "DOM", built_turn=1)
    give(s, 1, "FIG")
    s = confirm_waiting(s)
    dom = s["players"][0]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": dom, "target": "FIG"}, {"type": "confirm"})
    s = finish_turn(s)
    assert codes(s, 0) == ["DOM", "FIG"]
    fig = [e for e in s["summary"]["effects"] if e["source"] == "FIG"][0]
    assert fig["owner"] == 0 and fig["target"] == 1 and fig["applied"]


def test_prelude_results_are_hidden_until_reveal():
    """SSX-PRELUDE-HIDDEN: Bug Breeder charges and its Xenite stay hidden during Drawing."""
    s = start("xenite", "human")
    give(s, 0, "BUG", charges=4)
    own = E.view(s, 0)["me"]["plan"]
    assert own["prelude"] == ["Bug Breeder made a Xenite"]
    opp = E.view(s, 1)["players"][0]
    assert [g["code"] for g in opp["fleet"]] == ["BUG"] and opp["fleet"][0]["charges"] == [4]


def test_catalogue_flags_affordability_and_possible_upgrades():
    """SSG-UPGRADE: the viewer's catalogue marks affordable ships and upgrades whose parts
    are in the fleet."""
    s = edited(start(), lines=[3, 3])
    give(s, 0, "DEF")
    give(s, 0, "FIG")
    cat = {c["code"]: c for c in E.view(s, 0)["me"]["catalogue"]}
    assert cat["FIG"]["affordable"] and not cat["STA"]["affordable"]
    assert cat["FRI"]["upgrade_possible"] and cat["FRI"]["affordable"]
    assert not cat["TAC"]["upgrade_possible"]
    assert "me" not in E.view(s, None)


def test_a_ship_destroyed_in_first_strike_cannot_use_its_charge():
    """SSG-FS: an Interceptor destroyed by a Guardian is gone before the Charges step, so its
    owner has nothing to declare and the turn resolves: 25 + 1 (Guardian) for the striker."""
    s = start()
    give(s, 0, "GUA", charges=2)
    give(s, 1, "INT", charges=1)
    s = confirm_waiting(s)
    gua = s["players"][0]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": gua, "target": "INT"}, {"type": "confirm"})
    assert s["summary"]["turn"] == 1
    assert s["summary"]["after"] == [26, 25]
    assert codes(s, 1) == []
