"""The Ancient ships and the powers that act on fleets: Cores, Cube, Quantum Mystic,
Spiral, Solar Grid, Simulacrum and Black Hole (rules page, Ancient rows)."""

import pytest

from games.engines.core import IllegalAction, canonical_json
from games.engines.shapeships import battle
from games.engines.shapeships.ships import SHIPS

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


def rows(s):
    return {(e["source"], e["kind"], e["amount"], e["applied"]) for e in s["summary"]["effects"]}


def ids(s, seat, code):
    return [x["id"] for x in s["players"][seat]["fleet"] if x["code"] == code]


def test_ancient_basic_ships_match_the_rules_table():
    """SSG-ANCIENT, SSG-MAX: seven Basic ships with their costs and maximum counts; the
    three Cores are the indestructible ones."""
    table = {c: (SHIPS[c].cost, SHIPS[c].max_count, SHIPS[c].core) for c in SHIPS}
    assert {c: table[c] for c in ("PLU", "MER", "QUA", "SPI", "NEP", "SOL", "CUB")} == {
        "PLU": (3, None, True),
        "MER": (4, None, True),
        "QUA": (5, 6, False),
        "SPI": (6, 3, False),
        "NEP": (7, 6, True),
        "SOL": (8, None, False),
        "CUB": (9, None, False),
    }
    s = edited(start("ancient", "human"), lines=[30, 0])
    give(s, 0, "SPI", 3)
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "build", "ship": "SPI"})
    assert "at most 3 Spiral" in err.value.message


def test_cores_are_never_destroyed_or_stolen():
    """SSG-CORE: a Guardian, an Ark of Domination, a Ship of Equality (either side) and a
    Black Hole are never offered a Core; with only Cores left there is nothing to strike."""
    s = start("human", "ancient")
    give(s, 0, "GUA", charges=2)
    give(s, 1, "PLU")
    give(s, 1, "MER")
    give(s, 1, "NEP")
    give(s, 1, "SPI")
    assert battle.enemy_targets(s, 0) == {"SPI": 1}
    s = start("centaur", "ancient")
    give(s, 0, "DOM", built_turn=1)
    give(s, 0, "EQU", charges=2)
    give(s, 0, "WIS", charges=0)  # cost 4, like a Mercury Core
    give(s, 1, "MER")
    give(s, 1, "NEP")
    assert battle.enemy_targets(s, 0) == {} and battle.equality_pairs(s, 0) == []
    s = confirm_waiting(s)
    assert s["step"] != "first_strike"
    s = start("ancient", "ancient")
    give(s, 0, "MER", 4)
    give(s, 0, "PLU", 4)
    give(s, 0, "NEP", 4)
    give(s, 1, "MER", 2)
    s = confirm_waiting(s)
    assert {"type": "solar", "power": "SBLA"} in E.legal_actions(s, 0)  # no target offered
    assert not any("target" in a for a in E.legal_actions(s, 0) if a.get("power") == "SBLA")


def test_cube_die_is_public_and_its_use_is_a_hidden_choice_for_its_owner_only():
    """SSG-CUBE, SSX-CUBE, SSR-8: each Cube owner rolls one die of its own, shown to both;
    its choice is hidden until both owners chose; a Cube die used is that seat's die only,
    and each Cube then deals 3."""
    s = start("ancient", "ancient")
    give(s, 0, "CUB", 2)
    give(s, 1, "CUB")
    s = finish_turn(s)
    assert s["step"] == "dice_roll" and E.prompts(s).waiting == {0: "cube", 1: "cube"}
    assert E.prompts(s).step == "turn2:dice_roll:cube"
    cube = s["dice"]["cube"]
    assert None not in cube and E.view(s, None)["dice"]["cube"] == cube
    assert E.legal_actions(s, 0)[:2] == [
        {"type": "cube", "use": True},
        {"type": "cube", "use": False},
    ]
    s = play(s, 0, {"type": "cube", "use": True})
    seen = E.view(s, 1)
    assert seen["players"][0]["has_chosen"] and seen["dice"]["cube_used"] == [False, False]
    unchosen = dict(s, commit=[{**s["commit"][0], "data": {}}, s["commit"][1]])
    assert canonical_json(seen) == canonical_json(E.view(unchosen, 1))
    s = play(s, 1, {"type": "cube", "use": False})
    assert s["dice"]["effective"] == [cube[0], s["dice"]["main"]]
    assert s["dice"]["cube_used"] == [True, False]
    s = finish_turn(s, 2)
    cube_rows = [e for e in s["summary"]["effects"] if e["source"] == "CUB"]
    assert [(e["owner"], e["amount"]) for e in cube_rows] == [(0, 3), (0, 3)]


