"""Concrete numeric scenarios for the constraints, rulings and ship powers."""

import pytest

from games.engines.core import IllegalAction, clone
from games.engines.shapeships.ships import SHIP_LIST, SHIPS, SOLAR, Kind, Species, listed_total

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


def effects_of(state, source):
    return [e for e in state["summary"]["effects"] if e["source"] == source]


def test_healing_is_capped_only_after_the_net_change():
    """SSR-5: 33 - 4 damage + 8 healing = 37, capped to 35 (capping first would give 31)."""
    s = edited(start(), health=[33, 25])
    give(s, 0, "DEF", 8)
    give(s, 1, "FIG", 4)
    s = finish_turn(s)
    assert s["summary"]["damage"][0] == 4
    assert s["summary"]["healing"][0] == 8
    assert s["players"][0]["health"] == 35
    assert s["summary"]["capped"][0] is True
    assert s["players"][1]["health"] == 25 - 0  # seat 0 deals nothing


def test_once_only_damage_lands_after_its_ship_is_destroyed_in_first_strike():
    """SSC-4, SSR-4: a Starship drawn this turn and destroyed by a Guardian still deals 8."""
    s = edited(start(), lines=[8, 0])
    give(s, 1, "GUA", charges=2)
    s = play(s, 0, {"type": "build", "ship": "STA"}, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    assert s["step"] == "first_strike"
    assert s["players"][1]["health"] == 25  # queued, not applied, at Reveal (SSC-2)
    guardian = s["players"][1]["fleet"][0]["id"]
    s = play(s, 1, {"type": "strike", "source": guardian, "target": "STA"}, {"type": "confirm"})
    assert "STA" not in codes(s, 0)
    # 25 - 8 (Starship, once-only, persists) + 1 (Guardian heal) = 18
    assert s["players"][1]["health"] == 18
    (starship,) = effects_of(s, "STA")
    assert starship["applied"] and starship["persists"] and starship["amount"] == 8


def test_destroyed_ships_every_turn_effect_does_not_apply():
    """SSC-5, SSR-4: a Fighter destroyed in First Strike deals nothing this turn."""
    s = start()
    give(s, 0, "FIG")
    give(s, 1, "GUA", charges=2)
    s = confirm_waiting(s)
    guardian = s["players"][1]["fleet"][0]["id"]
    s = play(s, 1, {"type": "strike", "source": guardian, "target": "FIG"}, {"type": "confirm"})
    s = finish_turn(s)
    assert s["players"][1]["health"] == 26  # 25 + Guardian heal 1, no Fighter damage
    (fighter,) = effects_of(s, "FIG")
    assert fighter["applied"] is False and fighter["persists"] is False
    assert s["players"][1]["fleet"][0]["charges"] == 1


def test_science_vessels_double_only_automatic_effects():
    """SSG-EOT, SSG-HUMAN: Science Vessel: 3 owned double automatic damage and healing, never once-only or charge
    effects. Fighter 1 -> 2, Defender heal 1 -> 2, Starship once 8 and Interceptor 5 stay."""
    s = edited(start(), lines=[8, 0])
    give(s, 0, "SCI", 3)
    give(s, 0, "FIG")
    give(s, 0, "DEF")
    give(s, 0, "INT", charges=1)
    s = play(s, 0, {"type": "build", "ship": "STA"}, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    assert s["step"] == "declaration"
    s = play(s, 0, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    s = finish_turn(s)
    assert s["players"][1]["health"] == 25 - 2 - 8 - 5
    assert s["players"][0]["health"] == 25 + 2
    (fighter,) = effects_of(s, "FIG")
    assert fighter["amount"] == 2 and fighter["note"] == "doubled by Science Vessel"
    assert effects_of(s, "STA")[0]["amount"] == 8
    assert effects_of(s, "INT")[0]["amount"] == 5


def test_one_science_vessel_doubles_healing_but_not_damage():
    """Science Vessel: with 1 owned, Defender heals 2 and Fighter still deals 1."""
    s = start()
    give(s, 0, "SCI")
    give(s, 0, "FIG")
    give(s, 0, "DEF")
    s = finish_turn(s)
    assert s["players"][0]["health"] == 27
    assert s["players"][1]["health"] == 24


def test_two_science_vessels_add_the_die_to_line_generation():
    """SSG-LINES: Science Vessel: owning 2 gives extra lines equal to your die."""
    s = start()
    give(s, 0, "SCI", 2)
    s = finish_turn(s)
    die = s["dice"]["effective"][0]
    # Both saved the same leftover in turn 1; in turn 2 seat 0 gained its die twice.
    assert s["players"][0]["lines"] - s["players"][1]["lines"] == die


def test_frigate_trigger_deals_six_on_matching_die_and_components_bought_same_turn():
    """SSG-HUMAN, SSG-UPGRADE: Frigate: trigger chosen when built; the build turn counts. Upgrade components (DEF, FIG)
    drawn in the same submission are consumed (upgrade rule)."""
    s = edited(start(), lines=[8, 0])
    s["dice"]["effective"] = [4, 4]
    s = play(
        s,
        0,
        {"type": "build", "ship": "DEF"},
        {"type": "build", "ship": "FIG"},
        {"type": "upgrade", "ship": "FRI", "trigger": 4},
    )
    assert E.view(s, 0)["me"]["plan"]["lines_left"] == 0
    s = play(s, 0, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    assert codes(s, 0) == ["FRI"]
    s = finish_turn(s)
    assert s["players"][1]["health"] == 25 - 6
    assert s["players"][0]["health"] == 25 + 2


def test_frigate_trigger_miss_deals_nothing():
    """Frigate: a die that differs from the trigger deals no damage (heal 2 still applies)."""
    s = start()
    s["dice"]["effective"] = [3, 3]
    give(s, 0, "FRI", trigger=5)
    s = finish_turn(s)
    assert s["players"][1]["health"] == 25
    assert s["players"][0]["health"] == 27


def test_upgrade_consumes_components_bought_in_the_same_submission():
    """Upgrade rule: DEF, DEF, COM drawn now and joined into a Guardian in one submission."""
    s = pause_in_battle(edited(start(), lines=[12, 0]))
    s = play(
        s,
        0,
        {"type": "build", "ship": "DEF"},
        {"type": "build", "ship": "DEF"},
        {"type": "build", "ship": "COM"},
        {"type": "upgrade", "ship": "GUA"},
    )
    view = E.view(s, 0)
    assert view["me"]["plan"]["lines_left"] == 0
    s = confirm_waiting(s)
    assert s["step"] == "first_strike"  # the new Guardian may strike this very turn
    assert codes(s, 0) == ["GUA"]
    consumed = [x["ship"]["code"] for x in s["turnstate"]["lost"] if x["how"] == "consumed"]
    assert sorted(consumed) == ["COM", "DEF", "DEF"]


def test_leviathan_makes_its_owners_die_read_six_from_the_next_turn():
    """SSG-DICE, SSG-HUMAN: Leviathan: the owner's effective die is 6, the opponent keeps the shared die."""
    for n in range(40):
        s = start(seed=f"lev{n}")
        give(s, 0, "LEV")
        s = finish_turn(s)
        if s["dice"]["main"] != 6:
            break
    assert s["dice"]["effective"] == [6, s["dice"]["main"]]
    # turn 1: 25 - 10 damage for seat 1, seat 0 heals 10 up to the cap of 35
    assert s["summary"]["after"] == [35, 15]


def test_earth_ship_deals_three_per_carrier_in_the_fleet():
    """SSG-HUMAN: Earth Ship: 3 damage per Carrier you own; the Carrier inside it does not count."""
    s = start()
    give(s, 0, "EAR")
    s["players"][0]["fleet"][0]["components"] = ["DEF", "DEF", "ORB", "CAR"]
    give(s, 0, "CAR", 2, charges=6)
    s = finish_turn(s)
    assert effects_of(s, "EAR")[0]["amount"] == 6
    assert s["players"][1]["health"] == 19


def test_saved_lines_are_capped_at_twelve_joining_lines_fill_the_rest():
    """SSG-CAP: saved-line cap: 20 ordinary lines keep 12; 10 ordinary + 5 joining keep 10 + 2."""
    s = pause_in_battle(edited(start(), lines=[20, 10], joining=[0, 5]))
    s = confirm_waiting(s)
    assert s["step"] == "declaration"
    assert s["players"][0]["lines"] == 12
    assert (s["players"][1]["lines"], s["players"][1]["joining"]) == (10, 2)


def test_narrow_victory_goes_to_the_less_negative_health():
    """SSG-WIN: both at or below 0, -3 beats -5 (narrow victory)."""
    s = edited(start(), health=[2, 1])
    give(s, 0, "FIG", 6)
    give(s, 1, "FIG", 5)
    s = finish_turn(s)
    assert s["summary"]["after"] == [-3, -5]
    outcome = E.outcome(s)
    assert (outcome.result, outcome.winner, outcome.reason) == ("win", 0, "narrow_victory")
    assert E.prompts(s).step == "over"


def test_mutual_destruction_is_a_draw():
    """SSG-WIN: both at the same health at or below 0 is a draw."""
    s = edited(start(), health=[3, 3])
    give(s, 0, "FIG", 4)
    give(s, 1, "FIG", 4)
    s = finish_turn(s)
    outcome = E.outcome(s)
    assert (outcome.result, outcome.winner, outcome.reason) == ("draw", None, "mutual_destruction")


def test_decisive_victory_and_zero_counts_as_defeated():
    """SSG-WIN: exactly 0 is defeated while the other is at 1 or more."""
    s = edited(start(), health=[5, 3])
    give(s, 0, "FIG", 3)
    s = finish_turn(s)
    assert s["players"][1]["health"] == 0
    assert (E.outcome(s).winner, E.outcome(s).reason) == (0, "victory")


def test_ark_of_redemption_sets_max_before_the_net_change():
    """SSR-3, SSG-REVEAL: health 10, Ark of Redemption built, 4 damage taken -> 35 - 4 = 31; health is
    still 10 after Reveal."""
    s = edited(start("centaur", "human"), health=[10, 25], joining=[3, 0])
    give(s, 0, "WIS", 3, charges=0)
    give(s, 1, "FIG", 4)
    pause_in_battle(s)
    s = play(s, 0, {"type": "upgrade", "ship": "RED"}, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    assert s["step"] == "declaration" and s["players"][0]["health"] == 10
    s = finish_turn(s)
    assert s["players"][0]["health"] == 31


def test_illegal_build_is_refused_with_the_reason_and_can_be_resubmitted():
    """SSR-7, SSG-LOCK: an unaffordable Starship is refused with the cost in the message; the seat then
    submits something else."""
    s = edited(start(), lines=[5, 5])
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "build", "ship": "STA"})
    assert err.value.code == "ILLEGAL_BUILD"
    assert "8 lines" in err.value.message
    s = play(s, 0, {"type": "build", "ship": "FIG"})
    assert E.view(s, 0)["me"]["plan"]["lines_left"] == 2
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "build", "ship": "XEN"})  # species lock
    assert err.value.code == "ILLEGAL_BUILD"
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"type": "upgrade", "ship": "GUA"})  # no components


