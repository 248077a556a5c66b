"""Structure rules: phases and steps, the battle commitments, hiding, timeouts, resignation."""

import re
from pathlib import Path

import pytest

from games.engines.core import IllegalAction, canonical_json
from games.engines.shapeships import model
from games.engines.shapeships.model import (
    STEP_AUTOMATIC,
    STEP_PHASE,
    BattleStep,
    BuildStep,
    EndStep,
    MajorPhase,
)

from .support import E, codes, confirm_waiting, edited, finish_turn, give, play, start

ENGINE_DIR = Path(model.__file__).parent


def test_exactly_three_major_phases_and_automatic_is_a_step_property():
    """SSC-1, SSR-1: Build, Battle, End of Turn Resolution; no "automatic" phase."""
    assert [p.value for p in MajorPhase] == [
        "build_phase",
        "battle_phase",
        "end_of_turn_resolution",
    ]
    assert not any("automatic" in p.value for p in MajorPhase)
    assert [s.value for s in BuildStep] == ["dice_roll", "line_generation", "drawing"]
    assert [s.value for s in BattleStep] == ["reveal", "first_strike", "declaration", "response"]
    assert set(STEP_PHASE.values()) == set(MajorPhase)
    assert STEP_AUTOMATIC[BuildStep.LINE_GENERATION] is True
    assert STEP_AUTOMATIC[BuildStep.DRAWING] is False
    assert STEP_AUTOMATIC[EndStep.END_OF_TURN_RESOLUTION] is True


def test_no_numeric_phase_indices_anywhere():
    """SSC-6: phases and steps are named strings in the state and never compared to numbers
    in the engine source."""
    s = start()
    assert s["phase"] == "build_phase" and s["step"] == "drawing"
    pattern = re.compile(r"(phase|step)\w*\"?\]?\s*(==|!=|<=|>=|<|>)\s*\d")
    for path in ENGINE_DIR.glob("*.py"):
        assert not pattern.search(path.read_text()), path.name
    for enum in (MajorPhase, BuildStep, BattleStep, EndStep):
        for member in enum:
            assert isinstance(member.value, str) and not member.value.isdigit()


def test_interactive_step_nobody_can_act_in_is_skipped():
    """SSR-1: without first-strike or charge ships, Drawing leads straight to End of Turn
    Resolution and the next turn's Drawing."""
    s = start()
    s = confirm_waiting(s)
    assert s["turn"] == 2 and s["step"] == "drawing"
    assert s["summary"]["turn"] == 1


def test_first_strike_waits_only_for_seats_that_can_strike():
    """SSR-1, SSC-3: a Guardian owner is prompted for targets; the other seat is not."""
    s = start()
    give(s, 0, "GUA", charges=2)
    give(s, 1, "FIG")
    s = confirm_waiting(s)
    assert s["step"] == "first_strike" and s["phase"] == "battle_phase"
    assert E.prompts(s).waiting == {0: "first_strike"}


