"""Rebuilding a match from its action log: replay pages and hash-chain verification."""

from __future__ import annotations

from games.engines import get_engine
from games.engines.core import state_hash, step
from games.matches.chain import Problem, verify_entries
from games.matches.record import log_entries
from games.models import Match, MatchAction


def _entries(match: Match) -> list[MatchAction]:
    return list(match.actions.order_by("seq"))


def verify(match: Match) -> Problem | None:
    """Replay config + seed + the stored log; return the first broken link ("entry N: what
    differs"), or None if the chain holds, ends at the stored state and gives the stored
    result. Never raises for a tampered log."""
    finished = match.status == Match.Status.FINISHED
    return verify_entries(
        match.game,
        match.config,
        match.seed,
        log_entries(match),
        final_hash=state_hash(match.state),
        outcome=match.outcome if finished else None,
    )


def replay_frames(match: Match) -> list[dict]:
    """The public (spectator) view after each entry of a finished match's log, each with a
    label that says no more than a spectator saw."""
    engine = get_engine(match.game)
    names = {s.index: s.display_name for s in match.seats.all()}
    state = engine.setup(match.config, match.seed)
    frames = [{"label": "Start", "view": engine.view(state, None), "seq": 0}]
    for entry in _entries(match):
        if entry.kind == MatchAction.Kind.RESIGN:
            label = f"{names.get(entry.seat, '?')} resigned"
        elif entry.kind == MatchAction.Kind.TIMEOUT:
            label = "Time ran out"
        elif engine.prompts(state).simultaneous:
            # A hidden choice shows in the views once it is revealed. One a player changed
            # before locking in was never revealed, and the replay must not reveal it now.
            label = f"{names.get(entry.seat, '?')} made a hidden choice"
        else:
            label = f"{names.get(entry.seat, '?')}: {engine.action_label(state, entry.seat, entry.action)}"
        kind = (
            (entry.action or {}).get("type", entry.kind)
            if entry.kind == MatchAction.Kind.ACTION
            else entry.kind
        )
        if entry.kind != MatchAction.Kind.RESIGN:
            state, _ = step(engine, state, entry.seat, entry.kind, entry.action)
        frames.append(
            {"label": label, "view": engine.view(state, None), "seq": entry.seq, "kind": kind}
        )
    return frames
