"""Seeded hypothesis playouts: invariants after every step, termination, replay, no leaks.

Random legal actions are drawn by hypothesis; now and then the step is timed out instead.
Random play is not guaranteed to finish (a fleet can keep healing), so after
``RANDOM_ACTIONS`` the bots take over both seats; a match must then end within
``BOT_ACTIONS`` more actions. That is the termination bound every playout checks.
"""

from __future__ import annotations

import hashlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.core import LoggedAction, canonical_json, replay, state_hash
from games.engines.shapeships import energy
from games.engines.shapeships.model import MajorPhase, Stage

from .support import E

SPECIES = ("human", "xenite", "centaur", "ancient")
PAIRS = list(itertools.product(SPECIES, SPECIES))
RANDOM_ACTIONS = 120
BOT_ACTIONS = 2500


def hidden_markers(seat: int) -> tuple[str, ...]:
    """Ids only a seat's own composition carries: plan entries, and declared charges and
    Solar Power casts (the Energy they spend is in the same hidden commitment)."""
    return (f"SSB{seat}", f"SSD{seat}")


def check_no_leak(state: dict) -> None:
    """SSR-8: the other seat and spectators see nothing of a seat's commitment."""
    spectator = canonical_json(E.view(state, None))
    assert state["seed"] not in spectator
    for seat in (0, 1):
        other = 1 - seat
        seen = canonical_json(E.view(state, other))
        assert state["seed"] not in seen
        for marker in hidden_markers(seat):
            assert marker not in seen and marker not in spectator
        # Changing a seat's hidden commitment must not change what the others see.
        altered = dict(state)
        altered["commit"] = list(state["commit"])
        altered["commit"][seat] = {**state["commit"][seat], "data": {"altered": True}}
        assert canonical_json(E.view(altered, other)) == seen
        assert canonical_json(E.view(altered, None)) == spectator
        if state["stage"] == Stage.SPECIES_CHOICE:
            assert E.view(state, other)["players"][seat]["species"] is None


def check_invariants(before: dict, after: dict) -> None:
    # SSC-1 / SSC-6: named phases only, exactly the three major phases.
    assert after["phase"] in {p.value for p in MajorPhase} | {None}
    assert isinstance(after["step"], str) and not after["step"].isdigit()
    # SSC-2: health only changes in End of Turn Resolution: at every moment each seat's
    # health is exactly what the last End of Turn summary computed (25 before the first).
    health_before = [p["health"] for p in before["players"]]
    health_after = [p["health"] for p in after["players"]]
    expected = after["summary"]["after"] if after["summary"] else [25, 25]
    assert health_after == expected
    if health_before != health_after:
        assert after["summary"] != before["summary"]
        assert after["summary"]["before"] == health_before
    # The cap is 35 plus 5 per Spiral as of the last End of Turn (losing a Spiral lowers
    # the maximum at once, but health is capped only at End of Turn, SSR-3).
    caps = after["summary"]["max"] if after["summary"] else [35, 35]
    for seat, player in enumerate(after["players"]):
        assert player["health"] <= caps[seat] <= 50
        assert player["lines"] >= 0 and player["joining"] >= 0
        for ship in player["fleet"]:
            assert ship["charges"] is None or ship["charges"] >= 0
    if after["turnstate"]:
        for seat in (0, 1):
            # SSG-ENERGY, SSR-10: casts never spend more than was made; Energy is made at
            # Reveal and none is left over into the next turn's Build Phase.
            left = energy.left(after, seat, after["commit"][seat]["data"])
            assert min(left.values()) >= 0
            if after["phase"] == "build_phase":
                assert not any(after["turnstate"]["energy"][seat].values())
    if before["step"] == "drawing" and after["step"] != "drawing":
        # Saved lines were capped at 12 when the Drawing resolved.
        for player in after["players"]:
            assert player["lines"] + player["joining"] <= 12
    if E.outcome(after) is None:
        assert E.prompts(after).waiting, "a running match must wait for someone"


def run_playout(data, config: dict, seed: str) -> None:
    state = E.setup(config, seed)
    entries: list[LoggedAction] = []
    responses_this_turn: dict[int, int] = {}
    total = 0
    while E.outcome(state) is None:
        total += 1
        assert total <= RANDOM_ACTIONS + BOT_ACTIONS, "match did not end within the bound"
        prompts = E.prompts(state)
        before = state
        snapshot = canonical_json(state)
        h_before = hashlib.sha256(snapshot.encode("utf-8")).hexdigest()
        if total <= RANDOM_ACTIONS and data.draw(st.integers(0, 30)) == 0:
            state, _ = E.timeout(state)
            entries.append(LoggedAction(None, "timeout", None, h_before, state_hash(state)))
        else:
            seat = sorted(prompts.waiting)[0]
            if total <= RANDOM_ACTIONS:
                seat = data.draw(st.sampled_from(sorted(prompts.waiting)))
                actions = [a for a in E.legal_actions(state, seat) if a["type"] != "resign"]
                action = actions[data.draw(st.integers(0, len(actions) - 1))]
            else:
                action = E.bot_action(state, seat)
            state, _ = E.apply(state, seat, action)
            entries.append(LoggedAction(seat, "action", action, h_before, state_hash(state)))
        assert canonical_json(before) == snapshot  # apply/timeout never mutate their input
        check_invariants(before, state)
        if total <= RANDOM_ACTIONS or total % 25 == 0:
            check_no_leak(state)
        if state["step"] == "response" and before["step"] != "response":
            # SSR-2: one response per turn at most, and only after a declared charge.
            responses_this_turn[state["turn"]] = responses_this_turn.get(state["turn"], 0) + 1
            declared = state["turnstate"]["declared"]
            assert declared[0] or declared[1]
    assert all(n == 1 for n in responses_this_turn.values())
    assert E.prompts(state).step == "over"
    # Replays reproduce every hash of the chain.
    final = replay(E, config, seed, entries)
    assert state_hash(final) == state_hash(state)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0]}-{p[1]}")
@settings(max_examples=2)
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_random_playouts_end_keep_invariants_and_replay(pair, data, seed):
    """SSC-1, SSC-2, SSC-3, SSC-6, SSR-2, SSR-8, SSR-9 checked after every step of all 16
    pairings of the four species."""
    run_playout(data, {"species": list(pair)}, f"pl-{seed}")


@settings(max_examples=3)
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_random_playouts_with_hidden_species_choice(data, seed):
    """SSR-8: the species choice itself is hidden until both seats chose."""
    run_playout(data, {}, f"sp-{seed}")


def test_health_never_changes_outside_end_of_turn_resolution_in_bot_matches():
    """SSC-2, SSR-3: after every step of seeded bot matches, a health change comes with a
    fresh End of Turn summary whose numbers match."""
    for n, pair in enumerate(PAIRS):
        state = E.setup({"species": list(pair)}, f"hp-{n}")
        steps = 0
        while E.outcome(state) is None:
            steps += 1
            assert steps < BOT_ACTIONS
            seat = sorted(E.prompts(state).waiting)[0]
            before = state
            state, _ = E.apply(state, seat, E.bot_action(state, seat))
            check_invariants(before, state)
            if before["step"] != "end_of_turn_resolution":
                changed = [p["health"] for p in before["players"]] != [
                    p["health"] for p in state["players"]
                ]
                if changed:
                    assert state["summary"]["turn"] >= before["turn"]