def test_max_counts_are_enforced():
    """SSG-MAX, SSR-7: a seventh Orbital is refused."""
    s = edited(start(), lines=[12, 0])
    give(s, 0, "ORB", 5)
    s = play(s, 0, {"type": "build", "ship": "ORB"})
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "build", "ship": "ORB"})
    assert "at most 6" in err.value.message


def test_xenite_oxite_asterite_are_three_types():
    """SSR-6: an Asterite Face facing Xenite, Oxite and Asterite deals 3."""
    s = start("xenite", "xenite")
    give(s, 0, "ASF")
    give(s, 1, "XEN")
    give(s, 1, "OXI")
    give(s, 1, "AST")
    s = finish_turn(s)
    assert effects_of(s, "ASF")[0]["amount"] == 3
    # seat 1: Asterite deals 1 to seat 0, Oxite heals seat 1 by 1
    assert s["summary"]["after"] == [24, 25 - 3 + 1]


def test_roster_has_63_definitions_with_consistent_costs():
    """SSR-9, SSG-ANCIENT: Human 15, Xenite 17, Centaur 15, Ancient 7 Basic ships and 9
    Solar Powers; every upgrade's listed cost = parts + joining."""
    by_species = {sp: [s for s in SHIP_LIST if s.species == sp] for sp in Species}
    assert [len(by_species[sp]) for sp in Species] == [15, 17, 15, 7]
    assert all(s.kind == Kind.BASIC for s in by_species[Species.ANCIENT])
    assert len(SOLAR) == 9 and len(SHIP_LIST) + len(SOLAR) == 63
    for ship in SHIP_LIST:
        if ship.kind == Kind.UPGRADED:
            assert listed_total(ship) == ship.cost, ship.code
    assert SHIPS["OXI"].buildable is False and SHIPS["AST"].buildable is False