def test_single_response_follows_a_declared_charge():
    """SSR-2, SSC-3: a declared Interceptor opens one response; the Ship of Wisdom answers;
    then End of Turn: 25 - 5 + 4 = 24. Never a second response."""
    s = start("human", "centaur")
    give(s, 0, "INT", charges=1)
    give(s, 1, "WIS", charges=2)
    s = confirm_waiting(s)
    assert s["step"] == "declaration"
    s = play(s, 0, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    s = play(s, 1, {"type": "confirm"})
    assert s["step"] == "response"
    assert E.prompts(s).waiting == {1: "respond"}
    s = play(s, 1, {"type": "charge", "ship": "WIS", "option": "heal"})
    # SSR-8: the pending response is visible to its owner only.
    assert "SSD1" in canonical_json(E.view(s, 1))
    assert "SSD1" not in canonical_json(E.view(s, 0))
    assert E.view(s, None)["this_turn"]["responded"] == [[], []]
    s = play(s, 1, {"type": "confirm"})
    assert s["summary"]["turn"] == 1 and s["step"] == "drawing"
    assert s["players"][1]["health"] == 24


def test_no_response_without_a_declared_charge():
    """SSR-2: if nobody declared, End of Turn Resolution follows the declaration at once."""
    s = start("human", "centaur")
    give(s, 0, "INT", charges=1)
    give(s, 1, "WIS", charges=2)
    s = confirm_waiting(s)
    s = confirm_waiting(s)
    assert s["summary"]["turn"] == 1 and s["turn"] == 2


def test_a_ship_uses_one_charge_per_turn_across_both_steps():
    """SSR-2: a Ship of Wisdom with 2 charges that declared cannot respond; with nobody else
    able to respond, no response step opens."""
    s = start("human", "centaur")
    give(s, 0, "INT", charges=1)
    give(s, 1, "WIS", charges=2)
    s = confirm_waiting(s)
    s = play(s, 0, {"type": "charge", "ship": "INT", "option": "deal"}, {"type": "confirm"})
    s = play(s, 1, {"type": "charge", "ship": "WIS", "option": "deal"})
    with pytest.raises(IllegalAction):
        E.apply(s, 1, {"type": "charge", "ship": "WIS", "option": "deal"})
    s = play(s, 1, {"type": "confirm"})
    assert s["summary"]["turn"] == 1
    assert s["summary"]["after"] == [22, 20]


def test_declarations_are_hidden_until_both_lock_in():
    """SSC-3, SSR-8: after seat 0 locks a charge, seat 1 and spectators only see
    "has chosen"; the declaration is revealed together with seat 1's."""
    s = start("human", "centaur")
    give(s, 0, "INT", charges=1)
    give(s, 1, "WIS", charges=2)
    s = confirm_waiting(s)
    s = play(s, 0, {"type": "charge", "ship": "INT", "option": "deal"})
    own = canonical_json(E.view(s, 0))
    assert "SSD0" in own
    s = play(s, 0, {"type": "confirm"})
    for viewer in (1, None):
        view = E.view(s, viewer)
        assert view["players"][0]["has_chosen"] is True
        assert view["this_turn"]["declared"] == [[], []]
        assert "SSD0" not in canonical_json(view)
    s = play(s, 1, {"type": "confirm"})
    assert E.view(s, 1)["this_turn"]["declared"][0][0]["name"] == "Interceptor"


def test_drawing_submission_and_prelude_are_hidden_until_reveal():
    """SSR-8: the opponent sees neither the plan nor prelude-made ships before Reveal."""
    s = edited(start(), lines=[8, 3])
    give(s, 0, "CAR", charges=6)
    carrier = s["players"][0]["fleet"][0]["id"]
    s = play(
        s,
        0,
        {"type": "carrier", "ship": carrier, "make": "FIG"},
        {"type": "build", "ship": "STA"},
        {"type": "confirm"},
    )
    for viewer in (1, None):
        view = E.view(s, viewer)
        assert "SSB0" not in canonical_json(view)
        assert "Starship" not in canonical_json([view["this_turn"], view["log"]])
        assert view["this_turn"]["built"] == [[], []]
        assert [g["code"] for g in view["players"][0]["fleet"]] == ["CAR"]
        assert view["players"][0]["fleet"][0]["charges"] == [6]
        assert view["players"][0]["lines"] == 8
    assert "SSB0" in canonical_json(E.view(s, 0))
    s = confirm_waiting(s)
    assert codes(s, 0) == ["CAR", "FIG", "STA"]


def test_first_strike_targets_are_hidden():
    """SSR-8: a chosen target is not visible to the opponent before both lock in."""
    s = start()
    give(s, 0, "GUA", charges=2)
    give(s, 1, "FIG")
    give(s, 1, "GUA", charges=2)
    give(s, 0, "DEF")
    s = confirm_waiting(s)
    mine = s["players"][0]["fleet"][0]["id"]
    s = play(s, 0, {"type": "strike", "source": mine, "target": "FIG"}, {"type": "confirm"})
    view = E.view(s, 1)
    assert view["players"][0]["has_chosen"] is True
    assert "strikes" not in view["me"] or view["me"]["strikes"] == []
    assert view["this_turn"]["strikes"] == [[], []]
    assert mine not in canonical_json(view)


def test_species_choice_is_hidden_and_simultaneous():
    """SSR-8: species are hidden until both chose; mirror matches are allowed."""
    s = E.setup({}, "species")
    assert E.prompts(s).waiting == {0: "choose_species", 1: "choose_species"}
    s = play(s, 0, {"type": "species", "species": "xenite"})
    assert E.view(s, 1)["players"][0]["species"] is None
    assert E.view(s, 1)["players"][0]["has_chosen"] is True
    assert "xenite" not in canonical_json(E.view(s, None))
    s = play(s, 1, {"type": "species", "species": "xenite"})
    assert E.view(s, 1)["players"][0]["species"] == "xenite"
    assert s["turn"] == 1 and s["step"] == "drawing"


def test_start_state():
    """SSG-START: 25 health, maximum 35, 3 saved lines plus the first die."""
    s = start()
    for seat in (0, 1):
        view = E.view(s, seat)["players"][seat]
        assert (view["health"], view["max_health"]) == (25, 35)
        assert view["lines"] == 3 + s["dice"]["main"]


def test_resignation_ends_the_match_for_the_opponent():
    """SSX-RESIGN: a seat may resign at any time; the other seat wins."""
    s = start()
    assert {"type": "resign"} in E.legal_actions(s, 1)
    s = play(s, 1, {"type": "resign"})
    assert (E.outcome(s).winner, E.outcome(s).reason) == (0, "resignation")
    assert E.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"type": "confirm"})


