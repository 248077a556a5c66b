"""``{% action_form %}``: every board's moves post the action with the step shown."""

from django.template import Context, Template

ACTION = {"payload": '{"card":"<Fire & Ice>","type":"play"}', "label": "Play <Fire & Ice>"}


def render(source: str, **context) -> str:
    return Template(source).render(Context(context))


def test_a_form_carries_the_action_and_the_step_but_not_the_version():
    html = render("{% action_form a %}", a=ACTION, match={"version": 12, "step": "selection"})
    assert html.startswith('<form ws-send class="action-form">')
    payload = (
        "{&quot;card&quot;:&quot;&lt;Fire &amp; Ice&gt;&quot;,&quot;type&quot;:&quot;play&quot;}"
    )
    assert f'name="action" value="{payload}"' in html
    assert f'data-action="{payload}"' in html
    assert 'name="step" value="selection"' in html
    assert "12" not in html, "the version would make every form change on every move"
    assert ">Play &lt;Fire &amp; Ice&gt;</button>" in html, "the label is escaped, not markup"
    assert "<Fire" not in html


def test_label_classes_and_confirmation():
    html = render(
        '{% action_form a label="Forfeit" cls="danger" confirm="Forfeit this match?" %}',
        a=ACTION,
        match={"version": 3, "step": None},
    )
    assert '<form ws-send class="action-form" hx-confirm="Forfeit this match?">' in html
    assert 'class="btn danger"' in html and ">Forfeit</button>" in html
    assert 'name="step" value="None"' in html  # as the template it replaced rendered it
