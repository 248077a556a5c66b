"""The Ancients' Energy economy and Solar Powers (SSG-ENERGY, SSG-SOLAR, SSR-10)."""

import pytest

from games.engines.core import IllegalAction, canonical_json
from games.engines.shapeships.ships import SOLAR, siphon_value

from .support import E, codes, confirm_waiting, edited, finish_turn, give, play, start


def declaring(s):
    """Lock in both Drawings: the match rests in Declaration (or wherever it leads)."""
    return confirm_waiting(s)


def energy(s, seat=0):
    return s["turnstate"]["energy"][seat]


def summary_rows(s):
    return {(e["source"], e["kind"], e["amount"]) for e in s["summary"]["effects"]}


def test_energy_is_made_at_reveal_by_cores_grids_and_matching_mystics():
    """SSG-ENERGY, SSR-10: Mercury 1 red, Pluto 1 green, Neptune 1 blue, a Solar Grid 1 of
    each for a charge, a Quantum Mystic on its number 2 blue (not off it); a Pluto Core
    drawn this turn makes its Energy at this turn's Reveal."""
    s = edited(start("ancient", "human"), lines=[3, 0])
    die = s["dice"]["effective"][0]
    give(s, 0, "MER", 2)
    give(s, 0, "NEP")
    give(s, 0, "SOL", charges=4)
    give(s, 0, "QUA", trigger=die)
    give(s, 0, "QUA", trigger=die % 6 + 1)
    assert energy(s) == {"red": 0, "green": 0, "blue": 0}
    s = play(s, 0, {"type": "build", "ship": "PLU"})
    s = declaring(s)
    assert s["step"] == "declaration" and E.prompts(s).waiting == {0: "declare"}
    assert energy(s) == {"red": 3, "green": 2, "blue": 4}
    assert E.view(s, 1)["players"][0]["energy"] == {"red": 3, "green": 2, "blue": 4}
    grid = next(x for x in s["players"][0]["fleet"] if x["code"] == "SOL")
    assert grid["charges"] == 3
    assert "Player 1 makes Energy: 3 red + 2 green + 4 blue." in [e["text"] for e in s["log"]]


def test_unspent_energy_is_lost_at_the_end_of_the_turn():
    """SSG-ENERGY: Energy made and not spent does not carry over: next turn holds only what
    that turn's Reveal makes."""
    s = start("ancient", "human")
    give(s, 0, "MER", 2)
    s = declaring(s)
    assert energy(s)["red"] == 2
    s = play(s, 0, {"type": "confirm"})
    assert s["turn"] == 2 and energy(s)["red"] == 0
    s = declaring(s)
    assert energy(s)["red"] == 2


def test_each_solar_power_costs_and_deals_as_listed():
    """SSG-SOLAR, SSR-10: Life (1 green) heals 1, Star Birth (3 green) heals die + 3,
    Asteroid (1 red) deals 1, Supernova (3 red) deals die + 3, Vortex (2 of each) deals 2
    per distinct type owned; Star Birth and Supernova use the caster's effective die."""
    s = edited(start("ancient", "human"), health=[20, 30])
    die = s["dice"]["effective"][0]
    give(s, 0, "MER", 6)
    give(s, 0, "PLU", 6)
    give(s, 0, "NEP", 2)
    s = declaring(s)
    casts = ["SLIF", "SSTA", "SAST", "SSUP", "SVOR"]
    s = play(s, 0, *({"type": "solar", "power": p} for p in casts))
    assert E.view(s, 0)["me"]["energy_left"] == {"red": 0, "green": 0, "blue": 0}
    s = play(s, 0, {"type": "confirm"})
    rows = summary_rows(s)
    assert {
        ("SLIF", "heal", 1),
        ("SSTA", "heal", die + 3),
        ("SAST", "damage", 1),
        ("SSUP", "damage", die + 3),
        ("SVOR", "damage", 6),  # Mercury, Pluto, Neptune Cores: three types
    } <= rows
    assert s["summary"]["after"] == [20 + 1 + die + 3, 30 - 1 - (die + 3) - 6]
    assert all(e["timing"] == "solar" and e["persists"] for e in s["summary"]["effects"])


def test_the_same_power_may_be_cast_several_times_while_energy_lasts():
    """SSR-10: three red buy three Asteroids, and no fourth."""
    s = start("ancient", "human")
    give(s, 0, "MER", 3)
    s = declaring(s)
    for _ in range(3):
        s = play(s, 0, {"type": "solar", "power": "SAST"})
    assert {"type": "solar", "power": "SAST"} not in E.legal_actions(s, 0)
    s = play(s, 0, {"type": "confirm"})
    assert s["summary"]["damage"][1] == 3


