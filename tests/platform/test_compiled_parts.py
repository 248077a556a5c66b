"""A frame renders the parts that changed through their closures
(games/templatetags/compiled.py), and the page around the board and the fragments of
``memo_include`` render by closures too; each must be, byte for byte, what Django renders
from the same names: every part of every board that declares its parts, every template
the closures render, at every version, for both seats and a spectator."""

import pytest
from django.template import Context, engines
from django.utils.safestring import mark_safe

from games.boards import layout_of
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


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_part_of_every_board_has_closures(game):
    """A part without closures would still render, by Django (the last tests), but a frame
    would then pay for Django's walk again: every part the boards hold has them."""
    board = engines["django"].get_template(f"games/{game}/board.html").template
    found = [node for nodes in parts.parts_in(board).values() for node in nodes]
    assert found or game == "card-battle"
    for node in found:
        assert compiled(node.nodelist) is not None, f"{game}: {node.first_name}"


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


def played_to_the_end(game: str, config: dict | None = None) -> list[Match]:
    """Every version of a seeded match, resigned if still in play after 90 moves (so the
    game-over panel shows at the end)."""
    versions = list(
        playouts.versions_of_a_match(
            game, (HOSTILE, BOB), rng_seed=f"closures:{game}", moves=90, config=config
        )
    )
    if versions[-1].status == Match.Status.ACTIVE:
        services.resign(versions[-1].pk, BOB)
        versions.append(Match.objects.prefetch_related("seats").get(pk=versions[-1].pk))
    return versions


@pytest.mark.parametrize(
    "game, config",
    [(game, None) for game in sorted(GAME_MODULES)] + [("shapeships", FLEETS)],
    ids=[*sorted(GAME_MODULES), "shapeships-ancient"],
)
def test_pages_and_frames_are_the_same_with_closures_and_without(game, config, monkeypatch):
    """Whole pages (every part, the status bar, the game-over panel, memo_include's
    fragments) and every frame of a played match, for both seats and a spectator, rendered
    with the closures and then by Django alone, nothing reused in between."""
    monkeypatch.setattr(parts, "reuse_enabled", False)
    monkeypatch.setattr(duelhall, "_fragments", duelhall.LRU(0))
    shown = dict.fromkeys(range(len(VIEWERS)))
    for match in played_to_the_end(game, config):
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


class _Card:
    """An object, not a dict: lookups by attribute and a method, as Django makes them."""

    name = "Ace & <King>"

    def label(self) -> str:
        return f"[{self.name}]"


NAMES = {
    "hand": [{"id": "c1", "hp": 3, "tags": ["a", "b"]}, {"id": "c2", "hp": 0, "tags": []}],
    "pairs": [("x", 1), ("y", 2)],
    "chosen": "c2",
    "words": "<b>bold</b> & more",
    "safe": mark_safe("<i>safe</i>"),
    "n": 1234567,
    "f": 2.5,
    "flag": True,
    "nothing": None,
    "card": _Card(),
    "by_seat": {"0": "Ada", "1": "Bo"},
    "seat": "1",
    "empty": [],
}