def test_cube_timeout_keeps_the_shared_die():
    """SSX-CUBE, SSX-TIMER: a Cube owner who runs out of time keeps the shared die."""
    s = start("ancient", "human")
    give(s, 0, "CUB")
    s = finish_turn(s)
    assert E.prompts(s).waiting == {0: "cube"}
    s, _ = E.timeout(s)
    assert s["dice"]["cube_used"] == [False, False]
    assert s["dice"]["effective"][0] == s["dice"]["main"]
    assert "Player 1 ran out of time" in canonical_json(s["log"])


def test_quantum_mystic_number_is_chosen_when_drawn_and_pays_on_a_match():
    """SSG-QUANTUM: a Quantum Mystic is drawn with its number; on the build turn, its number
    on the die makes 2 blue Energy at Reveal and heals 5 at End of Turn; the number is
    public once revealed. A Mystic without a number is refused with the reason."""
    s = edited(start("ancient", "human"), lines=[10, 0], health=[20, 25])
    die = s["dice"]["effective"][0]
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "build", "ship": "QUA"})
    assert "number from 1 to 6" in err.value.message
    s = play(s, 0, {"type": "build", "ship": "QUA", "trigger": die})
    assert E.view(s, 0)["me"]["plan"]["builds"][0]["trigger"] == die
    s = play(s, 0, {"type": "build", "ship": "QUA", "trigger": die % 6 + 1})
    s = confirm_waiting(s)
    assert s["turnstate"]["energy"][0]["blue"] == 2
    group = next(g for g in E.view(s, 1)["players"][0]["fleet"] if g["code"] == "QUA")
    assert sorted(group["triggers"]) == sorted([die, die % 6 + 1])
    s = finish_turn(play(s, 0, {"type": "confirm"}))
    assert [r for r in rows(s) if r[0] == "QUA"] == [("QUA", "heal", 5, True)]


def test_spirals_heal_per_spiral_and_raise_maximum_health():
    """SSG-SPIRAL, SSR-10: two Spirals heal 2 each (4), three heal 3 each (9); each adds 5
    to the maximum (45, 50)."""
    for n, heal, top in ((2, 4, 45), (3, 9, 50)):
        s = edited(start("ancient", "human"), health=[40, 25])
        give(s, 0, "SPI", n)
        assert E.view(s, None)["players"][0]["max_health"] == top
        s = finish_turn(s)
        assert s["summary"]["healing"][0] == heal
        assert s["players"][0]["health"] == min(40 + heal, top)


def test_losing_a_spiral_lowers_the_maximum_at_once_and_caps_only_at_end_of_turn():
    """SSR-3, SSG-SPIRAL: a Spiral destroyed in First Strike lowers the maximum at once (50
    to 45) while health stays 48 until End of Turn Resolution caps it."""
    s = edited(start("ancient", "human"), health=[48, 25])
    give(s, 0, "SPI", 3)
    give(s, 1, "GUA", charges=2)
    pause_in_battle(s)
    s = confirm_waiting(s)
    gua = ids(s, 1, "GUA")[0]
    s = play(s, 1, {"type": "strike", "source": gua, "target": "SPI"}, {"type": "confirm"})
    view = E.view(s, None)["players"][0]
    assert (view["max_health"], view["health"]) == (45, 48)
    s = finish_turn(s)
    assert s["summary"]["max"][0] == 45 and s["players"][0]["health"] == 45


