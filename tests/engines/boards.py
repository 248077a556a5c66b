"""Render a game's board fragment straight from an engine state, for engine-level tests.

It builds the context the platform gives a board (games/engines/README.md, "Boards") without
a database: the viewer's view and legal actions, the prompts and a match summary.
"""

from django.template.loader import render_to_string

from games.engines.core import canonical_json


def board_context(engine, state, seat, *, names=("alice", "bob"), version=3, code="TEST1") -> dict:
    actions = []
    if seat is not None:
        actions = [
            {
                "action": a,
                "payload": canonical_json(a),
                "label": engine.action_label(state, seat, a),
            }
            for a in engine.legal_actions(state, seat)
        ]
    return {
        "view": engine.view(state, seat),
        "seat": seat,
        "actions": actions,
        "prompts": engine.prompts(state).to_json(),
        "match": {
            "code": code,
            "slug": engine.slug,
            "status": "finished" if engine.outcome(state) else "active",
            "version": version,
            "step": engine.prompts(state).step,
            "names": {"0": names[0], "1": names[1]},
            "deadline_ms": None,
        },
    }


def render_board(engine, state, seat, **match) -> tuple[str, list[dict]]:
    """The board's HTML for ``seat`` (None: a spectator) and the actions it was offered."""
    context = board_context(engine, state, seat, **match)
    return render_to_string(f"games/{engine.slug}/board.html", context), context["actions"]
