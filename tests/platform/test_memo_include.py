"""``memo_include``: log fragments rendered once per distinct value and reused."""

from django.template import Context, Template
from django.utils.safestring import mark_safe

from games.templatetags import duelhall

TURN = {"turn": 3, "phases": [{"phase": "combat", "items": [{"text": "Fireball hits for 4"}]}]}


def render(source: str, **context) -> str:
    return Template(source).render(Context(context))


def test_a_reused_fragment_is_the_html_a_fresh_render_gives(monkeypatch):
    page = '{% memo_include "games/elemental-clash/_turn_log.html" t=t open=True names=names %}'
    names = {"0": "Alice", "1": "Bob"}
    first = render(page, t=TURN, names=names)
    calls = []
    real = duelhall.get_template
    monkeypatch.setattr(duelhall, "get_template", lambda name: calls.append(name) or real(name))
    again = render(page, t=TURN, names=names)
    assert again == first and "Fireball hits for 4" in first
    assert calls == [], "the second render reused the first one's HTML"
    changed = render(page, t={**TURN, "turn": 4}, names=names)
    assert calls and "Turn 4" in changed and changed != first, "new values render afresh"


def test_a_fragment_sees_only_the_values_it_is_given():
    # The page's own context (here a seat and a hand) must not reach a fragment whose HTML
    # is shared: only what the tag passes is in its key and its context.
    out = render(
        '{% memo_include "games/phalanx/_name.html" s=1 match=match|pick:"names" %}',
        match={"names": {"1": "Bob"}, "version": 7},
        seat=0,
        hand=["PHX0-QS"],
    )
    assert out == "Bob"


def test_values_that_are_not_plain_data_render_without_reuse():
    class Odd:
        turn = 9
        phases = []

    page = '{% memo_include "games/elemental-clash/_turn_log.html" t=t open=False %}'
    assert "Turn 9" in render(page, t=Odd())


def test_safe_text_and_plain_text_alike_never_share_a_fragment():
    """The same characters as safe text (written as they are) and as plain text (escaped)
    render differently, so their fragments must not be taken for one another."""
    page = '{% memo_include "games/elemental-clash/_turn_log.html" t=t names=names %}'
    plain = render(page, t={**TURN, "turn": "<b>5</b>"}, names={})
    marked = render(page, t={**TURN, "turn": mark_safe("<b>5</b>")}, names={})
    assert "Turn &lt;b&gt;5&lt;/b&gt;" in plain
    assert "Turn <b>5</b>" in marked
    assert "Turn &lt;b&gt;5&lt;/b&gt;" in render(page, t={**TURN, "turn": "<b>5</b>"}, names={})
