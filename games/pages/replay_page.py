"""The replay page and the record download of a finished match.

One player for every game: positions are the frames of games.matches.replay (one per log
entry), plus, for Card Battle, one per event of the resolved battle, which used to have a
control bar of its own. ``?at=N`` names a position; an htmx request gets only the frame
fragment, which static/js/replay.js swaps in without reloading the page.
"""

from __future__ import annotations

import json

from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render

from games.engines import get_engine
from games.live.rendering import match_summary
from games.matches.chat import replay_lines
from games.matches.lru import LRU
from games.matches.record import match_record
from games.matches.replay import replay_frames
from games.models import Match
from games.pages.replay_chart import health_chart
from games.templatetags.duelhall import with_names
from games.templatetags.hp_words import floor_text

# Finished matches never change, so their frames are kept while people scrub through them
# (keyed by code and version all the same). A long match's positions hold a few MB of
# views, hence a handful of matches per process, not more.
_FRAMES = LRU(8)


def _card_battle_positions(frames: list[dict], names: dict[str, str]) -> list[dict]:
    """One position per event of the battle, after the frame where both decks are in."""
    final = frames[-1]
    playback = final["view"].get("playback") or {}
    events = playback.get("events") or []
    if not events:
        return frames
    start = playback.get("start_hp", 0)
    hp = [start, start]
    final["cb_at"], final["cb_hp"] = -1, list(hp)
    out = list(frames)
    for k, event in enumerate(events):
        if event.get("kind") == "attack" and event.get("target") is None:
            hp[event["target_seat"]] = event["hp_after"]
        out.append(
            {
                **final,
                "label": floor_text(with_names(event.get("text", ""), names)),
                "kind": event.get("kind", "battle"),
                "turn": event.get("turn", 0),
                "cb_at": k,
                "cb_hp": [max(0, h) for h in hp],
            }
        )
    return out


def frames_for(match: Match) -> list[dict]:
    key = (match.pk, match.code, match.version)
    frames = _FRAMES.get(key)
    if frames is None:
        frames = replay_frames(match)
        if match.game == "card-battle":
            names = {str(s.index): s.display_name for s in match.seats.all()}
            frames = _card_battle_positions(frames, names)
        _FRAMES.put(key, frames)
    return frames


def _turn_marks(frames: list[dict]) -> list[dict]:
    """Where each turn starts: the turn list and the ticks on the progress bar."""
    last = max(1, len(frames) - 1)
    marks, seen = [], None
    for index, frame in enumerate(frames):
        if frame["turn"] and frame["turn"] != seen:
            seen = frame["turn"]
            marks.append({"turn": seen, "at": index, "percent": round(index * 100 / last, 2)})
    return marks


def _position(request, last: int) -> int | None:
    """The position asked for; a replay opened without one starts at the beginning, so that
    the match is watched before its result is seen."""
    raw = request.GET.get("at", request.GET.get("step"))
    if raw is None:
        return 0
    try:
        return max(0, min(int(raw), last))
    except ValueError:
        return None


def replay(request, code: str):
    match = get_object_or_404(Match.objects.prefetch_related("seats"), code=code)
    if match.status != Match.Status.FINISHED:
        return render(request, "match/replay_unavailable.html", {"match": match}, status=403)
    frames = frames_for(match)
    last = len(frames) - 1
    index = _position(request, last)
    if index is None:
        return HttpResponseBadRequest("at must be a number")
    names = {s.index: s.display_name for s in match.seats.all()}
    attacks = [i for i, f in enumerate(frames) if f.get("kind") == "attack"]
    marks = _turn_marks(frames)
    frame = frames[index]
    ctx = {
        "match_obj": match,
        "engine": get_engine(match.game),
        "frame": frame,
        "index": index,
        "last": last,
        "percent": round(index * 100 / max(1, last), 2),
        "turn_marks": marks,
        "current_turn": frame["turn"],
        "board_template": f"games/{match.game}/board.html",
        "replay_match": match_summary(match),
        # Games with attacks (Phalanx, Card Battle) also step attack by attack.
        "prev_attack": next((i for i in reversed(attacks) if i < index), None),
        "next_attack": next((i for i in attacks if i > index), None),
        "has_attacks": bool(attacks),
        "chart": health_chart(match.game, frames, names, index),
    }
    if not request.htmx:  # the chat does not change with the position: the page has it
        ctx["chat_lines"] = replay_lines(match, request.player)
    template = "match/_replay_frame.html" if request.htmx else "match/replay.html"
    return render(request, template, ctx)


def record(request, code: str):
    """The match's record as a JSON file, for ``manage.py verify_record``. Only once the
    match is over: the record carries the seed, which would predict every later draw."""
    match = get_object_or_404(Match.objects.prefetch_related("seats"), code=code)
    if match.status != Match.Status.FINISHED:
        return render(request, "match/replay_unavailable.html", {"match": match}, status=403)
    body = json.dumps(match_record(match), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="duelhall-{match.code}.json"'
    return response
