"""``{% part %}`` (games/templatetags/parts.py): a piece of a board whose HTML is a function
of the variables it reads, found when the template is compiled."""

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils.safestring import mark_safe

from games.templatetags import parts

MATCH = {"step": "s1", "names": {"0": "Alice", "1": "Bob"}, "slug": "phalanx"}


def part_of(source: str) -> parts.PartNode:
    nodes = Template(source).nodelist
    found = [node for node in nodes if isinstance(node, parts.PartNode)]
    assert len(found) == 1
    return found[0]


def render(source: str, **context) -> str:
    return Template(source).render(Context(context))


def test_a_part_renders_in_place_inside_a_wrapper_an_update_can_replace_by_id():
    html = render('{% part "side" s %}<b>{{ hp }}</b>{% endpart %}', s=1, hp=7)
    assert html == '<div id="part-side-1" class="part"><b>7</b></div><!--/part-->'


def test_the_wrapper_escapes_what_a_name_brings():
    html = render('{% part "side" s %}x{% endpart %}', s='"><script>')
    assert "<script>" not in html and "&quot;&gt;&lt;script&gt;" in html


@pytest.mark.parametrize(
    "body, inputs",
    [
        ("{{ a.b }}", {"a.b"}),
        ("{{ a|default:b.c }}", {"a", "b.c"}),
        ("{% if a.x == b and not c or d in e %}{% endif %}", {"a.x", "b", "c", "d", "e"}),
        ("{% for x in xs %}{{ x.y }}{{ forloop.counter }}{% endfor %}", {"xs"}),
        ("{% for x in xs %}{% empty %}{{ x }}{% endfor %}", {"x", "xs"}),
        ("{% for x in xs %}{% endfor %}{{ x }}", {"x", "xs"}),
        ("{% with y=a.b %}{{ y.c }}{% endwith %}{{ y }}", {"a.b", "y"}),
        ("{% firstof a b %}", {"a", "b"}),
        ("{% action_form a label=l %}", {"a", "l"}),
        ('{% memo_include "t.html" e=a.b %}', {"a.b"}),
        ('{% url "lobby" match.slug %}', {"match.slug"}),
        (
            '{% include "games/phalanx/_name.html" with s=who %}',
            {"who", "match.names.0", "match.names.1"},
        ),
        ("{{ view }}{{ view.me.hand }}", {"view"}),
        # An included template loads its own libraries; the load itself reads nothing.
        ("{% load energy_marks %}{{ a|spent }}", {"a"}),
    ],
)
def test_a_part_finds_every_variable_it_reads_from_outside(body, inputs):
    node = part_of('{% part "p" %}' + body + "{% endpart %}")
    assert set(node.inputs) == inputs, body


@pytest.mark.parametrize(
    "body",
    [
        "{% include name %}",
        "{% csrf_token %}",
        "{% cycle 'a' 'b' %}",
        "{% now 'Y' %}",
        "{% for x in xs %}{% ifchanged x %}{% endifchanged %}{% endfor %}",
        '{% url "lobby" "x" as link %}',
        "{% firstof a b as c %}",
        '{% part "inner" %}{% endpart %}',
        "{% for x in xs %}{% for y in x %}{{ forloop.parentloop.counter }}{% endfor %}{% endfor %}",
    ],
)
def test_tags_that_could_read_or_leave_more_than_they_name_are_refused(body):
    with pytest.raises(TemplateSyntaxError):
        Template('{% part "p" %}' + body + "{% endpart %}")


def test_a_part_changes_with_any_input_and_only_with_its_inputs(monkeypatch):
    template = Template(
        '{% part "p" %}{% for c in hand %}{% if c.id == chosen %}*{% endif %}{{ c.id }} '
        "{% endfor %}{% endpart %}{{ elsewhere }}"
    )
    node = template.nodelist[0]
    rendered = []
    real = node._inside  # what renders a part's nodes (by closures or by Django)
    monkeypatch.setattr(node, "_inside", lambda ctx: rendered.append(1) or real(ctx))

    def page(**context) -> str:
        return template.render(Context(context))

    hand = [{"id": "c-171"}, {"id": "c-172"}]
    first = page(hand=hand, chosen="c-171", elsewhere=1)
    assert "*c-171 c-172" in first
    assert page(hand=hand, chosen="c-171", elsewhere=2).startswith(first[:-1])
    assert len(rendered) == 1, "what the part does not read does not touch it"
    assert "c-171 *c-172" in page(hand=hand, chosen="c-172", elsewhere=1)
    assert "c-172" not in page(hand=hand[:1], chosen="c-171", elsewhere=1)
    assert len(rendered) == 3


