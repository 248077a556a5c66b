"""Replay every finished match from its log and check the hash chain (exit 1 on a mismatch)."""

from django.core.management.base import BaseCommand, CommandError

from games.matches.replay import verify
from games.models import Match


class Command(BaseCommand):
    help = "Replay and verify every finished match; non-zero exit on the first broken chain."

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="also verify matches still in play")

    def handle(self, *args, all=False, **options):
        matches = Match.objects.all() if all else Match.objects.filter(status=Match.Status.FINISHED)
        checked, broken = 0, []
        for match in matches.iterator():
            checked += 1
            problem = verify(match)
            if problem is not None:
                broken.append(f"{match.code} ({match.game}): first broken link: {problem}")
        for line in broken:
            self.stderr.write(line)
        self.stdout.write(f"verified {checked - len(broken)} of {checked} matches")
        if broken:
            raise CommandError(f"{len(broken)} match(es) failed verification")
