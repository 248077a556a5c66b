"""A socket's frames send only the parts of the board that changed (games/live/frames.py), and the
page they build is, after every move, the page a reload shows."""

import pytest

from games import boards
from games.engines import GAME_MODULES, get_engine
from games.live import around, frames
from games.live.rendering import Viewer, context_for, render_fragments, render_frame
from games.matches import services
from games.models import Match
from games.templatetags import parts
from tests.pages import PART, apply_frame, board_of

from . import playouts
from .conftest import persona

pytestmark = pytest.mark.django_db

ALICE, BOB, CAROL = persona("Alice"), persona("Bob"), persona("Carol")
VIEWERS = (Viewer(ALICE, 0), Viewer(BOB, 1), Viewer(CAROL, None))
MOVES = 150


def versions_of_a_match(game: str, seed: int):
    return playouts.versions_of_a_match(
        game, (ALICE, BOB), rng_seed=f"frames:{game}:{seed}", moves=MOVES, seed=f"frames-{seed}"
    )


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_the_page_frames_build_is_the_page_a_reload_shows_after_every_move(game):
    """Seat 0, seat 1 and a spectator each follow one match frame by frame, as a browser
    would (htmx swaps each part in by id); after every move each page's board must be the
    board a fresh render of that version gives."""
    shown = dict.fromkeys(range(len(VIEWERS)))
    pages: dict[int, str] = {}
    partial = 0
    for match in versions_of_a_match(game, seed=1):
        for i, viewer in enumerate(VIEWERS):
            frame, shown[i] = render_frame(match, viewer, "", shown[i])
            partial += '<div id="board"' not in frame
            pages[i] = apply_frame(pages.get(i, ""), frame)
            assert pages[i] == board_of(render_fragments(match, viewer)), (
                f"{game}: {viewer} at version {match.version} ({match.step})"
            )
    if game != "card-battle":  # its board is one piece: a battle played back, then the end
        assert partial, f"{game}: no frame ever left anything out"


def test_an_ancient_fleets_frames_build_the_page_a_reload_shows():
    """ShapeShips with two Ancient fleets (Energy, Solar Powers, Cube dice, copies): the
    parts its board adds follow the moves exactly, for both seats and a spectator."""
    shown = dict.fromkeys(range(len(VIEWERS)))
    pages: dict[int, str] = {}
    casts = 0
    for match in playouts.versions_of_a_match(
        "shapeships",
        (ALICE, BOB),
        rng_seed="frames:ancient",
        moves=MOVES,
        seed="frames-ancient",
        config={"species": ["ancient", "ancient"]},
    ):
        casts += any(c.get("data", {}).get("solar") for c in match.state["commit"])
        for i, viewer in enumerate(VIEWERS):
            frame, shown[i] = render_frame(match, viewer, "", shown[i])
            pages[i] = apply_frame(pages.get(i, ""), frame)
            assert pages[i] == board_of(render_fragments(match, viewer)), (
                f"ancient: {viewer} at version {match.version} ({match.step})"
            )
    assert casts, "some version held a composed Solar Power"


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_a_reused_part_is_exactly_a_fresh_render_of_it(game, monkeypatch):
    """Parts come from the cache whenever their inputs recur; turning reuse off must change
    nothing anywhere (a part whose inputs missed something it reads would differ here)."""
    for match in versions_of_a_match(game, seed=2):
        for viewer in VIEWERS:
            cached = render_fragments(match, viewer)
            monkeypatch.setattr(parts, "reuse_enabled", False)
            fresh = render_fragments(match, viewer)
            monkeypatch.setattr(parts, "reuse_enabled", True)
            assert cached == fresh, f"{game}: {viewer} at version {match.version}"


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_a_part_rendered_from_its_inputs_alone_is_the_part_the_page_renders(game, monkeypatch):
    """When the board around the parts changes, a frame sends the whole board, and the parts
    the page already showed are rendered from their inputs alone (games/templatetags/parts.py),
    not from the page. Every part of every board, so rendered, must be the part in place."""
    monkeypatch.setattr(parts, "reuse_enabled", False)
    checked = 0
    for match in versions_of_a_match(game, seed=5):
        for viewer in VIEWERS:
            whole, shown = render_frame(match, viewer)
            in_place = {found.group(1): found.group(0) for found in PART.finditer(whole)}
            builder = frames.FrameBuilder(shown)  # the page shows every part: all skipped
            context = {**context_for(match, viewer), "flash": "", frames.FRAME_VARIABLE: builder}
            around.page(context)
            assert set(builder.skipped) == set(in_place)
            for part_id, later in builder.skipped.items():
                assert later() == in_place[part_id], f"{game}: {part_id} for {viewer}"
                checked += 1
    assert checked or game == "card-battle"  # its board is one piece