SNIPPETS = [
    "{{ words }}|{{ safe }}|{{ n }}|{{ f }}|{{ flag }}|{{ nothing }}|{{ missing }}",
    "{{ hand.0.id }}{{ hand.1.hp }}{{ hand.5.id }}{{ hand.0.nope }}{{ words.upper }}",
    "{{ card.name }}{{ card.label }}{{ card.missing }}",
    '{{ words|upper }}{{ words|truncatechars:5 }}{{ safe|lower }}{{ missing|default:"none" }}',
    "{{ by_seat|get_item:seat }}{{ n|stringformat:'05d' }}{{ hand|length }}{{ words|escape }}",
    "{% for c in hand %}{{ forloop.counter }}{{ c.id }}{% if forloop.last %}.{% endif %}{% endfor %}",
    "{% for c in hand reversed %}{{ forloop.revcounter0 }}{{ c.id }}{% endfor %}",
    "{% for a, b in pairs %}{{ a }}={{ b }};{% endfor %}{% for x in empty %}x{% empty %}none{% endfor %}",
    "{% for c in hand %}{% for t in c.tags %}{{ t }}{{ forloop.first }}{% endfor %}{% endfor %}",
    "{% for c in missing %}x{% endfor %}{% for c in words %}{{ c }}{% endfor %}",
    "{% if c.id == chosen %}A{% elif flag and not nothing %}B{% else %}C{% endif %}",
    "{% for c in hand %}{% if c.id == chosen %}*{% endif %}{% if c.hp > 1 %}+{% endif %}{% endfor %}",
    '{% if "a" in hand.0.tags %}in{% endif %}{% if 3 in n %}never{% endif %}{% if nothing is None %}is{% endif %}',
    "{% if missing.deep or flag %}or{% endif %}{% if n >= 10 and f < 3 %}cmp{% endif %}",
    "{% if hand|length > 1 %}many{% endif %}{% if not empty %}none{% endif %}{% if words %}w{% endif %}",
    "{% with first=hand.0 label=words|upper %}{{ first.id }}{{ label }}{% endwith %}{{ first.id }}",
    '{% include "games/phalanx/_name.html" with s=seat match=match_names %}',
    '{% include "games/phalanx/_name.html" with s=seat match=match_names only %}',
    "{% localize on %}{{ n }}{% endlocalize %}{% localize off %}{{ n }}{% endlocalize %}{{ n }}",
    "{% firstof nothing empty words %}{% spaceless %}<p> <b>{{ n }}</b> </p>{% endspaceless %}",
    '{% memo %}{{ words }}{{ hand.0.id }}{% endmemo %}{% url "player" card.name %}{% static "css/around.css" %}',
    "{% icon 'up' %}{{ hand.0.id|with_names:by_seat }}",
]


@pytest.mark.parametrize("source", SNIPPETS)
@pytest.mark.parametrize("autoescape, use_l10n", [(True, False), (False, False), (True, None)])
def test_closures_render_each_tag_as_django_does(source, autoescape, use_l10n, monkeypatch):
    """Every node type the closures cover, with values of every kind (escaped text, safe
    text, numbers, None, objects with attributes and methods, missing names, failing
    comparisons), escaping on and off, localisation off and as the settings say."""
    monkeypatch.setattr(parts, "reuse_enabled", False)
    template = (
        engines["django"].from_string("{% load duelhall l10n static parts %}" + source).template
    )
    closures = compiled(template.nodelist)
    assert closures is not None, source
    names = {**NAMES, "match_names": {"names": NAMES["by_seat"]}}
    django_context = Context(names, autoescape=autoescape, use_l10n=use_l10n)
    django_context.template = template
    scope = Scope(
        {"True": True, "False": False, "None": None, **names}, autoescape, use_l10n, None, template
    )
    assert closures(scope) == template.render(django_context)


def test_an_include_of_a_missing_template_renders_by_django_until_reached():
    template = (
        engines["django"]
        .from_string('{% if flag %}{% include "no/such/template.html" %}{% endif %}done')
        .template
    )
    assert compiled(template.nodelist) is None
    assert closures_module.render_template(template, {"flag": False}) == "done"


def test_a_scope_refuses_changes_to_the_names_it_shares():
    """The names are shared by every part of a frame and by their digests."""
    scope = Scope({"a": 1}, True, False, None, None)
    for change in (lambda: scope.__setitem__("a", 2), scope.push, lambda: scope.update({})):
        with pytest.raises(TypeError):
            change()
    assert scope.names == {"a": 1}


def test_a_hot_seat_device_sees_the_same_pages_with_closures_and_without(monkeypatch):
    """The pass-the-device screen (no seat) and each seat's side of a hot-seat match."""
    monkeypatch.setattr(parts, "reuse_enabled", False)
    match = services.create_match(
        "elemental-clash", HOSTILE, mode=Match.Mode.HOTSEAT, timed=False, seed="closures-hot"
    )
    match = Match.objects.prefetch_related("seats").get(pk=match.pk)
    pages = []
    for seat in (None, 0, 1):
        viewer = Viewer(HOSTILE, seat, hotseat=True)
        page = render_fragments(match, viewer)
        monkeypatch.setattr(closures_module, "enabled", False)
        assert render_fragments(match, viewer) == page, f"hot seat, seat {seat}"
        monkeypatch.setattr(closures_module, "enabled", True)
        pages.append(page)
    assert "Pass the device to" in pages[0] and "&lt;img src=x" in pages[0]
