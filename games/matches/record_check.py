"""Checking a downloaded match record as a whole: its shape, the site's seal when this
installation holds the key that made it, that the header agrees with the log, and then the
hash chain (games/matches/chain.py). Each check names what differs; none raises."""

from __future__ import annotations

from dataclasses import dataclass

from games.engines import get_engine
from games.models import Match

from .chain import verify_entries
from .record_seal import key_id, seal_problem

FORMAT = "duelhall-record/1"
OVER = (Match.Status.FINISHED, Match.Status.ABORTED)


@dataclass(frozen=True)
class Verdict:
    problem: str | None
    # Whether the site's seal was checked: this installation holds the key that made it.
    sealed: bool


def check_record(record: object, chain_only: bool = False) -> Verdict:
    """The first problem of ``record``. The offline checks come first, as they name the
    field that is wrong; the seal then catches what a consistent forgery changes (seats,
    code, a resignation's seat, a record made up under a real code). With ``chain_only``
    a record without this site's seal is checked offline only (a player's own clone)."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return Verdict(f"not a Duelhall match record (expected format {FORMAT})", False)
    problem = _header_problem(record) or _entries_problem(record)
    if problem is None:
        chain = verify_entries(
            record.get("game"),
            record.get("config"),
            record.get("seed"),
            record.get("entries"),
            final_hash=record.get("final_hash"),
            outcome=record.get("outcome") if record.get("status") == "finished" else None,
        )
        problem = None if chain is None else str(chain)
    seal = record.get("seal")
    sealed = isinstance(seal, dict) and seal.get("key") == key_id()
    if problem is None and sealed:
        problem = seal_problem(record)
    elif problem is None and not chain_only:
        problem = "the record carries no seal of this site (made elsewhere, or with another key)"
    return Verdict(problem, sealed)


def _header_problem(record: dict) -> str | None:
    """What the header says that the log cannot be: an offline check, key or no key."""
    if not isinstance(record.get("code"), str) or not record["code"]:
        return "code is missing"
    if record.get("mode") not in Match.Mode.values:
        return "mode is not one the site plays"
    status = record.get("status")
    if status not in OVER:
        # A record is published with its seed only once the match is over.
        return f"status {status!r} differs: only a finished or aborted match has a seed"
    entries = record.get("entries")
    if status == Match.Status.ABORTED and entries:
        return "status differs: an aborted match has no moves, this log has some"
    seats = record.get("seats")
    try:
        count = get_engine(record.get("game")).seats
    except Exception:  # noqa: BLE001 - an unknown game is named by the chain check
        return None
    ok = isinstance(seats, list) and all(
        isinstance(s, dict) and set(s) == {"index", "name"} and isinstance(s["name"], str)
        for s in seats
    )
    wanted = list(range(count)) if status == Match.Status.FINISHED else None
    if not ok or (wanted is not None and sorted(s["index"] for s in seats) != wanted):
        return "seats differ: not one named seat per place"
    return None


def _entries_problem(record: dict) -> str | None:
    """A finished match's record carries each entry's events and turn/phase; dropping them
    would hide a reordered or rewritten log from the chain check."""
    entries = record.get("entries")
    if record.get("status") != Match.Status.FINISHED or not isinstance(entries, list):
        return None
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            return None  # the chain check names a malformed entry
        if "events" not in entry:
            return f"entry {number}: events are missing"
        if "step" not in entry:
            return f"entry {number}: turn/phase is missing"
    return None
