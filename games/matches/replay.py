"""Rebuilding a match from its action log: replay pages and hash-chain verification."""

from __future__ import annotations

from django.db import transaction

from games.engines import get_engine
from games.engines.core import state_hash, step
from games.matches.chain import Problem, verify_entries
from games.matches.record import log_entries
from games.matches.reveal import revealed
from games.models import Match, MatchAction


def _entries(match: Match) -> list[MatchAction]:
    return list(match.actions.order_by("seq"))


def verify(match: Match) -> Problem | None:
    """Replay config + seed + the stored log; return the first broken link ("entry N: what
    differs"), or None if the chain holds, ends at the stored state and gives the stored
    result. Never raises for a tampered log."""
    with transaction.atomic():
        # A move commits its entry and the new state together. Reading both under the row
        # lock keeps a move made meanwhile (in a match still in play) from showing a log
        # that runs past the state read a moment before.
        match = Match.objects.select_for_update().get(pk=match.pk)
        entries = log_entries(match)
    finished = match.status == Match.Status.FINISHED
    return verify_entries(
        match.game,
        match.config,
        match.seed,
        entries,
        final_hash=state_hash(match.state),
        outcome=match.outcome if finished else None,
    )


def _turn_of(view: dict, fallback: int) -> int:
    turn = view.get("turn")
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else fallback


def replay_frames(match: Match) -> list[dict]:
    """Every position of a finished match: the public view after each log entry, what each
    player kept hidden at that moment (``revealed``), the turn, and a label naming the
    move. The match is over, so hidden choices are named too, including ones a player
    changed before locking in: nothing is secret any more. Callers must only build this
    for finished matches (the replay page refuses others)."""
    engine = get_engine(match.game)
    names = {s.index: s.display_name for s in match.seats.all()}
    state = engine.setup(match.config, match.seed)

    def frame(label: str, seq: int, kind: str, hidden: bool) -> dict:
        view = engine.view(state, None)
        return {
            "label": label,
            "view": view,
            "seq": seq,
            "kind": kind,
            "hidden": hidden,
            "turn": _turn_of(view, 0),
            "revealed": revealed(match.game, state, names, engine.seats),
        }

    frames = [frame("Start", 0, "start", False)]
    for entry in _entries(match):
        who = names.get(entry.seat, "?")
        hidden = False
        if entry.kind == MatchAction.Kind.RESIGN:
            label = f"{who} resigned"
        elif entry.kind == MatchAction.Kind.CLAIM:
            claim = (entry.action or {}).get("result")
            label = f"{who} claimed the win" if claim == "win" else f"{who} called it a draw"
        elif entry.kind == MatchAction.Kind.EXPIRED:
            label = f"{who} ran out of days" if entry.seat is not None else "Both ran out of days"
        elif entry.kind == MatchAction.Kind.TIMEOUT:
            label = "Time ran out"
        else:
            hidden = engine.prompts(state).simultaneous
            move = engine.action_label(state, entry.seat, entry.action)
            label = f"{who} (hidden): {move}" if hidden else f"{who}: {move}"
        kind = (
            (entry.action or {}).get("type", entry.kind)
            if entry.kind == MatchAction.Kind.ACTION
            else entry.kind
        )
        if entry.kind not in MatchAction.ENDS_WITHOUT_A_MOVE:
            state, _ = step(engine, state, entry.seat, entry.kind, entry.action)
        frames.append(frame(label, entry.seq, kind, hidden))
        if frames[-1]["turn"] == 0:
            frames[-1]["turn"] = frames[-2]["turn"]
    if len(frames) > 1 and frames[-1]["turn"] != frames[-2]["turn"]:
        # The move that ended the match also closed its turn, and the view already counts
        # the next one, which is never played: the end belongs to the turn it ended, not to
        # a turn of its own in the turn list.
        frames[-1]["turn"] = frames[-2]["turn"]
    return frames
