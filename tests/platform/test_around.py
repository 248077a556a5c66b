"""The page around the board (games/live/around.py): the flash, the newest event, the status
bar, the board's place, the game-over panel and the invitation's slot, joined in Python."""

import pytest

from games.engines import get_engine
from games.live.rendering import Viewer, render_fragments, render_frame, render_status
from games.matches import services
from games.models import Match
from tests.pages import board_of

from .conftest import persona

pytestmark = pytest.mark.django_db

HOSTILE = '<img src=x onerror="alert(1)">&'


def online_match(first, second=None) -> Match:
    match = services.create_match("phalanx", first, timed=False, seed="around")
    if second is not None:
        services.join_match(match.pk, second)
    return Match.objects.prefetch_related("seats").get(pk=match.pk)


def test_a_players_name_and_a_flash_are_text_everywhere_around_the_board():
    """Names reach the newest event and the status bar; a flash may repeat what a player
    typed. None of it becomes markup."""
    ada, mallory = persona("ada"), persona(HOSTILE)
    match = online_match(ada, mallory)
    engine = get_engine("phalanx")
    for _ in range(6):  # a few moves, so the newest event names a player
        seat = next(iter(engine.prompts(match.state).waiting))
        player = (ada, mallory)[seat]
        services.submit(match.pk, player, seat, engine.bot_action(match.state, seat), match.step)
        match = Match.objects.prefetch_related("seats").get(pk=match.pk)
    html = render_fragments(match, Viewer(ada, 0))
    head = html[: html.index('<div id="board"')]
    assert "<img" not in head and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;" in head
    flashed, _ = render_frame(match, Viewer(ada, 0), HOSTILE)
    flash = flashed[: flashed.index("</div>")]
    assert flash.endswith("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;")


def test_the_status_bar_of_a_presence_change_is_the_one_on_the_page():
    """A presence change sends the status bar alone; it must be the bar the page holds."""
    ada, bob = persona("ada"), persona("bob")
    match = online_match(ada, bob)
    for viewer in (Viewer(ada, 0), Viewer(bob, 1), Viewer(None, None)):
        bar = render_status(match, viewer)
        assert bar.startswith('<div id="match-status"') and bar.endswith("</div>")
        assert bar in render_fragments(match, viewer)
        assert f'data-version="{match.version}"' in bar
        assert f'id="match-step" name="step" value="{match.step}"' in bar


def test_a_waiting_match_holds_the_boards_place_and_the_invitation():
    ada = persona("ada")
    match = online_match(ada)
    html = render_fragments(match, Viewer(ada, 0))
    assert "The board appears when both players are seated." in board_of(html)
    assert 'id="invite"' not in html, "the page's own invitation stays until someone joins"
    assert '<div id="gameover"></div>' in html


def test_once_joined_the_invitation_goes_and_once_over_the_panel_comes():
    ada, bob = persona("ada"), persona("bob")
    match = online_match(ada, bob)
    html = render_fragments(match, Viewer(ada, 0))
    assert '<div id="invite" hidden></div>' in html
    assert "The board appears" not in html and "gameover-panel" not in html
    services.resign(match.pk, ada, 0)
    over = Match.objects.prefetch_related("seats").get(pk=match.pk)
    html = render_fragments(over, Viewer(ada, 0))
    panel = html[html.index('<div id="gameover">') :]
    assert 'class="panel gameover-panel"' in panel and "You lost" in panel
