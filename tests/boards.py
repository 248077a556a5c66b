"""A board rendered on its own, from an engine state, as a seat or a spectator sees it: for
template tests that check what a player reads, without a database or a socket."""

from django.template.loader import render_to_string

from games.engines import get_engine
from games.engines.core import canonical_json

NAMES = {"0": "Alice", "1": "Bob"}


def actions_for(game: str, state: dict, seat: int | None) -> list[dict]:
    if seat is None:
        return []
    engine = get_engine(game)
    return [
        {"action": a, "payload": canonical_json(a), "label": engine.action_label(state, seat, a)}
        for a in engine.legal_actions(state, seat)
    ]


def render_board(game: str, state: dict, seat: int | None, *, timed: bool = True) -> str:
    engine = get_engine(game)
    match = {"code": "T3ST", "slug": game, "names": NAMES, "timed": timed, "version": 1}
    return render_to_string(
        f"games/{game}/board.html",
        {
            "view": engine.view(state, seat),
            "seat": seat,
            "actions": actions_for(game, state, seat),
            "match": match,
        },
    )
