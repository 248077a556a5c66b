"""A frame renders the parts that changed through their closures
(games/templatetags/compiled.py), and the page around the board and the fragments of
``memo_include`` render by closures too; each must be, byte for byte, what Django renders
from the same names: every part of every board that declares its parts, every template
the closures render, at every version, for both seats and a spectator."""

import pytest
from django.template import Context, engines

from games.boards import LAYOUTS, layout_of
from games.engines import GAME_MODULES
from games.live import board_frames
from games.live.rendering import Viewer, context_for, render_fragments, render_frame
from games.matches import services
from games.models import Match
from games.templatetags import compiled as closures_module
from games.templatetags import duelhall, parts
from games.templatetags.compiled import Scope, compiled

from . import playouts
from .conftest import persona

pytestmark = pytest.mark.django_db

# A name a player may choose, which every part that shows it must escape as Django does.
HOSTILE = persona('<img src=x onerror="alert(1)">&\'s')
BOB, CAROL = persona("Bob"), persona("Carol")
VIEWERS = (Viewer(HOSTILE, 0), Viewer(BOB, 1), Viewer(CAROL, None))
FLEETS = {"species": ["ancient", "ancient"]}  # ShapeShips' Energy, Solar Powers and dice


def checked_parts(game: str, config: dict | None = None) -> int:
    checked = 0
    for match in playouts.versions_of_a_match(
        game, (HOSTILE, BOB), rng_seed=f"compiled:{game}", moves=120, config=config
    ):
        for viewer in VIEWERS:
            context = {**context_for(match, viewer), "flash": ""}
            layout = layout_of(game, context)
            if context.get("board_template") is None or context.get("handoff"):
                continue
            board = engines["django"].get_template(context["board_template"]).template
            for part_id, (node, _, scope) in board_frames._placed(board, context, layout).items():
                closures = compiled(node.nodelist)
                assert closures is not None, f"{game}: {part_id} has a node without closures"
                django_context = Context(scope, autoescape=True, use_l10n=False)
                django_context.template = board
                expected = node.nodelist.render(django_context)
                got = closures(Scope(scope, True, False, None, board))
                assert got == expected, f"{game}: {part_id} for {viewer} at {match.version}"
                assert type(got) is type(expected), f"{game}: {part_id} must stay safe text"
                checked += 1
    return checked


@pytest.mark.parametrize("game", sorted(LAYOUTS))
def test_every_part_rendered_by_its_closures_is_the_part_django_renders(game, monkeypatch):
    monkeypatch.setattr(parts, "reuse_enabled", False)  # memos rendered each time, too
    assert checked_parts(game) > 100


def test_an_ancient_fleets_parts_rendered_by_closures_are_djangos(monkeypatch):
    monkeypatch.setattr(parts, "reuse_enabled", False)
    assert checked_parts("shapeships", FLEETS) > 100


def test_a_name_is_escaped_where_a_part_shows_it(monkeypatch):
    """The hostile name reaches the parts as text: never as markup."""
    monkeypatch.setattr(parts, "reuse_enabled", False)
    match = next(
        playouts.versions_of_a_match("phalanx", (HOSTILE, BOB), rng_seed="compiled:name", moves=1)
    )
    context = {**context_for(match, VIEWERS[1]), "flash": ""}
    board = engines["django"].get_template(context["board_template"]).template
    layout = layout_of("phalanx", context)
    rendered = "".join(
        node.html(part_id, digest, Scope(scope, True, False, None, board))
        for part_id, (node, digest, scope) in board_frames._placed(board, context, layout).items()
    )
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#x27;s" in rendered
    assert "<img src=x" not in rendered


def test_a_part_without_closures_renders_through_django(monkeypatch):
    """A part holding a node that has no closure (a tag reading the whole context, say)
    renders by Django, in the same names."""
    monkeypatch.setattr(parts, "compiled", lambda nodelist: None)
    template = (
        engines["django"]
        .from_string("{% load parts %}{% part 'p' %}<b>{% firstof a b %}</b>{% endpart %}")
        .template
    )
    (node,) = parts.parts_in(template)["p"]
    names = {"True": True, "False": False, "None": None, "a": "", "b": "<i>"}
    html = node.html("part-p", None, Scope(names, True, False, None, template))
    assert html == '<div id="part-p" class="part"><b>&lt;i&gt;</b></div><!--/part-->'


def test_tags_that_set_a_name_or_read_the_context_have_no_closures():
    for source in ("{% url 'lobby' as where %}{{ where }}", "{% firstof a b as c %}{{ c }}"):
        assert compiled(engines["django"].from_string(source).template.nodelist) is None


def played_to_the_end(game: str) -> list[Match]:
    """Every version of a seeded match, resigned if still in play after 60 moves (so the
    game-over panel shows at the end)."""
    versions = list(
        playouts.versions_of_a_match(game, (HOSTILE, BOB), rng_seed=f"closures:{game}", moves=60)
    )
    if versions[-1].status == Match.Status.ACTIVE:
        services.resign(versions[-1].pk, BOB)
        versions.append(Match.objects.prefetch_related("seats").get(pk=versions[-1].pk))
    return versions


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_pages_and_frames_are_the_same_with_closures_and_without(game, monkeypatch):
    """Whole pages (parts, status bar, game-over panel, memo_include's fragments) and every
    frame of a played match, for both seats and a spectator, rendered with the closures
    and then by Django alone, nothing reused in between."""
    monkeypatch.setattr(parts, "reuse_enabled", False)
    monkeypatch.setattr(duelhall, "_fragments", duelhall.LRU(0))
    shown = dict.fromkeys(range(len(VIEWERS)))
    for match in played_to_the_end(game):
        for i, viewer in enumerate(VIEWERS):
            page = render_fragments(match, viewer)
            frame = render_frame(match, viewer, "", shown[i])
            monkeypatch.setattr(closures_module, "enabled", False)
            where = f"{game}: {viewer} at version {match.version}"
            assert render_fragments(match, viewer) == page, where
            assert render_frame(match, viewer, "", shown[i]) == frame, where
            monkeypatch.setattr(closures_module, "enabled", True)
            shown[i] = frame[1]
    assert "gameover-panel" in page, f"{game}: the match ended, and its panel shows"