def test_the_same_inputs_reuse_the_html_without_rendering_again(monkeypatch):
    template = Template('{% part "p" %}{{ a }}{% endpart %}')
    node = template.nodelist[0]
    rendered = []
    real = node._inside  # what renders a part's nodes (by closures or by Django)
    monkeypatch.setattr(node, "_inside", lambda ctx: rendered.append(1) or real(ctx))
    for _ in range(3):
        assert "unique-value-41" in template.render(Context({"a": "unique-value-41"}))
    assert rendered == [1]
    template.render(Context({"a": "unique-value-42"}))
    assert rendered == [1, 1]


def test_a_missing_variable_is_an_input_of_its_own():
    source = '{% part "p" %}{% if a is None %}none{% else %}[{{ a }}]{% endif %}{% endpart %}'
    assert ">none<" in render(source)
    assert ">[]<" in render(source, a="")
    assert ">[0]<" in render(source, a=0)
    assert ">none<" in render(source)


def test_escaping_is_part_of_the_key():
    source = '{% part "p" %}{{ a }}{% endpart %}'
    escaped = render(source, a="<b>")
    raw = Template("{% autoescape off %}" + source + "{% endautoescape %}").render(
        Context({"a": "<b>"})
    )
    assert "&lt;b&gt;" in escaped and "<b>" in raw.replace('<div id="part-p" class="part">', "")


def test_two_parts_with_the_same_inputs_keep_their_own_html():
    html = render('{% part "a" %}A{{ x }}{% endpart %}{% part "b" %}B{{ x }}{% endpart %}', x=1)
    assert ">A1<" in html and ">B1<" in html


def test_equal_inputs_are_the_same_inputs_however_their_values_are_shared(monkeypatch):
    """A state read from the database and one a move just made hold equal values, but share
    strings and lists differently; a part must see them as the same input."""
    template = Template('{% part "p" %}{{ a.0 }}{{ a.1 }}{% endpart %}')
    node = template.nodelist[0]
    rendered = []
    real = node._inside  # what renders a part's nodes (by closures or by Django)
    monkeypatch.setattr(node, "_inside", lambda ctx: rendered.append(1) or real(ctx))
    word = "".join(["shared-", "value-" * 5])
    template.render(Context({"a": [word, word]}))
    template.render(Context({"a": [word, "".join(["shared-", "value-" * 5])]}))
    assert rendered == [1]


class _Seat:
    hp = 7

    def label(self):
        return "Seat 1"


LOOKUP_CONTEXT = {
    "view": {"me": {"hand": [{"id": "c1"}, {"id": "c2"}], "wall": None}, "0": "zero"},
    "numbered": {0: "int key"},
    "names": {"0": "Alice", "1": "Bob"},
    "cards": ["a", "b", "c"],
    "pair": ("x", "y"),
    "seat": _Seat(),
    "nothing": None,
}


@pytest.mark.parametrize(
    "path",
    [
        "view.me.hand.1.id",
        "view.me.hand.-1.id",
        "view.me.hand.5",
        "view.me.wall.hp",
        "view.me.missing",
        "view.0",
        "numbered.0",
        "names.items",
        "names.keys",
        "cards.2",
        "cards.x",
        "pair.1",
        "seat.hp",
        "seat.label",
        "seat.nope",
        "nothing.thing",
        "absent",
        "absent.deeper",
    ],
)
def test_a_part_reads_each_variable_as_django_would(path):
    """The digest's own lookup (no exceptions on dicts and lists) must give exactly what
    Django's gives, and count a variable as missing exactly when Django finds nothing."""
    from django.template.base import Variable, VariableDoesNotExist

    context = Context(LOOKUP_CONTEXT)
    values, missing = parts._resolved([parts._compiled(path)], context)
    try:
        expected = Variable(path).resolve(context)
    except VariableDoesNotExist:
        expected = None
    if expected is None:
        assert missing == [0] or values == [None], path
        return
    if isinstance(expected, type({}.keys()) | type({}.items()) | type({}.values())):
        expected = list(expected)  # a dict view, which the digest takes as a list
    assert missing == [] and values == [expected], path


def test_a_missing_variable_and_a_none_value_are_different_inputs():
    template = Template('{% part "p" %}{% if a is None %}none{% endif %}{% endpart %}')
    node = template.nodelist[0]
    assert node.digest("part-p", Context({})) != node.digest("part-p", Context({"a": None}))


