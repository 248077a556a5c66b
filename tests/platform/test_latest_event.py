"""The announcer's words for the newest log entry (games/live/latest_event.py): read from
the viewer's own view, with names instead of seat numbers, changing key per new entry."""

import pytest

from games.engines import get_engine
from games.live.latest_event import latest_event
from games.live.rendering import Viewer, render_fragments
from games.matches import services
from games.models import Match

from .conftest import persona

pytestmark = pytest.mark.django_db


def played(game: str, moves: int) -> Match:
    """A bot match in which the player has made up to ``moves`` moves (bots answer)."""
    ada = persona("ada")
    match = services.create_match(game, ada, mode=Match.Mode.BOT, timed=False)
    engine = get_engine(game)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE or 0 not in engine.prompts(match.state).waiting:
            break
        services.submit(match.pk, ada, 0, engine.bot_action(match.state, 0), match.step)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("game", ["phalanx", "gundam", "shapeships", "elemental-clash"])
def test_the_newest_entry_is_told_with_names(game):
    match = played(game, 40)
    names = {"0": "ada", "1": "Duelbot"}
    view = get_engine(game).view(match.state, 0)
    told = latest_event(game, view, names)
    assert told.key and told.text, "forty moves in, the log has something to tell"
    assert "Seat 1" not in told.text and "Seat 2" not in told.text
    html = render_fragments(match, Viewer(persona("ada"), 0))
    assert f'id="latest-event" hidden data-key="{told.key}"' in html


def test_a_new_entry_changes_the_key_and_phalanx_names_the_attack():
    match = played("phalanx", 2)
    engine = get_engine("phalanx")
    first = latest_event("phalanx", engine.view(match.state, 0), {"0": "ada", "1": "bot"})
    later = played("phalanx", 30)
    second = latest_event("phalanx", engine.view(later.state, 0), {"0": "ada", "1": "bot"})
    assert second.key != first.key
    assert "attacks column" in second.text and ("ada's" in second.text or "bot's" in second.text)


def test_card_battle_tells_nothing_that_its_playback_has_not_shown():
    match = played("card-battle", 3)
    view = get_engine("card-battle").view(match.state, 0)
    assert latest_event("card-battle", view, {"0": "ada", "1": "bot"}).text == ""