def test_carrier_prelude_makes_fighters_usable_as_components_now():
    """SSG-PRELUDE, SSG-UPGRADE: Carrier: a Fighter (2 charges) made in the prelude joins a Frigate in the same Drawing."""
    s = edited(start(), lines=[5, 0])
    give(s, 0, "CAR", charges=6)
    carrier = s["players"][0]["fleet"][0]["id"]
    s = play(
        s,
        0,
        {"type": "carrier", "ship": carrier, "make": "FIG"},
        {"type": "build", "ship": "DEF"},
        {"type": "upgrade", "ship": "FRI", "trigger": 1},
    )
    assert E.view(s, 0)["me"]["plan"]["lines_left"] == 0
    s = confirm_waiting(s)
    assert codes(s, 0) == ["CAR", "FRI"]
    assert s["players"][0]["fleet"][0]["charges"] == 4


def test_bug_breeder_queen_and_zenith_make_ships_in_the_prelude():
    """SSG-PRELUDE, SSG-XENITE: Bug Breeder (1 charge), Queen and Zenith (die 4: two Xenites) make Xenites; each made
    Xenite heals 1 once; the Queen deals 3 per ship made except Queen Xenites."""
    s = pause_in_battle(start("xenite", "human"))
    s["dice"]["effective"] = [4, 4]
    give(s, 0, "BUG", charges=4)
    give(s, 0, "QUE")
    give(s, 0, "ZEN")
    s = confirm_waiting(s)
    assert codes(s, 0).count("XEN") == 4
    assert [x for x in s["players"][0]["fleet"] if x["code"] == "BUG"][0]["charges"] == 3
    s = finish_turn(s)
    assert effects_of(s, "QUE")[0]["amount"] == 3 * 3
    assert s["players"][0]["health"] == 25 + 4
    assert s["players"][1]["health"] == 25 - 9


