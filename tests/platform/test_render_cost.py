"""What a board render must not spend its time on (bench/: renders are most of the CPU a
move costs the server).

Numbers on the boards are counts, scores and hit points, shown as plain digits. With
localisation on, Django sends every one of them through ``number_format``, whose locale
lookups took a sixth of an Elemental Clash render; the match page turns it off.

Every frame walks the board around its parts, even one that sends no part at all. A
variable Django fails to find there costs three raised exceptions and a ``dir()`` of the
object, more than rendering several variables (bench/: ~1 in 10 of such a frame's
instructions, before boards looked such keys up with ``get_item``).
"""

import pytest
from django.template import base
from django.utils import formats

from games.engines import GAME_MODULES, get_engine
from games.live.rendering import Viewer, render_fragments, render_frame
from games.matches import services
from games.models import Match
from games.templatetags import duelhall

from . import playouts
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


@pytest.fixture
def failed_lookups(monkeypatch):
    """The variables a render looked up and did not find, while ``counting`` is on: each
    one costs an exception inside Django's template engine."""
    failed = []
    real = base.Variable._resolve_lookup

    def counting(variable, context):
        try:
            return real(variable, context)
        except base.VariableDoesNotExist:
            failed.append(variable.var)
            raise

    class Lookups:
        missing = failed

        @staticmethod
        def counting(on: bool) -> None:
            monkeypatch.setattr(base.Variable, "_resolve_lookup", counting if on else real)

    return Lookups


VIEWERS = (Viewer(PLAYERS[0], 0), Viewer(PLAYERS[1], 1), Viewer(persona("Eve"), None))


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_a_frame_that_sends_no_part_finds_every_variable_it_reads(game, failed_lookups):
    versions = playouts.versions_of_a_match(game, PLAYERS, rng_seed=f"cost:{game}", moves=80)
    for number, match in enumerate(versions):
        if number % 5:
            continue
        for viewer in VIEWERS:
            _, shown = render_frame(match, viewer)
            failed_lookups.counting(True)
            render_frame(match, viewer, "", shown)
            failed_lookups.counting(False)
            assert failed_lookups.missing == [], (
                f"{game}: {viewer} at version {match.version} ({match.step})"
            )


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_the_game_over_panel_finds_every_variable_it_reads(game, failed_lookups):
    """A finished match's frame, the game-over panel in it: an outcome carries only the keys
    its ending wrote (no "unrated" on an unrated match, for one)."""
    *_, match = playouts.versions_of_a_match(game, PLAYERS, rng_seed=f"over:{game}", moves=6)
    if match.status == Match.Status.ACTIVE:  # a Card Battle match is over in two moves
        services.resign(match.pk, PLAYERS[0], 0)
        match = Match.objects.prefetch_related("seats").get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    for viewer in VIEWERS:
        _, shown = render_frame(match, viewer)
        failed_lookups.counting(True)
        render_frame(match, viewer, "", shown)
        failed_lookups.counting(False)
        assert failed_lookups.missing == [], f"{game}: {viewer}"
