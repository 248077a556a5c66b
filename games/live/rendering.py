"""Per-viewer HTML for a match: the only path from a match's state to a page or a frame.

Templates receive ``engine.view(state, viewer)``, never raw state, and the viewer's own legal
actions. The same function renders the first page load, every websocket snapshot and every
update, so a refresh or reconnect shows exactly what a live update would.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from django.template.loader import render_to_string

from games.boards import layout_of
from games.engines import get_engine
from games.engines.core import canonical_json
from games.live import around, board_frames
from games.live.frames import FRAME_VARIABLE, Shown, frame_of
from games.live.latest_event import latest_event
from games.live.rematch_offer import rematch_offer
from games.matches import hall_clock
from games.matches.identity import Player
from games.matches.pace import pace_in_words, time_left_in_words
from games.matches.presence import abandoned_seat
from games.models import Deck, Match


@dataclass(frozen=True)
class Viewer:
    """Who is looking. ``seat`` is None for spectators and for a hot-seat device that is
    between players (the pass-the-device screen)."""

    player: Player | None
    seat: int | None
    hotseat: bool = False


def saved_deck_actions(match: Match, player: Player | None) -> list[dict]:
    """A player's saved decks for this game, offered beside the ready-made ones."""
    if player is None:
        return []
    decks = Deck.objects.filter(game=match.game)
    decks = (
        decks.filter(user_id=player.user_id)
        if player.user_id
        else decks.filter(guest_id=player.guest_id, user=None)
    )
    return [{"type": "choose_deck", "name": d.name, "deck": d.data} for d in decks]


def viewer_actions(match: Match, viewer: Viewer) -> list[dict]:
    if viewer.seat is None or match.status != Match.Status.ACTIVE:
        return []
    engine = get_engine(match.game)
    actions = list(engine.legal_actions(match.state, viewer.seat))
    if any(a.get("type") == "choose_deck" for a in actions):
        actions += saved_deck_actions(match, viewer.player)
    return [
        {
            "action": a,
            "payload": canonical_json(a),
            "label": engine.action_label(match.state, viewer.seat, a),
        }
        for a in actions
    ]


def match_summary(match: Match) -> dict:
    """What every fragment of the page reads of the match: names, presence, status, the
    clock in words. Both players' frames of a move, and every spectator's, render from one
    committed copy of the match (games/matches/committed.py), so the part that only that
    copy decides is built once per copy and version (bench/: a twelfth of a frame), and what
    the clock decides (the correspondence time left, an abandoned seat) afresh each time."""
    key = (match.version, match.status, match.step)
    kept = _summaries.get(id(match))
    if kept is not None and kept[0]() is match and kept[1] == key:
        fixed = kept[2]
    else:
        fixed = _fixed_summary(match)
        if len(_summaries) >= 256:
            _summaries.clear()
        # By a weak reference: an entry must not keep a match (and its state) alive, and
        # a dead one never matches a new match that got its id.
        _summaries[id(match)] = (weakref.ref(match), key, fixed)
    # Over the fixed part's placeholders, so the keys keep their order.
    return {
        **fixed,
        "time_left": time_left_in_words(match.deadline_at, hall_clock.now())
        if match.correspondence and match.deadline_at
        else "",
        # A seat whose player left long enough ago that the other may claim the match.
        "abandoned": abandoned_seat(match),
    }


# Sound because a match read for rendering is never changed in place: the committed copies
# are read-only, a move works on a copy and bumps the version, and presence changes seats
# by reading the match again, never by editing the seats a copy holds.
_summaries: dict[int, tuple[weakref.ref, tuple, dict]] = {}


def _fixed_summary(match: Match) -> dict:
    seats = {s.index: s for s in match.seats.all()}
    engine = get_engine(match.game)
    return {
        "code": match.code,
        "slug": match.game,
        "game_name": engine.name,
        "mode": match.mode,
        "status": match.status,
        "version": match.version,
        "step": match.step,
        "names": {
            str(i): (seats[i].display_name if i in seats else "(open seat)")
            for i in range(engine.seats)
        },
        "online": {str(i): (seats[i].online if i in seats else False) for i in range(engine.seats)},
        "bots": {str(i): (seats[i].is_bot if i in seats else False) for i in range(engine.seats)},
        # Seats held by an account link to its player page (display name = username);
        # guests, bots and a hot-seat device's second seat have no page.
        "accounts": {
            str(i): bool(
                i in seats
                and seats[i].user_id is not None
                and not seats[i].is_bot
                and match.mode != Match.Mode.HOTSEAT
            )
            for i in range(engine.seats)
        },
        "deadline_ms": int(match.deadline_at.timestamp() * 1000) if match.deadline_at else None,
        # Correspondence is read in days and hours ("1 day 3 hours left"), never a countdown.
        "pace": pace_in_words(match.correspondence_days) if match.correspondence else "",
        "time_left": "",
        "outcome": match.outcome,
        "timed": match.timed,
        "abandoned": None,
    }