def test_chronoswarm_adds_extra_die_lines_and_runs_makers_twice():
    """SSG-DICE, SSG-LINES, SSG-PRELUDE: Chronoswarm: one extra shared die adds its value as lines; Bug Breeders make twice."""
    s = start("xenite", "xenite")
    give(s, 0, "CHR")
    give(s, 0, "BUG", charges=4)
    s = finish_turn(s)
    assert codes(s, 0).count("XEN") == 2
    extra = s["dice"]["extra"]
    assert len(extra) == 1 and s["dice"]["extra_used"] == [extra, []]
    assert s["players"][0]["lines"] - s["players"][1]["lines"] == extra[0]


def test_evolver_turns_a_xenite_into_an_oxite():
    """SSG-XENITE, SSR-6: Evolver: one conversion per Evolver per Drawing, on its build turn too."""
    s = edited(start("xenite", "xenite"), lines=[6, 0])
    s = play(
        s,
        0,
        {"type": "build", "ship": "EVO"},
        {"type": "build", "ship": "XEN"},
        {"type": "evolve", "into": "OXI"},
    )
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"type": "evolve", "into": "AST"})
    s = confirm_waiting(s)
    assert codes(s, 0) == ["EVO", "OXI"]


def test_mantis_hell_hornet_and_hive_count_xenites():
    """SSG-XENITE, SSR-6: Mantis heals 1 per 2 Xenites (max 10); Hell Hornet deals 1 per 2; with a Hive,
    Xenites inside upgrades count too (SSR-6 family: XEN/OXI/AST)."""
    s = start("xenite", "human")
    give(s, 0, "MAN")
    give(s, 0, "HEL")
    give(s, 0, "XEN", 3)
    give(s, 0, "OXI")
    give(s, 0, "HVE")
    s["players"][0]["fleet"][-1]["components"] = ["XEN", "ANT", "MAN", "MAN", "HEL", "BUG", "BUG"]
    s = finish_turn(s)
    # 4 in the fleet + 1 inside the Hive = 5 -> 2
    assert effects_of(s, "MAN")[0]["amount"] == 2
    assert effects_of(s, "HEL")[0]["amount"] == 2
    assert [e["amount"] for e in effects_of(s, "HVE")] == [7, 7]