def test_wrong_seat_malformed_and_locked_actions_are_refused():
    """Contract: illegal actions raise IllegalAction with a stable code."""
    s = start("human", "human")
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"ship": "FIG"})
    s = play(s, 0, {"type": "confirm"})
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "build", "ship": "FIG"})
    assert err.value.code == "NOT_YOUR_TURN"


def test_validate_config():
    """Contract, SSR-9: {} is valid; all four species may be preset; unknown species are
    named."""
    assert E.validate_config({}) == []
    assert E.validate_config({"species": ["human", None]}) == []
    assert E.validate_config({"species": ["ancient", "centaur"]}) == []
    assert "'martian'" in E.validate_config({"species": ["martian", None]})[0]
    assert E.validate_config({"colour": 1})


def test_effect_records_carry_source_target_amount_and_persistence():
    """SSC-2, SSR-4: every queued effect names its source, target, amount and whether it
    survives its source; the public summary lists each line of the sum."""
    s = edited(start(), lines=[8, 0])
    give(s, 0, "FIG")
    s = play(s, 0, {"type": "build", "ship": "STA"}, {"type": "confirm"})
    s = finish_turn(confirm_waiting(s))
    summary = E.view(s, None)["summary"]
    lines = {
        (e["source"], e["timing"], e["persists"], e["amount"], e["target"])
        for e in summary["effects"]
    }
    assert ("STA", "once", True, 8, 1) in lines
    assert ("FIG", "auto", False, 1, 1) in lines
    assert summary["damage"][1] == 9 and summary["after"][1] == 16


def test_state_is_plain_json_with_named_steps():
    """SSC-6: the state holds plain strings for phase and step (no enum objects, no
    numbers), and survives a JSON round trip unchanged."""
    import json

    s = start()
    assert type(s["phase"]) is str and type(s["step"]) is str
    assert json.loads(json.dumps(s)) == s
    s = confirm_waiting(s)
    assert type(s["step"]) is str and s["phase"] in {p.value for p in MajorPhase}
