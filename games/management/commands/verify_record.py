"""Check a downloaded match record: rebuild it with the engines and name the first broken
entry (exit 1), so a player can check a result without trusting the site. Run on the site's
own server (which holds the key the record was sealed with) it also proves the site issued
exactly this record; elsewhere, ``--chain-only`` checks what can be checked without the key."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.matches.record_check import check_record


def problem_in(record, chain_only: bool = False) -> str | None:
    return check_record(record, chain_only=chain_only).problem


class Command(BaseCommand):
    help = "Verify a match record downloaded from a replay page; non-zero exit if it is broken."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the record's JSON file")
        parser.add_argument(
            "--chain-only",
            action="store_true",
            help="accept a record sealed with another key (this is not the site that issued "
            "it): only the hash chain and the header's agreement with it are checked",
        )

    def handle(self, *args, file, chain_only=False, **options):
        try:
            with open(file, encoding="utf-8") as handle:
                record = json.load(handle)
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read {file}: {exc}") from exc
        except RecursionError as exc:
            raise CommandError(f"cannot read {file}: nested too deep to be a record") from exc
        verdict = check_record(record, chain_only=chain_only)
        if verdict.problem is not None:
            code = record.get("code", "?") if isinstance(record, dict) else "?"
            raise CommandError(f"{str(code)[:40]}: {verdict.problem}")
        proven = (
            "sealed by this site: the header and every entry are the ones it issued"
            if verdict.sealed
            else "the site's seal was not checked (another key): the moves rebuild the "
            "recorded result, but nothing proves which site's match this is"
        )
        self.stdout.write(
            f"{record['code']} ({record['game']}): {len(record['entries'])} entries verified, "
            f"the chain holds and ends at the recorded state; {proven}"
        )