def test_dreadnought_makes_a_fighter_per_other_ship_made():
    """SSG-REVEAL, SSG-HUMAN: Dreadnought: at Reveal, one free Fighter per other ship made this turn."""
    s = edited(start(), lines=[12, 0])
    give(s, 0, "DRE")
    s = play(s, 0, {"type": "build", "ship": "FIG"}, {"type": "build", "ship": "DEF"})
    s = confirm_waiting(s)
    assert codes(s, 0).count("FIG") == 3


def test_guardian_sacrificial_pool_and_domination_first_strike():
    """SSG-FS, SSG-CENTAUR, SSX-STOLEN: First Strike: targets are hidden and resolved together from the pre-strike board;
    Ark of Domination steals two Basic ships, which work for the thief this turn."""
    s = start("centaur", "human")
    give(s, 0, "DOM", built_turn=1)
    give(s, 1, "GUA", charges=2)
    give(s, 1, "FIG", 2)
    give(s, 0, "LEG")
    s = confirm_waiting(s)
    assert s["step"] == "first_strike"
    dom = s["players"][0]["fleet"][0]["id"]
    gua = s["players"][1]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": dom, "target": "FIG"})
    s = play(s, 0, {"type": "strike", "source": dom, "target": "FIG"}, {"type": "confirm"})
    assert E.view(s, 1)["players"][0]["has_chosen"] is True
    s = play(s, 1, {"type": "strike", "source": gua, "target": "LEG"}, {"type": "confirm"})
    assert codes(s, 0) == ["DOM", "FIG", "FIG"]
    assert codes(s, 1) == ["GUA"]
    s = finish_turn(s)
    # seat 0: DOM heals 2 per ship (3 ships) = 6; fighters deal 2 to seat 1
    assert s["summary"]["after"] == [31, 25 - 2 + 1]


def test_ship_of_equality_destroys_a_pair_of_equal_cost():
    """SSG-CENTAUR, SSG-CHARGE: Ship of Equality: destroys your Basic and an enemy Basic of the same cost."""
    s = start("centaur", "human")
    give(s, 0, "EQU", charges=2)
    give(s, 0, "WIS", charges=0)
    give(s, 1, "COM")
    s = confirm_waiting(s)
    s = play(
        s,
        0,
        {"type": "charge", "ship": "EQU", "option": "equality", "own": "WIS", "enemy": "COM"},
        {"type": "confirm"},
    )
    assert codes(s, 0) == ["EQU"] and codes(s, 1) == []


