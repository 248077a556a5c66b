"""Nothing hidden leaks into any page or frame, for every game.

For seeded matches played through the services (a person driven by the engine's bot against
the bot), after every move we render the match fragments for seat 0, seat 1 and a spectator,
and the frame each of their sockets would be sent (only the parts of the board that changed).
Every id-like string of the full state that the viewer's ``engine.view`` does not contain is
hidden from that viewer (an opponent's hand, a hidden pick, deck order); none of them may
appear in that viewer's HTML. The seed must never appear at all.
"""

import re

import pytest

from games.engines import GAME_MODULES, get_engine
from games.engines.core import canonical_json
from games.live.rendering import Viewer, render_fragments, render_frame
from games.matches import services
from games.matches.identity import Player
from games.models import Match

pytestmark = pytest.mark.django_db
ID_LIKE = re.compile(r"^(?=.*\d)[A-Za-z0-9][\w:.-]{4,}$")
MAX_MOVES = 120


def id_like_strings(value) -> set[str]:
    out: set[str] = set()
    if isinstance(value, str):
        if ID_LIKE.match(value):
            out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out |= id_like_strings(k) | id_like_strings(v)
    elif isinstance(value, list):
        for v in value:
            out |= id_like_strings(v)
    return out


def assert_nothing_hidden_leaks(match: Match, shown: dict) -> None:
    """``shown``: per viewer, what its socket's page holds (updated here)."""
    engine = get_engine(match.game)
    everything = id_like_strings(match.state) - {match.seed}
    for seat in (0, 1, None):
        # What the viewer may know: its view, plus the moves offered to it (a deck-choice
        # button carries the public contents of a ready-made deck).
        offered = engine.legal_actions(match.state, seat) if seat is not None else []
        visible = canonical_json(engine.view(match.state, seat)) + canonical_json(offered)
        hidden = {s for s in everything if s not in visible}
        frame, shown[seat] = render_frame(match, Viewer(None, seat), "", shown.get(seat))
        for html in (render_fragments(match, Viewer(None, seat)), frame):
            assert match.seed not in html
            leaked = sorted(
                s for s in hidden if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", html)
            )
            assert not leaked, f"{match.game} seat {seat} sees {leaked[:5]} at step {match.step}"


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_no_page_or_frame_shows_a_viewer_what_the_rules_hide(game):
    alice = Player(user_id=None, guest_id="guest-alice", name="alice")
    match = services.create_match(
        game, alice, mode=Match.Mode.BOT, timed=False, seed=f"leak-{game}"
    )
    engine, shown = get_engine(game), {}
    for _ in range(MAX_MOVES):
        match.refresh_from_db()
        assert_nothing_hidden_leaks(match, shown)
        if match.status != Match.Status.ACTIVE:
            break
        if 0 not in engine.prompts(match.state).waiting:
            break  # waiting on a deadline only (untimed here): nothing more to check
        services.submit(match.pk, alice, 0, engine.bot_action(match.state, 0), match.step)
