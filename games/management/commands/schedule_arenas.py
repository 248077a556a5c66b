"""Keep a recurring hourly arena per game on the calendar: each run creates the arenas
starting on the hour over the next ``--hours`` hours that are not there yet, so running it
from cron (or with ``--loop``) keeps the calendar full. Created arenas are ordinary ones:
staff see, start and cancel them in the admin."""

from __future__ import annotations

import time
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from games.engines import GAME_MODULES, get_engine
from games.matches.arenas import schedule
from games.models import Arena

HOURLY = "Hourly {game} arena"


def next_hours(now, hours: int) -> list:
    top = now.replace(minute=0, second=0, microsecond=0)
    return [top + timedelta(hours=h) for h in range(1, hours + 1)]


def schedule_hourly(games: list[str], minutes: int, hours: int, rated: bool) -> int:
    """Create the missing hourly arenas; returns how many were created."""
    created = 0
    for game in games:
        name = HOURLY.format(game=get_engine(game).name)
        with transaction.atomic():
            for starts_at in next_hours(timezone.now(), hours):
                _, new = Arena.objects.get_or_create(
                    game=game,
                    name=name,
                    starts_at=starts_at,
                    defaults={"minutes": minutes, "rated": rated},
                )
                created += new
    return created


class Command(BaseCommand):
    help = "Create the hourly arenas of the coming hours (one per game) that do not exist yet."

    def add_arguments(self, parser):
        parser.add_argument(
            "--games", nargs="*", default=list(GAME_MODULES), help="game slugs (default: all)"
        )
        parser.add_argument("--minutes", type=int, default=30, help="each arena's length")
        parser.add_argument("--hours", type=int, default=24, help="how far ahead to fill")
        parser.add_argument("--rated", action="store_true", help="rated arenas")
        parser.add_argument("--loop", action="store_true", help="run again every hour")

    def handle(self, *args, games, minutes, hours, rated, loop, **options):
        unknown = [g for g in games if g not in GAME_MODULES]
        if unknown:
            raise CommandError(f"unknown game(s): {', '.join(unknown)}")
        shortest, longest = schedule.minutes_allowed()
        if not shortest <= minutes <= longest:
            raise CommandError(f"an arena lasts from {shortest} to {longest} minutes")
        if not 1 <= hours <= 24 * 14:
            raise CommandError("--hours is from 1 to 336")
        while True:
            created = schedule_hourly(games, minutes, hours, rated)
            self.stdout.write(f"created {created} arena(s)")
            if not loop:
                return
            time.sleep(3600)