def test_family_counts_types_and_entropy_hurts_its_owner():
    """SSG-CENTAUR: Ship of Family: deal 1 per distinct type; Ark of Entropy: deal 8, take 3."""
    s = start("centaur", "human")
    give(s, 0, "FAM", charges=3)
    give(s, 0, "ENT")
    give(s, 0, "FEA")
    s = confirm_waiting(s)
    s = play(s, 0, {"type": "charge", "ship": "FAM", "option": "deal"}, {"type": "confirm"})
    s = finish_turn(s)
    assert effects_of(s, "FAM")[0]["amount"] == 3
    assert s["summary"]["after"] == [22, 25 - 8 - 3]


def test_vigor_power_and_legacy_lines():
    """SSG-LINES, SSG-CENTAUR: Ship of Vigor +2 and Ark of Power +4 on an even die; Ship of Legacy gives 4 joining."""
    for n in range(40):
        s = start("centaur", "centaur", seed=f"vig{n}")
        give(s, 0, "VIG")
        give(s, 0, "POW")
        s = finish_turn(s)
        if s["dice"]["main"] % 2 == 0:
            break
    assert s["players"][0]["lines"] - s["players"][1]["lines"] == 6
    s = edited(s, lines=[8, 0])
    s = play(s, 0, {"type": "build", "ship": "LEG"}, {"type": "confirm"})
    s = confirm_waiting(s)
    assert s["players"][0]["joining"] == 4


def test_terror_and_fury_use_the_die():
    """SSG-CENTAUR: Ark of Terror heals and Ark of Fury deals the owner's die."""
    s = start("centaur", "centaur")
    s["dice"]["effective"] = [5, 5]
    s = edited(s, health=[20, 25])
    give(s, 0, "TER")
    give(s, 0, "FUR")
    s = finish_turn(s)
    assert s["summary"]["after"] == [25, 20]


def test_defense_swarm_and_antlion_array_when_behind():
    """SSG-XENITE: Defense Swarm heals 7 and Antlion Array deals 8 when the owner's health is lower."""
    s = edited(start("xenite", "human"), health=[10, 20])
    give(s, 0, "DSW")
    give(s, 0, "AAR")
    s = finish_turn(s)
    assert s["summary"]["after"] == [17, 12]


def test_ark_of_knowledge_rerolls_the_shared_die_for_both():
    """SSG-DICE, SSX-REROLL: Ark of Knowledge: the owner may reroll the shared die; the new value is everyone's."""
    s = start("centaur", "human")
    give(s, 0, "KNO")
    s = finish_turn(s)
    assert s["step"] == "dice_roll" and E.prompts(s).waiting == {0: "reroll"}
    first = s["dice"]["main"]
    s = play(s, 0, {"type": "reroll"})
    assert s["step"] == "drawing"
    assert s["dice"]["history"][:2] == [first, s["dice"]["main"]]
    assert s["dice"]["effective"] == [s["dice"]["main"]] * 2


def test_sacrificial_pool_strikes_only_on_its_build_turn():
    """SSG-FS, SSG-XENITE: Sacrificial Pool: may destroy an enemy Basic on its build turn, never later."""
    s = start("xenite", "human")
    give(s, 0, "SAC", built_turn=0)
    give(s, 1, "FIG")
    s = confirm_waiting(s)
    assert s["step"] != "first_strike"


def test_input_state_is_never_mutated():
    """Contract: apply never mutates its input."""
    s = edited(start(), lines=[12, 0])
    before = clone(s)
    E.apply(s, 0, {"type": "build", "ship": "FIG"})
    E.apply(s, 0, {"type": "confirm"})
    assert s == before
