"""Rebuilding a match from its action log: replay pages and hash-chain verification."""

from __future__ import annotations

from dataclasses import dataclass

from games.engines import get_engine
from games.engines.core import state_hash, step
from games.models import Match, MatchAction


@dataclass(frozen=True)
class Mismatch:
    seq: int
    which: str  # "before" or "after"
    expected: str
    got: str

    def __str__(self) -> str:
        return f"entry #{self.seq}: hash {self.which} expected {self.expected[:12]}…, got {self.got[:12]}…"


def _entries(match: Match) -> list[MatchAction]:
    return list(match.actions.order_by("seq"))


def verify(match: Match) -> Mismatch | None:
    """Replay config + seed + log; return the first broken link, or None if the chain holds
    and ends at the stored state."""
    engine = get_engine(match.game)
    state = engine.setup(match.config, match.seed)
    for entry in _entries(match):
        before = state_hash(state)
        if before != entry.hash_before:
            return Mismatch(entry.seq, "before", entry.hash_before, before)
        if entry.kind != MatchAction.Kind.RESIGN:
            state, _ = step(engine, state, entry.seat, entry.kind, entry.action)
        after = state_hash(state)
        if after != entry.hash_after:
            return Mismatch(entry.seq, "after", entry.hash_after, after)
    final = state_hash(state)
    stored = state_hash(match.state)
    if final != stored:
        return Mismatch(len(_entries(match)), "final state", stored, final)
    return None


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
