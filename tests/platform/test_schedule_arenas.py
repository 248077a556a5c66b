"""`manage.py schedule_arenas`: an hourly arena per game on the hour, created once."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from games.models import Arena

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command("schedule_arenas", *args, stdout=out)
    return out.getvalue()


def test_creates_the_coming_hours_once_per_game_on_the_hour():
    assert "created 6 arena(s)" in run("--games", "phalanx", "gundam", "--hours", "3")
    assert "created 0 arena(s)" in run("--games", "phalanx", "gundam", "--hours", "3")
    arenas = list(Arena.objects.filter(game="phalanx").order_by("starts_at"))
    assert [a.name for a in arenas] == ["Hourly Phalanx arena"] * 3
    assert all(a.starts_at.minute == 0 and a.starts_at > timezone.now() for a in arenas)
    gaps = [
        later.starts_at - earlier.starts_at
        for earlier, later in zip(arenas[:-1], arenas[1:], strict=True)
    ]
    assert [g.total_seconds() for g in gaps] == [3600, 3600]
    assert all(a.minutes == 30 and not a.rated for a in arenas)


def test_refuses_unknown_games_and_lengths_out_of_limits():
    with pytest.raises(CommandError, match="unknown game"):
        run("--games", "chess")
    with pytest.raises(CommandError, match="minutes"):
        run("--minutes", "2")
    assert Arena.objects.count() == 0
