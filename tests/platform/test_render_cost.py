"""What a board render must not spend its time on (bench/: renders are most of the CPU a
move costs the server).

Numbers on the boards are counts, scores and hit points, shown as plain digits. With
localisation on, Django sends every one of them through ``number_format``, whose locale
lookups took a sixth of an Elemental Clash render; the match page turns it off.
"""

import pytest
from django.utils import formats

from games.engines import GAME_MODULES, get_engine
from games.live.rendering import Viewer, render_fragments
from games.templatetags import duelhall

from .conftest import persona
from .test_log_names import PLAYERS, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted_number_formats(monkeypatch):
    calls = []
    real = formats.number_format

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(formats, "number_format", counting)
    duelhall._fragments.clear()  # memoised fragments render afresh, through the tag too
    return calls


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_a_board_renders_its_numbers_without_locale_lookups(game, counted_number_formats):
    match = played(game, moves=40)
    for viewer in (Viewer(PLAYERS[0], 0), Viewer(PLAYERS[1], 1), Viewer(persona("Eve"), None)):
        html = render_fragments(match, viewer)
        assert f'data-version="{match.version}"' in html
    assert counted_number_formats == []


def test_numbers_still_show_as_digits(counted_number_formats):
    match = played("elemental-clash", moves=40)
    html = render_fragments(match, Viewer(PLAYERS[0], 0))
    for side in get_engine("elemental-clash").view(match.state, 0)["seats"]:
        assert f"HP <b>{side['hp']}</b>/20" in html
        assert f"Deck {side['deck_count']}" in html
