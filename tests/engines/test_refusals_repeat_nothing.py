"""A refusal never repeats what was sent (issue 22, finding 5): an action of an unknown type,
or with fields the engine does not take, is refused with a fixed sentence, so nothing a
sender chose (a lone surrogate, a 200-character string, markup) comes back in the message."""

import pytest

from games.engines import GAME_MODULES, get_engine
from games.engines.core import IllegalAction

MARK = "zz-sent-by-the-player"


@pytest.mark.parametrize("game", list(GAME_MODULES))
@pytest.mark.parametrize("seat", [0, 1])
def test_an_unknown_action_is_refused_without_an_echo(game, seat):
    engine = get_engine(game)
    state = engine.setup({}, f"echo-{game}")
    offered = engine.legal_actions(state, seat)
    attempts = [{"type": MARK}, {"type": MARK * 3, MARK: MARK}]
    if offered:
        attempts.append({**offered[0], MARK: MARK})  # a real move with a field too many
    for action in attempts:
        try:
            engine.apply(state, seat, action)
        except IllegalAction as refused:
            assert MARK not in refused.message, (game, action, refused.message)
        else:
            kinds = {a.get("type") for a in offered}
            assert action.get("type") in kinds, f"an unknown type was applied: {action}"