def first_frames(game: str = "elemental-clash"):
    match = next(versions_of_a_match(game, seed=3))
    return match, render_frame(match, VIEWERS[0])


def test_a_first_frame_is_the_whole_render():
    match, (frame, _) = first_frames()
    assert frame == render_fragments(match, VIEWERS[0])


def test_the_same_version_again_sends_nothing_and_with_a_flash_no_part_of_the_board():
    """Nothing the viewer sees changed: nothing to send (games/live/board_frames.py). A flash
    goes with the status bar, never with a part the page already shows."""
    match, (_, shown) = first_frames()
    again, _ = render_frame(match, VIEWERS[0], "", shown)
    assert again == ""
    flashed, _ = render_frame(match, VIEWERS[0], "Not your move.", shown)
    assert "Not your move." in flashed
    assert 'id="match-status"' in flashed and 'id="gameover"' in flashed
    assert '<div id="board"' not in flashed and not PART.search(flashed)


def test_a_game_framed_from_its_page_sends_nothing_when_nothing_changed():
    """A board framed from its page (Card Battle, the one board without a declared layout)
    follows the same rule: the same version again is no frame (a frame would tell the viewer
    when the other seat acted in a hidden step), and a flash goes with the status bar but no
    part of the board."""
    for game in ("card-battle",):
        assert game not in boards.LAYOUTS, f"{game} declares its parts: test another game"
        match, (_, shown) = first_frames(game)
        again, _ = render_frame(match, VIEWERS[0], "", shown)
        assert again == "", game
        flashed, _ = render_frame(match, VIEWERS[0], "Not your move.", shown)
        assert "Not your move." in flashed and 'id="match-status"' in flashed, game
        assert '<div id="board"' not in flashed and not PART.search(flashed), game


def test_a_pick_sends_the_changed_parts_only():
    """Elemental Clash's draft: alice picks. Her side and her draft offer change; the log,
    the header and bob's side do not."""
    versions = versions_of_a_match("elemental-clash", seed=4)
    before = next(versions)
    _, shown = render_frame(before, VIEWERS[0])
    engine = get_engine("elemental-clash")
    services.submit(before.pk, ALICE, 0, engine.legal_actions(before.state, 0)[0])
    after = Match.objects.prefetch_related("seats").get(pk=before.pk)
    frame, _ = render_frame(after, VIEWERS[0], "", shown)
    sent = {m.group(1) for m in PART.finditer(frame)}
    assert "part-ec-side-0" in sent and "part-ec-draft" in sent
    assert "part-ec-side-1" not in sent and "part-ec-head" not in sent
    assert '<div id="board"' not in frame
    assert len(frame) < len(render_fragments(after, VIEWERS[0]))


def page_with(board: str, *, status: str = "") -> callable:
    """A stand-in for the page around ``board`` (games/live/around.py)."""

    def render(builder) -> str:
        return f"{status}{frames.BOARD_OPENS}{board(builder)}</div>{frames.BOARD_ENDS}</div>"

    return render


def test_a_new_skeleton_sends_the_whole_board_with_every_part():
    part = lambda builder: builder.part("part-a", b"1", lambda: "<A>")  # noqa: E731
    _, shown = frames.frame_of(page_with(lambda b: f"x{part(b)}"), None)
    html, _ = frames.frame_of(page_with(lambda b: f"y{part(b)}"), shown)
    assert f"{frames.BOARD_OPENS}y<A></div>" in html, "the unchanged part too"


def test_two_parts_of_one_board_may_not_share_a_name():
    def board(builder) -> str:
        return builder.part("part-a", b"1", str) + builder.part("part-a", b"2", str)

    with pytest.raises(ValueError, match="part-a"):
        frames.frame_of(page_with(board), None)


def test_parts_stand_only_on_the_board():
    """The status bar and the flash go whole in every frame; a part there would leave a
    slot in a frame instead of HTML."""
    builder_part = lambda b: b.part("part-a", b"1", str)  # noqa: E731

    def render(builder) -> str:
        return page_with(lambda b: "")(builder).replace("<div", builder_part(builder) + "<div", 1)

    with pytest.raises(ValueError, match="board"):
        frames.frame_of(render, None)
