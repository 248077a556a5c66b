"""work_copy copies every zone a move may change: nothing mutable is shared with its input."""

import json
import random

from games.engines.gundam import ENGINE
from games.engines.gundam.flow import _empty_player
from games.engines.gundam.state import composing_copy, work_copy


def seeded_states(n_playouts=3):
    for i in range(n_playouts):
        rng = random.Random(f"work-copy:{i}")
        state = ENGINE.setup({}, f"work-copy:{i}")
        while ENGINE.outcome(state) is None:
            yield state
            waiting = sorted(ENGINE.prompts(state).waiting)
            if not waiting:
                state, _ = ENGINE.timeout(state)
                continue
            seat = rng.choice(waiting)
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def test_a_player_has_the_zones_work_copy_names():
    # _copy_player names each zone; a new zone would be shared between states unnoticed.
    for state in seeded_states(1):
        for p in state["players"]:
            assert list(p) == list(_empty_player())


def test_no_zone_or_record_of_a_player_is_shared():
    for state in seeded_states():
        new = work_copy(state)
        assert new == state
        for old_p, new_p in zip(state["players"], new["players"], strict=True):
            for key, value in old_p.items():
                if isinstance(value, list | dict):
                    assert new_p[key] is not value, key
                if isinstance(value, list):
                    for old_x, new_x in zip(value, new_p[key], strict=True):
                        assert type(old_x) is str or new_x is not old_x, key


def test_no_state_changes_after_it_was_returned():
    # Composing moves share the players, card table and log with the state before them, and
    # every state shares log lines: a later move must change none of the earlier states.
    states, texts = [], []
    for state in seeded_states():
        states.append(state)
        texts.append(json.dumps(state))
    assert [json.dumps(s) for s in states] == texts


def test_a_composing_move_copies_what_it_changes():
    for state in seeded_states():
        new = composing_copy(state)
        assert new == state
        for key in ("counters", "pending", "timeouts"):
            if state.get(key) is not None:
                assert new[key] is not state[key], key
        for key, value in (state["pending"] or {}).items():
            if isinstance(value, list):
                assert new["pending"][key] is not value, key