def test_the_third_spiral_strikes_once_on_the_turn_it_is_built():
    """SSG-SPIRAL, SSX-SPIRAL, SSG-FS: drawing a third Spiral gives one First Strike that
    destroys an enemy Basic ship; the next turn it has none."""
    s = edited(start("ancient", "human"), lines=[6, 0])
    give(s, 0, "SPI", 2)
    give(s, 1, "FIG", 2)
    s = play(s, 0, {"type": "build", "ship": "SPI"})
    s = confirm_waiting(s)
    assert s["step"] == "first_strike" and E.prompts(s).waiting == {0: "first_strike"}
    strikes = [a for a in E.legal_actions(s, 0) if a["type"] == "strike"]
    assert len({a["source"] for a in strikes}) == 1 and strikes[0]["target"] == "FIG"
    s = play(s, 0, strikes[0], {"type": "confirm"})
    assert codes(s, 1) == ["FIG"]
    s = finish_turn(s)
    assert s["turn"] == 2 and battle.strike_sources(s, 0) == []


def test_solar_grid_spends_a_charge_per_turn_then_heals_when_empty():
    """SSG-GRID, SSX-GRID: its last charge makes Energy (no heal that turn); the next
    turns, empty, it makes none and heals 2."""
    s = edited(start("ancient", "human"), health=[20, 25])
    give(s, 0, "SOL", charges=1)
    s = confirm_waiting(s)
    assert s["turnstate"]["energy"][0] == {"red": 1, "green": 1, "blue": 1}
    s = finish_turn(play(s, 0, {"type": "confirm"}))
    assert not [r for r in rows(s) if r[0] == "SOL"]
    s = finish_turn(s, 2)
    assert [r for r in rows(s) if r[0] == "SOL"] == [("SOL", "heal", 2, True)]
    assert s["summary"]["turn"] == 2 and s["players"][0]["health"] == 22


def test_simulacrum_copies_an_enemy_basic_ship_that_arrives_next_turn():
    """SSG-SIMULACRUM, SSX-COPY-ARRIVAL: X blue copies an enemy Basic ship of cost X; the
    copy is public as "on its way" and joins at the start of the next turn as a ship made
    then: a copied Starship deals its 8 once that turn."""
    s = start("ancient", "human")
    give(s, 0, "NEP", 6)
    give(s, 0, "QUA", trigger=s["dice"]["effective"][0])
    give(s, 1, "STA")
    give(s, 1, "INT", 2, charges=1)
    s = confirm_waiting(s)
    assert s["turnstate"]["energy"][0]["blue"] == 8
    assert {"type": "solar", "power": "SSIM", "target": "STA"} in E.legal_actions(s, 0)
    s = play(s, 0, {"type": "solar", "power": "SSIM", "target": "STA"}, {"type": "confirm"})
    s = play(s, 1, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    assert s["step"] == "response"
    assert E.view(s, 1)["players"][0]["copies"] == [
        {"code": "STA", "name": "Starship", "trigger": None}
    ]
    s = finish_turn(s)
    assert s["turn"] == 2 and "STA" in codes(s, 0)
    copy = next(x for x in s["players"][0]["fleet"] if x["code"] == "STA")
    assert copy["built_turn"] == 2
    s = finish_turn(s, 2)
    assert ("STA", "damage", 8, True) in rows(s)


def test_simulacrum_refuses_a_copy_over_a_maximum():
    """SSG-SIMULACRUM, SSG-MAX, SSR-7: with three Spirals, a copied fourth is refused."""
    s = start("ancient", "ancient")
    give(s, 0, "SPI", 3)
    give(s, 0, "NEP", 6)
    give(s, 1, "SPI")
    s = confirm_waiting(s)
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "solar", "power": "SSIM", "target": "SPI"})
    assert "at most 3 Spiral" in err.value.message


def test_copied_ships_can_be_upgraded_with_the_opponents_recipes():
    """SSG-SIMULACRUM, SSX-FOREIGN-UPGRADE: an Ancient owning a copied Defender and Fighter
    may upgrade them into a Human Frigate (its number chosen as usual)."""
    s = edited(start("ancient", "human"), lines=[3, 0])
    upgrades = [a for a in E.legal_actions(s, 0) if a["type"] == "upgrade"]
    assert upgrades == []
    give(s, 0, "DEF")
    give(s, 0, "FIG")
    assert "FRI" in [c["code"] for c in E.view(s, 0)["me"]["catalogue"]]
    s = play(s, 0, {"type": "upgrade", "ship": "FRI", "trigger": 4}, {"type": "confirm"})
    s = confirm_waiting(s)
    assert codes(s, 0) == ["FRI"]


