"""Boards that declare their parts as data (games/boards/) are framed from their
parts' inputs (games/live/board_frames.py). The declaration must say what the template does:
the same parts, in the same order, with the same inputs, and a board outside its parts that
the skeleton values fix. tests/platform/test_frames.py checks the pages the frames build."""

import logging

import pytest
from django.template import engines

from games import boards
from games.boards import Layout, Place, layout_of
from games.live import board_frames
from games.live.frames import FRAME_VARIABLE, FrameBuilder
from games.live.rendering import Viewer, context_for, render_fragments, render_frame
from games.templatetags.parts import parts_in
from tests.pages import PART, apply_frame, board_of

from . import playouts
from .conftest import persona

pytestmark = pytest.mark.django_db

ALICE, BOB, CAROL = persona("Alice"), persona("Bob"), persona("Carol")
VIEWERS = (Viewer(ALICE, 0), Viewer(BOB, 1), Viewer(CAROL, None))
DECLARED = sorted(boards.LAYOUTS)


def versions(game: str, seed: str, moves: int = 150):
    return playouts.versions_of_a_match(
        game, (ALICE, BOB), rng_seed=f"layouts:{game}:{seed}", moves=moves, seed=seed
    )


def frame_context(match, viewer) -> dict:
    return {**context_for(match, viewer), "flash": ""}


def board_template(context: dict):
    return engines["django"].get_template(context["board_template"]).template


def template_parts(context: dict) -> tuple[str, dict]:
    """The board as its template renders it, parts left as slots, and each part's digest."""
    builder = FrameBuilder(None)
    board = board_template(context)
    from django.template import Context

    skeleton = board.render(Context({**context, FRAME_VARIABLE: builder}, use_l10n=False))
    return skeleton, builder.digests


@pytest.mark.parametrize("game", DECLARED)
def test_a_layout_places_the_parts_its_template_renders(game):
    """Every version, both seats and a spectator: the declared parts are the template's, in
    its order, each with the digest the template gives it where it stands; and two boards
    with the same skeleton key are the same board outside their parts. The matches must
    reach every part tag of the board, so that no branch of a layout goes unchecked."""
    skeletons: dict[bytes, str] = {}
    reached: set[tuple[str, int]] = set()
    for match in versions(game, "place"):
        for viewer in VIEWERS:
            context = frame_context(match, viewer)
            layout = layout_of(game, context)
            reached.update((place.name, place.nth) for place in layout.places)
            placed = board_frames._placed(board_template(context), context, layout)
            skeleton, rendered = template_parts(context)
            where = f"{game}: {viewer} at version {match.version} ({match.step})"
            assert [(i, d) for i, (_, d, _) in placed.items()] == list(rendered.items()), where
            key = board_frames._skeleton_key(layout, placed)
            assert skeletons.setdefault(key, skeleton) == skeleton, where
    assert len(skeletons) > 1, "the matches went through more than one skeleton"
    # By node: a template included twice (Elemental Clash's sides) lists its tags twice.
    tags = parts_in(board_template(context))
    unreached = {id(node) for nodes in tags.values() for node in nodes}
    unreached -= {id(tags[name][nth]) for name, nth in reached}
    assert not unreached, f"{game}: {len(unreached)} part tags that no version placed"


@pytest.mark.parametrize("game", DECLARED)
def test_a_frame_with_the_same_skeleton_never_renders_the_board(game, monkeypatch):
    """The point of declaring parts: once the page shows the skeleton, a frame renders the
    fragments around the board and the changed parts, and never the board's template."""
    shown = dict.fromkeys(range(len(VIEWERS)))
    pages: dict[int, str] = {}
    walked, partial = [], 0
    real = board_frames._whole_board

    def whole_board(board, context):
        walked.append(context["match"]["version"])
        return real(board, context)

    monkeypatch.setattr(board_frames, "_whole_board", whole_board)
    for match in versions(game, "walk", moves=60):
        for i, viewer in enumerate(VIEWERS):
            before = len(walked)
            skeleton_before = shown[i].skeleton if shown[i] else None
            frame, shown[i] = render_frame(match, viewer, "", shown[i])
            if shown[i].skeleton == skeleton_before:
                assert len(walked) == before, f"{viewer} at {match.version}: board rendered"
                assert '<div id="board"' not in frame
                partial += 1
            pages[i] = apply_frame(pages.get(i, ""), frame)
            assert pages[i] == board_of(render_fragments(match, viewer))
    assert partial > len(walked), f"{game}: most frames keep the skeleton"


def test_a_layout_that_disagrees_with_its_template_costs_whole_boards_not_a_wrong_page(
    monkeypatch, caplog
):
    """A layout that forgets a part (here Elemental Clash's header) would have frames leave
    it stale: every whole board checks the layout against what the template rendered, and
    after a disagreement the page is sent whole until it agrees again."""
    real = boards.LAYOUTS["elemental-clash"]

    def forgetful(context) -> Layout:
        declared = real(context)
        return Layout(declared.skeleton, tuple(p for p in declared.places if p.name != "ec-head"))

    monkeypatch.setitem(boards.LAYOUTS, "elemental-clash", forgetful)
    shown, page = None, ""
    with caplog.at_level(logging.ERROR, logger="games.live.board_frames"):
        for match in versions("elemental-clash", "forgetful", moves=12):
            frame, shown = render_frame(match, VIEWERS[0], "", shown)
            assert '<div id="board"' in frame, "every frame whole"
            assert shown.skeleton == board_frames.UNCHECKED
            page = apply_frame(page, frame)
            assert page == board_of(render_fragments(match, VIEWERS[0]))
    assert "the layout's parts are not the board's" in caplog.text


def test_a_page_without_a_board_then_the_board_sends_it_whole():
    """Waiting for the second player, the page shows a line instead of the board; the
    first frame once both sit must bring the whole board."""
    from games.matches import services
    from games.models import Match

    match = services.create_match("elemental-clash", ALICE, timed=False, seed="alone")
    waiting = Match.objects.prefetch_related("seats").get(pk=match.pk)
    frame, shown = render_frame(waiting, VIEWERS[0])
    assert shown.skeleton == board_frames.NO_BOARD and not PART.search(frame)
    services.join_match(match.pk, BOB)
    seated = Match.objects.prefetch_related("seats").get(pk=match.pk)
    frame, _ = render_frame(seated, VIEWERS[0], "", shown)
    assert board_of(frame) == board_of(render_fragments(seated, VIEWERS[0]))


def test_places_name_parts_of_the_board():
    context = {"view": {}, "board_template": "games/elemental-clash/board.html"}
    layout = Layout((), (Place("no-such-part"),))
    with pytest.raises(KeyError):
        board_frames._placed(board_template(context), context, layout)
