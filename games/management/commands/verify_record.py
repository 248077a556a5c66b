"""Check a downloaded match record offline: rebuild it with the engines and name the first
broken entry (exit 1), so a player can check a result without trusting the site."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.matches.chain import verify_entries
from games.matches.record import FORMAT


def problem_in(record) -> str | None:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return f"not a Duelhall match record (expected format {FORMAT})"
    problem = verify_entries(
        record.get("game"),
        record.get("config"),
        record.get("seed"),
        record.get("entries"),
        final_hash=record.get("final_hash"),
        outcome=record.get("outcome") if record.get("status") == "finished" else None,
    )
    return None if problem is None else str(problem)


class Command(BaseCommand):
    help = "Verify a match record downloaded from a replay page; non-zero exit if it is broken."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the record's JSON file")

    def handle(self, *args, file, **options):
        try:
            with open(file, encoding="utf-8") as handle:
                record = json.load(handle)
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read {file}: {exc}") from exc
        problem = problem_in(record)
        if problem is not None:
            code = record.get("code", "?") if isinstance(record, dict) else "?"
            raise CommandError(f"{code}: {problem}")
        self.stdout.write(
            f"{record['code']} ({record['game']}): {len(record['entries'])} entries verified, "
            "the chain holds and ends at the recorded state"
        )