def seat_tags(summary: dict, seat: int | None, waiting=()) -> list[dict]:
    """The status bar's players, one entry each: the bar is in every frame of every socket,
    and looked up names, presence and bots three filters per seat (bench/). ``clock``: the
    step's deadline runs for this seat (it still has to decide)."""
    deciding = {str(w) for w in waiting} if summary["deadline_ms"] else set()
    return [
        {
            "name": name,
            "online": summary["online"][i],
            "bot": summary["bots"][i],
            "account": summary.get("accounts", {}).get(i, False),
            "me": seat is not None and i == str(seat),
            "clock": i in deciding,
            "time_left": summary.get("time_left", ""),
        }
        for i, name in summary["names"].items()
    ]


def hotseat_turn(match: Match) -> int | None:
    """The seat a hot-seat device should be handed to: the first seat still to decide."""
    waiting = get_engine(match.game).prompts(match.state).waiting
    return min(waiting) if waiting else None


def status_context(match: Match, viewer: Viewer) -> dict:
    """What the status bar needs: names, presence, whose move, the step's deadline."""
    prompts = get_engine(match.game).prompts(match.state)
    summary = match_summary(match)
    # A match ended by the platform (resigned, claimed, out of correspondence time) keeps
    # the engine's last state, whose prompts still name a seat: nobody is waited for now.
    in_play = match.status == Match.Status.ACTIVE
    waiting = sorted(int(k) for k in prompts.to_json()["waiting"]) if in_play else []
    return {
        "match": summary,
        "seat": viewer.seat,
        "seat_tags": seat_tags(summary, viewer.seat, waiting),
        "viewer": {"hotseat": viewer.hotseat},
        "prompts": prompts.to_json(),
        "waiting_names": [summary["names"][str(i)] for i in waiting],
        "my_turn": viewer.seat is not None and viewer.seat in waiting,
    }


def render_status(match: Match, viewer: Viewer) -> str:
    """Only the status bar: enough for a presence change, which alters nothing else."""
    return around.status_bar(status_context(match, viewer))


def context_for(match: Match, viewer: Viewer) -> dict:
    engine = get_engine(match.game)
    prompts = engine.prompts(match.state)
    seat = viewer.seat
    summary = match_summary(match)
    in_play = match.status == Match.Status.ACTIVE  # see status_context
    waiting = {int(k): v for k, v in prompts.to_json()["waiting"].items()} if in_play else {}
    view = engine.view(match.state, seat)
    latest = latest_event(match.game, view, summary["names"])
    return {
        "match": summary,
        "seat": seat,
        "seat_tags": seat_tags(summary, seat, waiting),
        # Plain dicts, not the objects: on an object, Django's lookup raises (and catches)
        # a TypeError for every attribute, and these are read on every frame (bench/).
        "viewer": {"hotseat": viewer.hotseat},
        "view": view,
        "latest": {"key": latest.key, "text": latest.text},
        "actions": viewer_actions(match, viewer),
        "prompts": prompts.to_json(),
        "waiting_names": [summary["names"][str(i)] for i in sorted(waiting)],
        "my_turn": seat is not None and seat in waiting,
        "board_template": f"games/{match.game}/board.html",
        "hotseat_next": hotseat_turn(match) if viewer.hotseat else None,
        "rematch": rematch_offer(match, seat, viewer.hotseat),
    }


def render_fragments(match: Match, viewer: Viewer, flash: str = "") -> str:
    """Every live fragment of the match page for one viewer, as out-of-band swaps."""
    ctx = context_for(match, viewer)
    ctx["flash"] = flash
    return around.page(ctx)


def render_frame(
    match: Match, viewer: Viewer, flash: str = "", shown: Shown | None = None
) -> tuple[str, Shown]:
    """One socket's frame: ``render_fragments``, except that of the board only the parts
    that changed since ``shown`` go; and what the page holds after it. With ``shown`` None,
    the frame is exactly ``render_fragments``. A board that declares its parts
    (games/boards/) is framed from its parts' inputs (games/live/board_frames.py),
    any other from its rendered page (games/live/frames.py)."""
    ctx = context_for(match, viewer)
    ctx["flash"] = flash
    return frame_in(match, ctx, shown)


def frame_in(match: Match, ctx: dict, shown: Shown | None = None) -> tuple[str, Shown]:
    """``render_frame`` from a context made already (``context_for`` and the flash): the
    match page renders its board this way, so that it holds exactly a whole frame."""
    layout = layout_of(match.game, ctx)
    if layout is not None:
        return board_frames.frame(ctx, layout, shown)

    def render(builder) -> str:
        return around.page({**ctx, FRAME_VARIABLE: builder})

    return frame_of(render, shown, match.version, ctx["flash"])


def render_flash(message: str) -> str:
    return render_to_string("match/_flash.html", {"flash": message})
