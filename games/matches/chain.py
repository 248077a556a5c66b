"""Checking a match record link by link: config + seed + every log entry must rebuild the
game exactly, and the first entry that does not is named with what differs.

Works on plain record dicts (see games/matches/record.py), so the same check serves the
database (``replay.verify``), the admin, ``verify_matches`` and an offline file
(``verify_record``). It never raises: anything a tampered record can make the engine do,
including refusing an action or choking on a malformed one, becomes a ``Problem``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines import get_engine
from games.engines.core import IllegalAction, canonical_json, state_hash, step

KINDS = ("action", "timeout", "resign", "claim", "expired")


@dataclass(frozen=True)
class Problem:
    """The first broken link. ``seq`` is the entry's number in the log (1-based), or None
    when the record as a whole is unusable (unknown game, no seed)."""

    seq: int | None
    what: str

    def __str__(self) -> str:
        return f"entry {self.seq}: {self.what}" if self.seq is not None else self.what


def _short(digest: Any) -> str:
    return f"{str(digest)[:12]}…"


def _seat_that_fits(engine, state, entry: dict, wanted: str) -> int | None:
    """When an entry's after-hash is wrong, whether another seat making the same move
    would have produced it: that names a changed seat rather than a changed action."""
    for seat in range(engine.seats):
        if seat == entry.get("seat"):
            continue
        try:
            other, _ = step(engine, state, seat, entry.get("kind"), entry.get("action"))
        except Exception:  # noqa: BLE001 - a probe only; any failure means "not this seat"
            continue
        if state_hash(other) == wanted:
            return seat
    return None


def _shape_problem(entry: Any, number: int) -> Problem | None:
    if not isinstance(entry, dict):
        return Problem(number, "is not an object")
    seq = entry.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool):
        return Problem(number, f"seq is {seq!r}, not a number")
    if entry.get("kind") not in KINDS:
        return Problem(number, f"kind {entry.get('kind')!r} is not one of {', '.join(KINDS)}")
    seat = entry.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        return Problem(number, f"seat {seat!r} is not a seat number")
    if entry.get("kind") == "timeout" and seat is not None:
        # A timeout is the clock's, never a seat's: the engine ignores a seat given to it,
        # so without this check one could be added without the chain noticing.
        return Problem(number, f"seat differs: a timeout belongs to no seat, recorded {seat!r}")
    action = entry.get("action")
    if action is not None and not isinstance(action, dict):
        return Problem(number, "action is not an object")
    for key in ("hash_before", "hash_after"):
        if not isinstance(entry.get(key), str):
            return Problem(number, f"{key} is missing")
    return None


def _order_problem(entries: list[dict], index: int, state_digest: str) -> Problem:
    """Say why entry ``index``'s before-hash does not continue the chain, naming a changed
    order when the state it expects is one another entry leads to."""
    entry = entries[index]
    number = index + 1
    for other in entries:
        continues = other is not entry and other.get("hash_after") == entry["hash_before"]
        if continues and other.get("seq") != entry["seq"] - 1:
            return Problem(
                number,
                f"order changed: it continues from entry {other.get('seq')}, "
                f"not from entry {number - 1}",
            )
    return Problem(
        number,
        f"hash before differs: recorded {_short(entry['hash_before'])}, "
        f"the replay is at {_short(state_digest)}",
    )


def verify_entries(
    game: str,
    config: dict,
    seed: str,
    entries: list[dict],
    final_hash: str | None = None,
    outcome: dict | None = None,
) -> Problem | None:
    """Rebuild the match from ``config`` and ``seed`` through ``entries``; return the first
    broken link or None. ``final_hash`` (the stored state's hash) and ``outcome`` (the stored
    result) are checked against the end of the replay when given."""
    try:
        engine = get_engine(game)
    except Exception:  # noqa: BLE001 - an unknown game is a broken record, not a crash
        return Problem(None, f"unknown game {game!r}")
    if not isinstance(seed, str) or not seed:
        return Problem(None, "the record has no seed (it is revealed only once a match is over)")
    if not isinstance(entries, list):
        return Problem(None, "the record's entries are not a list")
    try:
        state = engine.setup(config or {}, seed)
    except Exception as exc:  # noqa: BLE001
        return Problem(None, f"the config does not set up a game ({type(exc).__name__})")
    resigned: int | None = None
    claimed: tuple[int, str] | None = None  # (the seat that claimed, "win" or "draw")
    # A correspondence step ran out: the late seat loses; no seat means neither decided.
    late: tuple[int | None] | None = None
    for index, entry in enumerate(entries):
        number = index + 1
        shape = _shape_problem(entry, number)
        if shape is not None:
            return shape
        if entry["seq"] != number:
            if entry["seq"] > number:
                return Problem(number, f"is missing (the log jumps to entry {entry['seq']})")
            return Problem(number, f"extra entry: entry {entry['seq']} appears again")
        over = resigned is not None or claimed is not None or late is not None
        if over or engine.outcome(state) is not None:
            return Problem(number, "extra entry: the match was already over")
        digest = state_hash(state)
        if entry["hash_before"] != digest:
            return _order_problem(entries, index, digest)
        expected_step = engine.prompts(state).step
        if "step" in entry and entry["step"] != expected_step:
            return Problem(
                number, f"turn/phase differs: recorded {entry['step']!r}, it was {expected_step!r}"
            )
        kind, seat = entry["kind"], entry["seat"]
        if kind == "resign":
            if seat not in range(engine.seats) or entry["action"] != {"type": "resign"}:
                return Problem(number, "a resignation needs a seat and the action resign")
            after, events = state, []
            resigned = seat
        elif kind == "claim":
            result = (entry["action"] or {}).get("result")
            if (
                seat not in range(engine.seats)
                or entry["action"] != {"type": "claim", "result": result}
                or result not in ("win", "draw")
            ):
                return Problem(number, "a claim needs a seat and the action claim: win or draw")
            after, events = state, []
            claimed = (seat, result)
        elif kind == "expired":
            waiting = sorted(engine.prompts(state).waiting)
            fits = seat in waiting and len(waiting) == 1 if seat is not None else len(waiting) > 1
            if entry["action"] != {"type": "expired"} or not fits:
                return Problem(
                    number, "an expiry names the one seat still to decide, or none when both were"
                )
            after, events = state, []
            late = (seat,)
        else:
            try:
                after, events = step(engine, state, seat, kind, entry["action"])
            except IllegalAction as exc:
                return Problem(number, f"the engine refuses this {kind} ({exc.code})")
            except Exception as exc:  # noqa: BLE001 - malformed input must not crash a check
                return Problem(number, f"cannot be replayed ({type(exc).__name__})")
        after_digest = state_hash(after)
        if entry["hash_after"] != after_digest:
            fits = _seat_that_fits(engine, state, entry, entry["hash_after"])
            if fits is not None:
                return Problem(
                    number, f"seat differs: recorded seat {seat}, the chain fits seat {fits}"
                )
            return Problem(
                number,
                f"hash after differs: recorded {_short(entry['hash_after'])}, "
                f"the replay gives {_short(after_digest)} (action or hash changed)",
            )
        if "events" in entry and canonical_json(entry["events"]) != canonical_json(events):
            return Problem(number, "details differ: the recorded events are not what happened")
        state = after
    end = len(entries)
    if final_hash is not None and final_hash != state_hash(state):
        return Problem(end + 1, "is missing: the stored state is not where the log ends")
    if outcome is not None:
        problem = _outcome_problem(engine, state, resigned, outcome, end, claimed, late)
        if problem is not None:
            return problem
    return None


def _outcome_problem(
    engine,
    state,
    resigned: int | None,
    outcome,
    end: int,
    claimed: tuple[int, str] | None = None,
    late: tuple[int | None] | None = None,
):
    if not isinstance(outcome, dict):
        return Problem(None, "the recorded result is not an object")
    if resigned is not None:
        winner = 1 - resigned
    elif claimed is not None:
        winner = claimed[0] if claimed[1] == "win" else None
    elif late is not None:
        winner = None if late[0] is None else 1 - late[0]
    else:
        result = engine.outcome(state)
        if result is None:
            return Problem(end + 1, "is missing: the log ends before the match was over")
        winner = result.winner
    if outcome.get("winner") != winner:
        return Problem(
            end, f"the stored result names winner {outcome.get('winner')}, the log gives {winner}"
        )
    return None
