"""The heuristic bot: legal, view-only, never stalls, and prefers clearly better moves."""

import itertools

import pytest

from games.engines.core import clone

from .support import E, confirm_waiting, edited, give, play, start

SPECIES = ("human", "xenite", "centaur", "ancient")


@pytest.mark.parametrize("pair", list(itertools.product(SPECIES, SPECIES)))
def test_bot_matches_end_for_every_pairing(pair):
    """Bot vs bot for each species pairing ends with an outcome; every bot move is legal."""
    state = E.setup({}, f"bots-{pair[0]}-{pair[1]}")
    state = play(state, 0, {"type": "species", "species": pair[0]})
    state = play(state, 1, {"type": "species", "species": pair[1]})
    for _ in range(3000):
        if E.outcome(state):
            break
        seat = sorted(E.prompts(state).waiting)[0]
        action = E.bot_action(state, seat)
        assert action in E.legal_actions(state, seat) and action["type"] != "resign"
        state, _ = E.apply(state, seat, action)
    assert E.outcome(state) is not None
    assert state["turn"] <= 300


def test_bot_strikes_the_costliest_basic_ship():
    """First strike: with a Starship (8) and a Defender (2) on offer, the bot takes the
    Starship."""
    s = start()
    give(s, 0, "GUA", charges=2)
    give(s, 1, "DEF")
    give(s, 1, "STA")
    s = confirm_waiting(s)
    action = E.bot_action(s, 0)
    assert action["type"] == "strike" and action["target"] == "STA"


def test_bot_upgrades_when_it_can():
    """Drawing: with DEF, DEF, COM and 4 lines, the bot builds a Guardian."""
    s = edited(start(), lines=[4, 4])
    give(s, 0, "DEF", 2)
    give(s, 0, "COM")
    assert E.bot_action(s, 0) == {"type": "upgrade", "ship": "GUA"}


def test_bot_heals_when_low_and_deals_when_healthy():
    """Charges: an Interceptor heals 7 at health 8 and deals 5 at health 30."""
    for health, option in ((8, "heal"), (30, "deal")):
        s = edited(start(), health=[health, 25])
        give(s, 0, "INT", charges=1)
        s = confirm_waiting(s)
        assert E.bot_action(s, 0) == {"type": "charge", "ship": "INT", "option": option}


def test_bot_decides_from_its_view_only():
    """The bot's choice does not depend on the opponent's hidden submission."""
    s = edited(start(), lines=[9, 9])
    s = play(s, 1, {"type": "build", "ship": "STA"}, {"type": "confirm"})
    other = clone(s)
    other["commit"][1]["data"]["plan"]["builds"] = []
    assert E.bot_action(s, 0) == E.bot_action(other, 0)


def test_bot_locks_in_a_drawing_in_bounded_steps():
    """The bot never stalls: a Drawing ends in a confirm after a few additions."""
    s = edited(start("xenite", "xenite"), lines=[12, 12])
    for _ in range(30):
        if s["commit"][0]["locked"]:
            break
        s = play(s, 0, E.bot_action(s, 0))
    assert s["commit"][0]["locked"]
