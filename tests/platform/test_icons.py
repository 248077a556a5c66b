"""``{% icon %}`` (games/templatetags/icons.py): inline SVG in place of emoji and rare glyphs."""

import pytest
from django.template import Context, Template, TemplateSyntaxError

from games.templatetags.icons import SHAPES


def render(source: str) -> str:
    return Template(source).render(Context({}))


def test_an_icon_beside_text_is_decoration_hidden_from_screen_readers():
    html = render('{% icon "first" %}Start')
    assert html.startswith("<svg") and 'aria-hidden="true"' in html and html.endswith("Start")
    assert 'role="img"' not in html


def test_an_icon_with_a_label_is_an_image_with_that_accessible_name():
    html = render('{% icon "pause" label="Pause the playback" %}')
    assert 'role="img"' in html and 'aria-label="Pause the playback"' in html
    assert "aria-hidden" not in html


def test_a_label_from_a_variable_is_escaped():
    html = Template('{% icon "play" label=name %}').render(Context({"name": "<b>"}))
    assert "&lt;b&gt;" in html and "<b>" not in html


def test_an_unknown_icon_fails_loudly_instead_of_shipping_a_blank_control():
    with pytest.raises(TemplateSyntaxError):
        render('{% icon "no-such-icon" %}')


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_every_icon_is_an_svg_drawn_in_the_text_colour(name):
    html = render('{% icon "' + name + '" %}')
    assert 'stroke="currentColor"' in html and html.count("<svg") == 1


def test_an_icon_may_stand_inside_a_board_part():
    html = render('{% part "p" %}{% icon "heart" %}{% endpart %}')
    assert html.startswith('<div id="part-p" class="part"><svg')