def test_a_memo_renders_once_per_distinct_input_in_place(monkeypatch):
    template = Template("<p>{% memo %}{{ a.b }}{% if c %}!{% endif %}{% endmemo %}{{ d }}</p>")
    node = template.nodelist[1]
    assert isinstance(node, parts.MemoNode) and set(node.inputs) == {"a.b", "c"}
    rendered = []
    real = node.nodelist.render
    monkeypatch.setattr(node.nodelist, "render", lambda ctx: rendered.append(1) or real(ctx))
    page = lambda **ctx: template.render(Context(ctx))  # noqa: E731
    assert page(a={"b": "memo-x1"}, c=True, d=1) == "<p>memo-x1!1</p>"
    assert page(a={"b": "memo-x1"}, c=True, d=2) == "<p>memo-x1!2</p>"
    assert rendered == [1], "what the memo does not read does not touch it"
    assert page(a={"b": "memo-x1"}, c=False, d=2) == "<p>memo-x12</p>"
    assert rendered == [1, 1]


def test_a_memo_that_reads_nothing_is_digested_once_per_escaping(monkeypatch):
    template = Template("<p>{% memo %}<b>constant</b>{% endmemo %}{{ d }}</p>")
    node = template.nodelist[1]
    assert isinstance(node, parts.MemoNode) and node.inputs == ()
    digests = []
    real = parts._digest
    monkeypatch.setattr(parts, "_digest", lambda *a: digests.append(1) or real(*a))
    for d in range(3):
        assert template.render(Context({"d": d})) == f"<p><b>constant</b>{d}</p>"
    assert digests == [1], "nothing it reads can change, so its digest is worked out once"
    assert template.render(Context({"d": 0}, autoescape=False)) == "<p><b>constant</b>0</p>"
    assert digests == [1, 1], "escaping is part of every key, so it gets its own"


def test_a_memo_inside_a_part_makes_its_inputs_the_parts():
    node = part_of('{% part "p" %}{% memo %}{{ a }}{% endmemo %}{{ b }}{% endpart %}')
    assert set(node.inputs) == {"a", "b"}


@pytest.mark.parametrize(
    "source",
    [
        '{% memo %}{% part "p" %}{% endpart %}{% endmemo %}',
        "{% memo %}{% csrf_token %}{% endmemo %}",
        "{% memo x %}{% endmemo %}",
    ],
)
def test_a_memo_holds_only_what_a_part_may(source):
    with pytest.raises(TemplateSyntaxError):
        Template(source)


def test_a_key_bound_with_then_changes_a_part_only_while_it_is_shown():
    """``cond|then:value`` outside a part (a prompt's key shown only while prompted): the
    part's digest no longer follows the value while the condition is false, and shows
    exactly the value while it is true; a condition that is not there counts as false."""
    source = (
        '{% with key=view.pending|then:match.version %}{% part "p" %}'
        '{% if view.pending %}<i data-prompt="t-{{ key }}"></i>{% endif %}{% endpart %}{% endwith %}'
    )
    from games.templatetags.duelhall import then

    (node,) = [n for n in Template(source).nodelist[0].nodelist if isinstance(n, parts.PartNode)]
    assert "match.version" not in node.inputs

    def digest(pending, version):
        context = Context({"view": {"pending": pending}, "match": {"version": version}})
        context.push(key=then(pending, version))  # what the with binds
        return node.digest(node.constant_id, context)

    assert digest(None, 3) == digest(None, 4)
    assert digest({"mode": "attack"}, 3) != digest({"mode": "attack"}, 4)
    shown = render(source, view={"pending": {"mode": "attack"}}, match={"version": 7})
    assert 'data-prompt="t-7"' in shown
    assert "data-prompt" not in render(source, view={}, match={"version": 7})


@pytest.mark.parametrize(
    "game", ["elemental-clash", "phalanx", "card-battle", "gundam", "shapeships"]
)
def test_no_board_part_reads_a_whole_view_or_match(game):
    """A part whose input is the whole view (or the match summary, which holds the version)
    is new on every move and re-sent in every frame: each part names the values it shows.
    (Gundam's result banner once passed ``view`` whole to ``{% outcome_why %}``.)"""
    from django.template.loader import get_template

    from games.templatetags.parts import PartNode

    board = get_template(f"games/{game}/board.html").template
    parts = board.nodelist.get_nodes_by_type(PartNode)
    assert parts or game == "card-battle", game  # Card Battle's board is sent whole
    whole = {str(p.name[0].var): [i for i in p.inputs if i in ("view", "match")] for p in parts}
    assert {name: found for name, found in whole.items() if found} == {}


def test_values_that_render_differently_never_share_a_digest():
    """Safe text and plain text of the same characters, True and 1, 1 and 1.0, a list and a
    tuple: each renders its own way, so each has its own digest."""
    node = Template('{% part "p" %}{{ a }}{% endpart %}').nodelist[0]
    pairs = [(mark_safe("<b>"), "<b>"), (True, 1), (1, 1.0), ([1], (1,)), ({"k": 1}, {"k": True})]
    for one, other in pairs:
        assert node.digest("part-p", Context({"a": one})) != node.digest(
            "part-p", Context({"a": other})
        ), (one, other)