def test_a_spend_beyond_the_energy_held_is_refused_with_the_reason():
    """SSR-10, SSR-7: a Supernova with 2 red, a Siphon with X below 4, an unknown power and
    a malformed X are each refused with the reason; the seat keeps composing."""
    s = start("ancient", "human")
    give(s, 0, "MER", 2)
    s = declaring(s)
    affordable = {p["code"] for p in E.view(s, 0)["me"]["solar_powers"] if p["affordable"]}
    assert affordable == {"SAST"}
    refusals = {
        "SSUP": (
            {"type": "solar", "power": "SSUP"},
            "Supernova costs 3 red Energy; you have 2 red",
        ),
        "SSIP": ({"type": "solar", "power": "SSIP", "x": 3}, "X of at least 4"),
        "none": ({"type": "solar", "power": "SXXX"}, "no such Solar Power"),
        "x": ({"type": "solar", "power": "SSIP", "x": [4]}, "X of at least 4"),
        "copy": ({"type": "solar", "power": "SSIM", "target": "LEV"}, "Basic ship"),
    }
    for action, words in refusals.values():
        with pytest.raises(IllegalAction) as err:
            E.apply(s, 0, action)
        assert err.value.code == "ILLEGAL_SPEND" and words in err.value.message, action
    s = play(s, 0, {"type": "solar", "power": "SAST"}, {"type": "confirm"})
    assert s["summary"]["damage"][1] == 1


def test_siphon_follows_its_formula():
    """SSG-SIPHON: X red + X green: deal and heal 3X - 4 for X = 4..7, then 5(X - 4)."""
    assert [siphon_value(x) for x in range(4, 11)] == [8, 11, 14, 17, 20, 25, 30]
    s = edited(start("ancient", "human"), health=[20, 25])
    give(s, 0, "MER", 5)
    give(s, 0, "PLU", 5)
    s = declaring(s)
    offered = sorted(a["x"] for a in E.legal_actions(s, 0) if a.get("power") == "SSIP")
    assert offered == [4, 5]
    s = play(s, 0, {"type": "solar", "power": "SSIP", "x": 5}, {"type": "confirm"})
    assert ("SSIP", "damage", 11) in summary_rows(s) and ("SSIP", "heal", 11) in summary_rows(s)
    assert s["summary"]["after"] == [31, 14]


def test_convert_adds_a_line_next_turn():
    """SSG-SOLAR, SSG-LINES: two Converts (1 blue each) add 2 lines at the next Line
    Generation, once."""
    s = start("ancient", "human")
    give(s, 0, "NEP", 2)
    saved = min(12, s["players"][0]["lines"])
    s = declaring(s)
    s = play(s, 0, *[{"type": "solar", "power": "SCON"}] * 2, {"type": "confirm"})
    assert s["turn"] == 2 and s["players"][0]["convert"] == 0  # spent by this Line Generation
    assert s["players"][0]["lines"] == saved + s["dice"]["effective"][0] + 2
    texts = [e["text"] for e in s["log"] if e["turn"] == 2]
    assert any(t.startswith("Player 1 gains") and "Convert +2" in t for t in texts)
    s = play(declaring(s), 0, {"type": "confirm"})
    assert not any("Convert" in e["text"] for e in s["log"] if e["turn"] == 3)


