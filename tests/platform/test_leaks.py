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
from games.engines.shapeships.ships import SOLAR
from games.live.rendering import Viewer, render_fragments, render_frame
from games.matches import services
from games.matches.identity import Player
from games.models import Match
from tests.words import occurs

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
            leaked = sorted(s for s in hidden if occurs(s, html))
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


# -- ShapeShips' Ancients: Solar Power casts and the Energy they spend (SSR-8, SSR-10) -------

ANCIENT_PREFER = ('"ship":"MER"', '"ship":"NEP"', '"ship":"PLU"', '"cube"', '"copy"', '"hole"')
SOLAR_NAMES = {code: power.name for code, power in SOLAR.items()}
ANCIENT_TURNS = 3  # enough Declarations for casts, withdraws and reveals; each move costs


def _ancient_move(engine, state, seat: int, casts_this_step: int) -> dict:
    """A player who draws Cores, casts up to two Solar Powers each Declaration (the dearest
    offered first, so Black Holes and Simulacra come up), withdraws one now and then, and
    otherwise takes the first move offered."""
    moves = [a for a in engine.legal_actions(state, seat) if a["type"] != "resign"]
    casts = [a for a in moves if a["type"] == "solar"]
    if casts and casts_this_step < 2:
        return casts[-1]
    withdraws = [a for a in moves if a["type"] == "withdraw"]
    if withdraws and casts_this_step == 2:
        return withdraws[0]
    for fragment in ANCIENT_PREFER:
        chosen = [a for a in moves if fragment in canonical_json(a)]
        if chosen:
            return chosen[0]
    confirm = [a for a in moves if a["type"] == "confirm"]
    return confirm[0] if confirm else moves[0]


def _without_casts(state: dict, seat: int) -> dict:
    """The state as the others may know it: ``seat`` composed no cast (its lock-in stays)."""
    data = {k: v for k, v in state["commit"][seat]["data"].items() if k not in ("solar", "hole")}
    data.pop("aim", None)
    commit = [dict(c) for c in state["commit"]]
    commit[seat] = {**commit[seat], "data": data}
    return {**state, "commit": commit}


def test_an_ancients_casts_and_spends_reach_no_one_else_before_the_reveal():
    """SSR-8, SSR-10: two Ancients cast Solar Powers in every Declaration. Until the reveal,
    the other seat's and a spectator's page (whole, and each frame their socket is sent)
    is exactly the page of the same match in which nothing was cast: no power, target, X
    or Energy left of the caster's shows, only "has chosen"; a spectator's frame names no
    power cast. Once revealed, every board's log names the casts."""
    alice, bob = (Player(user_id=None, guest_id=f"guest-{n}", name=n) for n in ("ada", "bo"))
    match = services.create_match(
        "shapeships",
        alice,
        config={"species": ["ancient", "ancient"]},
        timed=False,
        seed="leak-ancient-7",
    )
    services.join_match(match.pk, bob)
    engine, shown = get_engine("shapeships"), {}  # per viewer, what its socket's page holds
    people, cast_count, checked = (alice, bob), {0: 0, 1: 0}, 0
    for _ in range(200):
        match.refresh_from_db()
        assert_nothing_hidden_leaks(match, shown)
        state = match.state
        if match.status != Match.Status.ACTIVE or state["turn"] > ANCIENT_TURNS:
            break
        waiting = sorted(engine.prompts(state).waiting)
        seat = waiting[0]
        if state["step"] != "declaration":
            cast_count = {0: 0, 1: 0}
        action = _ancient_move(engine, state, seat, cast_count[seat])
        services.submit(match.pk, people[seat], seat, action, match.step)
        match.refresh_from_db()
        composed = match.state["commit"][seat]["data"].get("solar", [])
        if action["type"] == "solar":
            cast_count[seat] += 1
        if match.state["step"] != "declaration" or not composed:
            continue
        # Still in Declaration: the caster's composition is hidden from everyone else.
        checked += 1
        blind = Match(**{f.attname: getattr(match, f.attname) for f in Match._meta.concrete_fields})
        blind.state = _without_casts(match.state, seat)
        for viewer in (1 - seat, None):
            page = render_fragments(match, Viewer(None, viewer))
            assert page == render_fragments(blind, Viewer(None, viewer)), (seat, viewer)
            frame, after = render_frame(match, Viewer(None, viewer), "", shown[viewer])
            blind_frame, _ = render_frame(blind, Viewer(None, viewer), "", shown[viewer])
            assert frame == blind_frame, (seat, viewer, action)
            if viewer is None:  # no Solar Powers of its own on a spectator's page
                names = {SOLAR_NAMES[c["power"]] for c in composed}
                assert not [n for n in names if re.search(rf"\b{n}\b", frame)], frame
            shown[viewer] = after
    assert match.state["turn"] > ANCIENT_TURNS, "the turns were played"
    assert checked > 10, "casts were composed and looked for"
    for viewer in (0, 1, None):
        page = render_fragments(match, Viewer(None, viewer))
        assert re.search(rf"(ada|bo) casts ({'|'.join(SOLAR_NAMES.values())})", page), viewer
