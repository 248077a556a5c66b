"""The status bar's clock is an inline SVG icon, never a glyph a font may lack (issue 18)."""

import pytest

from games.live.rendering import Viewer, render_status
from games.matches import services
from games.models import Match

from .conftest import EC, persona

pytestmark = pytest.mark.django_db


def test_a_running_clock_shows_an_svg_icon_and_no_emoji():
    match = services.create_match(EC, persona("ada"))
    services.join_match(match.pk, persona("bo"))
    html = render_status(Match.objects.get(pk=match.pk), Viewer(persona("ada"), 0))
    clock = html[html.index('class="seat-clock"') :]
    clock = clock[: clock.index('class="countdown"')]
    assert "<svg" in clock and "⏱" not in html
