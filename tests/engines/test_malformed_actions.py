"""Every engine refuses a malformed action with IllegalAction and never changes its input.

The match socket accepts any JSON object as an action, so a player can send any value under
any key. For each of the five engines this plays a seeded random stretch of a match (legal
moves and due timeouts) to reach an ordinary state, then sends actions of every known type
whose values have every JSON shape (null, bools, huge ints, floats, long strings, lists,
objects), sometimes a legal action with one value swapped for such a value, and sometimes
no object at all. Each must be refused with ``IllegalAction`` or give a legal result; any
other exception is a bug (the player would see "Something went wrong on our side"), and
the state passed in must stay exactly as it was (the engine contract; GUN-X-INVALID-ACTION for Gundam).
"""

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import GAME_MODULES, get_engine
from games.engines.core import IllegalAction

# Every action type each engine's apply understands (legal_actions shows more as they occur).
KNOWN_TYPES = {
    "elemental-clash": ["pick", "select", "lock"],
    "phalanx": ["deploy", "attack", "draw", "pass", "reinforce", "forfeit"],
    "card-battle": ["choose_deck"],
    "gundam": [
        "choose_deck", "play_resource", "skip_resource", "deploy", "pair", "attack", "command",
        "support", "base_ability", "end_main", "end_turn", "block", "pass_block", "select",
        "target", "cancel", "toggle_discard", "toggle_attacker",
    ],
    "shapeships": [
        "species", "reroll", "keep", "confirm", "build", "upgrade", "evolve", "carrier",
        "remove", "clear", "strike", "unstrike", "charge", "withdraw", "resign", "cube",
        "solar", "hole", "copy", "cancel",
    ],
}  # fmt: skip
# The keys each engine reads from an action, plus a few no engine reads.
KEYS = {
    "elemental-clash": ["card"],
    "phalanx": ["card", "column", "attacker"],
    "card-battle": ["deck", "name"],
    "gundam": [
        "card", "mode", "target", "unit", "pilot", "attacker", "attackers", "trash", "position",
        "discard", "deck", "name",
    ],
    "shapeships": [
        "ship", "source", "target", "option", "make", "trigger", "species", "entry", "into",
        "own", "enemy", "use", "power", "x",
    ],
}  # fmt: skip
STRAY_KEYS = ["seat", "step", "type2", ""]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([-(2**70), 2**63, 10**30, -1, 0, 1, 5]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["x" * 5000, "player", "EC0-c01", "gd0-m00", "0", ""]),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def reach(engine, seed: str, steps: int, walk: random.Random) -> dict:
    """A state after up to ``steps`` random legal moves (a due timeout when nobody can act)."""
    state = engine.setup({}, seed)
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        offered = [(s, a) for s in (0, 1) for a in engine.legal_actions(state, s)]
        offered = [(s, a) for s, a in offered if a.get("type") not in ("resign", "forfeit")]
        if offered and walk.random() < 0.95:
            seat, action = walk.choice(offered)
            state, _ = engine.apply(state, seat, action)
            continue
        try:
            state, _ = engine.timeout(state)
        except IllegalAction:
            break
    return state


@st.composite
def malformed(draw, slug: str, legal: list[dict]):
    shape = draw(st.integers(0, 9))
    if shape == 0:
        return draw(json_values)  # not even an object, or an object without a good type
    if shape <= 3 and legal:
        # A legal action with one value (or one extra key) swapped for any JSON value.
        action = copy.deepcopy(draw(st.sampled_from(legal)))
        key = draw(st.sampled_from(sorted(set(action) - {"type"}) + KEYS[slug] + STRAY_KEYS))
        action[key] = draw(json_values)
        return action
    kinds = KNOWN_TYPES[slug] + sorted({a["type"] for a in legal})
    action = {"type": draw(st.sampled_from(kinds))}
    keys = st.sampled_from(KEYS[slug] + STRAY_KEYS)
    for key in draw(st.lists(keys, min_size=1, max_size=4, unique=True)):
        action[key] = draw(json_values)
    return action


@pytest.mark.parametrize("slug", sorted(GAME_MODULES))
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), n=st.integers(0, 10_000), steps=st.integers(0, 90))
def test_malformed_actions_are_refused_and_never_change_the_state(slug, data, n, steps):
    engine = get_engine(slug)
    state = reach(engine, f"malformed-{slug}-{n}", steps, random.Random(n))
    legal = [a for s in (0, 1) for a in engine.legal_actions(state, s)]
    for _ in range(8):
        action = data.draw(malformed(slug, legal), label="action")
        seat = data.draw(st.sampled_from([0, 1]), label="seat")
        before = copy.deepcopy(state)
        try:
            new, events = engine.apply(state, seat, action)
        except IllegalAction as refused:
            assert isinstance(refused.code, str) and refused.message
        else:
            # Accepted: it was a legal move after all (e.g. an ignored extra key).
            assert isinstance(new, dict) and isinstance(events, list)
        assert state == before, "apply changed the state it was given"


@pytest.mark.parametrize(
    ("slug", "action"),
    [
        ("elemental-clash", {"type": "pick", "card": ["x"]}),
        ("elemental-clash", {"type": "select", "card": {"id": 1}}),
        ("gundam", {"type": "select", "mode": []}),
        ("gundam", {"type": "select", "mode": "attack", "card": {}}),
        ("phalanx", {"type": "deploy", "card": [], "column": []}),
        ("card-battle", {"type": "choose_deck", "deck": "x", "name": []}),
        ("shapeships", {"type": "species", "species": []}),
    ],
)
def test_the_reported_malformed_actions_are_illegal_actions(slug, action):
    """The two reproductions of the report (and neighbours) at the very first state."""
    engine = get_engine(slug)
    state = engine.setup({}, f"reported-{slug}")
    before = copy.deepcopy(state)
    for seat in (0, 1):
        with pytest.raises(IllegalAction):
            engine.apply(state, seat, action)
    assert state == before
