"""A match's record as one JSON document: config, seed (only once the match is over),
seats, result, every log entry with its hashes, and the site's seal over all of them
(games/matches/record_seal.py). Anyone holding the file can rebuild the match with the
engines and check it (``manage.py verify_record``), without the site; the site (holding its
key) also checks that the header and every entry are the ones it issued."""

from __future__ import annotations

from games.engines import get_engine
from games.engines.core import state_hash, step
from games.models import Match, MatchAction

from .record_seal import seal

FORMAT = "duelhall-record/1"
OVER = (Match.Status.FINISHED, Match.Status.ABORTED)


def log_entries(match: Match) -> list[dict]:
    """The stored log as plain dicts, in seq order, exactly as stored."""
    return [
        {
            "seq": e.seq,
            "seat": e.seat,
            "kind": e.kind,
            "action": e.action,
            "events": e.events,
            **({"step": e.step} if e.step else {}),
            "hash_before": e.hash_before,
            "hash_after": e.hash_after,
        }
        for e in match.actions.order_by("seq")
    ]


def _with_steps(match: Match, entries: list[dict]) -> list[dict]:
    """Add each entry's turn/phase (the engine's step name when it was made), so a record
    whose entries were reordered across turns says so. Stops adding once the stored chain
    no longer replays: a broken record must not be patched up by its own export."""
    engine = get_engine(match.game)
    state = engine.setup(match.config, match.seed)
    out = []
    for entry in entries:
        if state_hash(state) != entry["hash_before"]:
            return out + [dict(e) for e in entries[len(out) :]]
        # An entry logged with its step keeps the stored one: the file must say what the
        # database says, so a changed step stays visible to an offline check.
        marked = {"step": engine.prompts(state).step, **entry}
        out.append(marked)
        if entry["kind"] not in MatchAction.ENDS_WITHOUT_A_MOVE:
            try:
                state, _ = step(engine, state, entry["seat"], entry["kind"], entry["action"])
            except Exception:  # noqa: BLE001 - a broken log is exported as it is
                return out + [dict(e) for e in entries[len(out) :]]
    return out


def match_record(match: Match) -> dict:
    """The downloadable record. The seed is left out while the match is in play: with it
    every future draw could be predicted."""
    over = match.status in OVER
    entries = log_entries(match)
    record = {
        "format": FORMAT,
        "code": match.code,
        "game": match.game,
        "mode": match.mode,
        "status": match.status,
        "config": match.config,
        "seed": match.seed if over else None,
        "seats": [{"index": s.index, "name": s.display_name} for s in match.seats.all()],
        "outcome": match.outcome,
        "final_hash": state_hash(match.state),
        "entries": _with_steps(match, entries) if over else entries,
    }
    record["seal"] = seal(record)
    return record