def test_casts_stay_hidden_until_both_seats_lock_in_then_show_together():
    """SSR-8, SSR-2: a composed cast and the Energy left are in the caster's panel only;
    the opponent and spectators see "has chosen" and nothing of it until the reveal."""
    s = start("ancient", "human")
    give(s, 0, "MER", 3)
    give(s, 1, "INT", 2, charges=1)  # the second one keeps the turn open in a Response
    s = declaring(s)
    assert E.prompts(s).waiting == {0: "declare", 1: "declare"}
    s = play(s, 0, {"type": "solar", "power": "SSUP"}, {"type": "confirm"})
    mine = E.view(s, 0)["me"]
    assert [c["name"] for c in mine["solar"]] == ["Supernova"]
    entry = mine["solar"][0]["entry"]
    for viewer in (1, None):
        seen = canonical_json(E.view(s, viewer))
        assert entry not in seen and "Supernova" not in seen and "SSUP" not in seen
    assert E.view(s, 1)["players"][0]["has_chosen"] is True
    s = play(s, 1, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    assert s["step"] == "response"
    view = E.view(s, None)
    assert [c["name"] for c in view["this_turn"]["cast"][0]] == ["Supernova"]
    assert view["this_turn"]["declared"][1][0]["name"] == "Interceptor"


def test_a_cast_alone_opens_no_response_and_the_response_takes_no_casts():
    """SSR-10, SSR-2: Solar Powers are declarations only. A cast with no charge declared
    goes straight to End of Turn; after a declared charge the one Response offers charges
    only, and a cast sent there is refused with the reason."""
    s = start("ancient", "human")
    give(s, 0, "MER", 2)
    give(s, 1, "INT", charges=1)
    s = declaring(s)
    s = play(s, 0, {"type": "solar", "power": "SAST"}, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    assert s["summary"]["turn"] == 1 and s["turnstate"]["response_open"] is False
    s = start("ancient", "human")
    give(s, 0, "MER", 2)
    give(s, 0, "QUA", trigger=s["dice"]["effective"][0])
    give(s, 1, "INT", charges=1)
    give(s, 1, "INT", charges=1)
    s = declaring(s)
    s = play(s, 0, {"type": "confirm"})
    s = play(s, 1, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    assert s["step"] == "response" and E.prompts(s).waiting == {1: "respond"}
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"type": "solar", "power": "SAST"})
    assert not any(a["type"] == "solar" for a in E.legal_actions(s, 1))


def test_withdrawing_a_cast_gives_its_energy_back():
    """SSR-10: a composed cast can be withdrawn before locking in; its Energy is free again."""
    s = start("ancient", "human")
    give(s, 0, "MER", 3)
    s = declaring(s)
    s = play(s, 0, {"type": "solar", "power": "SSUP"})
    assert E.view(s, 0)["me"]["energy_left"]["red"] == 0
    entry = E.view(s, 0)["me"]["solar"][0]["entry"]
    s = play(s, 0, {"type": "withdraw", "entry": entry})
    assert E.view(s, 0)["me"]["energy_left"]["red"] == 3 and E.view(s, 0)["me"]["solar"] == []


def test_solar_amounts_are_fixed_when_declarations_are_revealed():
    """SSX-SOLAR-AMOUNT: a Vortex counts the types owned when Declaration began: a Spiral
    the opponent's Ship of Equality destroys in the same reveal still counts."""
    s = start("ancient", "centaur")
    give(s, 0, "SPI")
    give(s, 0, "MER", 2)
    give(s, 0, "PLU", 2)
    give(s, 0, "NEP", 2)
    give(s, 1, "EQU", charges=2)
    give(s, 1, "VIG")
    s = declaring(s)
    s = play(s, 0, {"type": "solar", "power": "SVOR"}, {"type": "confirm"})
    equality = {"type": "charge", "ship": "EQU", "option": "equality", "own": "VIG"}
    s = play(s, 1, {**equality, "enemy": "SPI"}, {"type": "confirm"})
    s = finish_turn(s)
    assert "SPI" not in codes(s, 0)
    assert ("SVOR", "damage", 8) in summary_rows(s)


def test_only_ancients_make_energy():
    """SSX-ENERGY: a Solar Grid and a Quantum Mystic in a Centaur's fleet (stolen) make no
    Energy; the Grid keeps its charge and nobody is asked to declare. The Mystic's heal on
    its number still works for the thief."""
    s = start("centaur", "human")
    die = s["dice"]["effective"][0]
    give(s, 0, "SOL", charges=2)
    give(s, 0, "QUA", trigger=die)
    s = declaring(s)
    assert s["summary"]["turn"] == 1 and energy(s) == {"red": 0, "green": 0, "blue": 0}
    assert [x["charges"] for x in s["players"][0]["fleet"] if x["code"] == "SOL"] == [2]
    assert ("QUA", "heal", 5) in summary_rows(s)


def test_solar_power_data_matches_the_rules_table():
    """SSG-SOLAR: the nine powers and their fixed costs (red, green, blue)."""
    costs = {code: (p.red, p.green, p.blue, p.variable) for code, p in SOLAR.items()}
    assert costs == {
        "SLIF": (0, 1, 0, None),
        "SSTA": (0, 3, 0, None),
        "SAST": (1, 0, 0, None),
        "SSUP": (3, 0, 0, None),
        "SCON": (0, 0, 1, None),
        "SSIM": (0, 0, 0, "target_cost"),
        "SSIP": (0, 0, 0, "siphon"),
        "SVOR": (2, 2, 2, None),
        "SBLA": (4, 4, 4, None),
    }
