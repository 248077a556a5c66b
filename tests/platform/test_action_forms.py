"""``{% action_form %}``: every board's moves post the action; the step the page shows goes
with it from the status bar, which every board frame carries."""

import pytest
from django.template import Context, Template

from games.engines import get_engine
from games.live.rendering import Viewer, render_fragments
from games.matches import services

from .conftest import EC, persona

PAYLOAD = "{&quot;card&quot;:&quot;&lt;Fire &amp; Ice&gt;&quot;,&quot;type&quot;:&quot;play&quot;}"
ACTION = {"payload": '{"card":"<Fire & Ice>","type":"play"}', "label": "Play <Fire & Ice>"}


def render(source: str, **context) -> str:
    return Template(source).render(Context(context))


def test_a_form_carries_the_action_and_nothing_that_changes_from_move_to_move():
    html = render("{% action_form a %}", a=ACTION, match={"version": 12, "step": "selection"})
    assert html.startswith('<form ws-send class="action-form">')
    payload = PAYLOAD
    assert f'name="action" value="{payload}"' in html
    assert f'data-action="{payload}"' in html
    assert "12" not in html and "selection" not in html, (
        "a version or step in every form would make every form change whenever they do"
    )
    assert ">Play &lt;Fire &amp; Ice&gt;</button>" in html, "the label is escaped, not markup"
    assert "<Fire" not in html


def test_a_short_label_can_carry_the_whole_move_as_its_accessible_name():
    html = render('{% action_form a label="3" aria=a.label %}', a=ACTION)
    assert 'aria-label="Play &lt;Fire &amp; Ice&gt;">3</button>' in html
    assert "aria-label" not in render("{% action_form a %}", a=ACTION)


def test_label_classes_and_confirmation():
    html = render(
        '{% action_form a label="Forfeit" cls="danger" confirm="Forfeit this match?" %}', a=ACTION
    )
    assert "hx-confirm" not in html, "htmx's ws extension never asks: two steps instead"
    opener, rest = html.split('<form ws-send class="confirm-form inline">')
    assert 'class="btn danger confirm-open"' in opener and ">Forfeit…</button>" in opener
    assert '<span class="confirm-q">Forfeit this match?</span>' in opener
    assert "hidden" in opener.split("confirm-ask")[1], "the question shows only on demand"
    assert f'name="action" value="{PAYLOAD}"' in rest and ">Yes, forfeit</button></form>" in rest


@pytest.mark.django_db
def test_every_move_button_sends_the_step_the_status_bar_shows():
    """The board includes #match-step in what its forms send (htmx's hx-include is
    inherited), and that input is in the status bar of every frame."""
    match = services.create_match(EC, persona("alice"))
    services.join_match(match.pk, persona("bob"))
    match.refresh_from_db()
    html = render_fragments(match, Viewer(persona("alice"), 0))
    board_tag = html[html.index('<div id="board"') :].split(">", 1)[0]
    assert 'hx-include="#match-step"' in board_tag
    status = html[html.index('<div id="match-status"') : html.index('<div id="board"')]
    assert f'<input type="hidden" id="match-step" name="step" value="{match.step}">' in status
    assert get_engine(EC).legal_actions(match.state, 0), "the board offers moves"
    assert html.count('class="action-form"') >= 1


@pytest.mark.parametrize(
    "label, cls, aria",
    [
        ("", "", ""),
        ("Lock in", "primary ec-lock", ""),
        ('<b>"quoted"</b> & more', "a&b", "Play 'x' <now>"),
    ],
)
@pytest.mark.parametrize("safe", [False, True])
def test_a_form_escapes_exactly_as_format_html_would(label, cls, aria, safe):
    """The tag escapes on its own (bench/: format_html's lazy-string wrappers were most of
    a form's cost); the HTML must be what format_html gives, safe strings left as they are."""
    from django.utils.html import format_html
    from django.utils.safestring import mark_safe

    from games.templatetags.action_forms import FORM, action_form

    if safe:
        label, aria = mark_safe(label), mark_safe(aria)
    named = format_html(' aria-label="{}"', aria) if aria else ""
    expected = format_html(
        FORM, "", ACTION["payload"], cls, ACTION["payload"], named, label or ACTION["label"]
    )
    assert action_form(ACTION, label=label, cls=cls, aria=aria) == expected