def test_black_hole_destroys_two_enemy_basic_ships_before_the_count():
    """SSG-BLACK-HOLE, SSX-BLACK-HOLE, SSG-EOT: 4 red + 4 green + 4 blue destroy two named
    enemy Basic ships at the start of End of Turn Resolution (so a destroyed Fighter deals
    nothing) and deal 1 per Core owned."""
    s = start("ancient", "human")
    for code in ("MER", "PLU", "NEP"):
        give(s, 0, code, 4)
    give(s, 1, "FIG")
    give(s, 1, "STA")
    give(s, 1, "DEF")
    s = confirm_waiting(s)
    s = play(s, 0, {"type": "solar", "power": "SBLA", "target": "FIG"})
    assert E.legal_actions(s, 0) == [
        {"type": "hole", "target": "DEF"},
        {"type": "hole", "target": "STA"},
        {"type": "cancel"},
        {"type": "resign"},
    ]
    assert E.view(s, 0)["me"]["hole"] == {"targets": ["Fighter"]}
    s = play(s, 0, {"type": "hole", "target": "STA"}, {"type": "confirm"})
    assert codes(s, 1) == ["DEF"]
    assert ("SBLA", "damage", 12, True) in rows(s)
    assert ("FIG", "damage", 1, False) in rows(s)  # listed, skipped: it did not survive
    assert "Player 1's Black Hole destroys a Fighter." in canonical_json(s["log"])


def test_black_hole_asks_for_the_copy_when_copies_differ_and_back_drops_it():
    """SSX-BLACK-HOLE, SSX-COPY: two enemy Carriers with different charges: the Black Hole
    asks which one; Back drops the Black Hole and frees its Energy."""
    s = start("ancient", "human")
    for code in ("MER", "PLU", "NEP"):
        give(s, 0, code, 4)
    give(s, 1, "CAR", charges=0)
    give(s, 1, "CAR", charges=5)
    s = confirm_waiting(s)
    s = play(s, 0, {"type": "solar", "power": "SBLA", "target": "CAR"})
    copies = [a for a in E.legal_actions(s, 0) if a["type"] == "copy"]
    assert len(copies) == 2 and E.view(s, 0)["me"]["aim"]["code"] == "CAR"
    s = play(s, 0, {"type": "cancel"})
    assert "hole" not in s["commit"][0]["data"]
    assert E.view(s, 0)["me"]["energy_left"] == {"red": 4, "green": 4, "blue": 4}
    empty = next(x["id"] for x in s["players"][1]["fleet"] if x["charges"] == 0)
    s = play(s, 0, {"type": "solar", "power": "SBLA", "target": "CAR"})
    s = play(s, 0, {"type": "copy", "ship": empty})
    # The other Carrier is the only one left: no question, the Black Hole is complete.
    s = play(s, 0, {"type": "hole", "target": "CAR"}, {"type": "confirm"})
    assert codes(s, 1) == []


def test_ancient_automatic_powers_need_their_ship_alive():
    """SSC-5, SSR-4, SSG-CUBE: a Cube whose die was used but which a Guardian destroys in
    First Strike deals nothing; the Cube left alive deals its 3."""
    s = start("ancient", "human")
    give(s, 0, "CUB", 2)
    s = finish_turn(s)
    s = play(s, 0, {"type": "cube", "use": True})
    give(s, 1, "GUA", charges=2)
    give(s, 1, "INT", charges=1)  # keeps Declaration open to look at the board
    s = confirm_waiting(s)
    gua = ids(s, 1, "GUA")[0]
    s = play(s, 1, {"type": "strike", "source": gua, "target": "CUB"}, {"type": "confirm"})
    s = finish_turn(s, 2)
    cubes = sorted(r for r in rows(s) if r[0] == "CUB")
    assert cubes == [("CUB", "damage", 3, False), ("CUB", "damage", 3, True)]
