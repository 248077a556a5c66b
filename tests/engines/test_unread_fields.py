"""An action with a field its engine does not read is refused (issue 38, E10 and Info): the
log keeps actions as sent, so an ignored field would live in the permanent record, and a
downloaded record could gain one without the hash chain noticing."""

import random

import pytest

from games.engines import GAME_MODULES, get_engine
from games.engines.core import IllegalAction


def states_with_actions(slug: str, moves: int = 60):
    """A seeded random stretch of a match: each state met, with a seat that has actions."""
    engine = get_engine(slug)
    state, rnd = engine.setup({}, f"unread-{slug}"), random.Random(slug)
    for _ in range(moves):
        prompts = engine.prompts(state)
        if prompts.step == "over" or not prompts.waiting:
            return
        seat = min(prompts.waiting)
        actions = engine.legal_actions(state, seat)
        yield state, seat, actions
        state, _ = engine.apply(state, seat, rnd.choice(actions))


@pytest.mark.parametrize("slug", sorted(GAME_MODULES))
def test_every_legal_action_with_one_more_field_is_refused(slug):
    engine = get_engine(slug)
    tried = set()
    for state, seat, actions in states_with_actions(slug):
        for action in actions:
            padded = {**action, "note": "kept for ever"}
            with pytest.raises(IllegalAction) as refusal:
                engine.apply(state, seat, padded)
            assert "kept for ever" not in refusal.value.message
            engine.apply(state, seat, action)  # the action itself stays legal
            tried.add(action["type"])
    assert tried, "the playout offered no action to try"
